package io.hawser.servlet;

import io.hawser.api.TlsInfo;
import io.hawser.security.AuthenticatedUser;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.Principal;
import java.util.Map;

/**
 * Who one request's user is (Servlet 6.1 §13.3, §13.10): the user the session signed in (FORM or
 * {@code login}), else, with BASIC, the user of the {@code Authorization} field, with CLIENT-CERT
 * the user of the TLS client certificate ({@link io.hawser.api.TlsInfo#peerCertificates()}), looked
 * up once on first need (on an unconstrained path a malformed field just means no user). The
 * {@code HttpServletRequest} security methods are answered here. When a user is established the
 * exchange is told ({@code HttpExchange.setRemoteUser}, the access log's {@code %u}).
 *
 * <p>{@code run-as} ({@code ServletRegistration.setRunAsRole}) is accepted and reported by
 * {@code getRunAsRole}, but, as in Tomcat, it changes nothing the caller sees: there is no EJB
 * container to propagate an identity to, so {@code isUserInRole} answers for the caller.
 */
final class RequestAuth {
    private final RequestCycle cycle;
    private AuthenticatedUser user;
    private String authType;
    private boolean resolved;

    /** @param cycle the request */
    RequestAuth(RequestCycle cycle) {
        this.cycle = cycle;
    }

    private AppSecurity security() {
        return cycle.app().security();
    }

    /**
     * @param strict whether a malformed {@code Authorization} field is an error (a constrained
     *     path) rather than no user
     * @return the user, or {@code null}
     * @throws BadRequestException 400 (strict) for a malformed Basic field
     */
    AuthenticatedUser user(boolean strict) {
        if (!resolved) {
            resolved = true;
            Session session = cycle.request().sessions().get(false);
            if (session != null && session.user != null) {
                signedIn(session.user, session.authType);
            } else if (security() != null && security().authMethod().equals("BASIC") && security().hasRealm()) {
                basic(strict);
            } else if (security() != null && security().isClientCert()) {
                clientCert();
            }
        }
        return user;
    }

    /** Takes the session's signed-in user, if any, without looking at the {@code Authorization} field. */
    void fromSession() {
        if (!resolved) {
            Session session = cycle.request().sessions().get(false);
            if (session != null && session.user != null) {
                signedIn(session.user, session.authType);
            }
        }
    }

    private void basic(boolean strict) {
        BasicCredentials credentials;
        try {
            credentials = BasicCredentials.parse(cycle.exchange().requestFields().get("Authorization"));
        } catch (BadRequestException e) {
            if (strict) {
                throw e;
            }
            return;
        }
        if (credentials != null) {
            AuthenticatedUser found = security().authenticate(cycle.request().getRemoteAddr(),
                    credentials.username(), credentials.password());
            if (found != null) {
                signedIn(found, HttpServletRequest.BASIC_AUTH);
            }
        }
    }

    private void clientCert() {
        TlsInfo tls = cycle.exchange().tlsInfo();
        AuthenticatedUser found = tls == null ? null : security().authenticate(tls.peerCertificates());
        if (found != null) {
            signedIn(found, HttpServletRequest.CLIENT_CERT_AUTH);
        }
    }

    /** Makes {@code found} this request's user. */
    void signedIn(AuthenticatedUser found, String type) {
        resolved = true;
        user = found;
        authType = type;
        cycle.exchange().setRemoteUser(found.name());
    }

    /** @return {@code BASIC}, {@code FORM}, {@code CLIENT_CERT} or {@code null} ({@code getAuthType}) */
    String authType() {
        return user(false) == null ? null : authType;
    }

    /** @return the user's name, or {@code null} ({@code getRemoteUser}) */
    String remoteUser() {
        AuthenticatedUser u = user(false);
        return u == null ? null : u.name();
    }

    /** @return the user's principal, or {@code null} ({@code getUserPrincipal}) */
    Principal principal() {
        AuthenticatedUser u = user(false);
        return u == null ? null : u.principal();
    }

    /**
     * {@code isUserInRole} (§13.3): the name is first mapped through the current servlet's
     * security-role-refs; {@code *} never matches; {@code **} matches any authenticated user
     * unless the app declares a role named {@code **}.
     *
     * @param role the role name the code uses
     * @param servletName the servlet of the dispatch in progress, or {@code null}
     * @return whether the user is in that role
     */
    boolean isUserInRole(String role, String servletName) {
        AuthenticatedUser u = user(false);
        if (u == null || role == null || role.equals("*")) {
            return false;
        }
        Map<String, String> refs = servletName == null ? Map.of() : cycle.app().securityRoleRefs(servletName);
        String link = refs.getOrDefault(role, role);
        if (link.equals("**") && !cycle.app().declaredRoles().contains("**")) {
            return true;
        }
        return u.hasRole(link);
    }

    /**
     * {@code authenticate} (§13.10): true when a user is already established; else the
     * login-config's challenge is sent (CLIENT-CERT: 401) and false returned.
     *
     * @throws IllegalStateException when the response is committed
     * @throws ServletException when no realm is configured
     */
    boolean authenticate(HttpServletResponse response) throws IOException, ServletException {
        if (user(false) != null) {
            return true;
        }
        if (security() == null || !security().hasRealm()) {
            throw new ServletException("no realm is configured to authenticate against (WebApp.setRealm)");
        }
        if (response.isCommitted()) {
            throw new IllegalStateException("cannot authenticate: the response is committed");
        }
        if (security().authMethod().equals("BASIC")) {
            response.setHeader("WWW-Authenticate", BasicCredentials.challenge(security().realmName()));
            response.sendError(401);
        } else {
            security().challenge(cycle);
        }
        return false;
    }

    /**
     * {@code login} (§13.10): checks the credentials against the realm (counted by the throttle);
     * on success the user is this request's, and, when a session exists, its id changes and the
     * session keeps the user. {@code getAuthType} then reports the login-config's method, as Tomcat.
     *
     * @throws ServletException when a user is already established, no realm is configured, or the
     *     credentials are refused
     */
    void login(String username, String password) throws ServletException {
        if (user(false) != null) {
            throw new ServletException("a user is already authenticated on this request");
        }
        if (security() == null || !security().hasRealm()) {
            throw new ServletException("no realm is configured to log in against (WebApp.setRealm)");
        }
        if (username == null || password == null) {
            throw new ServletException("login failed");
        }
        String address = cycle.request().getRemoteAddr();
        long locked = security().lockedFor(address);
        if (locked > 0) {
            // told apart from a wrong password, so an app can answer 429 rather than ask again
            throw new ServletException("login refused: too many failed logins from " + address
                    + "; try again in " + locked + " s");
        }
        AuthenticatedUser found = security().authenticate(address, username, password);
        if (found == null) {
            throw new ServletException("login failed");
        }
        String type = security().authMethod().equals("FORM") ? HttpServletRequest.FORM_AUTH
                : security().isClientCert() ? HttpServletRequest.CLIENT_CERT_AUTH : HttpServletRequest.BASIC_AUTH;
        Session session = cycle.request().sessions().get(false);
        if (session != null) {
            cycle.request().changeSessionId();
            session.user = found;
            session.authType = type;
        }
        signedIn(found, type);
    }

    /** {@code logout} (§13.10): no user on this request, nor in its session. */
    void logout() {
        resolved = true;
        user = null;
        authType = null;
        Session session = cycle.request().sessions().get(false);
        if (session != null) {
            session.user = null;
            session.authType = null;
            session.savedRequest = null;
        }
        cycle.exchange().setRemoteUser(null);
    }
}
