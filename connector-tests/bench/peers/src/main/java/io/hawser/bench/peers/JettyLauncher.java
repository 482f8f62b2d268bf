package io.hawser.bench.peers;

import java.nio.file.Path;
import org.eclipse.jetty.ee11.servlet.DefaultServlet;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.ee11.servlet.ServletMapping;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.server.handler.ContextHandlerCollection;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * Jetty 12.1 (ee11, Servlet 6.1) with its defaults: {@code new Server()} (QueuedThreadPool), one
 * {@link ServerConnector} with the default {@code HttpConfiguration}, a servlet context without
 * sessions or security. Usage: {@code JettyLauncher PORT [WAR]} (see {@link WebApp}).
 *
 * <p>With {@code -Dbench.tls.port} (see {@link Tls}) a second {@link ServerConnector} speaks HTTPS:
 * {@code SslConnectionFactory} (no ALPN, HTTP/1.1 only) in front of an {@code HttpConnectionFactory}
 * whose configuration adds the {@code SecureRequestCustomizer}. Its {@code SslContextFactory.Server} is
 * given the JDK's default protocols and cipher suites, and Jetty's own exclusion lists are emptied,
 * so that it enables exactly what the JDK and the other servers enable.
 *
 * <p>With {@code -Dbench.static.dir} (see {@link StaticFiles}) a second servlet context at
 * {@code /static} serves that folder through Jetty's own {@code DefaultServlet} with its defaults.
 */
public final class JettyLauncher {
    public static void main(String[] args) throws Exception {
        int port = WebApp.port(args);
        WebApp app = WebApp.load(WebApp.war(args));

        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(WebApp.host());
        connector.setPort(port);
        server.addConnector(connector);
        Tls tls = Tls.fromSystemProperties();
        if (tls != null) {
            server.addConnector(https(server, tls));
        }

        ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
        context.setContextPath("/");
        context.setClassLoader(app.loader());
        ServletHandler handler = context.getServletHandler();
        for (WebApp.ServletDef d : app.servlets()) {
            ServletHolder holder = new ServletHolder(d.name(), d.type());
            holder.setAsyncSupported(d.async());
            if (d.loadOnStartup() >= 0) {
                holder.setInitOrder(d.loadOnStartup());
            }
            holder.setInitParameters(d.initParams());
            handler.addServlet(holder);
            if (!d.patterns().isEmpty()) {
                ServletMapping mapping = new ServletMapping();
                mapping.setServletName(d.name());
                mapping.setPathSpecs(d.patterns().toArray(String[]::new));
                handler.addServletMapping(mapping);
            }
        }
        Path staticDir = StaticFiles.dir();
        if (staticDir == null) {
            server.setHandler(context);
        } else {
            ServletContextHandler files = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
            files.setContextPath(StaticFiles.CONTEXT_PATH);
            files.setBaseResourceAsPath(staticDir);
            files.addServlet(new ServletHolder("default", DefaultServlet.class), "/");
            server.setHandler(new ContextHandlerCollection(files, context));
        }
        server.start();
        if (staticDir != null) {
            StaticFiles.print("jetty", staticDir, "org.eclipse.jetty.ee11.servlet.DefaultServlet, defaults");
        }
        app.print("jetty " + Server.getVersion(), WebApp.host(), connector.getLocalPort());
        if (tls != null) {
            tls.print("jetty " + Server.getVersion(), WebApp.host());
        }
        server.join();
    }

    private static ServerConnector https(Server server, Tls tls) {
        SslContextFactory.Server ssl = new SslContextFactory.Server();
        ssl.setKeyStorePath(tls.keystore().toString());
        ssl.setKeyStoreType("PKCS12");
        ssl.setKeyStorePassword(tls.password());
        ssl.setExcludeProtocols();
        ssl.setIncludeProtocols(Tls.protocols().toArray(String[]::new));
        ssl.setExcludeCipherSuites();
        ssl.setIncludeCipherSuites(Tls.cipherSuites().toArray(String[]::new));
        HttpConfiguration config = new HttpConfiguration();
        config.setSecureScheme("https");
        config.setSecurePort(tls.port());
        config.addCustomizer(new SecureRequestCustomizer());
        ServerConnector https = new ServerConnector(server, new SslConnectionFactory(ssl, "http/1.1"),
                new HttpConnectionFactory(config));
        https.setHost(WebApp.host());
        https.setPort(tls.port());
        return https;
    }

    private JettyLauncher() {}
}
