package io.hawser.boot.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.api.ConnectorConfig;
import io.hawser.nio.NioConnector;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The connector's meters as a registry reads them. */
class HawserMetricsBinderTest {
    @Test
    void gaugesFollowOpenConnectionsAndCountersCountTimeouts() throws Exception {
        NioConnector connector = new NioConnector(ConnectorConfig.builder().host("127.0.0.1").port(0)
                .headersTimeout(Duration.ofSeconds(2)).build(), exchange -> { });
        connector.start();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try {
            new HawserMetricsBinder(connector, () -> 42, List.of(Tag.of("app", "test"))).bindTo(registry);
            assertThat(registry.get("hawser.connections.open").tag("app", "test").gauge().value()).isZero();
            try (Socket socket = new Socket("127.0.0.1", connector.port())) {
                OutputStream out = socket.getOutputStream();
                out.write("GET / HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII)); // never finishes its field section
                out.flush();
                // open only until headersTimeout closes it: 2 s, so a loaded machine's polls still see it
                await().atMost(Duration.ofSeconds(10)).until(
                        () -> registry.get("hawser.connections.open").gauge().value() == 1.0);
                await().atMost(Duration.ofSeconds(10)).until(() -> registry.get("hawser.timeouts")
                        .tag("timeout", "headers").functionCounter().count() == 1.0);
                assertThat(socket.getInputStream().readAllBytes()).asString(StandardCharsets.US_ASCII)
                        .startsWith("HTTP/1.1 408 ");
            }
            assertThat(registry.get("hawser.timeouts").tag("timeout", "write").functionCounter().count()).isZero();
            assertThat(registry.find("hawser.connections.idle").gauge()).isNotNull();
            assertThat(registry.get("hawser.requests").tag("app", "test").functionCounter().count()).isEqualTo(42.0);
            try (Socket socket = new Socket("127.0.0.1", connector.port())) {
                socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                assertThat(socket.getInputStream().readAllBytes()).asString(StandardCharsets.US_ASCII)
                        .startsWith("HTTP/1.1 200 ");
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> registry.get("hawser.connector.responses")
                    .tag("status", "2xx").functionCounter().count() == 1.0);
            assertThat(registry.get("hawser.connector.responses").tag("status", "4xx").functionCounter().count())
                    .as("the 408").isEqualTo(1.0);
            assertThat(registry.get("hawser.connector.requests").tag("app", "test").functionCounter().count())
                    .as("the complete head only: the one cut by headersTimeout never arrived").isEqualTo(1.0);
            assertThat(registry.get("hawser.connector.bytes").tag("direction", "in").functionCounter().count())
                    .isGreaterThan(40.0);
            assertThat(registry.get("hawser.connector.bytes").tag("direction", "out").functionCounter().count())
                    .isPositive();
            assertThat(registry.get("hawser.connector.response.time").tag("le", "+Inf").functionCounter().count())
                    .as("every completed response").isEqualTo(1.0);
            assertThat(registry.get("hawser.connector.response.time").tag("le", "10000").functionCounter().count())
                    .as("cumulative: the 200 ended within 10 s").isEqualTo(1.0);
            assertThat(registry.find("hawser.connector.response.time").functionCounters()).hasSize(14);
        } finally {
            connector.stop(Duration.ZERO);
        }
    }
}
