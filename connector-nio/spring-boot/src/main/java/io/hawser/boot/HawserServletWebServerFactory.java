package io.hawser.boot;

import io.hawser.api.ConnectorConfig;
import io.hawser.nio.NioConnector;
import io.hawser.servlet.DefaultServlet;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import java.io.File;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.springframework.boot.autoconfigure.ssl.SslProperties;
import org.springframework.boot.io.ApplicationResourceLoader;
import org.springframework.boot.web.error.ErrorPage;
import org.springframework.boot.web.server.AbstractConfigurableWebServerFactory;
import org.springframework.boot.web.server.MimeMappings;
import org.springframework.boot.web.server.Shutdown;
import org.springframework.boot.web.server.Ssl;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.WebServerException;
import org.springframework.boot.web.server.servlet.ConfigurableServletWebServerFactory;
import org.springframework.boot.web.server.servlet.ServletContextInitializers;
import org.springframework.boot.web.server.servlet.ServletWebServerSettings;
import org.springframework.boot.web.servlet.ServletContextInitializer;
import org.springframework.util.ClassUtils;

/**
 * Spring Boot's {@link org.springframework.boot.web.server.servlet.ServletWebServerFactory} on
 * Hawser: one {@link WebApp} at {@code server.servlet.context-path} behind a {@link ServletAdapter}
 * on a {@link NioConnector}.
 *
 * <p>{@link #getWebServer} builds the web app (display name, MIME mappings, locale charsets, error
 * pages, web listeners), runs Boot's {@link ServletContextInitializer}s on its
 * {@link ServletContext} in order (with the session configuration and init parameters first, as
 * {@link ServletContextInitializers#from} orders them), starts the web app and returns a
 * {@link HawserWebServer} whose {@link WebServer#start()} binds the port. With {@code server.ssl.enabled},
 * the one listener on {@code server.port} speaks TLS (PEM or key store files,
 * {@code spring.ssl.bundle.pem.*}/{@code jks.*} bundles, SNI server-name bundles). What Hawser does
 * not enforce yet fails {@link #getWebServer} with one line naming the property:
 * {@code server.compression.excluded-user-agents}, {@code server.http2.enabled},
 * {@code server.server-header}, {@code server.servlet.session.persistent}, cookie SameSite suppliers
 * and a registered JSP servlet.
 */
