package io.hawser.boot.actuate;

import io.hawser.boot.HawserServletWebServerAutoConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.autoconfigure.web.server.ConditionalOnManagementPort;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementContextFactory;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.server.servlet.ServletWebServerFactory;
import org.springframework.context.annotation.Bean;

/**
 * Actuator on its own port ({@code management.server.port} differing from {@code server.port}): the
 * management child context gets its own Hawser server, built by the same auto-configuration (so
 * {@code server.hawser.*} apply to it too), as Boot does for Tomcat and Jetty. Active with Actuator
 * on the class path only (an optional dependency).
 */
@AutoConfiguration
@ConditionalOnClass(ManagementContextFactory.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnManagementPort(ManagementPortType.DIFFERENT)
public class HawserServletManagementContextAutoConfiguration {
    /** @return how Actuator creates the management context: a servlet context on Hawser */
    @Bean
    static ManagementContextFactory hawserServletManagementContextFactory() {
        return new ManagementContextFactory(WebApplicationType.SERVLET, ServletWebServerFactory.class,
                HawserServletWebServerAutoConfiguration.class);
    }
}
