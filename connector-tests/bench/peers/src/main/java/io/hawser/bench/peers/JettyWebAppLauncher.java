package io.hawser.bench.peers;

import java.nio.file.Path;
import org.eclipse.jetty.ee11.webapp.WebAppContext;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Jetty 12.1 embedded deploying a WAR the way a Jetty user does: {@code new Server()}, one
 * {@link ServerConnector}, and an ee11 {@link WebAppContext} on the WAR at context path {@code /}
 * with Jetty's default configurations (web.xml, fragments, and {@code @WebServlet} annotation scanning
 * through {@code jetty-ee11-annotations} on the class path); Jetty unpacks the WAR into a fresh
 * temporary folder. Unlike {@link JettyLauncher} nothing is installed by hand: this is what the
 * {@code startup} workload times from JVM start to the first {@code 200}.
 * Usage: {@code JettyWebAppLauncher PORT WAR}.
 */
public final class JettyWebAppLauncher {
    public static void main(String[] args) throws Exception {
        int port = WebApp.port(args);
        String war = WebApp.war(args);
        if (war == null) {
            throw new IllegalArgumentException("usage: JettyWebAppLauncher PORT WAR");
        }
        Server server = new Server();
        ServerConnector connector = connector(server, port);
        WebAppContext context = new WebAppContext();
        context.setContextPath("/");
        context.setWar(Path.of(war).toAbsolutePath().toString());
        server.setHandler(context);
        server.start();
        System.out.println("jetty " + Server.getVersion() + " WebAppContext listening on http://" + WebApp.host() + ":"
                + connector.getLocalPort() + "/ " + war);
        System.out.flush();
        server.join();
    }

    /** @return a default {@link ServerConnector} on {@link WebApp#host()}:{@code port}, added to {@code server} */
    static ServerConnector connector(Server server, int port) {
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(WebApp.host());
        connector.setPort(port);
        server.addConnector(connector);
        return connector;
    }

    private JettyWebAppLauncher() {}
}
