package io.hawser.websocket;

import io.hawser.servlet.WebApp;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.websocket.server.ServerContainer;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.glassfish.tyrus.servlet.TyrusServletContainerInitializer;

/**
 * Jakarta WebSocket 2.2 for a web app: Eclipse Tyrus's servlet container, which runs its
 * handshake in a filter and then {@code request.upgrade}s the connection (Hawser's servlet upgrade,
 * {@link io.hawser.api.HttpExchange#upgrade}), with Hawser's {@link HawserUpgradeHandler} in place
 * of Tyrus's own (unmasked client frames refused with 1002, 1001 on graceful stop). Embedding:
 *
 * <pre>{@code
 * WebApp app = WebApp.create("", null, loader);
 * ServerContainer ws = WebSockets.install(app, WebSocketOptions.defaults(), ChatEndpoint.class);
 * ws.addEndpoint(ServerEndpointConfig.Builder.create(Echo.class, "/echo").build());   // before app.start()
 * app.start();
 * }</pre>
 *
 * <p>Deployed WARs get the same from the deployer ({@link TyrusWebSocketSupport}), with the options
 * of their context parameters ({@link WebSocketOptions#fromContext}).
 */
public final class WebSockets {
    /** The name of the filter that refuses handshakes from origins not allowed. */
    static final String ORIGIN_FILTER = "hawser-websocket-origin";
    /** The name of the filter that has Tyrus's upgrades made by {@link HawserUpgradeHandler}. */
    static final String UPGRADE_FILTER = "hawser-websocket-upgrade";

    private WebSockets() {
    }

    /**
     * Sets Jakarta WebSocket up for {@code app}, which must not be started yet: deploys
     * {@code endpoints} and puts the {@link ServerContainer} in the context attribute
     * {@code jakarta.websocket.server.ServerContainer} (Jakarta WebSocket 2.2 §6.4), where code
     * (a {@code ServletContextListener}, or the caller before {@code app.start()}) can add more.
     *
     * @param app the web app, not started
     * @param options the limits and checks
     * @param endpoints classes with {@code @ServerEndpoint}, {@code ServerApplicationConfig}s, or
     *     {@code Endpoint}s (these are deployed through a {@code ServerApplicationConfig}); may be none
     * @return the app's server container
     * @throws ServletException when Tyrus refuses an endpoint
     */
    public static ServerContainer install(WebApp app, WebSocketOptions options, Class<?>... endpoints)
            throws ServletException {
        return install(app.servletContext(), Set.of(endpoints), options);
    }

    /**
     * As {@link #install(WebApp, WebSocketOptions, Class[])}, on a context.
     *
     * @param context the web app's context, not started
     * @param classes the endpoint classes, may be empty
     * @param options the limits and checks
     * @return the app's server container
     * @throws ServletException when Tyrus refuses an endpoint
     */
    static ServerContainer install(ServletContext context, Set<Class<?>> classes, WebSocketOptions options)
            throws ServletException {
        context.setInitParameter(org.glassfish.tyrus.servlet.TyrusHttpUpgradeHandler.FRAME_BUFFER_SIZE,
                Integer.toString(options.maxFrameSize() + 14)); // payload + the largest frame header (RFC 6455 §5.2)
        if (!options.allowedOrigins().isEmpty()) {
            FilterRegistration.Dynamic origin = context.addFilter(ORIGIN_FILTER, new OriginCheck(options.allowedOrigins()));
            origin.setAsyncSupported(true);
            origin.addMappingForUrlPatterns(null, true, "/*"); // before Tyrus's filter, added after it
        }
        FilterRegistration.Dynamic upgrade = context.addFilter(UPGRADE_FILTER, new UpgradeSubstitution());
        upgrade.setAsyncSupported(true);
        upgrade.addMappingForUrlPatterns(null, true, "/*"); // before Tyrus's filter, added after it
        Set<Class<?>> handed = new LinkedHashSet<>(classes);
        if (handed.isEmpty()) {
            // Tyrus's initializer does nothing for an empty set; with its own configuration class (which it
            // filters out) it still makes the container, for endpoints added in code.
            handed.add(org.glassfish.tyrus.server.TyrusServerConfiguration.class);
        }
        new TyrusServletContainerInitializer().onStartup(handed, context);
        ServerContainer container = (ServerContainer) context.getAttribute(ServerContainer.class.getName());
        container.setDefaultMaxTextMessageBufferSize(options.maxMessageSize());
        container.setDefaultMaxBinaryMessageBufferSize(options.maxMessageSize());
        container.setDefaultMaxSessionIdleTimeout(options.idleTimeout().toMillis());
        return container;
    }

    /** @return the annotations and supertypes whose classes are WebSocket classes, by name */
    static List<String> handledTypes() {
        return List.of("jakarta.websocket.server.ServerEndpoint", "jakarta.websocket.server.ServerApplicationConfig",
                "jakarta.websocket.Endpoint");
    }
}
