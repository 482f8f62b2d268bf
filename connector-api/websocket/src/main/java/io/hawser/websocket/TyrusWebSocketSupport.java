package io.hawser.websocket;

import io.hawser.deploy.WebSocketSupport;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import java.util.List;
import java.util.Set;

/**
 * The deployer's {@link WebSocketSupport} (found with {@code ServiceLoader}): a WAR's WebSocket
 * classes deployed by Tyrus ({@link WebSockets}) with the options of its context parameters.
 */
public final class TyrusWebSocketSupport implements WebSocketSupport {
    /** Made by {@code ServiceLoader}. */
    public TyrusWebSocketSupport() {
    }

    @Override
    public List<String> containerPackages() {
        return List.of("jakarta.websocket.", "org.glassfish.tyrus.");
    }

    @Override
    public List<String> handledTypes() {
        return WebSockets.handledTypes();
    }

    /** @throws ServletException also for a context parameter of {@link WebSocketOptions} that cannot be read */
    @Override
    public void install(ServletContext context, Set<Class<?>> classes) throws ServletException {
        WebSocketOptions options;
        try {
            options = WebSocketOptions.fromContext(context);
        } catch (IllegalArgumentException e) {
            throw new ServletException("WebSocket context parameters: " + e.getMessage(), e);
        }
        WebSockets.install(context, classes, options);
    }
}
