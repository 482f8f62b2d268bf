package io.hawser.deploy;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * Jakarta WebSocket 2.2 for deployed web apps, found with {@link ServiceLoader} on the server's
 * class path: the {@code io.hawser:hawser-websocket} module provides one (Eclipse Tyrus on the
 * servlet upgrade). Without one, a web app with WebSocket endpoints is refused (fail closed,
 * {@link DeploymentFeatures#NO_WEBSOCKET}).
 *
 * <p>The deployer calls {@link #install} once per web app whose scan finds classes of
 * {@link #handledTypes()}, after web.xml and the annotations are registered and before the app's
 * own {@code ServletContainerInitializer}s run; the app's loader is the thread's context class loader.
 */
public interface WebSocketSupport {
    /**
     * @return package prefixes ({@code "jakarta.websocket."}) whose classes, and whose
     *     {@code META-INF/services} files, the web app's loader takes from the server first: the
     *     WebSocket API (so an app's {@code @ServerEndpoint} is the implementation's) and the implementation
     */
    List<String> containerPackages();

    /**
     * @return the fully qualified names of the annotations and supertypes that make a class a
     *     WebSocket class ({@code jakarta.websocket.server.ServerEndpoint}, ...): the scan hands their
     *     classes to {@link #install}
     */
    List<String> handledTypes();

    /**
     * Deploys the app's endpoints and sets the {@code jakarta.websocket.server.ServerContainer}
     * context attribute.
     *
     * @param context the web app's context, not yet started
     * @param classes the app's classes of {@link #handledTypes()}, loaded by its loader; never empty
     * @throws ServletException when the implementation cannot start for this app
     */
    void install(ServletContext context, Set<Class<?>> classes) throws ServletException;

    /**
     * @param server the server's class loader
     * @return the first WebSocket implementation on its class path, or {@code null} when there is none
     */
    static WebSocketSupport find(ClassLoader server) {
        Iterator<WebSocketSupport> it = ServiceLoader.load(WebSocketSupport.class, server).iterator();
        return it.hasNext() ? it.next() : null;
    }
}
