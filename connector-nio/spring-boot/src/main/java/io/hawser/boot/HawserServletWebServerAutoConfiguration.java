package io.hawser.boot;

import io.hawser.nio.NioConnector;
import io.hawser.servlet.WebApp;
import jakarta.servlet.ServletRequest;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.SearchStrategy;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.server.autoconfigure.ServerProperties;
import org.springframework.boot.web.server.autoconfigure.servlet.ServletWebServerConfiguration;
import org.springframework.boot.web.server.servlet.ServletWebServerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * Hawser as the servlet web server of a Spring Boot application: active for a servlet web
 * application with Hawser on the class path and no {@link ServletWebServerFactory} bean of the
 * application's own. Ordered before Boot's Tomcat and Jetty auto-configurations, so adding the
 * starter is the choice even when one of them is still on the class path. Imports Boot's
 * {@link ServletWebServerConfiguration} (the {@code server.*} customizer, error-page registrars,
 * {@code WebServerFactoryCustomizer} beans).
 */
@AutoConfiguration(beforeName = {
    "org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration",
    "org.springframework.boot.jetty.autoconfigure.servlet.JettyServletWebServerAutoConfiguration"})
@ConditionalOnClass({ServletRequest.class, NioConnector.class, WebApp.class})
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@EnableConfigurationProperties({ServerProperties.class, HawserServerProperties.class})
@Import(ServletWebServerConfiguration.class)
public class HawserServletWebServerAutoConfiguration {
    /**
     * @param connectorCustomizers the application's {@link HawserConnectorCustomizer} beans, in order
     * @return the factory
     */
    @Bean
    @ConditionalOnMissingBean(value = ServletWebServerFactory.class, search = SearchStrategy.CURRENT)
    public HawserServletWebServerFactory hawserServletWebServerFactory(
            ObjectProvider<HawserConnectorCustomizer> connectorCustomizers) {
        HawserServletWebServerFactory factory = new HawserServletWebServerFactory();
        factory.addConnectorCustomizers(connectorCustomizers.orderedStream().toArray(HawserConnectorCustomizer[]::new));
        return factory;
    }

    /**
     * @param environment the environment
     * @param server {@code server.*}
     * @param hawser {@code server.hawser.*}
     * @return the customizer applying them
     */
    @Bean
    public HawserWebServerFactoryCustomizer hawserWebServerFactoryCustomizer(Environment environment,
            ServerProperties server, HawserServerProperties hawser) {
        return new HawserWebServerFactoryCustomizer(environment, server, hawser);
    }
}
