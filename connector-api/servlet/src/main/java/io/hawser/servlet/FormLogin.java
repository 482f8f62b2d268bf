package io.hawser.servlet;

import io.hawser.security.AuthenticatedUser;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.UnsupportedEncodingException;
import java.util.Map;

/**
 * FORM authentication (Servlet 6.1 §13.6.3). An unauthenticated request for a protected resource
 * is saved in the session (method, request-target and, for a POST, its parameters) and redirected
 * (302) to the {@code form-login-page}. A POST to {@code …/j_security_check} with
 * {@code j_username} and {@code j_password} (read as UTF-8 unless the request names its encoding)
 * is checked against the realm: on success the session id changes (against fixation), the user
 * is kept in the session and the client is sent (303 on HTTP/1.1, else 302) to the saved
 * request-target, or the context root when nothing was saved; on failure the
 * {@code form-error-page} is forwarded to (200). The follow-up GET of the saved request-target
 * is replayed with the saved method, parameters, {@code Content-Type} and body (a body over
 * {@link #MAX_SAVED_BODY} bytes, or of unknown length, is refused 413). The login and
 * error pages themselves never start the FORM flow.
 */
final class FormLogin {
    /** The action of the login form (§13.6.3.1). */
    static final String CHECK = "/j_security_check";
    /**
     * Largest POST body saved while its user signs in (Tomcat's {@code maxSavePostSize} default):
     * a bigger one, or one of unknown length, is refused 413 rather than held in the session of
     * a client nobody has authenticated yet.
     */
    static final int MAX_SAVED_BODY = 4096;

    /**
     * A request kept while its user signs in.
     *
     * @param method the original method
     * @param target the original path and query, raw, e.g. {@code /ctx/a?b=1}
     * @param parameters the original parameters for a POST, or {@code null}
     * @param contentType the original Content-Type of a POST, or {@code null}
     * @param body the original body of a POST (at most {@link #MAX_SAVED_BODY} bytes), or {@code null}
     */
    record SavedRequest(String method, String target, Map<String, String[]> parameters, String contentType,
                        byte[] body) {
    }

    private final AppSecurity security;
    private final String loginPage;
    private final String errorPage;

    /**
     * @param security the app's security
     * @param config the FORM login-config
     */
    FormLogin(AppSecurity security, LoginConfig config) {
        this.security = security;
        this.loginPage = config.loginPage();
        this.errorPage = config.errorPage();
    }

    /**
     * @param path the canonical context-relative path
     * @param method the request method
     * @return whether this is a login form submission
     */
    static boolean isCheck(String path, String method) {
        return "POST".equals(method) && path.endsWith(CHECK);
    }

    /** @return whether {@code path} is the login or error page, which the FORM flow never guards */
    boolean isLoginOrErrorPage(String path) {
        return path.equals(loginPage) || path.equals(errorPage);
    }

    /**
     * Saves the request and redirects to the login page.
     *
     * @param cycle the request
     * @throws BadRequestException 413 for a POST body over {@link #MAX_SAVED_BODY} bytes or of
     *     unknown length, 400 for a malformed form
     */
    void challenge(RequestCycle cycle) throws IOException {
        ServletRequestView request = cycle.request();
        byte[] body = null;
        Map<String, String[]> parameters = null;
        if ("POST".equals(request.getMethod())) {
            long length = request.getContentLengthLong();
            if (length > MAX_SAVED_BODY || (length < 0 && request.getHeader("Transfer-Encoding") != null)) {
                throw new BadRequestException(413, "a POST body over " + MAX_SAVED_BODY
                        + " bytes is not saved for the login; sign in first");
            }
            body = request.exchange().requestBody().readNBytes(MAX_SAVED_BODY);
            // The parameters are parsed from the saved copy, as the replayed request will see them.
            request.input().replaceBody(request.getContentType(), body);
            parameters = request.getParameterMap();
        }
        String target = target(cycle);
        Session session = request.sessions().get(true);
        session.savedRequest = new SavedRequest(request.getMethod(), target, parameters, request.getContentType(), body);
        cycle.response().sendRedirect(cycle.app().contextPath() + loginPage);
    }

    /**
     * Handles {@code j_security_check}.
     *
     * @param cycle the request
     */
    void check(RequestCycle cycle) throws IOException, ServletException {
        ServletRequestView request = cycle.request();
        String address = request.getRemoteAddr();
        if (security.answerLockedOut(cycle, address)) {
            return;
        }
        if (request.getCharacterEncoding() == null) {
            try {
                request.setCharacterEncoding("UTF-8");
            } catch (UnsupportedEncodingException e) {
                throw new IllegalStateException(e);
            }
        }
        String username = request.getParameter("j_username");
        String password = request.getParameter("j_password");
        AuthenticatedUser user = username == null || password == null ? null
                : security.authenticate(address, username, password);
        if (user == null) {
            RequestDispatcher error = request.getRequestDispatcher(errorPage);
            error.forward(request, cycle.response());
            return;
        }
        Session session = request.sessions().get(false);
        if (session != null) {
            request.changeSessionId();
        } else {
            session = request.sessions().get(true);
        }
        session.user = user;
        session.authType = HttpServletRequest.FORM_AUTH;
        request.auth().signedIn(user, HttpServletRequest.FORM_AUTH);
        SavedRequest saved = session.savedRequest;
        String location = saved != null ? saved.target() : cycle.app().contextPath() + "/";
        cycle.response().setStatus("HTTP/1.1".equals(request.getProtocol()) ? 303 : 302);
        cycle.response().setHeader("Location", location);
    }

    /**
     * @return the request's raw path and query with its leading slashes collapsed to one, so that
     *     a path like {@code //evil.example/x} can never become a protocol-relative redirect
     */
    static String target(RequestCycle cycle) {
        String path = cycle.exchange().path();
        int start = 0;
        while (start < path.length() - 1 && path.charAt(start) == '/' && path.charAt(start + 1) == '/') {
            start++;
        }
        String query = cycle.exchange().query();
        return path.substring(start) + (query == null ? "" : "?" + query);
    }

    /**
     * Restores the saved request when this is its follow-up: a GET of the saved request-target by
     * the session's signed-in user. The saved request is then forgotten.
     *
     * @param cycle the request
     */
    static void replayIfSaved(RequestCycle cycle) {
        ServletRequestView request = cycle.request();
        if (!"GET".equals(request.getMethod())) {
            return;
        }
        Session session = request.sessions().get(false);
        SavedRequest saved = session == null || session.user == null ? null : session.savedRequest;
        if (saved == null) {
            return;
        }
        String target = target(cycle);
        if (saved.target().equals(target)) {
            session.savedRequest = null;
            request.replayMethod(saved.method());
            if (saved.parameters() != null) {
                request.parameters().preset(saved.parameters());
            }
            if (saved.body() != null) {
                request.input().replaceBody(saved.contentType(), saved.body());
            }
        }
    }
}
