package io.hawser.tests.timeouts;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.nio.NioConnector;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * requestTimeout: measured from the first byte of a request to the end of its body; 408 when
 * nothing is committed, then close. A handler running on a fully received request is never timed
 * out, however long it takes.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class RequestTimeoutTest {
    private static final long LATE_MILLIS = 100;

    private NioConnector server;
    private Jitter jitter;

    @BeforeEach
    void probe() {
        jitter = Jitter.start();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        jitter.close();
    }

    private static long ms(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    @Test
    void bodyTrickledOneBytePerSecondIsCutByRequestTimeoutFromTheFirstByte() throws Exception {
        long requestMillis = 1500;
        server = Servers.start(b -> b.requestTimeout(Duration.ofMillis(requestMillis))
                .headersTimeout(Duration.ofSeconds(10)));
        // silent for 500 ms after connecting, then a complete head; the body then comes a byte a second
        try (Trickler client = new Trickler(
                "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n", "0123456789", 1000, 1000)
                .preambleDelay(500)) {
            client.open(server.port(), 1);
            assertThat(client.run(8000)).as("the server ended the connection").isTrue();
            Trickler.Slow s = client.clients().get(0);
            long afterFirstByte = s.answered - s.firstByteSent;
            System.out.printf("trickled body: answered %.1f ms after the request's first byte (%.1f after connect), "
                    + "%d body bytes sent; got %s%n", Wire.millis(afterFirstByte), Wire.millis(s.answered - s.connectEnd),
                    s.trickled, s.receivedText().lines().findFirst().orElse("nothing"));
            assertThat(s.receivedText()).startsWith("HTTP/1.1 408 ");
            assertThat(s.receivedText().toLowerCase()).contains("\r\nconnection: close\r\n");
            assertThat(ms(afterFirstByte)).isGreaterThanOrEqualTo(requestMillis);
            assertThat(ms(afterFirstByte)).isLessThanOrEqualTo(requestMillis + jitter.allow(LATE_MILLIS));
        }
        assertThat(server.stats().requestTimeouts()).isEqualTo(1);
        assertThat(server.stats().connections()).isZero();
    }

    @Test
    void headTrickledSlowerThanRequestTimeoutIsCutWith408FromItsFirstByte() throws Exception {
        long requestMillis = 1000;
        server = Servers.start(b -> b.requestTimeout(Duration.ofMillis(requestMillis))
                .headersTimeout(Duration.ofSeconds(10)));
        try (Trickler client = new Trickler("GET /plaintext HTTP/1.1\r\n", "Host: 127.0.0.1\r\n", 300, 300)
                .preambleDelay(500)) {
            client.open(server.port(), 1);
            assertThat(client.run(8000)).isTrue();
            Trickler.Slow s = client.clients().get(0);
            long afterFirstByte = s.answered - s.firstByteSent;
            System.out.printf("trickled head: 408 %.1f ms after the first byte%n", Wire.millis(afterFirstByte));
            assertThat(s.receivedText()).startsWith("HTTP/1.1 408 ");
            assertThat(ms(afterFirstByte)).isGreaterThanOrEqualTo(requestMillis);
            assertThat(ms(afterFirstByte)).isLessThanOrEqualTo(requestMillis + jitter.allow(LATE_MILLIS));
        }
        assertThat(server.stats().requestTimeouts()).isEqualTo(1);
        assertThat(server.stats().headersTimeouts()).isZero();
    }

    @Test
    void requestTimerOfTheNextRequestStartsAtItsFirstByteAfterAKeepAliveResponse() throws Exception {
        long requestMillis = 800;
        server = Servers.start(b -> b.requestTimeout(Duration.ofMillis(requestMillis))
                .headersTimeout(Duration.ofSeconds(10)).keepAliveTimeout(Duration.ofSeconds(10)));
        try (Wire wire = Wire.connect(server.port())) {
            wire.send(Wire.get("/plaintext"));
            Wire.Response first = wire.readResponse();
            assertThat(first.status()).isEqualTo(200);
            assertThat(wire.quietFor(1000)).as("idle longer than requestTimeout: no timer runs").isTrue();
            long firstByte = System.nanoTime();
            wire.send("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n12");
            Wire.Ending ending = wire.awaitEnd(5000);
            long after = ending.firstByte() - firstByte;
            System.out.printf("second request's body incomplete: 408 %.1f ms after its first byte%n", Wire.millis(after));
            assertThat(ending.text()).startsWith("HTTP/1.1 408 ");
            assertThat(ending.ended()).isTrue();
            assertThat(ms(after)).isGreaterThanOrEqualTo(requestMillis);
            assertThat(ms(after)).isLessThanOrEqualTo(requestMillis + jitter.allow(LATE_MILLIS));
        }
    }

    @Test
    void handlerOutlastingBothTimeoutsOnAFullyReceivedRequestIsNotTimedOut() throws Exception {
        server = Servers.start(b -> b.requestTimeout(Duration.ofMillis(500)).headersTimeout(Duration.ofMillis(500)));
        try (Wire wire = Wire.connect(server.port())) {
            wire.send(Wire.get("/sleep/1500"));
            Wire.Response r = wire.readResponse();
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.text()).isEqualTo("slept");
            assertThat(r.closes()).isFalse();
            wire.send(Wire.get("/plaintext"));
            assertThat(wire.readResponse().status()).as("the connection is kept").isEqualTo(200);
        }
        assertThat(server.stats().requestTimeouts()).isZero();
        assertThat(server.stats().headersTimeouts()).isZero();
    }

    @Test
    void handlerOutlastingRequestTimeoutAfterReadingAFullyReceivedBodyIsNotTimedOut() throws Exception {
        server = Servers.start(b -> b.requestTimeout(Duration.ofMillis(500)).headersTimeout(Duration.ofMillis(500)),
                exchange -> {
                    byte[] body = exchange.requestBody().readAllBytes();
                    Thread.sleep(1500);
                    exchange.responseBody().write(("read " + body.length).getBytes());
                });
        try (Wire wire = Wire.connect(server.port())) {
            wire.send("POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n0123456789");
            Wire.Response r = wire.readResponse();
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.text()).isEqualTo("read 10");
        }
        assertThat(server.stats().requestTimeouts()).isZero();
    }

    /**
     * The whole request (head and its 10-byte body) arrives in one segment, so it is fully received
     * at once; the handler first works for 1.5 s, then reads the body. It must not be timed out.
     */
    @Test
    void handlerThatReadsAFullyReceivedBodyAfterRequestTimeoutIsNotTimedOut() throws Exception {
        server = Servers.start(b -> b.requestTimeout(Duration.ofMillis(500)).headersTimeout(Duration.ofMillis(500)));
        try (Wire wire = Wire.connect(server.port())) {
            wire.send("POST /sleep-then-read/1500 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n0123456789");
            Wire.Response r = wire.readResponse();
            System.out.printf("body received with the head, read after 1.5 s: %d %s%n", r.status(), r.text().trim());
            assertThat(r.status()).as("response to a fully received request: " + r.text()).isEqualTo(200);
            assertThat(r.text()).isEqualTo("read 10");
        }
        assertThat(server.stats().requestTimeouts()).isZero();
    }
}
