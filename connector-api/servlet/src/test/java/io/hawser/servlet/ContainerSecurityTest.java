package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.verify;

import jakarta.servlet.HttpConstraintElement;
import jakarta.servlet.HttpMethodConstraintElement;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.ServletSecurityElement;
import jakarta.servlet.annotation.ServletSecurity.EmptyRoleSemantic;
import jakarta.servlet.annotation.ServletSecurity.TransportGuarantee;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Constraint combination, BASIC, the request's security methods and the start-up checks (Servlet 6.1 §13). */
class ContainerSecurityTest {
    private final FakeClock clock = new FakeClock();
    private final WebApp app = WebApp.create("/w", null, null, clock);
    private final SecurityTestApps.CountingRealm realm = new SecurityTestApps.CountingRealm();
    private final Map<String, Object> seen = new ConcurrentHashMap<>();

    @AfterEach
    void stop() {
        app.stop();
    }

    private void okServlet() {
        app.servletContext().addServlet("all", TestServlets.servlet((req, res) -> {
            seen.put("user", String.valueOf(req.getRemoteUser()));
            seen.put("type", String.valueOf(req.getAuthType()));
            res.getWriter().print("ok");
        })).addMapping("/");
    }

    /** Starts the app with {@code /s/*} open to any authenticated user and {@link #okServlet} on {@code /}. */
    private void startWithSignedInUsersOnly() throws ServletException {
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/s/*"), "**"));
        app.setRealm(realm);
        okServlet();
        app.start();
    }

    private FakeExchange send(FakeExchange fake) {
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    private FakeExchange get(String path, String authorization) {
        FakeExchange fake = FakeExchange.get("/w" + path);
        if (authorization != null) {
            fake.header("Authorization", authorization);
        }
        return send(fake);
    }

    @Test
    void constraintsOnOnePatternAndMethodCombine() throws Exception {
        // roles unite; a constraint without auth-constraint opens the pattern to everyone; deny wins
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/union/*"), "SALESCLERK"));
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/union/*"), "HOMEOWNER"));
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/open/*"), "SALESCLERK"));
        app.addSecurityConstraint(new SecurityConstraint(List.of(WebResourceCollection.of("/open/*")), null,
                TransportGuarantee.NONE));
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/deny/*"), "SALESCLERK"));
        app.addSecurityConstraint(SecurityConstraint.denyAll(WebResourceCollection.of("/deny/*")));
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/any/*"), "**"));
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/declared/*"), "*"));
        app.declareRoles("HOMEOWNER");
        app.setRealm(realm);
        okServlet();
        app.start();
        assertThat(get("/union/a", SecurityTestApps.basic("clerk")).status.get()).isEqualTo(200);
        assertThat(get("/union/a", SecurityTestApps.basic("home")).status.get()).isEqualTo(200);
        assertThat(get("/union/a", SecurityTestApps.basic("contractor")).status.get()).isEqualTo(403);
        assertThat(get("/open/a", null).status.get()).isEqualTo(200);
        assertThat(seen).containsEntry("user", "null");
        assertThat(get("/deny/a", SecurityTestApps.basic("clerk")).status.get()).isEqualTo(403);
        assertThat(get("/any/a", SecurityTestApps.basic("nobody")).status.get()).isEqualTo(200);
        assertThat(get("/any/a", null).status.get()).isEqualTo(401);
        assertThat(get("/declared/a", SecurityTestApps.basic("home")).status.get()).isEqualTo(200);
        assertThat(get("/declared/a", SecurityTestApps.basic("clerk")).status.get()).isEqualTo(403);
    }

    @Test
    void theBestMatchingPatternAloneApplies() throws Exception {
        app.addSecurityConstraint(SecurityConstraint.denyAll(WebResourceCollection.of("/*")));
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/a/*"), "HOMEOWNER"));
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("*.jsp"), "SALESCLERK"));
        app.addSecurityConstraint(new SecurityConstraint(List.of(WebResourceCollection.of("/a/public.html")), null,
                TransportGuarantee.NONE));
        app.addSecurityConstraint(new SecurityConstraint(List.of(WebResourceCollection.of("")), null,
                TransportGuarantee.NONE));
        app.setRealm(realm);
        okServlet();
        app.start();
        assertThat(get("/a/public.html", null).status.get()).as("exact").isEqualTo(200);
        assertThat(get("/a/x.jsp", SecurityTestApps.basic("home")).status.get()).as("prefix before extension")
                .isEqualTo(200);
        assertThat(get("/b/x.jsp", SecurityTestApps.basic("clerk")).status.get()).as("/* is a prefix too")
                .isEqualTo(403);
        assertThat(get("/", null).status.get()).as("context root").isEqualTo(200);
        assertThat(get("/b", null).status.get()).isEqualTo(403);
    }

    @Test
    void basicChallengeAndUtf8Credentials() throws Exception {
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/s/*"), "SALESCLERK"));
        app.setLoginConfig(LoginConfig.basic("Shop \"main\" \\ area"));
        app.setRealm(realm);
        okServlet();
        app.start();
        FakeExchange challenge = get("/s/x", null);
        assertThat(challenge.status.get()).isEqualTo(401);
        assertThat(challenge.responseFields.get("WWW-Authenticate"))
                .isEqualTo("Basic realm=\"Shop \\\"main\\\" \\\\ area\", charset=\"UTF-8\"");
        FakeExchange ok = get("/s/x", SecurityTestApps.basic("j\u00fcrgen"));
        assertThat(ok.status.get()).isEqualTo(200);
        assertThat(seen).containsEntry("user", "j\u00fcrgen").containsEntry("type", "BASIC");
        verify(ok.exchange).setRemoteUser("j\u00fcrgen");
        assertThat(get("/s/x", SecurityTestApps.basic("clerk", "wrong")).status.get()).isEqualTo(401);
        // unconstrained: no challenge, and no user unless the client sent one
        assertThat(get("/free", null).status.get()).isEqualTo(200);
        assertThat(seen).containsEntry("user", "null");
        get("/free", SecurityTestApps.basic("clerk"));
        assertThat(seen).containsEntry("user", "clerk");
    }

    @Test
    void malformedAuthorizationIs400OrAChallengeNever500() throws Exception {
        startWithSignedInUsersOnly();
        String b64 = Base64.getEncoder().encodeToString("nocolon".getBytes(StandardCharsets.UTF_8));
        String latin1 = Base64.getEncoder().encodeToString("j\u00fcrgen:x".getBytes(StandardCharsets.ISO_8859_1));
        java.util.function.Function<String, String> basic = text -> "Basic "
                + Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
        Map<String, Integer> cases = new java.util.HashMap<>(Map.of(
                "Basic !!!notbase64", 400,
                "Basic " + b64, 400,
                "Basic", 400,
                "Basic    ", 400,
                "Basic " + latin1, 400,
                "Basic " + "QUFB".repeat(2000), 400,
                "Bearer abc.def", 401,
                "Digest username=\"x\"", 401,
                "", 401));
        // RFC 7617 §2: no control character in the user-id or the password (a NUL would even match:
        // HMAC pads the PBKDF2 key with zeros)
        cases.put(basic.apply("clerk:secret\0"), 400);
        cases.put(basic.apply("clerk:sec\nret"), 400);
        cases.put(basic.apply("cl\u007ferk:secret"), 400);
        cases.forEach((field, status) -> {
            FakeExchange fake = get("/s/x", field);
            assertThat(fake.status.get()).as(field.length() > 40 ? field.substring(0, 40) : field).isEqualTo(status);
        });
        assertThat(realm.calls.get()).isZero();
        // on an unconstrained path a malformed field is no user, not an error
        assertThat(get("/free", "Basic !!!").status.get()).isEqualTo(200);
        assertThat(seen).containsEntry("user", "null");
    }

    @Test
    void repeatedFailuresLockTheAddressOutWithoutAskingTheRealm() throws Exception {
        startWithSignedInUsersOnly();
        for (int i = 1; i < LoginThrottle.MAX_FAILURES; i++) {
            assertThat(get("/s/x", SecurityTestApps.basic("clerk", "guess" + i)).status.get()).isEqualTo(401);
        }
        // the failure that reaches the limit is already answered as locked out
        assertThat(get("/s/x", SecurityTestApps.basic("clerk", "guess")).status.get()).isEqualTo(429);
        int calls = realm.calls.get();
        FakeExchange locked = get("/s/x", SecurityTestApps.basic("clerk"));
        assertThat(locked.status.get()).isEqualTo(429);
        assertThat(locked.responseFields.get("Retry-After")).isEqualTo(Long.toString(LoginThrottle.LOCKOUT_SECONDS));
        assertThat(realm.calls.get()).isEqualTo(calls);
        clock.advanceSeconds(LoginThrottle.LOCKOUT_SECONDS + 1);
        assertThat(get("/s/x", SecurityTestApps.basic("clerk")).status.get()).isEqualTo(200);
    }

    @Test
    void failuresSpreadOverMoreThanTheWindowDoNotLockOut() throws Exception {
        startWithSignedInUsersOnly();
        for (int i = 0; i < LoginThrottle.MAX_FAILURES * 2; i++) {
            assertThat(get("/s/x", SecurityTestApps.basic("clerk", "guess")).status.get()).isEqualTo(401);
            clock.advanceSeconds(LoginThrottle.WINDOW_SECONDS / (LoginThrottle.MAX_FAILURES - 1) + 1);
        }
        assertThat(get("/s/x", SecurityTestApps.basic("clerk")).status.get()).isEqualTo(200);
    }

    @Test
    void uncoveredMethodsAreDeniedWhenAskedElseWarnedAboutAtStart() throws Exception {
        WebApp strict = WebApp.create("/strict", null, null);
        strict.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/api/*")
                .withMethods(List.of("GET")), "**"));
        strict.setDenyUncoveredHttpMethods(true);
        strict.setRealm(realm);
        strict.servletContext().addServlet("all", TestServlets.servlet((req, res) -> res.getWriter().print("ok")))
                .addMapping("/");
        strict.start();
        try {
            FakeExchange post = FakeExchange.get("/strict/api/x").method("POST");
            new ServletAdapter(List.of(strict)).handle(post.build());
            assertThat(post.status.get()).isEqualTo(403);
            FakeExchange other = FakeExchange.get("/strict/other").method("POST");
            new ServletAdapter(List.of(strict)).handle(other.build());
            assertThat(other.status.get()).isEqualTo(200);
        } finally {
            strict.stop();
        }

        List<String> warnings;
        try (LogCapture log = LogCapture.of(AppSecurity.class)) {
            warnings = log.lines;
            app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/api/*")
                    .withMethods(List.of("GET", "PUT")), "**"));
            app.addSecurityConstraint(SecurityConstraint.denyAll(WebResourceCollection.of("/x/*")
                    .withMethodOmissions(List.of("GET"))));
            app.setRealm(realm);
            okServlet();
            app.start();
        }
        assertThat(warnings).containsExactly("WARNING web app '/w': HTTP methods uncovered by the security constraints"
                + " are served unconstrained (Servlet 6.1 §13.8.4; set deny-uncovered-http-methods to refuse them):"
                + " /api/*: every method but GET, PUT; /x/*: GET");
        FakeExchange post = send(FakeExchange.get("/w/api/x").method("POST"));
        assertThat(post.status.get()).isEqualTo(200);
    }

    @Test
    void confidentialWithoutAConfidentialPortIs403() throws Exception {
        app.addSecurityConstraint(SecurityConstraint.confidential(WebResourceCollection.of("/tls/*")));
        okServlet();
        app.start();
        assertThat(get("/tls/a", null).status.get()).isEqualTo(403);
        assertThat(get("/plain", null).status.get()).isEqualTo(200);
    }

    @Test
    void anAuthConstraintOrLoginConfigWithoutARealmFailsTheStart() {
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/s/*"), "admin"));
        assertThatThrownBy(app::start).isInstanceOf(ServletException.class).hasMessage("web app '/w' has security"
                + " constraints with roles or a login-config but no realm: call WebApp.setRealm; the launcher takes"
                + " --realm FILE or --jaas-config FILE --jaas-entry NAME");
        assertThat(app.isAvailable()).isFalse();

        WebApp form = WebApp.create("", null, null);
        form.setLoginConfig(LoginConfig.form(null, "/login.html", "/error.html"));
        assertThatThrownBy(form::start).isInstanceOf(ServletException.class).hasMessageStartingWith("web app '/' has");
    }

    @Test
    void aDenyAllConstraintNeedsNoRealm() throws Exception {
        app.addSecurityConstraint(SecurityConstraint.denyAll(WebResourceCollection.of("/closed/*")));
        okServlet();
        app.start();
        assertThat(get("/closed/a", null).status.get()).isEqualTo(403);
    }

    @Test
    void setServletSecurityCoversTheServletsPatternsButThoseOfTheDescriptor() throws Exception {
        app.addSecurityConstraint(SecurityConstraint.denyAll(WebResourceCollection.of("/both")));
        ServletRegistration.Dynamic admin = app.servletContext().addServlet("admin",
                TestServlets.servlet((req, res) -> res.getWriter().print("admin " + req.getRemoteUser())));
        admin.addMapping("/admin/*", "/both");
        Set<String> conflicts = admin.setServletSecurity(new ServletSecurityElement(
                new HttpConstraintElement(EmptyRoleSemantic.PERMIT, TransportGuarantee.NONE, "manager"),
                List.of(new HttpMethodConstraintElement("DELETE", new HttpConstraintElement(EmptyRoleSemantic.DENY)))));
        assertThat(conflicts).containsExactly("/both");
        app.setRealm(realm);
        okServlet();
        app.start();
        assertThat(get("/admin/x", null).status.get()).isEqualTo(401);
        FakeExchange ok = get("/admin/x", SecurityTestApps.basic("manager"));
        assertThat(ok.status.get()).isEqualTo(200);
        assertThat(ok.body()).isEqualTo("admin manager");
        assertThat(get("/admin/x", SecurityTestApps.basic("clerk")).status.get()).isEqualTo(403);
        FakeExchange delete = FakeExchange.get("/w/admin/x").method("DELETE")
                .header("Authorization", SecurityTestApps.basic("manager"));
        assertThat(send(delete).status.get()).isEqualTo(403);
        assertThat(get("/both", SecurityTestApps.basic("manager")).status.get()).as("the descriptor's deny")
                .isEqualTo(403);
    }

    @Test
    void isUserInRoleMapsThroughTheServletsRoleRefs() throws Exception {
        app.addSecurityRoleRef("refs", "boss", "manager");
        app.declareRoles("manager");
        app.setRealm(realm);
        app.servletContext().addServlet("refs", TestServlets.servlet((req, res) -> res.getWriter().print(
                req.isUserInRole("boss") + " " + req.isUserInRole("manager") + " " + req.isUserInRole("*") + " "
                + req.isUserInRole("**") + " " + req.isUserInRole("SALESCLERK")))).addMapping("/refs");
        app.servletContext().addServlet("plain", TestServlets.servlet((req, res) -> res.getWriter().print(
                req.isUserInRole("boss") + " " + req.isUserInRole("manager")))).addMapping("/plain");
        app.start();
        assertThat(get("/refs", SecurityTestApps.basic("manager")).body()).isEqualTo("true true false true false");
        assertThat(get("/plain", SecurityTestApps.basic("manager")).body()).isEqualTo("false true");
        assertThat(get("/refs", null).body()).isEqualTo("false false false false false");
    }

    @Test
    void loginDuringALockOutSaysSoRatherThanLoginFailed() throws Exception {
        app.setRealm(realm);
        app.servletContext().addServlet("login", TestServlets.servlet((req, res) -> {
            try {
                req.login("clerk", req.getParameter("pw"));
                res.getWriter().print("in");
            } catch (ServletException e) {
                res.getWriter().print(e.getMessage());
            }
        })).addMapping("/login");
        app.start();
        for (int i = 0; i < LoginThrottle.MAX_FAILURES; i++) {
            assertThat(get("/login?pw=guess", null).body()).isEqualTo("login failed");
        }
        int calls = realm.calls.get();
        assertThat(get("/login?pw=clerk-pw", null).body()).startsWith("login refused: too many failed logins from ")
                .endsWith("; try again in " + LoginThrottle.LOCKOUT_SECONDS + " s");
        assertThat(realm.calls.get()).as("the realm is not asked while locked out").isEqualTo(calls);
        clock.advanceSeconds(LoginThrottle.LOCKOUT_SECONDS + 1);
        assertThat(get("/login?pw=clerk-pw", null).body()).isEqualTo("in");
    }

    @Test
    void loginChangesTheSessionIdAndLogoutEndsIt() throws Exception {
        app.setRealm(realm);
        app.servletContext().addServlet("login", TestServlets.servlet((req, res) -> {
            String before = req.getSession().getId();
            try {
                req.login("clerk", "wrong");
                res.getWriter().print("accepted a wrong password");
                return;
            } catch (ServletException expected) {
                // refused
            }
            req.login("clerk", "clerk-pw");
            String after = req.getSession().getId();
            String again;
            try {
                req.login("clerk", "clerk-pw");
                again = "twice";
            } catch (ServletException expected) {
                again = "once";
            }
            res.getWriter().print(req.getRemoteUser() + " " + req.getAuthType() + " " + !before.equals(after) + " "
                    + again + " " + req.isUserInRole("SALESCLERK") + " " + req.getUserPrincipal().getName());
            req.logout();
            res.getWriter().print(" | " + req.getRemoteUser() + " " + req.getUserPrincipal() + " "
                    + req.isUserInRole("SALESCLERK"));
        })).addMapping("/login");
        app.start();
        FakeExchange fake = get("/login", null);
        assertThat(fake.body()).isEqualTo("clerk BASIC true once true clerk | null null false");
        verify(fake.exchange).setRemoteUser("clerk");
        verify(fake.exchange).setRemoteUser(null);
    }

    @Test
    void authenticateChallengesOrConfirms() throws Exception {
        app.setRealm(realm);
        app.servletContext().addServlet("auth", TestServlets.servlet((req, res) -> {
            if (req.authenticate(res)) {
                res.getWriter().print("hello " + req.getRemoteUser());
            }
        })).addMapping("/auth");
        app.start();
        FakeExchange challenged = get("/auth", null);
        assertThat(challenged.status.get()).isEqualTo(401);
        assertThat(challenged.responseFields.get("WWW-Authenticate")).isEqualTo("Basic realm=\"/w\", charset=\"UTF-8\"");
        assertThat(get("/auth", SecurityTestApps.basic("home")).body()).isEqualTo("hello home");
    }
}
