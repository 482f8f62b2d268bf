package io.hawser.boot.metrics;

import io.hawser.boot.HawserWebServer;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;

/**
 * Binds {@link HawserMetricsBinder} to the application's {@link MeterRegistry} once the web server
 * has started (as Boot does for Tomcat's metrics): active when Micrometer is on the class path and
 * a registry bean exists. Ordered after Boot's metrics auto-configuration by name, so Hawser needs
 * no Actuator to compile.
 */
@AutoConfiguration(afterName = {
    "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
    "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration"})
@ConditionalOnClass({MeterRegistry.class, HawserWebServer.class})
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
public class HawserMetricsAutoConfiguration {
    /**
     * @param registry the registry to publish to
     * @return the listener that binds the connector's meters when the application has started
     */
    @Bean
    @ConditionalOnBean(MeterRegistry.class)
    public Binding hawserMetricsBinding(MeterRegistry registry) {
        return new Binding(registry);
    }

    /** Binds the started {@link HawserWebServer}'s meters; another web server is left alone. */
    public static final class Binding implements ApplicationListener<ApplicationStartedEvent> {
        private final MeterRegistry registry;

        Binding(MeterRegistry registry) {
            this.registry = registry;
        }

        @Override
        public void onApplicationEvent(ApplicationStartedEvent event) {
            if (event.getApplicationContext() instanceof WebServerApplicationContext context) {
                WebServer server = context.getWebServer();
                if (server instanceof HawserWebServer hawser && hawser.getConnector() != null) {
                    new HawserMetricsBinder(hawser.getConnector(), hawser::getRequestCount, List.of()).bindTo(registry);
                }
            }
        }
    }
}
