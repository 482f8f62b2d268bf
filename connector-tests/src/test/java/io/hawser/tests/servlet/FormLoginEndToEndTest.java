package io.hawser.tests.servlet;

import static io.hawser.tests.servlet.ServletServer.servlet;
import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.servlet.LoginConfig;
import io.hawser.servlet.SecurityConstraint;
import io.hawser.servlet.WebResourceCollection;
import java.net.URI;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.FormRequestContent;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.util.Fields;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * FORM login through the real connector with jetty-client's cookie store (Servlet 6.1 §13.6.3):
 * the protected request goes to the login page, {@code j_security_check} signs in and changes the
 * session id, the saved request is replayed, a failed login shows the error page, and logout ends it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FormLoginEndToEndTest {
    private static ServletServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ServletServer.start("/app", app -> {
            app.setRealm(ServletSecurityEndToEndTest::check);
            app.setLoginConfig(LoginConfig.form("App", "/login.html", "/failed.html"));
            app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/*"), "SALESCLERK"));
            app.addSecurityConstraint(new SecurityConstraint(List.of(WebResourceCollection.of("/logout")), null,
                    jakarta.servlet.annotation.ServletSecurity.TransportGuarantee.NONE));
            app.servletContext().addServlet("login", servlet((req, res) -> res.getWriter().print("login form")))
                    .addMapping("/login.html");
            app.servletContext().addServlet("failed", servlet((req, res) -> res.getWriter().print("try again")))
                    .addMapping("/failed.html");
            app.servletContext().addServlet("logout", servlet((req, res) -> {
                req.logout();
                res.getWriter().print("bye " + req.getRemoteUser());
            })).addMapping("/logout");
            app.servletContext().addServlet("all", servlet((req, res) -> res.getWriter().print(req.getMethod() + " "
                    + req.getRequestURI() + " " + req.getParameter("item") + " " + req.getRemoteUser() + " "
                    + req.getAuthType()))).addMapping("/");
        });
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @BeforeEach
    void forgetCookies() {
        server.client.getHttpCookieStore().clear();
    }

    private static String sessionId() {
        return server.client.getHttpCookieStore().match(URI.create(server.base + "/")).stream()
                .filter(c -> c.getName().equals("JSESSIONID")).map(c -> c.getValue()).findFirst().orElse(null);
    }

    private static ContentResponse login(String user, String password) throws Exception {
        Fields form = new Fields();
        form.put("j_username", user);
        form.put("j_password", password);
        return server.client.POST(server.base + "/j_security_check").body(new FormRequestContent(form))
                .timeout(20, TimeUnit.SECONDS).send();
    }

    @Test
    void theSavedRequestIsReplayedAfterTheLoginWithANewSessionId() throws Exception {
        ContentResponse protectedGet = server.get("/orders?x=1");
        assertThat(protectedGet.getStatus()).isEqualTo(302);
        assertThat(protectedGet.getHeaders().get(HttpHeader.LOCATION)).endsWith("/app/login.html");
        String before = sessionId();
        assertThat(before).isNotNull();
        assertThat(server.get("/login.html").getContentAsString()).isEqualTo("login form");

        ContentResponse signedIn = login("clerk", "clerk-pw");
        assertThat(signedIn.getStatus()).isEqualTo(303);
        assertThat(signedIn.getHeaders().get(HttpHeader.LOCATION)).endsWith("/app/orders?x=1");
        String after = sessionId();
        assertThat(after).isNotNull().isNotEqualTo(before);

        ContentResponse replayed = server.get("/orders?x=1");
        assertThat(replayed.getStatus()).isEqualTo(200);
        assertThat(replayed.getContentAsString()).isEqualTo("GET /app/orders null clerk FORM");
        assertThat(server.get("/other").getContentAsString()).isEqualTo("GET /app/other null clerk FORM");

        ContentResponse bye = server.get("/logout");
        assertThat(bye.getContentAsString()).isEqualTo("bye null");
        assertThat(server.get("/other").getStatus()).isEqualTo(302);
    }

    @Test
    void aPostIsReplayedWithItsMethodAndParameters() throws Exception {
        Fields order = new Fields();
        order.put("item", "book");
        ContentResponse post = server.client.POST(server.base + "/orders").body(new FormRequestContent(order))
                .timeout(20, TimeUnit.SECONDS).send();
        assertThat(post.getStatus()).isEqualTo(302);
        assertThat(login("clerk", "clerk-pw").getStatus()).isEqualTo(303);
        assertThat(server.get("/orders").getContentAsString()).isEqualTo("POST /app/orders book clerk FORM");
        assertThat(server.get("/orders").getContentAsString()).as("replayed once")
                .isEqualTo("GET /app/orders null clerk FORM");
    }

    @Test
    void aFailedLoginShowsTheErrorPageAndAUserWithoutTheRoleIs403() throws Exception {
        server.get("/orders");
        ContentResponse failed = login("clerk", "wrong");
        assertThat(failed.getStatus()).isEqualTo(200);
        assertThat(failed.getContentAsString()).isEqualTo("try again");
        assertThat(server.get("/orders").getStatus()).isEqualTo(302);

        assertThat(login("home", "home-pw").getStatus()).isEqualTo(303);
        assertThat(server.get("/orders").getStatus()).isEqualTo(403);
    }

    @Test
    void withoutASavedRequestTheLoginGoesToTheContextRoot() throws Exception {
        ContentResponse signedIn = login("clerk", "clerk-pw");
        assertThat(signedIn.getStatus()).isEqualTo(303);
        assertThat(signedIn.getHeaders().get(HttpHeader.LOCATION)).endsWith("/app/");
        assertThat(server.get("/").getContentAsString()).isEqualTo("GET /app/ null clerk FORM");
    }
}
