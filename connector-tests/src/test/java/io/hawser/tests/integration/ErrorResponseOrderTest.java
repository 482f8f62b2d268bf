package io.hawser.tests.integration;

import static io.hawser.tests.integration.RawHttp.pattern;
import static io.hawser.tests.integration.RawHttp.sha256Hex;
import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpHandler;
import io.hawser.nio.NioConnector;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An error response the connector writes itself (400 for a malformed pipelined head, 408 for a
 * head not received in time) goes out behind every byte of the earlier responses on the
 * connection, and whole, even when the client has not been reading and the socket is full; only
 * then does the connection close (RFC 9112 §9.3.2: responses in request order; §9.6).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ErrorResponseOrderTest {
    /** Under the 8 KiB response buffer, so each response is corked whole behind the next request. */
    private static final int PIECE = 7000;
    private static final int PIECES = 9;
    private static final String BAD_HEAD = "GET /x HTTP/1.1\r\nHost: t\r\nBad Field: x\r\n\r\n";

    /** {@code /big?N}: N bytes of pattern(N, N) with a Content-Length; anything else: PIECE bytes. */
    private static final HttpHandler PATTERN = exchange -> {
        int size = exchange.query() == null ? PIECE : Integer.parseInt(exchange.query());
        exchange.responseFields().set("Content-Length", Integer.toString(size));
        exchange.responseBody().write(pattern(size, size));
    };

    @Test
    void writesA400BehindCorkedResponsesOnTheLoop() throws Exception {
        try (NioConnector server = start(RawHttp.local().build(), HttpHandler.nonBlocking(PATTERN))) {
            answersPiecesThen(server, 400, PIECES, BAD_HEAD);
        }
    }

    @Test
    void writesA400BehindCorkedResponsesOnAWorker() throws Exception {
        try (NioConnector server = start(RawHttp.local().build(), PATTERN)) {
            answersPiecesThen(server, 400, PIECES, BAD_HEAD);
        }
    }

    @Test
    void writesA400BehindA4MiBResponseTheClientHasNotReadYet() throws Exception {
        int big = 4 * 1024 * 1024;
        try (NioConnector server = start(RawHttp.local().build(), PATTERN);
                RawHttp c = connectWithSmallReceiveBuffer(server.port())) {
            c.send("GET /big?" + big + " HTTP/1.1\r\nHost: t\r\n\r\n" + BAD_HEAD);
            awaitServerDone(server);
            RawHttp.Response first = c.read();
            assertThat(first.status).isEqualTo(200);
            assertThat(sha256Hex(first.body)).isEqualTo(sha256Hex(pattern(big, big)));
            assertError(c, 400);
        }
    }

    @Test
    void writesA408BehindOutputStillPendingWhenHeadersTimeoutFires() throws Exception {
        var config = RawHttp.local().headersTimeout(Duration.ofMillis(300)).build();
        try (NioConnector server = start(config, HttpHandler.nonBlocking(PATTERN))) {
            // the last request's head never completes
            answersPiecesThen(server, 408, PIECES, "GET /x HTTP/1.1\r\nHost:");
        }
    }

    /** Pipelines {@code pieces} GETs and {@code last} without reading, then reads everything. */
    private static void answersPiecesThen(NioConnector server, int status, int pieces, String last) throws IOException {
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < pieces; i++) {
            all.append("GET /piece HTTP/1.1\r\nHost: t\r\n\r\n");
        }
        try (RawHttp c = connectWithSmallReceiveBuffer(server.port())) {
            c.send(all + last);
            if (status == 408) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (server.stats().headersTimeouts() == 0 && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
                assertThat(server.stats().headersTimeouts()).isEqualTo(1);
            } else {
                awaitServerDone(server);
            }
            String expected = sha256Hex(pattern(PIECE, PIECE));
            for (int i = 0; i < pieces; i++) {
                RawHttp.Response r = c.read();
                assertThat(r.status).as("response %d", i).isEqualTo(200);
                assertThat(sha256Hex(r.body)).as("response %d", i).isEqualTo(expected);
            }
            assertError(c, status);
        }
    }

    private static void assertError(RawHttp c, int status) throws IOException {
        RawHttp.Response error = c.read();
        assertThat(error.status).isEqualTo(status);
        assertThat(error.closes()).isTrue();
        assertThat(c.closeKind(5_000)).isEqualTo("FIN");
    }

    /**
     * Gives the server time to answer everything it can while the client reads nothing: it either
     * closes (what it did when the error went out ahead of the pending bytes) or waits for the
     * client to read.
     */
    private static void awaitServerDone(NioConnector server) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500);
        while (server.openConnections() > 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
    }

    /**
     * Starts a connector whose sockets have a small, fixed send buffer, so a socket is full after a
     * few KiB whatever the kernel's autotuning would allow.
     */
    private static NioConnector start(io.hawser.api.ConnectorConfig config, HttpHandler handler) throws IOException {
        NioConnector server = RawHttp.start(config, handler);
        io.hawser.nio.ConnectorSeams.fixSendBuffer(server, 8192);
        return server;
    }

    /** A client whose receive window is small, so the server's socket fills after a few KiB. */
    private static RawHttp connectWithSmallReceiveBuffer(int port) throws IOException {
        Socket s = new Socket();
        s.setReceiveBufferSize(4096);
        s.setTcpNoDelay(true);
        s.setSoTimeout(RawHttp.READ_TIMEOUT_MILLIS);
        s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        return RawHttp.wrap(s);
    }
}
