package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.security.AuthenticatedUser;
import io.hawser.security.Realm;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.FormRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.Fields;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The secured sample WAR served with a realm: FORM login for {@code /admin/*}, BASIC done by the app
 * with {@code request.login()} for {@code /api/*}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SecuredSampleTest {
    /** The sample's demo users, plus bob, who has no role. */
    private static final Realm REALM = (name, password) -> switch (name + ":" + password) {
        case "admin:admin-demo" -> AuthenticatedUser.of("admin", Set.of("admin", "api"));
        case "alice:alice-demo" -> AuthenticatedUser.of("alice", Set.of("api"));
        case "bob:bob-demo" -> AuthenticatedUser.of("bob", Set.of());
        default -> null;
    };
    private DeployedServer server;
    private HttpClient client;

    @BeforeEach
    void start() throws Exception {
        server = new DeployedServer(Map.of("/secured", SampleWars.war("secured")), REALM);
        client = new HttpClient();
        client.setFollowRedirects(false);
        client.start();
    }

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.stop();
        }
        if (server != null) {
            server.close();
        }
    }

    private ContentResponse get(String path) throws Exception {
        return client.GET(server.base() + path);
    }

    private ContentResponse api(String credentials) throws Exception {
        return client.newRequest(server.base() + "/secured/api/whoami").headers(h -> {
            if (credentials != null) {
                h.put(HttpHeader.AUTHORIZATION, "Basic " + Base64.getEncoder().encodeToString(
                        credentials.getBytes(StandardCharsets.UTF_8)));
            }
        }).send();
    }

    /**
     * As a browser does: asks for the admin page (saved, and redirected to the login page), then
     * posts the login page's form to where its relative action points, following the redirects.
     */
    private ContentResponse signIn(String name, String password) throws Exception {
        ContentResponse asked = get("/secured/admin/");
        assertThat(asked.getStatus()).isEqualTo(302);
        assertThat(asked.getHeaders().get(HttpHeader.LOCATION)).endsWith("/secured/login.html");
        assertThat(get("/secured/login.html").getContentAsString()).contains("action=\"j_security_check\"");
        Fields form = new Fields();
        form.put("j_username", name);
        form.put("j_password", password);
        return client.newRequest(server.base() + "/secured/j_security_check").method(HttpMethod.POST)
                .body(new FormRequestContent(form)).followRedirects(true).send();
    }

    @Test
    void theStartPageIsOpenAndLinksBothAreas() throws Exception {
        ContentResponse index = get("/secured/");
        assertThat(index.getStatus()).isEqualTo(200);
        assertThat(index.getContentAsString()).contains("href=\"admin/\"", "href=\"api/whoami\"");
    }

    @Test
    void theAdminPageAsksForTheLoginFormThenShowsTheAdmin() throws Exception {
        ContentResponse login = get("/secured/login.html");
        assertThat(login.getStatus()).isEqualTo(200);
        assertThat(login.getContentAsString()).contains("name=\"j_username\"", "name=\"j_password\"");

        ContentResponse page = signIn("admin", "admin-demo");
        assertThat(page.getStatus()).isEqualTo(200);
        assertThat(page.getContentAsString()).contains("Signed in as <strong>admin</strong>",
                "<code>isUserInRole(\"admin\")</code>: true", "action=\"/secured/admin/logout\"");

        ContentResponse logout = client.newRequest(server.base() + "/secured/admin/logout").method(HttpMethod.POST)
                .send();
        assertThat(logout.getStatus()).isEqualTo(302);
        assertThat(logout.getHeaders().get(HttpHeader.LOCATION)).endsWith("/secured/");
        ContentResponse after = get("/secured/admin/");
        assertThat(after.getStatus()).as("signed out: back to the login page").isEqualTo(302);
        assertThat(after.getHeaders().get(HttpHeader.LOCATION)).endsWith("/secured/login.html");
    }

    @Test
    void aWrongPasswordShowsTheErrorPageAndAUserWithoutTheRoleIsForbidden() throws Exception {
        assertThat(signIn("admin", "wrong").getContentAsString()).contains("<h1>Sign-in failed</h1>");
        assertThat(signIn("alice", "alice-demo").getStatus()).isEqualTo(403);
    }

    @Test
    void theApiSignsInWithBasicThroughRequestLogin() throws Exception {
        for (String credentials : new String[] {null, "alice:wrong", "nobody:x"}) {
            ContentResponse r = api(credentials);
            assertThat(r.getStatus()).as(String.valueOf(credentials)).isEqualTo(401);
            assertThat(r.getHeaders().get(HttpHeader.WWW_AUTHENTICATE))
                    .isEqualTo("Basic realm=\"secured-api\", charset=\"UTF-8\"");
        }
        assertThat(api("bob:bob-demo").getStatus()).isEqualTo(403);
        ContentResponse alice = api("alice:alice-demo");
        assertThat(alice.getStatus()).isEqualTo(200);
        assertThat(alice.getMediaType()).isEqualTo("application/json");
        assertThat(alice.getContentAsString()).isEqualTo("{\"user\":\"alice\",\"roles\":{\"admin\":false,\"api\":true}}");
        assertThat(api("admin:admin-demo").getContentAsString())
                .isEqualTo("{\"user\":\"admin\",\"roles\":{\"admin\":true,\"api\":true}}");
    }
}
