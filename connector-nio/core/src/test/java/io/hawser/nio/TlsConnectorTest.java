package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpHandler;
import io.hawser.api.TlsConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A started connector with a cleartext and a TLS listener, driven by JDK {@code SSLSocket}s: bytes
 * on the wire after decryption, what the handler sees, the pools and the lists.
 */
class TlsConnectorTest {
    @TempDir
    static Path dir;
    private static TestCertificates certs;
    private NioConnector connector;
    private final AtomicReference<Boolean> secureSeen = new AtomicReference<>();
    private final AtomicReference<io.hawser.api.TlsInfo> infoSeen = new AtomicReference<>();

    @BeforeAll
    static void certificate() throws Exception {
        certs = TestCertificates.make(dir);
    }

    @AfterEach
    void stop() {
        if (connector != null) {
            connector.close();
        }
    }

    /** GET /N → N bytes of 'x'; POST → the body's length; else "hello". */
    private HttpHandler handler() {
        return exchange -> {
            secureSeen.set(exchange.isSecure());
            infoSeen.set(exchange.tlsInfo());
            if (exchange.method().equals("POST")) {
                long n = 0;
                byte[] b = new byte[8192];
                int r;
                while ((r = exchange.requestBody().read(b, 0, b.length)) >= 0) {
                    n += r;
                }
                exchange.responseBody().write(Long.toString(n).getBytes(StandardCharsets.US_ASCII));
                return;
            }
            String p = exchange.path().substring(1);
            if (!p.isEmpty() && Character.isDigit(p.charAt(0))) {
                byte[] body = new byte[Integer.parseInt(p)];
                Arrays.fill(body, (byte) 'x');
                exchange.responseFields().set("Content-Length", Integer.toString(body.length));
                exchange.responseBody().write(body);
                return;
            }
            exchange.responseBody().write("hello".getBytes(StandardCharsets.US_ASCII));
        };
    }

    private void start(ConnectorConfig.Builder b) throws IOException {
        TlsConfig tls = TlsConfig.builder().keyStore(certs.keyStore, "PKCS12", TestCertificates.PASSWORD).build();
        connector = new NioConnector(b.host("127.0.0.1").port(0).tls(tls).tlsPort(0).build(), handler());
        connector.tlsEngines(certs.engines());
        connector.start();
    }

    private SSLSocket tlsSocket() throws IOException {
        SSLSocket s = (SSLSocket) certs.context.getSocketFactory().createSocket("127.0.0.1", connector.tlsPort());
        s.setSoTimeout(10_000);
        s.setEnabledProtocols(new String[] {"TLSv1.3"});
        return s;
    }

    private static String request(String method, String path, String extra) {
        return method + " " + path + " HTTP/1.1\r\nHost: localhost\r\n" + extra + "\r\n";
    }

    /** Reads one response with a Content-Length body. */
    private static String readResponse(InputStream in) throws IOException {
        String h = RawHeads.readHead(in);
        int at = h.toLowerCase().indexOf("content-length: ");
        int len = Integer.parseInt(h.substring(at + 16, h.indexOf('\r', at)));
        byte[] body = in.readNBytes(len);
        return h + new String(body, StandardCharsets.ISO_8859_1);
    }

    @Test
    void httpsRequestsOnOneConnectionAndTheHandlerSeesTls() throws Exception {
        start(ConnectorConfig.builder());
        try (SSLSocket s = tlsSocket()) {
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            for (int i = 0; i < 3; i++) {
                out.write(request("GET", "/", "").getBytes(StandardCharsets.US_ASCII));
                assertThat(readResponse(in)).startsWith("HTTP/1.1 200 ").endsWith("\r\n\r\nhello");
            }
            assertThat(s.getSession().getProtocol()).isEqualTo("TLSv1.3");
        }
        assertThat(secureSeen.get()).isTrue();
        assertThat(infoSeen.get().protocol()).isEqualTo("TLSv1.3");
        assertThat(infoSeen.get().cipherSuite()).startsWith("TLS_");
    }

