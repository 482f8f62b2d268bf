package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpHandler;
import io.hawser.api.TlsConfig;
import io.hawser.api.UpgradeHandler;
import io.hawser.api.UpgradedConnection;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP/1.1 Upgrade seam (RFC 9110 §7.8) through raw sockets: the 101 on the wire, the bytes
 * behind the upgrade request handed over, pipelined bytes never parsed as HTTP, the upgraded idle
 * timeout, graceful stop, backpressure, and the same over TLS.
 */
class UpgradeTest {
    private static final String UPGRADE = "GET /echo HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\n"
            + "Upgrade: x-echo\r\n\r\n";
    @TempDir
    Path dir;
    private NioConnector connector;
    private final AtomicInteger closedTold = new AtomicInteger();
    private final CountDownLatch stopTold = new CountDownLatch(1);
    private final AtomicReference<String> refusal = new AtomicReference<>();

    @AfterEach
    void stop() {
        if (connector != null) {
            connector.close();
        }
    }

    /** Echoes every byte; on stop writes "bye" and closes. */
    private final class Echo implements UpgradeHandler {
        @Override
        public void onUpgrade(UpgradedConnection c) {
            pump(c);
        }

        private void pump(UpgradedConnection c) {
            ByteBuffer b = ByteBuffer.allocate(8192);
            try {
                int n;
                while ((n = c.read(b.clear())) > 0) {
                    b.flip();
                    if (!c.write(b)) {
                        c.onWritable(() -> pump(c)); // backpressure: read on once the output drained
                        return;
                    }
                }
                if (n < 0) {
                    c.close();
                    return;
                }
            } catch (IOException e) {
                c.close();
                return;
            }
            c.demand(() -> pump(c));
        }

        @Override
        public void onStop(UpgradedConnection c) {
            stopTold.countDown();
            try {
                c.write(ByteBuffer.wrap("bye".getBytes(StandardCharsets.US_ASCII)));
            } catch (IOException ignored) {
                // closing anyway
            }
            c.close();
        }

        @Override
        public void onClosed() {
            closedTold.incrementAndGet();
        }
    }

    /** Fails in {@code onUpgrade}, or in its first read callback. */
    private static final class Failing implements UpgradeHandler {
        private final boolean inCallback;

        Failing(boolean inCallback) {
            this.inCallback = inCallback;
        }

        @Override
        public void onUpgrade(UpgradedConnection c) {
            if (!inCallback) {
                throw new IllegalStateException("handler fails in onUpgrade (test)");
            }
            c.demand(() -> {
                throw new IllegalStateException("handler fails in its read callback (test)");
            });
        }

        @Override
        public void onStop(UpgradedConnection c) {
        }

        @Override
        public void onClosed() {
            throw new IllegalStateException("handler fails in onClosed too (test)");
        }
    }

    private HttpHandler handler() {
        return exchange -> {
            try {
                if (exchange.path().startsWith("/fail")) {
                    exchange.upgrade("x-echo", new Failing(exchange.path().equals("/fail-in-callback")));
                    return;
                }
                exchange.upgrade("x-echo", new Echo());
                exchange.responseFields().set("X-Seen", exchange.path());
            } catch (IllegalStateException e) {
                refusal.set(e.getMessage());
                exchange.setStatus(400);
                exchange.responseFields().set("Content-Length", "7");
                exchange.responseBody().write("refused".getBytes(StandardCharsets.US_ASCII));
            }
        };
    }

    private void start(ConnectorConfig.Builder b) throws IOException {
        connector = new NioConnector(b.host("127.0.0.1").port(0).build(), handler());
        connector.start();
    }

    private Socket socket() throws IOException {
        Socket s = new Socket("127.0.0.1", connector.port());
        s.setSoTimeout(10_000);
        return s;
    }

    private static String readHead(InputStream in) throws IOException {
        return RawHeads.readHead(in);
    }

    private static String read(InputStream in, int n) throws IOException {
        return new String(in.readNBytes(n), StandardCharsets.ISO_8859_1);
    }

