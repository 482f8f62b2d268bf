package io.hawser.tests.timeouts;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.nio.ConnectorSeams;
import io.hawser.nio.NioConnector;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * headersTimeout: 408 + Connection: close, then close, when a field section is not complete in time;
 * and where its timer starts (accept, the first byte after a keep-alive response, or the moment a
 * connection goes back to reading after a pipelined response).
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class HeadersTimeoutTest {
    private static final long HEADERS_MILLIS = 1000;
    /** Allowed lateness: the loop's 10 ms granularity plus scheduling on a busy machine. */
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

    /** @return the latest acceptable delay: {@code millis}, the fixed margin and the machine's wake-up delay */
    private long late(long millis) {
        return millis + jitter.allow(LATE_MILLIS);
    }

    private static long ms(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    private static void assert408AndClose(Wire.Ending ending) {
        assertThat(ending.ended()).as("the server closed the connection").isTrue();
        assertThat(ending.text()).startsWith("HTTP/1.1 408 ");
        assertThat(ending.text().toLowerCase()).contains("\r\nconnection: close\r\n");
    }

    @Test
    void silentClientIsCutByHeadersTimeoutWith408() throws Exception {
        server = Servers.start(b -> b.headersTimeout(Duration.ofMillis(HEADERS_MILLIS)));
        try (Wire wire = Wire.connect(server.port())) {
            Wire.Ending ending = wire.awaitEnd(5000);
            assert408AndClose(ending);
            long after = ending.firstByte() - wire.connectStart;
            System.out.printf("silent client: 408 at %.1f ms after connect (headersTimeout %d ms)%n",
                    Wire.millis(after), HEADERS_MILLIS);
            assertThat(ms(after)).isGreaterThanOrEqualTo(HEADERS_MILLIS);
            assertThat(ms(ending.firstByte() - wire.connectEnd)).isLessThanOrEqualTo(late(HEADERS_MILLIS));
        }
        assertThat(server.stats().headersTimeouts()).isEqualTo(1);
        assertThat(server.stats().connections()).isZero();
    }

    @Test
    void headersTimerOfAFirstRequestStartsAtAcceptNotAtItsFirstByte() throws Exception {
        server = Servers.start(b -> b.headersTimeout(Duration.ofMillis(HEADERS_MILLIS)));
        try (Wire wire = Wire.connect(server.port())) {
            Thread.sleep(600); // the client deliberately stays silent after connecting
            wire.send("GET /plaintext HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Part");
            Wire.Ending ending = wire.awaitEnd(5000);
            assert408AndClose(ending);
            long afterConnect = ending.firstByte() - wire.connectStart;
            System.out.printf("head begun 600 ms after connect: 408 at %.1f ms after connect%n", Wire.millis(afterConnect));
            assertThat(ms(afterConnect)).isGreaterThanOrEqualTo(HEADERS_MILLIS);
            assertThat(ms(ending.firstByte() - wire.connectEnd)).as("1 s after accept, not after the first byte")
                    .isLessThanOrEqualTo(late(HEADERS_MILLIS));
        }
    }

    @Test
    void headersTimerStartsAtTheFirstByteOfTheNextRequestAfterAKeepAliveResponse() throws Exception {
        server = Servers.start(b -> b.headersTimeout(Duration.ofMillis(HEADERS_MILLIS))
                .keepAliveTimeout(Duration.ofSeconds(3)));
        try (Wire wire = Wire.connect(server.port())) {
            wire.send(Wire.get("/plaintext"));
            Wire.Response first = wire.readResponse();
            assertThat(first.status()).isEqualTo(200);
            assertThat(first.closes()).isFalse();
            // idle for 1.5 s: longer than headersTimeout, shorter than keepAliveTimeout
            long quiet = 1500 - ms(System.nanoTime() - first.arrived());
            assertThat(wire.quietFor(quiet)).as("no 408 while idle (only keepAliveTimeout applies)").isTrue();
            long firstByte = System.nanoTime();
            wire.send("GET /plaintext HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Part");
            Wire.Ending ending = wire.awaitEnd(5000);
            assert408AndClose(ending);
            long afterFirstByte = ending.firstByte() - firstByte;
            System.out.printf("head begun %.1f ms after a keep-alive response: 408 %.1f ms after its first byte, "
                    + "%.1f ms after the response%n", Wire.millis(firstByte - first.arrived()),
                    Wire.millis(afterFirstByte), Wire.millis(ending.firstByte() - first.arrived()));
            assertThat(ms(afterFirstByte)).isGreaterThanOrEqualTo(HEADERS_MILLIS);
            assertThat(ms(afterFirstByte)).isLessThanOrEqualTo(late(HEADERS_MILLIS));
        }
        assertThat(server.stats().idleTimeouts()).isZero();
        assertThat(server.stats().headersTimeouts()).isEqualTo(1);
    }

    @Test
    void headersTimerOfAPipelinedIncompleteHeadStartsWhenTheConnectionGoesBackToReading() throws Exception {
        server = Servers.start(b -> b.headersTimeout(Duration.ofMillis(HEADERS_MILLIS)));
        try (Wire wire = Wire.connect(server.port())) {
            // complete first head (the handler takes 1.5 s) and the start of a second one, in one write
            long sent = System.nanoTime();
            wire.send("GET /sleep/1500 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                    + "GET /plaintext HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Part");
            Wire.Response first = wire.readResponse();
            assertThat(first.status()).isEqualTo(200);
            assertThat(first.text()).isEqualTo("slept");
            Wire.Ending ending = wire.awaitEnd(5000);
            assert408AndClose(ending);
            long afterResponse = ending.firstByte() - first.arrived();
            System.out.printf("pipelined incomplete head: first response %.1f ms after sending, 408 %.1f ms after "
                    + "the first response%n", Wire.millis(first.arrived() - sent), Wire.millis(afterResponse));
            // counted from the end of the first exchange, not from when the bytes arrived (that would be at once)
            assertThat(ms(afterResponse)).isGreaterThanOrEqualTo(HEADERS_MILLIS - 10);
            assertThat(ms(afterResponse)).isLessThanOrEqualTo(late(HEADERS_MILLIS));
        }
    }

    @Test
    void aHeadCompletedInTimeIsServedAndTheConnectionKept() throws Exception {
        server = Servers.start(b -> b.headersTimeout(Duration.ofMillis(HEADERS_MILLIS)));
        try (Wire wire = Wire.connect(server.port())) {
            wire.send("GET /plaintext HTTP/1.1\r\n");
            Thread.sleep(400); // slow, but within headersTimeout
            wire.send("Host: 127.0.0.1\r\n");
            Thread.sleep(400);
            wire.send("\r\n");
            Wire.Response r = wire.readResponse();
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.closes()).isFalse();
            // the timer was left with the complete head: still open well after 1 s from accept
            assertThat(wire.quietFor(HEADERS_MILLIS)).isTrue();
            wire.send(Wire.get("/plaintext"));
            assertThat(wire.readResponse().status()).isEqualTo(200);
        }
        assertThat(server.stats().headersTimeouts()).isZero();
    }

    /**
     * A burst of accepts is one ready key of the loop; each connection's headers timer still starts
     * at its own accept, so none is cut before headersTimeout after it connected. The seam makes
     * every accept last 30 ms on the loop while clients keep connecting every 15 ms: the loop finds
     * the later ones in the same burst, long after the burst began.
     */
    @Test
    void headersTimerOfEachConnectionInABurstOfAcceptsStartsAtItsOwnAccept() throws Exception {
        long timeoutMillis = 500;
        server = Servers.start(b -> b.headersTimeout(Duration.ofMillis(timeoutMillis)).selectorLoops(1));
        ConnectorSeams.delayAccepts(server, 30);
        java.util.List<Wire> wires = new java.util.ArrayList<>();
        java.util.List<java.util.concurrent.Future<Wire.Ending>> endings = new java.util.ArrayList<>();
        java.util.concurrent.ExecutorService readers = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            for (int i = 0; i < 8; i++) {
                Wire wire = Wire.connect(server.port());
                wires.add(wire);
                endings.add(readers.submit(() -> wire.awaitEnd(5000))); // each read as it arrives
                Thread.sleep(15);
            }
            for (int i = 0; i < wires.size(); i++) {
                Wire wire = wires.get(i);
                Wire.Ending ending = endings.get(i).get();
                assert408AndClose(ending);
                long after = ending.firstByte() - wire.connectStart;
                System.out.printf("burst connection #%d: connected at %.1f ms, 408 at %.1f ms after connect%n", i,
                        Wire.millis(wire.connectStart - wires.get(0).connectStart), Wire.millis(after));
                assertThat(ms(after)).as("connection #%d cut after its own headersTimeout", i)
                        .isGreaterThanOrEqualTo(timeoutMillis);
            }
        } finally {
            readers.shutdownNow();
            for (Wire wire : wires) {
                wire.close();
            }
        }
        assertThat(server.stats().headersTimeouts()).isEqualTo(8);
    }
}
