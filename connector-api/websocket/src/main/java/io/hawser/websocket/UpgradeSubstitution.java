package io.hawser.websocket;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpUpgradeHandler;
import java.io.IOException;
import org.glassfish.tyrus.servlet.TyrusHttpUpgradeHandler;

/**
 * In front of Tyrus's filter: a WebSocket handshake request ({@code Sec-WebSocket-Key}) is wrapped
 * so that Tyrus's {@code request.upgrade(TyrusHttpUpgradeHandler.class)} makes a
 * {@link HawserUpgradeHandler} instead (a subclass, so Tyrus sees no difference). Every other
 * request goes on unwrapped.
 */
final class UpgradeSubstitution implements Filter {
    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest req = (HttpServletRequest) request;
        chain.doFilter(req.getHeader("Sec-WebSocket-Key") == null ? request : new Substituting(req), response);
    }

    private static final class Substituting extends HttpServletRequestWrapper {
        Substituting(HttpServletRequest request) {
            super(request);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T extends HttpUpgradeHandler> T upgrade(Class<T> type) throws IOException, ServletException {
            if (type == TyrusHttpUpgradeHandler.class) {
                return (T) super.upgrade(HawserUpgradeHandler.class);
            }
            return super.upgrade(type);
        }
    }
}
