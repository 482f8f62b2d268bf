package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verify;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** FORM login through the adapter (Servlet 6.1 §13.6.3): limits, lock-out and the user on every request. */
class FormLoginTest {
    private final FakeClock clock = new FakeClock();
    private final WebApp app = WebApp.create("/f", null, null, clock);
    private final SecurityTestApps.CountingRealm realm = new SecurityTestApps.CountingRealm();

    @BeforeEach
    void start() throws Exception {
        app.setRealm(realm);
        app.setLoginConfig(LoginConfig.form(null, "/login", "/error"));
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/s/*"), "**"));
        app.servletContext().addServlet("all", TestServlets.servlet((req, res) -> res.getWriter().print(
                req.getServletPath() + " " + req.getRemoteUser()))).addMapping("/");
        app.servletContext().addServlet("echo", TestServlets.servlet((req, res) -> {
            res.setContentType("text/plain;charset=UTF-8");
            res.getWriter().print(req.getMethod() + " " + req.getContentType() + " " + req.getContentLength() + " "
                    + new String(req.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        })).addMapping("/s/echo");
        app.servletContext().addServlet("auth", TestServlets.servlet((req, res) -> {
            if (req.authenticate(res)) {
                res.getWriter().print("already " + req.getRemoteUser());
            }
        })).addMapping("/auth");
        app.start();
    }

    @AfterEach
    void stop() {
        app.stop();
    }

    private FakeExchange send(FakeExchange fake) {
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    private static String cookie(FakeExchange fake) {
        String set = fake.responseFields.get("Set-Cookie");
        return set == null ? null : set.substring(0, set.indexOf(';'));
    }

    private FakeExchange check(String cookie, String user, String password) {
        FakeExchange fake = FakeExchange.get("/f/j_security_check").method("POST")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .body("j_username=" + user + "&j_password=" + password);
        if (cookie != null) {
            fake.header("Cookie", cookie);
        }
        return send(fake);
    }

    @Test
    void theSignedInUserIsTheRequestsOnUnconstrainedPagesToo() {
        FakeExchange challenged = send(FakeExchange.get("/f/s/a"));
        assertThat(challenged.status.get()).isEqualTo(302);
        FakeExchange signedIn = check(cookie(challenged), "clerk", "clerk-pw");
        assertThat(signedIn.status.get()).isEqualTo(303);
        assertThat(signedIn.responseFields.get("Location")).isEqualTo("/f/s/a");
        String session = cookie(signedIn);
        assertThat(session).isNotEqualTo(cookie(challenged));
        FakeExchange open = send(FakeExchange.get("/f/open").header("Cookie", session));
        assertThat(open.body()).isEqualTo("/open clerk");
        verify(open.exchange).setRemoteUser("clerk");
        assertThat(send(FakeExchange.get("/f/s/a").header("Cookie", cookie(challenged))).status.get())
                .as("the old session id no longer signs in").isEqualTo(302);
    }

    @Test
    void theLoginAndErrorPagesAreServedWithoutAUser() throws Exception {
        app.stop();
        WebApp guarded = WebApp.create("/g", null, null, clock);
        guarded.setRealm(realm);
        guarded.setLoginConfig(LoginConfig.form(null, "/login", "/error"));
        guarded.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/*"), "**"));
        guarded.servletContext().addServlet("all", TestServlets.servlet((req, res) -> res.getWriter().print(
                req.getServletPath()))).addMapping("/");
        try {
            guarded.start();
            for (String page : List.of("/login", "/error")) {
                FakeExchange fake = FakeExchange.get("/g" + page);
                new ServletAdapter(List.of(guarded)).handle(fake.build());
                assertThat(fake.status.get()).isEqualTo(200);
                assertThat(fake.body()).isEqualTo(page);
            }
            FakeExchange other = FakeExchange.get("/g/other");
            new ServletAdapter(List.of(guarded)).handle(other.build());
            assertThat(other.status.get()).isEqualTo(302);
        } finally {
            guarded.stop();
        }
    }

    @Test
    void aFailedLoginForwardsToTheErrorPageAndRepeatedFailuresLockOut() {
        for (int i = 1; i < LoginThrottle.MAX_FAILURES; i++) {
            FakeExchange failed = check(null, "clerk", "guess");
            assertThat(failed.status.get()).isEqualTo(200);
            assertThat(failed.body()).isEqualTo("/error null");
        }
        check(null, "clerk", "guess");
        int calls = realm.calls.get();
        FakeExchange locked = check(null, "clerk", "clerk-pw");
        assertThat(locked.status.get()).isEqualTo(429);
        assertThat(realm.calls.get()).isEqualTo(calls);
        clock.advanceSeconds(LoginThrottle.LOCKOUT_SECONDS + 1);
        assertThat(check(null, "clerk", "clerk-pw").status.get()).isEqualTo(303);
    }

    @Test
    void aLargePostIsNotSavedForTheLogin() {
        FakeExchange big = FakeExchange.get("/f/s/upload").method("POST")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .body("data=" + "x".repeat(FormLogin.MAX_SAVED_BODY));
        assertThat(send(big).status.get()).isEqualTo(413);
        FakeExchange small = FakeExchange.get("/f/s/upload").method("POST")
                .header("Content-Type", "application/x-www-form-urlencoded").body("data=x");
        assertThat(send(small).status.get()).isEqualTo(302);
    }

    @Test
    void aSavedPostIsReplayedWithItsBodyAndContentType() {
        FakeExchange post = send(FakeExchange.get("/f/s/echo?v=1").method("POST")
                .header("Content-Type", "text/plain;charset=UTF-8").body("h\u00e9llo"));
        assertThat(post.status.get()).isEqualTo(302);
        FakeExchange signedIn = check(cookie(post), "clerk", "clerk-pw");
        assertThat(signedIn.responseFields.get("Location")).isEqualTo("/f/s/echo?v=1");
        String session = cookie(signedIn);
        FakeExchange replayed = send(FakeExchange.get("/f/s/echo?v=1").header("Cookie", session));
        assertThat(replayed.body()).isEqualTo("POST text/plain;charset=UTF-8 6 h\u00e9llo");
        FakeExchange again = send(FakeExchange.get("/f/s/echo?v=1").header("Cookie", session));
        assertThat(again.body()).isEqualTo("GET null -1 ");
    }

    @Test
    void aSavedPathWithLeadingSlashesNeverRedirectsToAnotherHost() throws Exception {
        app.stop();
        WebApp root = WebApp.create("", null, null, clock);
        root.setRealm(realm);
        root.setLoginConfig(LoginConfig.form(null, "/login", "/error"));
        root.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/*"), "**"));
        root.servletContext().addServlet("all", TestServlets.servlet((req, res) -> res.getWriter().print("ok")))
                .addMapping("/");
        root.start();
        try {
            FakeExchange challenged = FakeExchange.get("//evil.example/x?a=1");
            new ServletAdapter(List.of(root)).handle(challenged.build());
            assertThat(challenged.status.get()).isEqualTo(302);
            FakeExchange signedIn = FakeExchange.get("/j_security_check").method("POST")
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .header("Cookie", cookie(challenged)).body("j_username=clerk&j_password=clerk-pw");
            new ServletAdapter(List.of(root)).handle(signedIn.build());
            assertThat(signedIn.status.get()).isEqualTo(303);
            assertThat(signedIn.responseFields.get("Location")).isEqualTo("/evil.example/x?a=1");
        } finally {
            root.stop();
        }
    }

    @Test
    void authenticateSendsTheLoginPageOrConfirmsTheSessionsUser() {
        FakeExchange challenged = send(FakeExchange.get("/f/auth"));
        assertThat(challenged.status.get()).isEqualTo(302);
        assertThat(challenged.responseFields.get("Location")).endsWith("/f/login");
        FakeExchange signedIn = check(cookie(challenged), "home", "home-pw");
        assertThat(signedIn.responseFields.get("Location")).isEqualTo("/f/auth");
        FakeExchange confirmed = send(FakeExchange.get("/f/auth").header("Cookie", cookie(signedIn)));
        assertThat(confirmed.body()).isEqualTo("already home");
    }
}
