package io.hawser.bench.peers;

import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.ee11.servlet.ServletMapping;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Jetty 12.1 (ee11, Servlet 6.1) with its defaults: {@code new Server()} (QueuedThreadPool), one
 * {@link ServerConnector} with the default {@code HttpConfiguration}, a servlet context without
 * sessions or security. Usage: {@code JettyLauncher PORT [WAR]} (see {@link WebApp}).
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
        server.setHandler(context);
        server.start();
        app.print("jetty " + Server.getVersion(), WebApp.host(), connector.getLocalPort());
        server.join();
    }

    private JettyLauncher() {}
}
