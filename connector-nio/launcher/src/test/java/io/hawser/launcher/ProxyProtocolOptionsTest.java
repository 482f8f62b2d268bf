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
        return CommandLine.populateCommand(new ConnectorOptions(), args).builder().build();
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
