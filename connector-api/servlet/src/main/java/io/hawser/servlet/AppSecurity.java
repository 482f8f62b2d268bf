package io.hawser.servlet;

import io.hawser.security.AuthenticatedUser;
import io.hawser.security.CertificateRealm;
import io.hawser.security.Realm;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The security of one started web app (Servlet 6.1 §13): its compiled constraints, how users
 * authenticate (BASIC by default, FORM or CLIENT-CERT when configured), its realm and its login throttle.
 * {@link #admit} runs on the REQUEST dispatch only, after {@code requestInitialized} and before
 * any filter, on the canonical context-relative path: a denied request gets 403; one that needs a
 * confidential transport and is not secure a 302 to {@code https://host:confidentialPort} with the
 * same request-target, or 403 without a confidential port; one that needs a user and has none
 * the challenge (BASIC: 401 with {@code WWW-Authenticate}; FORM: the login page; CLIENT-CERT: 401
 * without a challenge field, as Tomcat's {@code SSLAuthenticator}, for no certificate or one
 * naming no user of the realm); a user without
 * a permitted role 403. Error pages of the app apply to these statuses. Immutable after start.
 */
final class AppSecurity {
    private static final Logger LOG = System.getLogger(AppSecurity.class.getName());

    private final WebApp app;
    private final ConstraintMap constraints;
    private final Realm realm;
    private final String realmName;
    private final String authMethod;
    private final FormLogin form;
    private final LoginThrottle throttle;
    /** Whether there is anything to check: a constraint or a FORM login. */
    private final boolean active;

    private AppSecurity(WebApp app, ConstraintMap constraints, LoginConfig login) {
        this.app = app;
        this.constraints = constraints;
        this.realm = app.realm();
        LoginConfig config = login != null ? login : LoginConfig.basic(null);
        this.authMethod = config.authMethod();
        this.realmName = config.realmName() != null ? config.realmName()
                : app.contextPath().isEmpty() ? "Hawser" : app.contextPath();
        this.form = authMethod.equals("FORM") ? new FormLogin(this, config) : null;
        this.throttle = new LoginThrottle(app.sessions().clock(), app.contextPath());
        this.active = !constraints.isEmpty() || form != null;
    }

    /**
     * Compiles the app's security at start, after the context listeners (which may still add
     * constraints or call {@code setServletSecurity}).
     *
     * @param app the starting app
     * @param servletElements servlet-level constraints, already over their url-patterns
     * @return the security
     * @throws ServletException when an auth-constraint or a login-config has no realm to check
     *     users against, or a url-pattern is invalid
     */
    static AppSecurity start(WebApp app, List<SecurityConstraint> servletElements) throws ServletException {
        checkClientCert(app);
        List<SecurityConstraint> all = new ArrayList<>(app.securityConstraints());
        all.addAll(servletElements);
        boolean needsUsers = app.loginConfig() != null;
        for (SecurityConstraint c : all) {
            needsUsers |= c.roles() != null && !c.roles().isEmpty();
        }
        String name = app.contextPath().isEmpty() ? "/" : app.contextPath();
        if (needsUsers && app.realm() == null) {
            throw new ServletException("web app '" + name + "' has security constraints with roles or a login-config"
                    + " but no realm: call WebApp.setRealm; the launcher takes --realm FILE or --jaas-config FILE"
                    + " --jaas-entry NAME");
        }
        ConstraintMap map;
        try {
            map = all.isEmpty() ? ConstraintMap.EMPTY
                    : ConstraintMap.compile(all, Set.copyOf(app.declaredRoles()), app.denyUncoveredHttpMethods());
        } catch (IllegalArgumentException e) {
            throw new ServletException("web app '" + name + "': security-constraint: " + e.getMessage(), e);
        }
        if (!app.denyUncoveredHttpMethods() && !map.uncovered().isEmpty()) {
            StringBuilder s = new StringBuilder("web app '").append(name).append("': HTTP methods uncovered by the"
                    + " security constraints are served unconstrained (Servlet 6.1 §13.8.4; set deny-uncovered-http-methods"
                    + " to refuse them):");
            String separator = " ";
            for (Map.Entry<String, String> e : map.uncovered().entrySet()) {
                s.append(separator).append(e.getKey().isEmpty() ? "\"\"" : e.getKey()).append(": ").append(e.getValue());
                separator = "; ";
            }
            LOG.log(Level.WARNING, s.toString());
        }
        return new AppSecurity(app, map, app.loginConfig());
    }

    /** @throws ServletException when a CLIENT-CERT app's realm cannot map certificates to users */
    private static void checkClientCert(WebApp app) throws ServletException {
        LoginConfig login = app.loginConfig();
        if (login != null && login.authMethod().equals(LoginConfig.CLIENT_CERT) && app.realm() != null
                && !(app.realm() instanceof CertificateRealm)) {
            throw new ServletException("web app '" + (app.contextPath().isEmpty() ? "/" : app.contextPath())
                    + "': CLIENT-CERT login needs a realm that maps client certificates to users"
                    + " (io.hawser.security.CertificateRealm, e.g. --realm FILE); " + app.realm().getClass().getName()
                    + " does not");
        }
    }

    /**
     * The servlet-level patterns of a servlet: its mappings no descriptor constraint names.
     *
     * @param app the app
     * @param mappings the servlet's url-patterns
     * @return those a descriptor constraint names (the conflicts {@code setServletSecurity} returns)
     */
    static Set<String> descriptorPatterns(WebApp app, Iterable<String> mappings) {
        Set<String> named = new HashSet<>();
        for (SecurityConstraint c : app.securityConstraints()) {
            for (WebResourceCollection wrc : c.collections()) {
                named.addAll(wrc.urlPatterns());
            }
        }
        Set<String> conflicts = new java.util.LinkedHashSet<>();
        for (String m : mappings) {
            if (named.contains(m)) {
                conflicts.add(m);
            }
        }
        return conflicts;
    }

    /**
     * Checks a REQUEST dispatch (see the class comment) and answers it when it may not go on.
     *
     * @param cycle the request
     * @param path the canonical context-relative path
     * @return whether the request may go on to its filters and servlet
     * @throws BadRequestException 400 for a malformed {@code Authorization} field, 400/413 for a
     *     FORM-saved POST whose form is malformed or too large
     */
    boolean admit(RequestCycle cycle, String path) throws IOException, ServletException {
        if (!active) {
            // Nothing to enforce: the request pays for no session or cookie lookup here (a user of
            // login() is still found in the session when the application asks).
            return true;
        }
        ServletRequestView request = cycle.request();
        if (request.getRequestedSessionId() != null) {
            // A user signed in to the session is the request's from the start (getRemoteUser, %u),
            // constrained or not, as Tomcat's session-cached principal.
            request.auth().fromSession();
        }
        if (form != null) {
            if (FormLogin.isCheck(path, request.getMethod())) {
                form.check(cycle);
                return false;
            }
            FormLogin.replayIfSaved(cycle);
        }
        AccessRule rule = constraints.match(path, request.getMethod());
        if (rule == null) {
            return true;
        }
        if (rule.denied()) {
            error(cycle, 403);
            return false;
        }
        if (rule.confidential() && !request.isSecure()) {
            toConfidential(cycle);
            return false;
        }
        if (!rule.needsAuthentication()) {
            return true;
        }
        AuthenticatedUser user = request.auth().user(true);
        if (user == null) {
            if (form != null && form.isLoginOrErrorPage(path)) {
                return true;
            }
            if (!answerLockedOut(cycle, request.getRemoteAddr())) {
                challenge(cycle);
            }
            return false;
        }
        if (!rule.permits(user)) {
            error(cycle, 403);
            return false;
        }
        return true;
    }

    /**
     * Sends the challenge of the login-config: BASIC 401 with {@code WWW-Authenticate}, FORM the
     * login page, CLIENT-CERT a bare 401 (a client certificate is asked for in the handshake, not here).
     */
    void challenge(RequestCycle cycle) throws IOException {
        if (form != null) {
            form.challenge(cycle);
            return;
        }
        if (isClientCert()) {
            error(cycle, 401);
            return;
        }
        cycle.exchange().responseFields().set("WWW-Authenticate", BasicCredentials.challenge(realmName));
        error(cycle, 401);
    }

    /**
     * @return whether the address is locked out, in which case it has been answered 429 with
     *     {@code Retry-After}
     */
    boolean answerLockedOut(RequestCycle cycle, String address) {
        long seconds = throttle.lockedFor(address);
        if (seconds == 0) {
            return false;
        }
        cycle.exchange().responseFields().set("Retry-After", Long.toString(seconds));
        error(cycle, 429);
        return true;
    }

    /**
     * @param address a client address
     * @return seconds until that address may try to log in again ({@link LoginThrottle}), 0 when it may now
     */
    long lockedFor(String address) {
        return throttle.lockedFor(address);
    }

    /**
     * Checks credentials against the realm, counting failures per address; a locked-out address
     * is refused without asking the realm.
     *
     * @return the user, or {@code null}
     * @throws IllegalStateException when no realm is configured
     */
    AuthenticatedUser authenticate(String address, String username, String password) {
        if (realm == null) {
            throw new IllegalStateException("no realm is configured (WebApp.setRealm)");
        }
        if (throttle.lockedFor(address) > 0) {
            return null;
        }
        AuthenticatedUser user = realm.authenticate(username, password);
        if (user == null) {
            throttle.failed(address, username);
        } else {
            throttle.succeeded(address);
        }
        return user;
    }

    /**
     * CLIENT-CERT (Servlet 6.1 §13.6.4): the user the realm knows by the name in the leaf's subject
     * ({@link WebApp#certificateUserName()}); the chain was verified by the TLS handshake.
     *
     * @param chain the client's chain, leaf first
     * @return the user, or {@code null} when the subject names none or the realm knows no such user
     */
    AuthenticatedUser authenticate(X509Certificate[] chain) {
        if (!(realm instanceof CertificateRealm certificates) || chain == null || chain.length == 0) {
            return null;
        }
        String name = app.certificateUserName().of(chain[0]);
        return name == null ? null : certificates.authenticateCertificate(name, chain);
    }

    /** @return whether users log in with a TLS client certificate */
    boolean isClientCert() {
        return authMethod.equals(LoginConfig.CLIENT_CERT);
    }

    /** @return {@code BASIC}, {@code FORM} or {@code CLIENT-CERT} */
    String authMethod() {
        return authMethod;
    }

    /** @return the realm name of the BASIC challenge */
    String realmName() {
        return realmName;
    }

    /** @return whether a realm is configured */
    boolean hasRealm() {
        return realm != null;
    }

    /** @return the compiled constraints */
    ConstraintMap constraints() {
        return constraints;
    }

    private void toConfidential(RequestCycle cycle) {
        int port = app.confidentialPort();
        if (port <= 0) {
            error(cycle, 403);
            return;
        }
        String host = cycle.request().getServerName();
        if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        String query = cycle.exchange().query();
        cycle.response().setStatus(302);
        cycle.response().setHeader("Location", "https://" + host + (port == 443 ? "" : ":" + port)
                + cycle.exchange().path() + (query == null ? "" : "?" + query));
    }

    private static void error(RequestCycle cycle, int status) {
        ErrorHandler.errorPage(cycle, status, null, null, cycle.request().getHttpServletMapping().getServletName());
    }
}
