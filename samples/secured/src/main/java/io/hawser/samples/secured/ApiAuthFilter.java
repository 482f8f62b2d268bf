package io.hawser.samples.secured;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * HTTP BASIC (RFC 7617) for {@code /api/*}, done by the app: a web app has one login-config (FORM
 * here, for the pages), so the API checks {@code Authorization: Basic} itself and signs the user in
 * with {@code request.login(name, password)}, which asks the container's realm. No or wrong
 * credentials get 401 with a challenge; a user without role {@code api} gets 403. A user already
 * signed in through the login form is taken as they are.
 */
@WebFilter(filterName = "api-auth", urlPatterns = "/api/*")
public class ApiAuthFilter extends HttpFilter {
    private static final long serialVersionUID = 1L;
    /** The challenge: realm and the charset the credentials are read in (RFC 7617 §2.1). */
    static final String CHALLENGE = "Basic realm=\"secured-api\", charset=\"UTF-8\"";

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request.getUserPrincipal() == null && !login(request)) {
            response.setHeader("WWW-Authenticate", CHALLENGE);
            response.sendError(HttpServletResponse.SC_UNAUTHORIZED);
            return;
        }
        if (!request.isUserInRole("api")) {
            response.sendError(HttpServletResponse.SC_FORBIDDEN);
            return;
        }
        chain.doFilter(request, response);
    }

    /** @return whether the request's BASIC credentials signed a user in */
    private static boolean login(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        if (header == null || header.length() < 6 || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            return false;
        }
        String credentials;
        try {
            credentials = new String(Base64.getDecoder().decode(header.substring(6).trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return false;
        }
        int colon = credentials.indexOf(':');
        if (colon < 0) {
            return false;
        }
        try {
            request.login(credentials.substring(0, colon), credentials.substring(colon + 1));
            return true;
        } catch (ServletException e) {
            return false;
        }
    }
}
