package io.hawser.tests.servlet;

import io.hawser.api.ConnectorConfig;
import io.hawser.nio.NioConnector;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;

/**
 * A web app served by the NIO connector on 127.0.0.1 (an ephemeral port) and a Jetty client
 * talking to it: servlets are registered programmatically, as the brief's tests require. With the
 * system property {@code hawser.test.tls=true} (the {@code servlet-over-tls} test run of this
 * module) the only listener is HTTPS, with a certificate made at test time that the client trusts,
 * so every servlet end-to-end test runs again over TLS.
 */
final class ServletServer implements AutoCloseable {
    /** Configures the web app before it starts. */
    @FunctionalInterface
    interface Setup {
        void configure(WebApp app) throws Exception;
    }

    /** A servlet body as a lambda. */
    @FunctionalInterface
    interface Body {
        void handle(HttpServletRequest request, HttpServletResponse response) throws IOException, ServletException;
    }

    /** A filter body as a lambda. */
    @FunctionalInterface
    interface FilterBody {
        void filter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws IOException, ServletException;
    }

    /** Whether the tests run over HTTPS ({@code -Dhawser.test.tls=true}). */
    static final boolean TLS = Boolean.getBoolean("hawser.test.tls");
    private static io.hawser.nio.TestCertificates certificates;

    final WebApp app;
    final NioConnector connector;
    final HttpClient client;
    final String base;

    private ServletServer(WebApp app, NioConnector connector, HttpClient client) {
        this.app = app;
        this.connector = connector;
        this.client = client;
        this.base = origin() + app.contextPath();
    }

    static ServletServer start(String contextPath, Path resources, Setup setup) throws Exception {
        WebApp app = WebApp.create(contextPath, resources, ServletServer.class.getClassLoader());
        setup.configure(app);
        app.start();
        ConnectorConfig.Builder config = ConnectorConfig.builder().host("127.0.0.1").port(0);
        HttpClient client;
        if (TLS) {
            io.hawser.nio.TestCertificates certs = certificates();
            config.port(-1).tlsPort(0).tls(io.hawser.api.TlsConfig.builder().certificate(certs.chainPem, certs.keyPem).build());
            org.eclipse.jetty.util.ssl.SslContextFactory.Client ssl = new org.eclipse.jetty.util.ssl.SslContextFactory.Client();
            ssl.setSslContext(certs.context);
            org.eclipse.jetty.io.ClientConnector cc = new org.eclipse.jetty.io.ClientConnector();
            cc.setSslContextFactory(ssl);
            client = new HttpClient(new org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP(cc));
        } else {
            client = new HttpClient();
        }
        NioConnector connector = new NioConnector(config.build(), new ServletAdapter(List.of(app)));
        connector.start();
        client.setConnectTimeout(5_000);
        client.setIdleTimeout(30_000);
        client.setFollowRedirects(false);
        client.start();
        return new ServletServer(app, connector, client);
    }

    /** @return the test certificate, made once per test JVM in a temporary directory */
    private static synchronized io.hawser.nio.TestCertificates certificates() throws Exception {
        if (certificates == null) {
            Path dir = java.nio.file.Files.createTempDirectory("hawser-test-tls");
            dir.toFile().deleteOnExit();
            certificates = io.hawser.nio.TestCertificates.make(dir);
            for (java.io.File f : dir.toFile().listFiles()) {
                f.deleteOnExit();
            }
        }
        return certificates;
    }

    static ServletServer start(String contextPath, Setup setup) throws Exception {
        return start(contextPath, null, setup);
    }

    /** @return {@code http://127.0.0.1:PORT}, or {@code https://...} over TLS */
    String origin() {
        return (TLS ? "https" : "http") + "://127.0.0.1:" + connector.port();
    }

    /** @return a connected socket to the connector (an {@code SSLSocket} trusting the test certificate over TLS) */
    java.net.Socket socket() throws Exception {
        if (TLS) {
            return certificates().context.getSocketFactory().createSocket("127.0.0.1", connector.port());
        }
        return new java.net.Socket("127.0.0.1", connector.port());
    }

    ContentResponse get(String path) throws Exception {
        return client.newRequest(base + path).timeout(20, TimeUnit.SECONDS).send();
    }

    static HttpServlet servlet(Body body) {
        return new HttpServlet() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException, ServletException {
                body.handle(req, resp);
            }
        };
    }

    static Filter filter(FilterBody body) {
        return new Filter() {
            @Override
            public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
                    throws IOException, ServletException {
                body.filter((HttpServletRequest) request, (HttpServletResponse) response, chain);
            }
        };
    }

    @Override
    public void close() throws Exception {
        try {
            client.stop();
        } finally {
            connector.close();
            app.stop();
        }
    }
}
