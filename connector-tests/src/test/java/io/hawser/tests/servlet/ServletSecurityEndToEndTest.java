package io.hawser.tests.servlet;

import static io.hawser.tests.servlet.ServletServer.servlet;
import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.security.AuthenticatedUser;
import io.hawser.servlet.LoginConfig;
import io.hawser.servlet.SecurityConstraint;
import io.hawser.servlet.WebResourceCollection;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.BasicAuthentication;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.http.HttpHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * BASIC authentication through the real connector (Servlet 6.1 §13.6.1, RFC 7617): jetty-client's
 * own {@link BasicAuthentication} answers the challenge; malformed {@code Authorization} fields
 * sent on a raw socket get 400 or 401, never 500.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServletSecurityEndToEndTest {
    static final Map<String, Set<String>> USERS = Map.of("clerk", Set.of("SALESCLERK"), "home", Set.of("HOMEOWNER"),
            "j\u00fcrgen", Set.of("SALESCLERK"));
    private static ServletServer server;

    static AuthenticatedUser check(String user, String password) {
        Set<String> roles = USERS.get(user);
        return roles != null && password.equals(user + "-pw") ? AuthenticatedUser.of(user, roles) : null;
    }

    @BeforeAll
    static void start() throws Exception {
        server = ServletServer.start("/shop", app -> {
            app.setRealm(ServletSecurityEndToEndTest::check);
            app.setLoginConfig(LoginConfig.basic("Shop"));
            app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/sales/*"), "SALESCLERK"));
            app.servletContext().addServlet("all", servlet((req, res) -> {
                res.setContentType("text/plain;charset=UTF-8");
                res.getWriter().print(req.getMethod() + " " + req.getRemoteUser() + " " + req.getAuthType());
            })).addMapping("/");
        });
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @BeforeEach
    void forgetCredentials() {
        server.client.getAuthenticationStore().clearAuthentications();
        server.client.getAuthenticationStore().clearAuthenticationResults();
    }

    @Test
    void aChallengeNamesTheRealmAndTheCharset() throws Exception {
        ContentResponse r = server.get("/sales/list");
        assertThat(r.getStatus()).isEqualTo(401);
        assertThat(r.getHeaders().getValuesList(HttpHeader.WWW_AUTHENTICATE))
                .containsExactly("Basic realm=\"Shop\", charset=\"UTF-8\"");
        assertThat(server.get("/open").getContentAsString()).isEqualTo("GET null null");
    }

    @Test
    void jettyClientAnswersTheChallengeAndTheServletSeesTheUser() throws Exception {
        server.client.getAuthenticationStore().addAuthentication(
                new BasicAuthentication(URI.create(server.base), "Shop", "j\u00fcrgen", "j\u00fcrgen-pw"));
        ContentResponse r = server.get("/sales/list");
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).isEqualTo("GET j\u00fcrgen BASIC");
    }

    @Test
    void aWrongPasswordIsChallengedAgainAndAUserWithoutTheRoleIs403() throws Exception {
        server.client.getAuthenticationStore().addAuthentication(
                new BasicAuthentication(URI.create(server.base), "Shop", "clerk", "nope"));
        assertThat(server.get("/sales/list").getStatus()).isEqualTo(401);
        server.client.getAuthenticationStore().clearAuthentications();
        server.client.getAuthenticationStore().clearAuthenticationResults();
        server.client.getAuthenticationStore().addAuthentication(
                new BasicAuthentication(URI.create(server.base), "Shop", "home", "home-pw"));
        assertThat(server.get("/sales/list").getStatus()).isEqualTo(403);
    }

    @Test
    void malformedAuthorizationOnARawSocketIs400Or401() throws Exception {
        String noColon = Base64.getEncoder().encodeToString("clerk".getBytes(StandardCharsets.UTF_8));
        String notUtf8 = Base64.getEncoder().encodeToString(new byte[] {'a', ':', (byte) 0xFF, (byte) 0xFE});
        assertThat(statusLine("Basic %%%")).isEqualTo("HTTP/1.1 400 Bad Request");
        assertThat(statusLine("Basic " + noColon)).isEqualTo("HTTP/1.1 400 Bad Request");
        assertThat(statusLine("Basic " + notUtf8)).isEqualTo("HTTP/1.1 400 Bad Request");
        assertThat(statusLine("Basic")).isEqualTo("HTTP/1.1 400 Bad Request");
        assertThat(statusLine("Basic " + "QUFB".repeat(1500))).isEqualTo("HTTP/1.1 400 Bad Request");
        assertThat(statusLine("Negotiate abc")).isEqualTo("HTTP/1.1 401 Unauthorized");
        assertThat(statusLine("Basic " + Base64.getEncoder().encodeToString("clerk:clerk-pw"
                .getBytes(StandardCharsets.UTF_8)))).isEqualTo("HTTP/1.1 200 OK");
    }

    private static String statusLine(String authorization) throws Exception {
        try (Socket s = server.socket()) {
            s.setSoTimeout(5_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET /shop/sales/list HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: " + authorization
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c; (c = in.read()) >= 0 && c != '\r'; ) {
                line.append((char) c);
            }
            return line.toString();
        }
    }
}
