package io.hawser.websocket;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import java.util.Set;

/**
 * Refuses a WebSocket handshake (a request with {@code Sec-WebSocket-Key}) whose {@code Origin} is
 * not allowed, with 403 (RFC 6455 §4.2.2 item 4, §10.2): a page of another site cannot open a
 * socket with the user's cookies. A handshake without {@code Origin} (no browser) and every other
 * request go on.
 */
final class OriginCheck implements Filter {
    private final Set<String> allowed;

    /** @param allowed the allowed origins, lower case */
    OriginCheck(Set<String> allowed) {
        this.allowed = allowed;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest req = (HttpServletRequest) request;
        String origin = req.getHeader("Origin");
        if (req.getHeader("Sec-WebSocket-Key") != null && origin != null
                && !allowed.contains(origin.toLowerCase(Locale.ROOT))) {
            ((HttpServletResponse) response).sendError(HttpServletResponse.SC_FORBIDDEN, "origin not allowed: " + origin);
            return;
        }
        chain.doFilter(request, response);
    }
}
