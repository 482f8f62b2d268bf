package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.HttpHandler;
import io.hawser.nio.ConnectorSeams;
import io.hawser.nio.NioConnector;
import io.hawser.samples.embedded.SampleHandler;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Whichever way a connection closes, on the loop or on a worker, its exchange and every buffer page
 * it borrowed go back to the connector's pools: after the close, lends equal returns.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PoolReturnTest {
    private static final String GET = "GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n";
    private static NioConnector server;

    @BeforeAll
    static void start() throws IOException {
        HttpHandler handler = exchange -> {
            if (exchange.path().equals("/fail")) {
                throw new IllegalStateException("handler failure (expected by the test)");
            }
            new SampleHandler().handle(exchange);
        };
        server = RawHttp.start(RawHttp.local().maxRequestsPerConnection(3).keepAliveTimeout(Duration.ofMillis(200))
                .requestTimeout(Duration.ofMillis(500)).build(), handler);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** @param exchange what the client sends ({@code |} ends it early: the client closes there) */
    @ParameterizedTest
    @ValueSource(strings = {
        // closed on a worker
        "GET /plaintext HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
        "GET /plaintext HTTP/1.0\r\n\r\n",
        GET + GET + GET,                                             // maxRequestsPerConnection
        GET + "GET /a HTTP/1.1\r\nHost: t\r\nBad Field: x\r\n\r\n",  // bad pipelined head
        "GET /fail HTTP/1.1\r\nHost: t\r\n\r\n",                     // 500
        GET + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc",  // requestTimeout in the body
        "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc|",       // client gone in the body
        GET + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\n|",
        // closed on the loop
        "GET /a HTTP/1.1\r\nHost: t\r\nBad Field: x\r\n\r\n",
        "GET /%zz HTTP/1.1\r\nHost: t\r\n\r\n",
        GET,                                                         // keepAliveTimeout
        "GET /plaintext HTTP/1.1\r\nHo",                              // requestTimeout in the head
        GET + "|",                                                   // client gone while idle
    })
    void returnsTheExchangeAndEveryPageOnceTheConnectionClosed(String exchange) throws Exception {
        int cut = exchange.indexOf('|');
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send(cut < 0 ? exchange : exchange.substring(0, cut));
            if (cut >= 0) {
                c.socket().shutdownOutput();
            }
            readToEnd(c);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while ((server.openConnections() > 0 || !ConnectorSeams.outstanding(server).equals(NONE))
                && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(server.openConnections()).isZero();
        assertThat(ConnectorSeams.outstanding(server)).isEqualTo(NONE);
    }

    private static final String NONE = RawHttp.NOTHING_LENT;

    /**
     * A lingering close (an error answered before the request was read: half-close, then read and
     * discard) gives the exchange and the pages back at once, yet counts the connection open until
     * its socket closes.
     */
    @Test
    void aLingeringConnectionHoldsNoPooledObjectButCountsUntilItsSocketCloses() throws Exception {
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send(GET + "GET /a HTTP/1.1\r\nHost: t\r\nBad Field: x\r\n\r\n");
            readToEnd(c); // the 200, the 400, then the server's FIN: the connection lingers
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            while (!ConnectorSeams.outstanding(server).equals(NONE) && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(ConnectorSeams.outstanding(server)).isEqualTo(NONE);
            assertThat(server.openConnections()).isOne();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (server.openConnections() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(server.openConnections()).isZero();
    }

    /** Reads whatever the server sends until it closes (a read timeout fails the test). */
    private static void readToEnd(RawHttp c) throws IOException {
        java.io.InputStream in = c.socket().getInputStream();
        byte[] buf = new byte[8192];
        try {
            while (in.read(buf) >= 0) {
                // responses are not checked here
            }
        } catch (java.net.SocketTimeoutException e) {
            throw e;
        } catch (java.net.SocketException reset) {
            // closed with unread input: a reset is a close too
        }
    }
}
