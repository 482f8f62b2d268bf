package io.hawser.bench.peers;

import org.eclipse.jetty.compression.gzip.GzipCompression;
import org.eclipse.jetty.compression.server.CompressionHandler;
import org.eclipse.jetty.ee11.servlet.DefaultServlet;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.resource.ResourceFactory;

/**
 * Jetty 12.1 serving the files of a directory with its ee11 {@code DefaultServlet}, behind its
 * {@code CompressionHandler} with gzip ({@code GzipCompression}, defaults otherwise), for
 * {@code compression.sh}. Usage: {@code JettyCompressionLauncher PORT DIR}; binds 127.0.0.1.
 */
public final class JettyCompressionLauncher {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);

        ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
        context.setContextPath("/");
        context.setBaseResource(ResourceFactory.of(server).newResource(java.nio.file.Path.of(args[1])));
        context.addServlet(new ServletHolder("default", DefaultServlet.class), "/");

        CompressionHandler compression = new CompressionHandler();
        compression.putCompression(new GzipCompression());
        compression.setHandler(context);
        server.setHandler(compression);
        server.start();
        System.out.println("jetty " + Server.getVersion() + " with CompressionHandler listening on http://127.0.0.1:"
                + connector.getLocalPort() + "/");
        server.join();
    }

    private JettyCompressionLauncher() {}
}
