package io.hawser.tests.timeouts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.nio.ConnectorStats;
import io.hawser.nio.NioConnector;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link NioConnector#stats()} counts each connection in the lists its state calls for. */
class ConnectorStatsTest {

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void statsCountEachConnectionInTheListsOfItsState() throws Exception {
        CountDownLatch inHandler = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        NioConnector server = Servers.start(b -> b, exchange -> {
            if (exchange.path().equals("/block")) {
                inHandler.countDown();
                release.await(10, TimeUnit.SECONDS);
                exchange.responseBody().write(new byte[] {'o', 'k'});
            } else if (exchange.path().equals("/big")) {
                byte[] mib = new byte[1 << 20];
                for (int i = 0; i < 64; i++) {
                    exchange.responseBody().write(mib);
                }
            } else {
                exchange.responseBody().write(new byte[] {'h', 'i'});
            }
        });
        try (Wire idle = Wire.connect(server.port());
                Wire midHead = Wire.connect(server.port());
                Wire silent = Wire.connect(server.port());
                Wire running = Wire.connect(server.port());
                Wire midBody = Wire.connect(server.port());
                Wire stalled = Wire.connect(server.port(), 4096)) {
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
                ConnectorStats s = server.stats();
                assertThat(s.connections()).isEqualTo(6);
                assertThat(s.receivingHeaders()).as("accepted, nothing received yet").isEqualTo(6);
                assertThat(s.receivingRequest()).isZero();
                assertThat(s.idle()).isZero();
            });

            assertThat(silent.socket().isConnected()).isTrue(); // it stays silent throughout
            idle.send(Wire.get("/plaintext"));
            assertThat(idle.readResponse().status()).isEqualTo(200);
            midHead.send("GET /plaintext HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Part");
            running.send(Wire.get("/block"));
            assertThat(inHandler.await(5, TimeUnit.SECONDS)).isTrue();
            midBody.send("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n12345");
            stalled.send(Wire.get("/big"));

            await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
                ConnectorStats s = server.stats();
                assertThat(s.connections()).isEqualTo(6);
                assertThat(s.idle()).as("idle: the connection that was served").isEqualTo(1);
                assertThat(s.receivingHeaders()).as("headers: the silent one and the one mid-head").isEqualTo(2);
                assertThat(s.receivingRequest()).as("request: mid-head and mid-body").isEqualTo(2);
                assertThat(s.writeStalled()).as("write-stalled: the one not reading /big").isEqualTo(1);
            });
            System.out.println("stats with idle, mid-head, silent, running, mid-body, stalled: " + server.stats());

            release.countDown();
            assertThat(running.readResponse().status()).isEqualTo(200);
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                    assertThat(server.stats().idle()).as("the blocked exchange finished: idle too").isEqualTo(2));

            midHead.send(": x\r\n\r\n");
            assertThat(midHead.readResponse().status()).isEqualTo(200);
            midBody.send("67890");
            assertThat(midBody.readResponse().status()).isEqualTo(200);
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
                ConnectorStats s = server.stats();
                assertThat(s.idle()).isEqualTo(4);
                assertThat(s.receivingHeaders()).as("only the silent one").isEqualTo(1);
                assertThat(s.receivingRequest()).isZero();
            });
        } finally {
            release.countDown();
            server.close();
        }
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aConnectionIsIdleRightAfterEachResponseOfASequence() throws Exception {
        NioConnector server = Servers.start(b -> b);
        try (Wire wire = Wire.connect(server.port())) {
            for (int i = 0; i < 20; i++) {
                wire.send(Wire.get("/plaintext"));
                assertThat(wire.readResponse().status()).isEqualTo(200);
                await().atMost(Duration.ofSeconds(2)).untilAsserted(() -> {
                    ConnectorStats s = server.stats();
                    assertThat(s.connections()).isEqualTo(1);
                    assertThat(s.idle()).as("idle after a response: " + s).isEqualTo(1);
                    assertThat(s.receivingHeaders()).isZero();
                    assertThat(s.receivingRequest()).isZero();
                });
            }
        } finally {
            server.close();
        }
    }
}
