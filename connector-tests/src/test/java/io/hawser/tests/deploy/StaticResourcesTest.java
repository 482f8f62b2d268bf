package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default servlet as a client sees it: the static sample WAR at {@code /static}, an exploded
 * directory made here at {@code /files} (a large file, a symbolic link out of the app), and one at
 * {@code /live} that declares the default servlet with {@code cacheValidationTime=0}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StaticResourcesTest {
    private static final String ALPHABET = "/static/data/alphabet.txt";
    private static final byte[] BIG = new byte[1536 * 1024 + 17];

    @TempDir
    static Path tmp;
    private static DeployedServer server;
    private static HttpClient client;

    @BeforeAll
    static void deploy() throws Exception {
        new Random(42).nextBytes(BIG);
        Path files = Files.createDirectories(tmp.resolve("files/WEB-INF"));
        Files.write(files.resolveSibling("big.bin"), BIG);
        Files.writeString(tmp.resolve("outside.txt"), "outside the app");
        Files.createSymbolicLink(files.resolveSibling("escape.txt"), tmp.resolve("outside.txt"));
        Files.createDirectories(files.resolveSibling("empty"));
        Path live = Files.createDirectories(tmp.resolve("live/WEB-INF"));
        JavaSources.write(live.resolve("web.xml"), JavaSources.webXml("""
                <servlet><servlet-name>default</servlet-name>
                  <servlet-class>io.hawser.servlet.DefaultServlet</servlet-class>
                  <init-param><param-name>cacheValidationTime</param-name><param-value>0</param-value></init-param>
                  <load-on-startup>1</load-on-startup></servlet>
                <servlet-mapping><servlet-name>default</servlet-name><url-pattern>/</url-pattern></servlet-mapping>
                """));
        Files.writeString(live.resolveSibling("page.txt"), "first");
        Map<String, Path> wars = new LinkedHashMap<>();
        wars.put("/static", SampleWars.war("static"));
        wars.put("/files", files.getParent());
        wars.put("/live", live.getParent());
        server = new DeployedServer(wars);
        client = HttpRequests.client();
    }

    @AfterAll
    static void stop() throws Exception {
        HttpRequests.stop(client, server);
    }

    private static Request request(String path) {
        return client.newRequest(server.base() + path).timeout(20, TimeUnit.SECONDS);
    }

    private static ContentResponse get(String path, String... fields) throws Exception {
        return HttpRequests.get(client, server.base() + path, fields);
    }

    @Test
    void aFileComesWithItsTypeLengthAndValidators() throws Exception {
        ContentResponse r = get(ALPHABET);
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).isEqualTo("abcdefghijklmnopqrstuvwxyz");
        assertThat(r.getMediaType()).isEqualTo("text/plain");
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isEqualTo("26");
        assertThat(r.getHeaders().get(HttpHeader.ETAG)).matches("\"[0-9a-f]+-[0-9a-f]+\"");
        assertThat(r.getHeaders().get(HttpHeader.LAST_MODIFIED)).endsWith(" GMT");
        assertThat(r.getHeaders().get(HttpHeader.ACCEPT_RANGES)).isEqualTo("bytes");
    }

    @Test
    void headSendsTheFieldsWithoutContent() throws Exception {
        ContentResponse r = request(ALPHABET).method(HttpMethod.HEAD).send();
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isEqualTo("26");
        assertThat(r.getContent()).isEmpty();
    }

    @Test
    void aMatchingEntityTagOrDateGives304() throws Exception {
        ContentResponse first = get(ALPHABET);
        String etag = first.getHeaders().get(HttpHeader.ETAG);
        String lastModified = first.getHeaders().get(HttpHeader.LAST_MODIFIED);

        ContentResponse byTag = get(ALPHABET, "If-None-Match", "\"other\", " + etag);
        assertThat(byTag.getStatus()).isEqualTo(304);
        assertThat(byTag.getContent()).isEmpty();
        assertThat(byTag.getHeaders().get(HttpHeader.ETAG)).isEqualTo(etag);
        assertThat(get(ALPHABET, "If-None-Match", "W/" + etag).getStatus()).isEqualTo(304);
        assertThat(get(ALPHABET, "If-None-Match", "*").getStatus()).isEqualTo(304);
        assertThat(get(ALPHABET, "If-None-Match", "\"other\"").getStatus()).isEqualTo(200);

        assertThat(get(ALPHABET, "If-Modified-Since", lastModified).getStatus()).isEqualTo(304);
        assertThat(get(ALPHABET, "If-Modified-Since", "Thu, 01 Jan 1998 00:00:00 GMT").getStatus()).isEqualTo(200);
        assertThat(get(ALPHABET, "If-None-Match", "\"other\"", "If-Modified-Since", lastModified).getStatus())
                .as("If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2)").isEqualTo(200);
    }

    @Test
    void aFailedIfMatchGives412() throws Exception {
        assertThat(get(ALPHABET, "If-Match", "\"nope\"").getStatus()).isEqualTo(412);
        assertThat(get(ALPHABET, "If-Unmodified-Since", "Thu, 01 Jan 1998 00:00:00 GMT").getStatus()).isEqualTo(412);
        String etag = get(ALPHABET).getHeaders().get(HttpHeader.ETAG);
        assertThat(get(ALPHABET, "If-Match", etag).getStatus()).isEqualTo(200);
    }

    @Test
    void oneRangeGives206WithContentRange() throws Exception {
        ContentResponse r = get(ALPHABET, "Range", "bytes=0-4");
        assertThat(r.getStatus()).isEqualTo(206);
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_RANGE)).isEqualTo("bytes 0-4/26");
        assertThat(r.getContentAsString()).isEqualTo("abcde");
        assertThat(get(ALPHABET, "Range", "bytes=-3").getContentAsString()).isEqualTo("xyz");
        assertThat(get(ALPHABET, "Range", "bytes=23-").getContentAsString()).isEqualTo("xyz");
        assertThat(get(ALPHABET, "Range", "bytes=20-99").getHeaders().get(HttpHeader.CONTENT_RANGE))
                .isEqualTo("bytes 20-25/26");
    }

    @Test
    void severalRangesGiveMultipartByteranges() throws Exception {
        ContentResponse r = get(ALPHABET, "Range", "bytes=0-1, 24-25");
        assertThat(r.getStatus()).isEqualTo(206);
        String type = r.getHeaders().get(HttpHeader.CONTENT_TYPE);
        assertThat(type).matches("multipart/byteranges; ?boundary=HAWSER_[0-9a-f]+");
        String boundary = type.substring(type.indexOf('=') + 1);
        String body = r.getContentAsString();
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isEqualTo(String.valueOf(body.length()));
        assertThat(body).isEqualTo("\r\n--" + boundary + "\r\nContent-Type: text/plain\r\nContent-Range: bytes 0-1/26"
                + "\r\n\r\nab\r\n--" + boundary + "\r\nContent-Type: text/plain\r\nContent-Range: bytes 24-25/26"
                + "\r\n\r\nyz\r\n--" + boundary + "--\r\n");
    }

    @Test
    void anUnsatisfiableRangeGives416() throws Exception {
        ContentResponse r = get(ALPHABET, "Range", "bytes=30-40");
        assertThat(r.getStatus()).isEqualTo(416);
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_RANGE)).isEqualTo("bytes */26");
    }

    @Test
    void aMalformedOrForeignRangeIsIgnored() throws Exception {
        for (String range : new String[] {"bytes=x-y", "bytes=5-1", "lines=1-2", "bytes=0-1,1-2"}) {
            ContentResponse r = get(ALPHABET, "Range", range);
            assertThat(r.getStatus()).as(range).isEqualTo(200);
            assertThat(r.getContentAsString()).isEqualTo("abcdefghijklmnopqrstuvwxyz");
        }
    }

    @Test
    void ifRangeHonoursTheRangeOnlyForTheCurrentRepresentation() throws Exception {
        ContentResponse first = get(ALPHABET);
        String etag = first.getHeaders().get(HttpHeader.ETAG);
        String date = first.getHeaders().get(HttpHeader.LAST_MODIFIED);
        assertThat(get(ALPHABET, "Range", "bytes=0-2", "If-Range", etag).getStatus()).isEqualTo(206);
        assertThat(get(ALPHABET, "Range", "bytes=0-2", "If-Range", date).getStatus()).isEqualTo(206);
        ContentResponse stale = get(ALPHABET, "Range", "bytes=0-2", "If-Range", "\"stale\"");
        assertThat(stale.getStatus()).isEqualTo(200);
        assertThat(stale.getContentAsString()).hasSize(26);
    }

    @Test
    void aDirectoryWithoutSlashRedirectsAndWithItServesItsWelcomeFile() throws Exception {
        ContentResponse redirect = get("/static/docs?x=1");
        assertThat(redirect.getStatus()).isEqualTo(302);
        assertThat(redirect.getHeaders().get(HttpHeader.LOCATION)).endsWith("/static/docs/?x=1");
        ContentResponse welcome = get("/static/docs/");
        assertThat(welcome.getStatus()).isEqualTo(200);
        assertThat(welcome.getContentAsString()).contains("The welcome file of <code>/docs/</code>.");
    }

    @Test
    void directoriesAreNeverListed() throws Exception {
        assertThat(get("/static/img/").getStatus()).isEqualTo(404);
        assertThat(get("/files/empty/").getStatus()).isEqualTo(404);
    }

    @Test
    void webInfAndMetaInfAreNeverServed() throws Exception {
        for (String path : new String[] {"/static/WEB-INF/web.xml", "/static/WEB-INF/secret.txt", "/static/WEB-INF/",
                "/static/web-inf/secret.txt", "/static/META-INF/MANIFEST.MF", "/static//WEB-INF/secret.txt"}) {
            String raw = RawRequest.get(server.port(), path);
            assertThat(RawRequest.status(raw)).as(path).isEqualTo(404);
            assertThat(raw).as(path).doesNotContain("not for the public").doesNotContain("Manifest-Version");
        }
    }

    @Test
    void traversalAttemptsAreRejected() throws Exception {
        for (String path : new String[] {"/static/../static/WEB-INF/secret.txt", "/static/css/../../static/WEB-INF/secret.txt",
                "/static/%2e%2e/%2e%2e/etc/passwd", "/static/css/..%2f..%2fWEB-INF%2fsecret.txt",
                "/static/..%5c..%5cWEB-INF%5csecret.txt", "/static/%2e/WEB-INF/secret.txt", "/files/escape.txt",
                "/static/css/%00/site.css"}) {
            String raw = RawRequest.get(server.port(), path);
            assertThat(RawRequest.status(raw)).as(path).isIn(400, 404);
            assertThat(raw).as(path).doesNotContain("not for the public").doesNotContain("outside the app")
                    .doesNotContain("root:");
        }
    }

    @Test
    void onlyGetHeadAndOptionsAreAllowed() throws Exception {
        ContentResponse post = request(ALPHABET).method(HttpMethod.POST).send();
        assertThat(post.getStatus()).isEqualTo(405);
        assertThat(post.getHeaders().get(HttpHeader.ALLOW)).isEqualTo("GET, HEAD, OPTIONS");
        assertThat(request(ALPHABET).method(HttpMethod.OPTIONS).send().getHeaders().get(HttpHeader.ALLOW))
                .isEqualTo("GET, HEAD, OPTIONS");
    }

    @Test
    void aLargeFileArrivesWholeAndByRange() throws Exception {
        ContentResponse whole = get("/files/big.bin");
        assertThat(whole.getStatus()).isEqualTo(200);
        assertThat(whole.getMediaType()).isEqualTo("application/octet-stream");
        assertThat(whole.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isEqualTo(String.valueOf(BIG.length));
        assertThat(whole.getContent()).isEqualTo(BIG);
        ContentResponse tail = get("/files/big.bin", "Range", "bytes=-100000");
        assertThat(tail.getStatus()).isEqualTo(206);
        assertThat(tail.getContent()).isEqualTo(java.util.Arrays.copyOfRange(BIG, BIG.length - 100000, BIG.length));
        assertThat(new String(get("/files/escape.txt").getContent(), StandardCharsets.UTF_8))
                .doesNotContain("outside the app");
    }

    @Test
    void withoutTheCacheAFileChangedOnDiskIsServedChangedAtOnce() throws Exception {
        Path page = tmp.resolve("live/page.txt");
        ContentResponse first = get("/live/page.txt");
        assertThat(first.getContentAsString()).isEqualTo("first");
        Files.writeString(page, "second, longer");
        Files.setLastModifiedTime(page, java.nio.file.attribute.FileTime.fromMillis(
                Files.getLastModifiedTime(page).toMillis() + 2000));
        ContentResponse second = get("/live/page.txt");
        assertThat(second.getContentAsString()).isEqualTo("second, longer");
        assertThat(second.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isEqualTo("14");
        assertThat(second.getHeaders().get(HttpHeader.ETAG)).isNotEqualTo(first.getHeaders().get(HttpHeader.ETAG));
        Files.delete(page);
        assertThat(get("/live/page.txt").getStatus()).isEqualTo(404);
    }
}
