package io.hawser.bench.peers;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.util.ServerInfo;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;

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
 *
 * <p>With {@code -Dbench.tls.port} (see {@link Tls}) a second connector, the same
 * {@code Http11NioProtocol} with the same two settings, speaks HTTPS through Tomcat's JSSE
 * implementation ({@code sslImplementationName} set explicitly, so no OpenSSL/FFM one is picked up):
 * one {@code SSLHostConfig} with an EC certificate from the PKCS#12 keystore, and the JDK's default
 * protocols and cipher suites instead of Tomcat's own OpenSSL-style default cipher string.
 *
 * <p>With {@code -Dbench.static.dir} (see {@link StaticFiles}) a second context at {@code /static}
 * has that folder as its document base, served by Tomcat's own {@code DefaultServlet} with its
 * defaults (resource cache, sendfile from 48 KiB on the NIO connector), with the MIME type
 * {@code application/octet-stream} for {@code .bin}.
 */
public final class TomcatLauncher {
    private static final String JSSE = "org.apache.tomcat.util.net.jsse.JSSEImplementation";

    public static void main(String[] args) throws Exception {
        int port = WebApp.port(args);
        WebApp app = WebApp.load(WebApp.war(args));

        Path base = Files.createTempDirectory("hawser-bench-tomcat");
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = connector(port);
        tomcat.setConnector(connector);
        Tls tls = Tls.fromSystemProperties();
        if (tls != null) {
            tomcat.getService().addConnector(https(tls));
        }

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
        Path staticDir = StaticFiles.dir();
        if (staticDir != null) {
            Context files = tomcat.addContext(StaticFiles.CONTEXT_PATH, staticDir.toString());
            Tomcat.addServlet(files, "default", "org.apache.catalina.servlets.DefaultServlet");
            files.addServletMappingDecoded("/", "default");
            files.addMimeMapping("bin", "application/octet-stream");
        }
        tomcat.start();
        if (staticDir != null) {
            StaticFiles.print("tomcat", staticDir, "org.apache.catalina.servlets.DefaultServlet, defaults");
        }
        app.print(ServerInfo.getServerInfo() + " (maxKeepAliveRequests=" + connector.getProperty("maxKeepAliveRequests")
                        + ", maxConnections=" + connector.getProperty("maxConnections") + ")",
                WebApp.host(), connector.getLocalPort());
        if (tls != null) {
            tls.print(ServerInfo.getServerInfo(), WebApp.host());
        }
        tomcat.getServer().await();
    }

    /** An {@code HTTP/1.1} connector on {@code port} with the two deliberate settings above. */
    private static Connector connector(int port) {
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(port);
        connector.setProperty("address", WebApp.host());
        connector.setProperty("maxKeepAliveRequests",
                System.getProperty("bench.tomcat.maxKeepAliveRequests", "-1"));
        connector.setProperty("maxConnections", System.getProperty("bench.tomcat.maxConnections", "-1"));
        return connector;
    }

    /** @return whether a JSSE suite name is a TLS 1.3 one ({@code TLS_AES_*}, {@code TLS_CHACHA20_*}) */
    private static boolean tls13(String suite) {
        return suite.startsWith("TLS_AES_") || suite.startsWith("TLS_CHACHA20_");
    }

    private static Connector https(Tls tls) {
        Connector connector = connector(tls.port());
        connector.setScheme("https");
        connector.setSecure(true);
        connector.setProperty("SSLEnabled", "true");
        connector.setProperty("sslImplementationName", JSSE);
        SSLHostConfig host = new SSLHostConfig();
        host.setProtocols("+" + String.join(",+", Tls.protocols()));
        // Tomcat keeps TLS 1.3 suites (RFC 8446 §B.4) apart from the TLS 1.2 "ciphers" list.
        host.setCipherSuites(String.join(",", Tls.cipherSuites().stream().filter(TomcatLauncher::tls13).toList()));
        host.setCiphers(String.join(",", Tls.cipherSuites().stream().filter(c -> !tls13(c)).toList()));
        SSLHostConfigCertificate cert = new SSLHostConfigCertificate(host, SSLHostConfigCertificate.Type.EC);
        cert.setCertificateKeystoreFile(tls.keystore().toString());
        cert.setCertificateKeystoreType("PKCS12");
        cert.setCertificateKeystorePassword(tls.password());
        host.addCertificate(cert);
        connector.addSslHostConfig(host);
        return connector;
    }

    private TomcatLauncher() {}
}
