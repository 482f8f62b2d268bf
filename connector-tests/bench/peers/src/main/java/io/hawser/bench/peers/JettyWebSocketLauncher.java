package io.hawser.bench.peers;

import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.websocket.jakarta.server.config.JakartaWebSocketServletContainerInitializer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Jetty 12.1 (ee11) with its Jakarta WebSocket 2.2 server and defaults, serving {@link WsEcho} at
 * {@code /echo}. Usage: {@code JettyWebSocketLauncher PORT}; prints {@code listening on PORT}.
 */
public final class JettyWebSocketLauncher {
    public static void main(String[] args) throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(Integer.parseInt(args[0]));
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
        context.setContextPath("/");
        JakartaWebSocketServletContainerInitializer.configure(context, (servletContext, container) ->
                container.addEndpoint(WsEcho.class));
        server.setHandler(context);
        server.start();
        System.out.println("listening on " + connector.getLocalPort());
        server.join();
    }

    private JettyWebSocketLauncher() {}
}
