package io.hawser.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;

import io.hawser.api.ComplianceViolation;
import io.hawser.api.ConnectorConfig;
import io.hawser.nio.TestCertificates;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.web.server.servlet.ServletWebServerFactory;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The auto-configuration: when it applies, what the {@code server.*} properties do, what it refuses. */
class HawserAutoConfigurationTest {
    private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(HawserServletWebServerAutoConfiguration.class));

    /** An application with one servlet at {@code /hello}, started on a random port. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class HelloApp {
        @Bean
        ServletRegistrationBean<HttpServlet> hello() {
            return new ServletRegistrationBean<>(new HttpServlet() {
                @Override
                protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
                    res.getWriter().print("hello from " + req.getContextPath() + req.getServletPath());
                }
            }, "/hello");
        }
    }

    private static ConfigurableApplicationContext run(String... properties) {
        String[] all = Arrays.copyOf(properties, properties.length + 1);
        all[properties.length] = "server.port=0";
        return new SpringApplicationBuilder(HelloApp.class).properties(all).run();
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    @Test
    void aServletApplicationRunsOnHawserWithItsContextPath() throws Exception {
        try (ConfigurableApplicationContext context = run("server.servlet.context-path=/shop")) {
            assertThat(((WebServerApplicationContext) context).getWebServer()).isInstanceOf(HawserWebServer.class);
            assertThat(context.getEnvironment().getProperty("local.server.port")).isEqualTo(String.valueOf(port(context)));
            assertThat(TestHttp.get(port(context), "/shop/hello").body()).isEqualTo("hello from /shop/hello");
        }
    }

    @Test
    void serverHawserPropertiesShapeTheConnector() throws Exception {
        try (ConfigurableApplicationContext context = run("server.hawser.max-field-count=3",
                "server.hawser.headers-timeout=7s", "server.hawser.allowed=bare-lf,REPEATED_CONTENT_LENGTH")) {
            ConnectorConfig config = context.getBean(HawserServletWebServerFactory.class).getConnectorConfig();
            assertThat(config.headersTimeout()).isEqualTo(Duration.ofSeconds(7));
            assertThat(config.allowed()).containsExactlyInAnyOrder(ComplianceViolation.BARE_LF,
                    ComplianceViolation.REPEATED_CONTENT_LENGTH);
            String tooMany = TestHttp.raw(port(context),
                    "GET /hello HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\nConnection: close\r\n\r\n");
            assertThat(tooMany).startsWith("HTTP/1.1 431 ");
        }
    }

    @Test
    void maxHttpRequestHeaderSizeBoundsTheFieldSection() throws Exception {
        try (ConfigurableApplicationContext context = run("server.max-http-request-header-size=1KB")) {
            String big = TestHttp.raw(port(context), "GET /hello HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(1100)
                    + "\r\nConnection: close\r\n\r\n");
            assertThat(big).startsWith("HTTP/1.1 431 ");
            String small = TestHttp.raw(port(context), "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            assertThat(small).startsWith("HTTP/1.1 200 ");
        }
    }

    @Test
    void anOutOfRangePropertyFailsStartupNamingIt() {
        assertThatThrownBy(() -> run("server.hawser.max-field-count=0")).hasStackTraceContaining("maxFieldCount");
    }

    @Test
    void sslAndCompressionFailStartupNamingTheProperty() {
        assertThatThrownBy(() -> run("server.ssl.enabled=true", "server.ssl.bundle=web"))
                .hasStackTraceContaining("Hawser: no SSL bundle named 'web'");
        assertThatThrownBy(() -> run("server.ssl.enabled=true", "server.ssl.key-store=ks.p12",
                "server.ssl.key-store-provider=SUN"))
                .hasStackTraceContaining("Hawser does not support server.ssl.key-store-provider yet");
        assertThatThrownBy(() -> run("server.compression.enabled=true", "server.compression.excluded-user-agents=curl"))
                .hasStackTraceContaining("Hawser does not support server.compression.excluded-user-agents yet");
        assertThatThrownBy(() -> run("server.forward-headers-strategy=native"))
                .hasStackTraceContaining("server.forward-headers-strategy=native");
    }

    @Test
    void aPemBundleByPropertiesServesHttpsOnServerPortWithTheHandshakeTimeout(@TempDir Path dir) throws Exception {
        TestCertificates certs = TestCertificates.make(dir);
        try (ConfigurableApplicationContext context = run("server.ssl.bundle=web",
                "spring.ssl.bundle.pem.web.keystore.certificate=" + certs.chainPem.toUri(),
                "spring.ssl.bundle.pem.web.keystore.private-key=" + certs.keyPem,
                "spring.ssl.bundle.pem.web.options.enabled-protocols=TLSv1.3",
                "server.ssl.client-auth=want", "server.hawser.tls-handshake-timeout=3s")) {
            ConnectorConfig config = context.getBean(HawserServletWebServerFactory.class).getConnectorConfig();
            assertThat(config.tlsHandshakeTimeout()).isEqualTo(Duration.ofSeconds(3));
            assertThat(config.port()).isEqualTo(-1);
            assertThat(config.tls().protocols()).containsExactly("TLSv1.3");
            assertThat(config.tls().clientAuth()).isEqualTo(io.hawser.api.TlsConfig.ClientAuth.WANT);
            assertThat(context.getEnvironment().getProperty("local.server.port")).isEqualTo(String.valueOf(port(context)));
            assertThat(TestHttp.getTls(certs.context, port(context), "/hello").body()).isEqualTo("hello from /hello");
        }
    }

    @Test
    void virtualThreadsFollowSpringThreadsVirtualEnabled() {
        boolean java21 = Runtime.version().feature() >= 21; // Boot honours the property from Java 21 on
        runner.withPropertyValues("spring.threads.virtual.enabled=true").run(context -> {
            ConnectorConfig config = context.getBean(HawserServletWebServerFactory.class).getConnectorConfig();
            assertThat(config.workerThreads()).isEqualTo(java21 ? 0 : ConnectorConfig.defaults().workerThreads());
            assertThat(config.virtualThreads()).isTrue();
        });
        runner.run(context -> assertThat(context.getBean(HawserServletWebServerFactory.class).getConnectorConfig()
                .workerThreads()).isEqualTo(ConnectorConfig.defaults().workerThreads()));
    }

    @Test
    void theShutdownTimeoutIsThePhaseTimeout() {
        runner.withPropertyValues("spring.lifecycle.timeout-per-shutdown-phase=7s").run(context ->
                assertThat(context.getBean(HawserServletWebServerFactory.class).getShutdownTimeout())
                        .isEqualTo(Duration.ofSeconds(7)));
    }

    @Test
    void anApplicationsOwnFactoryWins() {
        runner.withBean(ServletWebServerFactory.class, () -> mock(ServletWebServerFactory.class)).run(context -> {
            assertThat(context).hasSingleBean(ServletWebServerFactory.class);
            assertThat(context).doesNotHaveBean(HawserServletWebServerFactory.class);
        });
    }

    @Test
    void webServerFactoryCustomizerAndConnectorCustomizerBeansAreApplied() {
        runner.withPropertyValues("server.hawser.max-field-count=50")
                .withBean("custom", WebServerFactoryCustomizer.class,
                        () -> (WebServerFactoryCustomizer<HawserServletWebServerFactory>) f -> f.setPort(4321))
                .withBean(HawserConnectorCustomizer.class, () -> builder -> builder.maxConnections(77))
                .run(context -> {
                    ConnectorConfig config = context.getBean(HawserServletWebServerFactory.class).getConnectorConfig();
                    assertThat(config.port()).isEqualTo(4321);
                    assertThat(config.maxConnections()).isEqualTo(77);
                    assertThat(config.maxFieldCount()).isEqualTo(50);
                });
    }

    @Test
    void theConnectorCustomizerBeansWinOverTheProperties() {
        runner.withPropertyValues("server.hawser.max-connections=5")
                .withBean(HawserConnectorCustomizer.class, () -> builder -> builder.maxConnections(77))
                .run(context -> assertThat(context.getBean(HawserServletWebServerFactory.class)
                        .getConnectorConfig().maxConnections()).isEqualTo(77));
    }

    @Test
    void everyConnectorConfigFieldButAddressPortsTlsAndListenersIsAServerHawserProperty() {
        Set<String> fields = Arrays.stream(ConnectorConfig.class.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())
                        && m.getParameterCount() == 0 && m.getReturnType() != ConnectorConfig.Builder.class)
                .map(Method::getName)
                // host, port, tlsPort: server.address and server.port; tls: server.ssl.*; listeners and the
                // objects (complianceListener, proxyProtocol): a HawserConnectorCustomizer
                .filter(n -> !Set.of("host", "port", "tlsPort", "tls", "listeners", "complianceListener", "proxyProtocol", "toString",
                        "hashCode").contains(n))
                .collect(Collectors.toSet());
        Set<String> properties = Arrays.stream(HawserServerProperties.class.getMethods())
                .filter(m -> m.getName().startsWith("set")).map(m -> Character.toLowerCase(m.getName().charAt(3))
                        + m.getName().substring(4)).collect(Collectors.toSet());
        assertThat(fields).isNotEmpty();
        assertThat(properties).containsAll(fields);
    }
}