public class HawserServletWebServerFactory extends AbstractConfigurableWebServerFactory
        implements ConfigurableServletWebServerFactory {
    private static final String JSP_SERVLET = "org.apache.jasper.servlet.JspServlet";

    private final ServletWebServerSettings settings = new ServletWebServerSettings();
    private final List<HawserConnectorCustomizer> connectorCustomizers = new ArrayList<>();
    private Duration shutdownTimeout = Duration.ofSeconds(30);
    private SslProperties.Bundles sslBundleProperties;

    /** A factory for port 8080 on every address, Boot's default. */
    public HawserServletWebServerFactory() {
    }

    /** @param port the port; 0 picks a free one, -1 starts no connector */
    public HawserServletWebServerFactory(int port) {
        super(port);
    }

    @Override
    public ServletWebServerSettings getSettings() {
        return settings;
    }

    /**
     * @param customizers applied, in order, after {@code server.address} and {@code server.port}
     *     (and, through the auto-configuration, after every {@code server.hawser.*} property)
     */
    public void addConnectorCustomizers(HawserConnectorCustomizer... customizers) {
        connectorCustomizers.addAll(Arrays.asList(customizers));
    }

    /** @param customizer applied before every other customizer (the {@code server.*} properties, so code wins) */
    void addConnectorCustomizerFirst(HawserConnectorCustomizer customizer) {
        connectorCustomizers.add(0, customizer);
    }

    /** @return the connector customizers, in order, unmodifiable */
    public List<HawserConnectorCustomizer> getConnectorCustomizers() {
        return List.copyOf(connectorCustomizers);
    }

    /**
     * The most a graceful shutdown ({@code server.shutdown=graceful}) waits for in-flight requests
     * before closing their connections; the auto-configuration sets it to
     * {@code spring.lifecycle.timeout-per-shutdown-phase}.
     *
     * @param timeout positive; default 30 s, Boot's phase timeout
     */
    public void setShutdownTimeout(Duration timeout) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("shutdown timeout must be positive: " + timeout);
        }
        this.shutdownTimeout = timeout;
    }

    /** @return the graceful shutdown timeout */
    public Duration getShutdownTimeout() {
        return shutdownTimeout;
    }

    /**
     * The {@code spring.ssl.bundle.*} properties, where {@code server.ssl.bundle} and
     * {@code server.ssl.server-name-bundles} are looked up (Hawser reads the bundle's files itself,
     * so it needs their locations, not the loaded {@link org.springframework.boot.ssl.SslBundle});
     * the auto-configuration sets them from the environment.
     *
     * @param bundles the bundle properties, or {@code null}: no bundle can be used
     */
    public void setSslBundleProperties(SslProperties.Bundles bundles) {
        this.sslBundleProperties = bundles;
    }

    /**
     * Builds and starts the web app; the returned server binds its port on {@link WebServer#start()}.
     *
     * @param initializers Boot's initializers (servlets, filters, listeners, the application context)
     * @return the web server, not yet listening
     * @throws WebServerException when a setting is not supported (the message names the property),
     *     an initializer fails, or the web app fails to start
     */
    @Override
    public WebServer getWebServer(ServletContextInitializer... initializers) {
        refuseUnsupported();
        TlsFiles tlsFiles = new TlsFiles(ApplicationResourceLoader.get(ClassUtils.getDefaultClassLoader()));
        ConnectorConfig config;
        try {
            config = connectorConfig(tlsFiles);
        } catch (RuntimeException e) {
            tlsFiles.close();
            throw e;
        }
        WebApp app = WebApp.create(settings.getContextPath().toString(), documentRoot(), ClassUtils.getDefaultClassLoader());
        try {
            configure(app);
            ServletContext context = app.servletContext();
            for (ServletContextInitializer initializer : ServletContextInitializers.from(settings, initializers)) {
                initializer.onStartup(context);
            }
            for (String listener : settings.getWebListenerClassNames()) {
                context.addListener(listener);
            }
            if (settings.isRegisterDefaultServlet() && context.getServletRegistration("default") == null) {
                context.addServlet("default", new DefaultServlet()).addMapping("/");
            }
            app.start();
        } catch (ServletException | RuntimeException e) {
            app.stop();
            tlsFiles.close();
            throw new WebServerException("Unable to start embedded Hawser: " + e.getMessage(), e);
        }
        int port = getPort();
        CountingHandler handler = new CountingHandler(compressing(new ServletAdapter(List.of(app))));
        NioConnector connector = port < 0 ? null : new NioConnector(config, handler);
        return new HawserWebServer(connector, handler, app, port, getShutdown() == Shutdown.GRACEFUL ? shutdownTimeout : null,
                tlsFiles, config.tlsPort() >= 0);
    }

    /**
     * @return the connector configuration {@link #getWebServer} uses: {@code server.address} (default
     *     every address) and {@code server.port} (-1 as 0, though then no connector starts) as the
     *     cleartext port or, with {@code server.ssl.enabled}, as the TLS port (no cleartext listener,
     *     as Boot's Tomcat has one HTTPS connector), then the connector customizers in order. A
     *     classpath resource inside a jar named by {@code server.ssl.*} is copied to a private
     *     temporary file, deleted at JVM exit.
     * @throws IllegalArgumentException when a customizer sets a value out of range, naming the field
     * @throws WebServerException for an SSL setting Hawser does not support, naming the property
     */
    public ConnectorConfig getConnectorConfig() {
        return connectorConfig(new TlsFiles(ApplicationResourceLoader.get(ClassUtils.getDefaultClassLoader())));
    }

    private ConnectorConfig connectorConfig(TlsFiles tlsFiles) {
        InetAddress address = getAddress();
        ConnectorConfig.Builder builder = ConnectorConfig.builder()
                .host(address == null ? "0.0.0.0" : address.getHostAddress());
        if (Ssl.isEnabled(getSsl())) {
            builder.port(-1).tlsPort(Math.max(getPort(), 0))
                    .tls(HawserSsl.tlsConfig(getSsl(), sslBundleProperties, getSslBundles(), tlsFiles));
        } else {
            builder.port(Math.max(getPort(), 0));
        }
        for (HawserConnectorCustomizer customizer : connectorCustomizers) {
            customizer.customize(builder);
        }
        return builder.build();
    }

    private java.nio.file.Path documentRoot() {
        File root = settings.getDocumentRoot();
        return root != null && root.isDirectory() ? root.toPath() : null;
    }

    private void configure(WebApp app) {
        app.setDisplayName(settings.getDisplayName());
        MimeMappings mime = settings.getMimeMappings();
        for (MimeMappings.Mapping m : mime) {
            app.addMimeMapping(m.getExtension(), m.getMimeType());
        }
        Duration timeout = settings.getSession() == null ? null : settings.getSession().getTimeout();
        if (timeout != null) {
            // Servlet session timeouts are whole minutes: a positive timeout under a minute is one minute, as Tomcat rounds
            app.setSessionTimeoutMinutes(timeout.isNegative() || timeout.isZero() ? 0
                    : (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMinutes())));
        }
        // Boot's session initializer sets every session cookie attribute but SameSite, which each server applies
        org.springframework.boot.web.server.Cookie.SameSite sameSite = settings.getSession() == null ? null
                : settings.getSession().getCookie().getSameSite();
        if (sameSite != null && sameSite.attributeValue() != null) {
            app.servletContext().getSessionCookieConfig().setAttribute("SameSite", sameSite.attributeValue());
        }
        settings.getLocaleCharsetMappings().forEach((locale, charset) ->
                app.addLocaleEncodingMapping(locale.toString(), charset.name()));
        for (ErrorPage page : getErrorPages()) {
            if (page.isGlobal()) {
                app.setDefaultErrorPage(page.getPath());
            } else if (page.getExceptionName() != null) {
                app.addErrorPage(page.getExceptionName(), page.getPath());
            } else {
                app.addErrorPage(page.getStatusCode(), page.getPath());
            }
        }
    }

    /**
     * {@code server.compression.*} as Hawser's {@link io.hawser.api.CompressionHandler} (gzip, Vary,
     * weak ETags, never on ranges or already-encoded bodies): {@code min-response-size} (Boot's
     * default 2KB) and {@code mime-types}; {@code excluded-user-agents} is refused.
     */
    private io.hawser.api.HttpHandler compressing(io.hawser.api.HttpHandler handler) {
        org.springframework.boot.web.server.Compression c = getCompression();
        if (c == null || !c.getEnabled()) {
            return handler;
        }
        long size = c.getMinResponseSize().toBytes();
        if (size < 0 || size > Integer.MAX_VALUE) {
            throw new WebServerException("server.compression.min-response-size must be 0..2GB: " + c.getMinResponseSize(), null);
        }
        io.hawser.api.Compression config = new io.hawser.api.Compression((int) size,
                new java.util.LinkedHashSet<>(List.of(c.getMimeTypes())), -1);
        return new io.hawser.api.CompressionHandler(handler, config);
    }

    private void refuseUnsupported() {
        if (getCompression() != null && getCompression().getEnabled() && getCompression().getExcludedUserAgents() != null
                && getCompression().getExcludedUserAgents().length > 0) {
            throw unsupported("server.compression.excluded-user-agents");
        }
        if (getHttp2() != null && getHttp2().isEnabled()) {
            throw unsupported("server.http2.enabled");
        }
        if (getServerHeader() != null) {
            throw unsupported("server.server-header");
        }
        if (settings.getSession() != null && settings.getSession().isPersistent()) {
            throw unsupported("server.servlet.session.persistent");
        }
        if (!settings.getCookieSameSiteSuppliers().isEmpty()) {
            throw unsupported("CookieSameSiteSupplier beans (server.servlet.session.cookie.same-site is supported)");
        }
        if (settings.getJsp() != null && settings.getJsp().getRegistered()
                && ClassUtils.isPresent(Objects.requireNonNullElse(settings.getJsp().getClassName(), JSP_SERVLET), null)) {
            throw unsupported("server.servlet.jsp.registered (set it to false)");
        }
    }

    private static WebServerException unsupported(String property) {
        return new WebServerException("Hawser does not support " + property + " yet", null);
    }
}