    @Test
    void answers101ThenEchoesTheNewProtocolsBytes() throws Exception {
        start(ConnectorConfig.builder());
        try (Socket s = socket()) {
            s.getOutputStream().write(UPGRADE.getBytes(StandardCharsets.US_ASCII));
            String head = readHead(s.getInputStream());
            assertThat(head).startsWith("HTTP/1.1 101 Switching Protocols\r\n").contains("\r\nConnection: Upgrade\r\n")
                    .contains("\r\nUpgrade: x-echo\r\n").contains("\r\nX-Seen: /echo\r\n")
                    .doesNotContain("Content-Length").doesNotContain("Transfer-Encoding");
            s.getOutputStream().write("ping".getBytes(StandardCharsets.US_ASCII));
            assertThat(read(s.getInputStream(), 4)).isEqualTo("ping");
            await().until(() -> connector.stats().upgraded() == 1);
            assertThat(connector.stats().connections()).isEqualTo(1);
            assertThat(connector.stats().idle()).isZero();
            assertThat(connector.openConnections()).isEqualTo(1);
        }
        await().until(() -> closedTold.get() == 1);
        await().until(() -> connector.stats().upgraded() == 0 && connector.openConnections() == 0);
    }

    @Test
    void aHandlerThatThrowsClosesItsConnectionOnlyAndReleasesIt() throws Exception {
        start(ConnectorConfig.builder());
        for (String path : new String[] {"/fail-in-upgrade", "/fail-in-callback"}) {
            try (Socket s = socket()) {
                s.getOutputStream().write(UPGRADE.replace("/echo", path).getBytes(StandardCharsets.US_ASCII));
                assertThat(readHead(s.getInputStream())).startsWith("HTTP/1.1 101 ");
                s.getOutputStream().write("x".getBytes(StandardCharsets.US_ASCII));
                assertThat(s.getInputStream().read()).as(path + ": closed").isEqualTo(-1);
            }
        }
        await().until(() -> connector.openConnections() == 0 && connector.stats().upgraded() == 0);
        await().until(() -> MemoryConnection.outstanding(connector).equals("exchanges=0 pages=0 responseBuffers=0"));
        try (Socket s = socket()) { // the server goes on serving
            s.getOutputStream().write((UPGRADE + "still here").getBytes(StandardCharsets.US_ASCII));
            assertThat(readHead(s.getInputStream())).startsWith("HTTP/1.1 101 ");
            assertThat(read(s.getInputStream(), 10)).isEqualTo("still here");
        }
    }

    @Test
    void bytesSentWithTheUpgradeRequestAreHandedOver() throws Exception {
        start(ConnectorConfig.builder());
        try (Socket s = socket()) {
            s.getOutputStream().write((UPGRADE + "early bytes").getBytes(StandardCharsets.US_ASCII));
            assertThat(readHead(s.getInputStream())).startsWith("HTTP/1.1 101 ");
            assertThat(read(s.getInputStream(), 11)).isEqualTo("early bytes");
        }
    }

    @Test
    void aPipelinedRequestAfterTheUpgradeIsNotParsedAsHttp() throws Exception {
        start(ConnectorConfig.builder());
        String pipelined = "GET /other HTTP/1.1\r\nHost: localhost\r\n\r\n";
        try (Socket s = socket()) {
            s.getOutputStream().write((UPGRADE + pipelined).getBytes(StandardCharsets.US_ASCII));
            assertThat(readHead(s.getInputStream())).startsWith("HTTP/1.1 101 ");
            assertThat(read(s.getInputStream(), pipelined.length())).isEqualTo(pipelined); // echoed, not answered
        }
    }

