package io.hawser.bench.peers;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.util.ServerInfo;

/**
 * Embedded Tomcat 11 (Servlet 6.1) with its defaults: one {@code HTTP/1.1} connector
 * ({@code Http11NioProtocol}, the protocol handler's own executor), one context at {@code ""}.
 * Usage: {@code TomcatLauncher PORT [WAR]} (see {@link WebApp}).
 *
 * <p>Two deliberate changes, so that Tomcat is measured on the same terms as the others:
 * <ul>
 *   <li>{@code maxKeepAliveRequests=-1} (unlimited), as Jetty, Undertow and Hawser keep a connection
 *       open for any number of requests. Tomcat's own default, 100, closes each connection after its
 *       100th response; under keep-alive and pipelining the benchmark would then measure reconnects
 *       (and, pipelined, the requests already sent behind the 100th are thrown away and sent again)
 *       instead of the connector. Restore with {@code -Dbench.tomcat.maxKeepAliveRequests=100}.
 *   <li>{@code maxConnections=-1} (not counted). Tomcat's default, 8192, is below the 10,000 idle
 *       connections of the idle workload: the rest would wait unserved in the accept queue and the
 *       test would measure that queue. Restore with {@code -Dbench.tomcat.maxConnections=8192}.
 * </ul>
 */
public final class TomcatLauncher {
    public static void main(String[] args) throws Exception {
        int port = WebApp.port(args);
        WebApp app = WebApp.load(WebApp.war(args));

        Path base = Files.createTempDirectory("hawser-bench-tomcat");
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(port);
        connector.setProperty("address", WebApp.host());
        connector.setProperty("maxKeepAliveRequests",
                System.getProperty("bench.tomcat.maxKeepAliveRequests", "-1"));
        connector.setProperty("maxConnections", System.getProperty("bench.tomcat.maxConnections", "-1"));
        tomcat.setConnector(connector);

        Context context = tomcat.addContext("", null);
        context.setParentClassLoader(app.loader());
        for (WebApp.ServletDef d : app.servlets()) {
            Wrapper wrapper = Tomcat.addServlet(context, d.name(), d.type().getDeclaredConstructor().newInstance());
            wrapper.setAsyncSupported(d.async());
            wrapper.setLoadOnStartup(d.loadOnStartup());
            d.initParams().forEach(wrapper::addInitParameter);
            for (String pattern : d.patterns()) {
                context.addServletMappingDecoded(pattern, d.name());
            }
        }
        tomcat.start();
        app.print(ServerInfo.getServerInfo() + " (maxKeepAliveRequests=" + connector.getProperty("maxKeepAliveRequests")
                        + ", maxConnections=" + connector.getProperty("maxConnections") + ")",
                WebApp.host(), connector.getLocalPort());
        tomcat.getServer().await();
    }

    private TomcatLauncher() {}
}
