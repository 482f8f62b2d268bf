package io.hawser.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hawser.api.ConnectorConfig;
import java.net.InetAddress;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --proxy-protocol}, {@code --proxy-protocol-trusted}, {@code --proxy-protocol-timeout}, and {@code --drain-delay}. */
class ProxyProtocolOptionsTest {
    private static ConnectorConfig config(String... args) {
        ConnectorOptions options = new ConnectorOptions();
        options.options.parse(args);
        return options.builder(false).build();
    }

    /** @return the configuration of the connector and listener options together, as the launcher makes it */
    private static ConnectorConfig launcher(String... args) {
        Hawser h = new Hawser();
        new CommandLine(h.spec()).setCaseInsensitiveEnumValuesAllowed(true).parseArgs(args);
        ConnectorConfig.Builder b = h.connector.builder(h.tls.proxiedListeners());
        h.tls.applyTo(b);
        return b.build();
    }

    @Test
    void aListenerMarkedProxyAloneExpectsTheHeader() {
        ConnectorConfig c = launcher("--port", "8080", "--listen", "127.0.0.1:9090:proxy", "--listen",
                "unix:/run/h.sock:proxy", "--proxy-protocol-trusted", "10.0.0.0/8", "app.war");
        assertThat(c.listeners()).hasSize(3);
        assertThat(c.proxyProtocol(c.listeners().get(0))).as("the plain --port listener").isNull();
        assertThat(c.proxyProtocol(c.listeners().get(1)).trustedSources()).containsExactly("10.0.0.0/8");
        assertThat(c.listeners().get(1)).isEqualTo(new io.hawser.api.Listener("127.0.0.1", 9090, false).withProxyProtocol());
        assertThat(c.proxyProtocol(c.listeners().get(2))).isNotNull();
        ConnectorConfig all = launcher("--port", "8080", "--listen", "127.0.0.1:9090", "--proxy-protocol",
                "--proxy-protocol-trusted", "10.0.0.0/8", "app.war");
        assertThat(all.listeners()).allSatisfy(l -> assertThat(all.proxyProtocol(l)).isNotNull());
    }

    @Test
    void aProxyListenerNeedsTrustedSourcesAndNotAlsoTheConnectorWideFlag() {
        assertThatThrownBy(() -> launcher("--listen", "127.0.0.1:9090:proxy", "app.war"))
                .hasMessageContaining("--listen ...:proxy needs --proxy-protocol-trusted");
        assertThatThrownBy(() -> launcher("--listen", "127.0.0.1:9090:proxy", "--proxy-protocol",
                "--proxy-protocol-trusted", "10.0.0.0/8", "app.war")).hasMessageContaining("give one or the other");
    }

    @Test
    void offByDefault() {
        assertThat(config().proxyProtocol()).isNull();
    }

    @Test
    void trustedBlocksAndTimeout() throws Exception {
        ConnectorConfig c = config("--proxy-protocol", "--proxy-protocol-trusted", "10.0.0.0/8,fd00::/8",
                "--proxy-protocol-timeout", "2s");
        assertThat(c.proxyProtocol().trustedSources()).containsExactly("10.0.0.0/8", "fd00::/8");
        assertThat(c.proxyProtocol().headerTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(c.proxyProtocol().trusts(InetAddress.getByName("10.1.2.3"))).isTrue();
        assertThat(c.proxyProtocol().trusts(InetAddress.getByName("fd12::1"))).isTrue();
        assertThat(c.proxyProtocol().trusts(InetAddress.getByName("11.0.0.1"))).isFalse();
        assertThat(c.proxyProtocol().trusts(InetAddress.getByName("fe80::1"))).isFalse();
    }

    @Test
    void drainDelay() {
        assertThat(config().drainDelay()).isZero();
        assertThat(config("--drain-delay", "10s").drainDelay()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void halfGivenIsRefused() {
        assertThatThrownBy(() -> config("--proxy-protocol")).hasMessageContaining("--proxy-protocol-trusted");
        assertThatThrownBy(() -> config("--proxy-protocol-trusted", "10.0.0.0/8")).hasMessageContaining("need --proxy-protocol");
        assertThatThrownBy(() -> config("--proxy-protocol", "--proxy-protocol-trusted", "lb.example.com"))
                .hasMessageContaining("not an address literal");
        assertThatThrownBy(() -> config("--proxy-protocol", "--proxy-protocol-trusted", "10.0.0.0/33"))
                .hasMessageContaining("prefix length");
    }
}
