package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.FormRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.Fields;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every sample WAR, as maven-war-plugin built it, deployed together at its file name's context path
 * (as the README's first command does) and used through Jetty's HTTP client.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SampleWarsTest {
    private static DeployedServer server;
    private static HttpClient client;

    @BeforeAll
    static void deployAll() throws Exception {
        Map<String, java.nio.file.Path> wars = new LinkedHashMap<>();
        for (String name : new String[] {"hello", "echo", "guestbook", "static", "async"}) {
            wars.put("/" + name, SampleWars.war(name));
        }
        server = new DeployedServer(wars);
        client = new HttpClient();
        client.setFollowRedirects(false);
        client.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (client != null) {
            client.stop();
        }
        if (server != null) {
            server.close();
        }
    }

    private static ContentResponse get(String path) throws Exception {
        return client.GET(server.base() + path);
    }

    @Test
    void theSecuredSampleIsRefusedWithoutARealm() {
        java.nio.file.Path war = SampleWars.war("secured");
        io.hawser.deploy.DeploymentException e = org.assertj.core.api.Assertions.catchThrowableOfType(
                io.hawser.deploy.DeploymentException.class, () -> io.hawser.deploy.Deployer.deploy(war, "/secured").close());
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).isEqualTo("cannot deploy " + war + ": WEB-INF/web.xml <security-constraint>"
                + " <auth-constraint>: users must sign in, but no realm was given to check them against. Start hawser"
                + " with --realm FILE (a users file) or --jaas-config FILE --jaas-entry NAME; embedding, pass a Realm"
                + " to Deployer.deploy");
    }

    @Test
    void helloGreetsFromItsAnnotatedServlet() throws Exception {
        ContentResponse root = get("/hello/");
        assertThat(root.getStatus()).isEqualTo(200);
        assertThat(root.getMediaType()).isEqualTo("text/html");
        assertThat(root.getContentAsString()).contains("<h1>Hello, World!</h1>").contains("\"/hello\"");
        assertThat(get("/hello/hello?name=Ada%20%3Cb%3E").getContentAsString()).contains("<h1>Hello, Ada &lt;b&gt;!</h1>");
    }

    @Test
    void echoAnswersTheConformanceContract() throws Exception {
        ContentResponse r = client.newRequest(server.base() + "/echo/echo/x?q=1").method(HttpMethod.PUT)
                .headers(h -> h.put("X-Probe", "yes")).body(new StringRequestContent("text/plain", "hello"))
                .send();
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getMediaType()).isEqualTo("text/plain");
        String hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest("hello".getBytes(StandardCharsets.US_ASCII)));
        assertThat(r.getContentAsString()).contains("method: PUT\n", "target: /echo/echo/x?q=1\n",
                "protocol: HTTP/1.1\n", "header: X-Probe: yes\n", "body-length: 5\n", "body-sha256: " + hash + "\n");

        ContentResponse plain = get("/echo/plaintext");
        assertThat(plain.getStatus()).isEqualTo(200);
        assertThat(plain.getContentAsString()).isEqualTo("Hello, World!");

        ContentResponse teapot = get("/echo/status/418");
        assertThat(teapot.getStatus()).isEqualTo(418);
        assertThat(teapot.getContentAsString()).isEqualTo("status 418\n");
        ContentResponse noContent = get("/echo/status/204");
        assertThat(noContent.getStatus()).isEqualTo(204);
        assertThat(noContent.getContent()).isEmpty();

        ContentResponse stream = get("/echo/stream");
        assertThat(stream.getContentAsString()).isEqualTo("piece 1\npiece 2\npiece 3\npiece 4\npiece 5\n");
        assertThat(stream.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isNull();
        assertThat(stream.getHeaders().get(HttpHeader.TRANSFER_ENCODING)).isEqualTo("chunked");

        assertThat(get("/echo/elsewhere").getStatus()).isEqualTo(404);
    }

    @Test
    void everySampleRootAnswersAPageAndEchoListsItsEndpoints() throws Exception {
        for (String name : new String[] {"hello", "echo", "guestbook", "static", "async"}) {
            ContentResponse root = get("/" + name + "/");
            assertThat(root.getStatus()).as(name).isEqualTo(200);
            assertThat(root.getMediaType()).as(name).isEqualTo("text/html");
        }
        assertThat(get("/echo/").getContentAsString()).contains("href=\"plaintext\"", "href=\"echo\"",
                "href=\"status/418\"", "href=\"stream\"");
    }

    @Test
    void withoutARootContextSlashListsTheDeployedContextPaths() throws Exception {
        ContentResponse index = get("/");
        assertThat(index.getStatus()).isEqualTo(404);
        assertThat(index.getMediaType()).isEqualTo("text/html");
        assertThat(index.getContentAsString()).contains("<title>404 Not Found</title>", "No web app is deployed at /.",
                "<li><a href=\"/async/\">/async/</a></li>\n<li><a href=\"/echo/\">/echo/</a></li>\n"
                        + "<li><a href=\"/guestbook/\">/guestbook/</a></li>\n<li><a href=\"/hello/\">/hello/</a></li>\n"
                        + "<li><a href=\"/static/\">/static/</a></li>");
        ContentResponse elsewhere = get("/nowhere/");
        assertThat(elsewhere.getStatus()).isEqualTo(404);
        assertThat(elsewhere.getContentAsString()).doesNotContain("/hello/");
    }

    @Test
    void guestbookSignsWithPostRedirectGetAndRemembersTheSession() throws Exception {
        ContentResponse page = get("/guestbook/");
        assertThat(page.getStatus()).isEqualTo(200);
        assertThat(page.getContentAsString()).contains("<h1>Guestbook</h1>", "action=\"/guestbook/sign\"");
        assertThat(page.getHeaders().get("X-Frame-Options")).isEqualTo("DENY");

        Fields form = new Fields();
        form.add("csrf", csrfToken(page));
        form.add("name", "Ada");
        form.add("message", "Grüße & <hello>");
        ContentResponse signed = client.newRequest(server.base() + "/guestbook/sign").method(HttpMethod.POST)
                .body(new FormRequestContent(form, StandardCharsets.UTF_8)).send();
        assertThat(signed.getStatus()).isEqualTo(303);
        assertThat(signed.getHeaders().get(HttpHeader.LOCATION)).endsWith("/guestbook/");

        String after = get("/guestbook/").getContentAsString();
        assertThat(after).contains("<strong>Ada</strong>: Grüße &amp; &lt;hello&gt;", "you signed 1 time in");
        client.newRequest(server.base() + "/guestbook/sign").method(HttpMethod.POST)
                .body(new FormRequestContent(form, StandardCharsets.UTF_8)).send();
        assertThat(get("/guestbook/").getContentAsString()).contains("you signed 2 times in");
    }

    private static String csrfToken(ContentResponse page) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("name=\"csrf\" value=\"([0-9a-f]{32})\"")
                .matcher(page.getContentAsString());
        assertThat(m.find()).as("the form carries the session's token").isTrue();
        return m.group(1);
    }

    @Test
    void guestbookRefusesCrossSiteSigning() throws Exception {
        HttpClient stranger = new HttpClient();
        stranger.start();
        try {
            ContentResponse first = stranger.GET(server.base() + "/guestbook/");
            assertThat(first.getHeaders().get(HttpHeader.SET_COOKIE)).matches("JSESSIONID=[^;]+; HttpOnly; Path=/guestbook;"
                    + " SameSite=Lax");
            for (String token : new String[] {null, "0".repeat(32)}) {
                Fields f = new Fields();
                f.add("name", "Mallory");
                f.add("message", "signed from another site");
                if (token != null) {
                    f.add("csrf", token);
                }
                ContentResponse forged = stranger.newRequest(server.base() + "/guestbook/sign").method(HttpMethod.POST)
                        .body(new FormRequestContent(f)).send();
                assertThat(forged.getStatus()).isEqualTo(403);
                assertThat(forged.getContentAsString()).contains("Sorry: 403", "came from another site");
            }
            assertThat(stranger.GET(server.base() + "/guestbook/").getContentAsString()).doesNotContain("Mallory");
        } finally {
            stranger.stop();
        }
    }

    @Test
    void guestbookErrorsAreRenderedByItsErrorPage() throws Exception {
        Fields form = new Fields();
        form.add("csrf", csrfToken(get("/guestbook/")));
        form.add("name", "Ada");
        form.add("message", "  ");
        ContentResponse bad = client.newRequest(server.base() + "/guestbook/sign").method(HttpMethod.POST)
                .body(new FormRequestContent(form)).send();
        assertThat(bad.getStatus()).isEqualTo(400);
        assertThat(bad.getContentAsString()).contains("Sorry: 400", "a name and a message are both needed");

        ContentResponse missing = get("/guestbook/no-such-page");
        assertThat(missing.getStatus()).isEqualTo(404);
        assertThat(missing.getContentAsString()).contains("Sorry: 404");
    }

    @Test
    void staticSiteServesItsWelcomeFileStylesheetAndImage() throws Exception {
        ContentResponse index = get("/static/");
        assertThat(index.getStatus()).isEqualTo(200);
        assertThat(index.getMediaType()).isEqualTo("text/html");
        assertThat(index.getContentAsString()).contains("<title>Hawser static sample</title>");

        assertThat(get("/static/css/site.css").getMediaType()).isEqualTo("text/css");
        ContentResponse png = get("/static/img/hawser.png");
        assertThat(png.getMediaType()).isEqualTo("image/png");
        try (ZipFile war = new ZipFile(SampleWars.war("static").toFile());
                InputStream in = war.getInputStream(war.getEntry("img/hawser.png"))) {
            assertThat(png.getContent()).isEqualTo(in.readAllBytes());
        }
        assertThat(get("/static/notes.md").getHeaders().get(HttpHeader.CONTENT_TYPE))
                .isEqualToIgnoringCase("text/markdown;charset=UTF-8");
    }

    @Test
    void asyncStreamsServerSentEvents() throws Exception {
        ContentResponse events = client.newRequest(server.base() + "/async/events?count=3&interval=20")
                .timeout(20, TimeUnit.SECONDS).send();
        assertThat(events.getStatus()).isEqualTo(200);
        assertThat(events.getMediaType()).isEqualTo("text/event-stream");
        assertThat(events.getContentAsString()).contains("id: 1\ndata: tick 1 at ", "id: 3\ndata: tick 3 at ",
                "event: done\ndata: bye\n\n").doesNotContain("tick 4");
        assertThat(get("/async/").getContentAsString()).contains("new EventSource('events");
    }
}