    @Test
    void sixteenPipelinedRequestsInOneWriteGetSixteenResponsesInOrder() throws Exception {
        start(ConnectorConfig.builder());
        try (SSLSocket s = tlsSocket()) {
            StringBuilder batch = new StringBuilder();
            for (int i = 1; i <= 16; i++) {
                batch.append(request("GET", "/" + i, ""));
            }
            s.getOutputStream().write(batch.toString().getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            for (int i = 1; i <= 16; i++) {
                assertThat(readResponse(in)).endsWith("\r\n\r\n" + "x".repeat(i));
            }
        }
    }

    @Test
    void largeBodiesBothWaysCrossManyRecordsIntact() throws Exception {
        start(ConnectorConfig.builder());
        try (SSLSocket s = tlsSocket()) {
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            int size = 3 * 1024 * 1024 + 17;
            out.write(request("GET", "/" + size, "").getBytes(StandardCharsets.US_ASCII));
            String r = readResponse(in);
            assertThat(r).startsWith("HTTP/1.1 200 ");
            String body = r.substring(r.indexOf("\r\n\r\n") + 4);
            assertThat(body.length()).isEqualTo(size);
            assertThat(body.chars().allMatch(c -> c == 'x')).isTrue();
            byte[] upload = new byte[2 * 1024 * 1024 + 5];
            out.write(request("POST", "/", "Content-Length: " + upload.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(upload);
            assertThat(readResponse(in)).endsWith("\r\n\r\n" + upload.length);
        }
    }

    @Test
    void aResponseTheClientReadsLateIsFlushedWhenTheSocketDrains() throws Exception {
        start(ConnectorConfig.builder());
        try (SSLSocket s = tlsSocket()) {
            int size = 24 * 1024 * 1024; // more than the socket buffers hold
            s.getOutputStream().write(request("GET", "/" + size, "Connection: close\r\n").getBytes(StandardCharsets.US_ASCII));
            // The server fills the socket, waits for OP_WRITE and goes on: the whole body arrives.
            await().atMost(Duration.ofSeconds(10)).until(() -> connector.stats().writeStalled() > 0);
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            s.getInputStream().transferTo(got);
            String r = got.toString(StandardCharsets.ISO_8859_1);
            assertThat(r.substring(r.indexOf("\r\n\r\n") + 4).length()).isEqualTo(size);
            assertThat(r).contains("Connection: close");
        }
    }

    @Test
    void cleartextHttpOnTheTlsPortGetsACleartext400AndAClose() throws Exception {
        start(ConnectorConfig.builder());
        try (Socket s = new Socket()) {
            s.setSoTimeout(10_000);
            s.connect(new InetSocketAddress("127.0.0.1", connector.tlsPort()));
            s.getOutputStream().write(request("GET", "/", "").getBytes(StandardCharsets.US_ASCII));
            String r = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(r).startsWith("HTTP/1.1 400 ").contains("Connection: close").contains("speaks HTTPS");
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> connector.stats().connections() == 0);
    }

    @Test
    void aClientHelloOnTheCleartextPortIsClosedQuietly() throws Exception {
        start(ConnectorConfig.builder());
        try (LogCapture log = new LogCapture("io.hawser")) {
            try (SSLSocket s = (SSLSocket) certs.context.getSocketFactory().createSocket("127.0.0.1", connector.port())) {
                s.setSoTimeout(10_000);
                assertThatThrownBy(s::startHandshake).isInstanceOf(IOException.class);
            }
            await().atMost(Duration.ofSeconds(5)).until(() -> connector.stats().connections() == 0);
            assertThat(log.atLeast(Level.INFO)).isEmpty();
        }
    }

    @Test
    void aClientSilentOrStalledMidHandshakeIsCutByTheHandshakeTimeout() throws Exception {
        start(ConnectorConfig.builder().tlsHandshakeTimeout(Duration.ofMillis(300)).headersTimeout(Duration.ofSeconds(30)));
        try (Socket silent = new Socket("127.0.0.1", connector.tlsPort());
             Socket stalled = new Socket("127.0.0.1", connector.tlsPort())) {
            silent.setSoTimeout(10_000);
            stalled.setSoTimeout(10_000);
            stalled.getOutputStream().write(new byte[] {22, 3, 1, 0, (byte) 200, 1, 0}); // a ClientHello's first bytes
            await().atMost(Duration.ofSeconds(5)).until(() -> connector.stats().handshaking() == 2);
            assertThat(silent.getInputStream().read()).isEqualTo(-1);
            assertThat(stalled.getInputStream().read()).isEqualTo(-1);
        }
        assertThat(connector.stats().tlsHandshakeTimeouts()).isEqualTo(2);
        assertThat(connector.stats().headersTimeouts()).isZero();
    }

    @Test
    void afterTheHandshakeASilentClientIsCutByTheHeadersTimeout() throws Exception {
        start(ConnectorConfig.builder().headersTimeout(Duration.ofMillis(300)));
        try (SSLSocket s = tlsSocket()) {
            s.startHandshake();
            String r = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(r).startsWith("HTTP/1.1 408 ");
        }
        assertThat(connector.stats().headersTimeouts()).isEqualTo(1);
    }

    @Test
    void anIdleTlsConnectionHoldsNoPages() throws Exception {
        start(ConnectorConfig.builder());
        try (SSLSocket s = tlsSocket()) {
            s.getOutputStream().write(request("GET", "/100000", "").getBytes(StandardCharsets.US_ASCII));
            assertThat(readResponse(s.getInputStream())).startsWith("HTTP/1.1 200 ");
            await().atMost(Duration.ofSeconds(5)).until(() -> connector.stats().idle() == 1);
            BufferPool pages = connector.tlsPages();
            BufferPool wraps = connector.tlsWrapPages();
            await().atMost(Duration.ofSeconds(5)).until(() -> pages.lent() == pages.returned()
                    && wraps.lent() == wraps.returned());
            assertThat(pages.lent()).isPositive();
        }
    }

    @Test
    void aFailedHandshakeIsLoggedOnceAMinutePerAddress() throws Exception {
        start(ConnectorConfig.builder());
        SSLContext distrusting = SSLContext.getInstance("TLS");
        distrusting.init(null, null, null); // the JDK's cacerts: the test certificate is unknown
        try (LogCapture log = new LogCapture(HandshakeFailureLog.class.getName())) {
            for (int i = 0; i < 3; i++) {
                try (SSLSocket s = (SSLSocket) distrusting.getSocketFactory().createSocket("127.0.0.1", connector.tlsPort())) {
                    s.setSoTimeout(10_000);
                    assertThatThrownBy(s::startHandshake).isInstanceOf(SSLException.class);
                }
            }
            await().atMost(Duration.ofSeconds(5)).until(() -> connector.stats().connections() == 0);
            assertThat(log.records).hasSize(1);
            assertThat(log.records.get(0).getMessage()).startsWith("TLS handshake with 127.0.0.1 failed: ");
            assertThat(log.records.get(0).getThrown()).isNull();
        }
    }

    @Test
    void engineFactoryFailingClosesThatConnectionAndTheNextOneIsServed() throws Exception {
        TlsConfig tls = TlsConfig.builder().keyStore(certs.keyStore, "PKCS12", TestCertificates.PASSWORD).build();
        connector = new NioConnector(ConnectorConfig.builder().host("127.0.0.1").port(0).tls(tls).tlsPort(0).build(),
                handler());
        TlsEngines good = certs.engines();
        java.util.concurrent.atomic.AtomicInteger made = new java.util.concurrent.atomic.AtomicInteger();
        connector.tlsEngines(peer -> {
            if (peer != null && made.getAndIncrement() == 0) { // the start-up probe passes null
                throw new IllegalStateException("engine factory fails (test)");
            }
            return good.newEngine(peer);
        });
        connector.start();
        try (Socket s = new Socket("127.0.0.1", connector.tlsPort())) {
            s.setSoTimeout(10_000);
            assertThat(s.getInputStream().read()).isEqualTo(-1);
        }
        try (SSLSocket s = tlsSocket()) {
            s.getOutputStream().write(request("GET", "/", "").getBytes(StandardCharsets.US_ASCII));
            assertThat(readResponse(s.getInputStream())).endsWith("hello");
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> connector.openConnections() == 0); // the failed one counted out too
    }

    @Test
    void aConnectionCloseResponseEndsWithCloseNotify() throws Exception {
        start(ConnectorConfig.builder());
        try (SSLSocket s = tlsSocket()) {
            s.getOutputStream().write(request("GET", "/", "Connection: close\r\n").getBytes(StandardCharsets.US_ASCII));
            // readAllBytes returns at the close_notify; a FIN without it would throw (truncation)
            String r = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(r).startsWith("HTTP/1.1 200 ").endsWith("hello");
        }
    }
}
