package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.api.ConnectorConfig;
import io.hawser.nio.NioConnector;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An error response sent before the request was read is not lost to a reset: the connector
 * half-closes, reads and discards what still comes for a bounded time and byte count, then closes
 * (RFC 9112 §9.6).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@org.junit.jupiter.api.TestInstance(org.junit.jupiter.api.TestInstance.Lifecycle.PER_CLASS)
class LingeringCloseTest {
    private static final int ERROR_PAGE = 64 << 10;
    private NioConnector server;

    /** @return whether the handler runs on the selector loop ({@link NonBlockingLingeringCloseTest}) */
    boolean nonBlocking() {
        return false;
    }

    @BeforeAll
    void start() throws IOException {
        io.hawser.api.HttpHandler handler = exchange -> {
            if (exchange.path().equals("/early")) {
                // refuses the upload without reading it, with a sizeable error page
                exchange.setStatus(413);
                exchange.responseFields().set("Content-Length", Integer.toString(ERROR_PAGE));
                exchange.responseBody().write(new byte[ERROR_PAGE]);
                return;
            }
            exchange.responseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
        };
        server = new NioConnector(ConnectorConfig.builder().host("127.0.0.1").port(0).build(),
                nonBlocking() ? io.hawser.api.HttpHandler.nonBlocking(handler) : handler);
        server.start();
    }

    @AfterAll
    void stop() throws InterruptedException {
        server.stop(Duration.ofSeconds(1));
    }

    private Socket connect() throws IOException {
        Socket s = new Socket();
        s.setSoTimeout(10_000);
        s.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
        return s;
    }

    /** @return everything received until the end of the connection, a reset included */
    private static String readAll(Socket s) {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        try {
            InputStream in = s.getInputStream();
            for (int n; (n = in.read(buf)) >= 0; ) {
                got.write(buf, 0, n);
            }
        } catch (IOException reset) {
            // what came before it is the answer
        }
        return got.toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    void aClientThatWritesANineMegabyteRequestLineThenReadsAlwaysGetsTheWhole414() throws Exception {
        byte[] line = new byte[9 << 20];
        Arrays.fill(line, (byte) 'a');
        byte[] start = "GET /".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(start, 0, line, 0, start.length);
        int lost = 0;
        String sample = null;
        for (int i = 0; i < 200; i++) {
            try (Socket s = connect()) {
                OutputStream out = s.getOutputStream();
                try {
                    out.write(line);
                    out.flush();
                } catch (IOException e) {
                    // the server stops reading at its bound; the answer must still be there
                }
                String response = readAll(s);
                if (!response.startsWith("HTTP/1.1 414 ") || !response.endsWith("\n")) {
                    lost++;
                    sample = response;
                }
            }
        }
        assertThat(lost).as("414 responses lost of 200 (last: %s)", sample).isZero();
        await().atMost(Duration.ofSeconds(5)).until(() -> server.openConnections() == 0);
    }

    @Test
    void anErrorPageAnsweredBeforeTheBodyWasReadReachesASlowReaderWhole() throws Exception {
        int body = 200_000;
        byte[] request = ("POST /early HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: " + body + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        int truncated = 0;
        int last = -1;
        for (int i = 0; i < 20; i++) {
            try (Socket s = new Socket()) {
                s.setReceiveBufferSize(4096); // a small window: most of the answer waits in the server's kernel
                s.setSoTimeout(10_000);
                s.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
                OutputStream out = s.getOutputStream();
                out.write(request);
                out.write(new byte[body]);
                out.flush();
                String response = readAll(s);
                int at = response.indexOf("\r\n\r\n");
                last = at < 0 ? -1 : response.length() - at - 4;
                if (!response.startsWith("HTTP/1.1 413 ") || last != ERROR_PAGE) {
                    truncated++;
                }
            }
        }
        assertThat(truncated).as("error pages cut short by a reset, of 20 (last body: %d bytes)", last).isZero();
    }

    @Test
    void aLingeringConnectionIsClosedAfterTheBoundWhenTheClientNeitherClosesNorStopsSending() throws Exception {
        try (Socket s = connect()) {
            OutputStream out = s.getOutputStream();
            out.write(("GET /" + "a".repeat(9000) + " HTTP/1.1\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String head = new String(in.readNBytes(12), StandardCharsets.ISO_8859_1);
            assertThat(head).isEqualTo("HTTP/1.1 414");
            long answered = System.nanoTime();
            // the client keeps the connection open and trickles bytes: the server lingers, then closes
            assertThat(server.openConnections()).isEqualTo(1);
            while (server.openConnections() > 0 && System.nanoTime() - answered < TimeUnit.SECONDS.toNanos(10)) {
                try {
                    out.write('a');
                    out.flush();
                } catch (IOException e) {
                    break; // the server closed
                }
                Thread.sleep(50);
            }
            long lingered = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - answered);
            await().atMost(Duration.ofSeconds(1)).until(() -> server.openConnections() == 0);
            assertThat(lingered).as("lingered ms").isBetween(1500L, 5000L);
        }
    }

    @Test
    void aLingeringConnectionIsClosedOnceTheClientHasSentMaxUnreadBodyDrainBytes() throws Exception {
        try (Socket s = connect()) {
            OutputStream out = s.getOutputStream();
            out.write(("GET /" + "a".repeat(9000)).getBytes(StandardCharsets.US_ASCII));
            byte[] more = new byte[64 << 10];
            Arrays.fill(more, (byte) 'a');
            long sent = 0;
            try {
                while (sent < 64 << 20) {
                    out.write(more);
                    sent += more.length;
                }
            } catch (IOException e) {
                // reset: the server stopped lingering
            }
            assertThat(sent).isLessThan(64 << 20);
            assertThat(readAll(s)).startsWith("HTTP/1.1 414 ");
            await().atMost(Duration.ofSeconds(1)).until(() -> server.openConnections() == 0);
        }
    }
}
