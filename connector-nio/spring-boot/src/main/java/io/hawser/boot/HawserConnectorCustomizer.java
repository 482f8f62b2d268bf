package io.hawser.boot;

import io.hawser.api.ConnectorConfig;

/**
 * Adjusts the connector configuration in code, after every {@code server.*} property has been
 * applied (as Boot's {@code TomcatConnectorCustomizer}): for what is not a property, such as a
 * {@link io.hawser.api.ComplianceListener}. Declare one as a bean, or add it to
 * {@link HawserServletWebServerFactory#addConnectorCustomizers}.
 */
@FunctionalInterface
public interface HawserConnectorCustomizer {
    /**
     * @param builder the configuration being built; its setters validate at once
     */
    void customize(ConnectorConfig.Builder builder);
}