    @Test
    void aRequestWithoutUpgradeFieldsCannotBeUpgradedAndStaysHttp() throws Exception {
        start(ConnectorConfig.builder());
        try (Socket s = socket()) {
            s.getOutputStream().write("GET / HTTP/1.1\r\nHost: localhost\r\nUpgrade: x-echo\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            assertThat(readHead(s.getInputStream())).startsWith("HTTP/1.1 400 ");
            assertThat(read(s.getInputStream(), 7)).isEqualTo("refused");
            assertThat(refusal.get()).contains("Connection: upgrade");
            s.getOutputStream().write("GET / HTTP/1.0\r\nHost: localhost\r\nConnection: upgrade\r\nUpgrade: x-echo\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            assertThat(readHead(s.getInputStream())).startsWith("HTTP/1.1 400 ");
            assertThat(refusal.get()).contains("HTTP/1.1");
        }
    }

    @Test
    void anIdleUpgradedConnectionClosesAfterItsOwnTimeout() throws Exception {
        start(ConnectorConfig.builder().upgradedIdleTimeout(Duration.ofMillis(300)).keepAliveTimeout(Duration.ofSeconds(60)));
        try (Socket s = socket()) {
            s.getOutputStream().write(UPGRADE.getBytes(StandardCharsets.US_ASCII));
            assertThat(readHead(s.getInputStream())).startsWith("HTTP/1.1 101 ");
            assertThat(s.getInputStream().read()).isEqualTo(-1); // closed quietly by the timeout
        }
        await().until(() -> closedTold.get() == 1);
        assertThat(connector.stats().upgradedIdleTimeouts()).isEqualTo(1);
        assertThat(connector.stats().idleTimeouts()).isZero();
    }

    @Test
    void gracefulStopTellsTheHandlerWhichCloses() throws Exception {
        start(ConnectorConfig.builder());
        try (Socket s = socket()) {
            s.getOutputStream().write(UPGRADE.getBytes(StandardCharsets.US_ASCII));
            assertThat(readHead(s.getInputStream())).startsWith("HTTP/1.1 101 ");
            await().until(() -> connector.stats().upgraded() == 1);
            CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> {
                try {
                    connector.stop(Duration.ofSeconds(20));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertThat(stopTold.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(read(s.getInputStream(), 3)).isEqualTo("bye");
            assertThat(s.getInputStream().read()).isEqualTo(-1);
            stopped.get(10, TimeUnit.SECONDS); // well before its deadline: the handler closed
        }
        assertThat(closedTold.get()).isEqualTo(1);
    }

    @Test
    void megabytesEchoThroughBackpressure() throws Exception {
        start(ConnectorConfig.builder());
        byte[] data = new byte[4 * 1024 * 1024];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31 + (i >> 12));
        }
        try (Socket s = socket()) {
            s.getOutputStream().write(UPGRADE.getBytes(StandardCharsets.US_ASCII));
            assertThat(readHead(s.getInputStream())).startsWith("HTTP/1.1 101 ");
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                try {
                    s.getOutputStream().write(data);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            assertThat(s.getInputStream().readNBytes(data.length)).isEqualTo(data);
            writer.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void upgradesOverTlsToo() throws Exception {
        TestCertificates certs = TestCertificates.make(dir);
        TlsConfig tls = TlsConfig.builder().keyStore(certs.keyStore, "PKCS12", TestCertificates.PASSWORD).build();
        connector = new NioConnector(ConnectorConfig.builder().host("127.0.0.1").port(-1).tls(tls).tlsPort(0).build(), handler());
        connector.tlsEngines(certs.engines());
        connector.start();
        try (SSLSocket s = (SSLSocket) certs.context.getSocketFactory().createSocket("127.0.0.1", connector.tlsPort())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write((UPGRADE + "over tls").getBytes(StandardCharsets.US_ASCII));
            assertThat(readHead(s.getInputStream())).startsWith("HTTP/1.1 101 ");
            assertThat(read(s.getInputStream(), 8)).isEqualTo("over tls");
            s.getOutputStream().write("again".getBytes(StandardCharsets.US_ASCII));
            assertThat(read(s.getInputStream(), 5)).isEqualTo("again");
        }
    }
}
