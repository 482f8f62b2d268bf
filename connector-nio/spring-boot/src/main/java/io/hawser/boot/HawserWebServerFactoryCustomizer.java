package io.hawser.boot;

import java.time.Duration;
import org.springframework.boot.autoconfigure.ssl.SslProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.thread.Threading;
import org.springframework.boot.web.server.WebServerException;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.server.autoconfigure.ServerProperties;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * Applies what Boot's generic customizer leaves to each server: {@code server.hawser.*},
 * {@code server.max-http-request-header-size}, {@code spring.threads.virtual.enabled} (every request
 * on a virtual thread, as Boot does for Tomcat and Jetty; Hawser's default otherwise takes requests
 * on platform workers first) and {@code spring.lifecycle.timeout-per-shutdown-phase} (the graceful
 * shutdown timeout), and hands the factory the {@code spring.ssl.bundle.*} properties (for
 * {@code server.ssl.bundle}). {@code server.forward-headers-strategy=native} is refused (use
 * {@code framework}). Runs before user customizers (order 0), so theirs win.
 */
public class HawserWebServerFactoryCustomizer
        implements WebServerFactoryCustomizer<HawserServletWebServerFactory>, Ordered {
    private final Environment environment;
    private final ServerProperties server;
    private final HawserServerProperties hawser;

    /**
     * @param environment for {@code spring.threads.virtual.enabled} and the shutdown phase timeout
     * @param server {@code server.*}
     * @param hawser {@code server.hawser.*}
     */
    public HawserWebServerFactoryCustomizer(Environment environment, ServerProperties server, HawserServerProperties hawser) {
        this.environment = environment;
        this.server = server;
        this.hawser = hawser;
    }

    @Override
    public int getOrder() {
        return 0;
    }

    @Override
    public void customize(HawserServletWebServerFactory factory) {
        if (server.getForwardHeadersStrategy() == ServerProperties.ForwardHeadersStrategy.NATIVE) {
            throw new WebServerException("Hawser does not support server.forward-headers-strategy=native yet"
                    + " (framework works)", null);
        }
        boolean virtual = Threading.VIRTUAL.isActive(environment);
        factory.addConnectorCustomizerFirst(builder -> {
            hawser.applyTo(builder, server.getMaxHttpRequestHeaderSize());
            if (virtual) {
                builder.workerThreads(0).virtualThreads(true);
            }
        });
        Binder binder = Binder.get(environment);
        binder.bind("spring.lifecycle.timeout-per-shutdown-phase", Duration.class).ifBound(factory::setShutdownTimeout);
        factory.setSslBundleProperties(binder.bind("spring.ssl.bundle", SslProperties.Bundles.class)
                .orElseGet(SslProperties.Bundles::new));
    }
}
