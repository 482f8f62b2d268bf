package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpHandler;
import io.hawser.api.ProxyProtocol;
import io.hawser.api.TlsConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * PROXY protocol on a started connector: what the handler sees as remote and local addresses,
 * and connections closed with no byte written for a bad, missing, late or untrusted header.
 */
class ProxyProtocolConnectorTest {
    @TempDir
    static Path dir;
    private static TestCertificates certs;
    private NioConnector connector;

    /** Answers "remote=ADDR:PORT local=ADDR:PORT". */
    private static final HttpHandler ADDRESSES = exchange -> {
        String body = "remote=" + exchange.remoteAddress().getAddress().getHostAddress() + ":"
                + exchange.remoteAddress().getPort() + " local=" + exchange.localAddress().getAddress().getHostAddress()
                + ":" + exchange.localAddress().getPort();
        byte[] b = body.getBytes(StandardCharsets.US_ASCII);
        exchange.responseFields().set("Content-Length", Integer.toString(b.length));
        exchange.responseBody().write(b);
    };

    @BeforeAll
    static void certificate() throws Exception {
        certs = TestCertificates.make(dir);
    }

    @AfterEach
    void stop() {
        NioConnector c = connector;
        connector = null;
        if (c != null) {
            c.close();
        }
    }

    private void start(ProxyProtocol proxy) throws IOException {
        TlsConfig tls = TlsConfig.builder().keyStore(certs.keyStore, "PKCS12", TestCertificates.PASSWORD).build();
        connector = new NioConnector(ConnectorConfig.builder().host("127.0.0.1").port(0).tls(tls).tlsPort(0)
                .proxyProtocol(proxy).build(), ADDRESSES);
        connector.tlsEngines(certs.engines());
        connector.start();
    }

    private void startTrustingLoopback() throws IOException {
        start(ProxyProtocol.trusting(List.of("127.0.0.0/8", "::1")));
    }

    private Socket connect() throws IOException {
        Socket s = new Socket("127.0.0.1", connector.port());
        s.setSoTimeout(10_000);
        s.setTcpNoDelay(true);
        return s;
    }

    private static final byte[] GET = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static String body(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            head.write(c);
            String h = head.toString(StandardCharsets.ISO_8859_1);
            if (h.endsWith("\r\n\r\n")) {
                int at = h.toLowerCase().indexOf("content-length: ");
                int len = Integer.parseInt(h.substring(at + 16, h.indexOf('\r', at)));
                assertThat(h).startsWith("HTTP/1.1 200 ");
                return new String(in.readNBytes(len), StandardCharsets.ISO_8859_1);
            }
        }
        throw new IOException("closed before a response: " + head);
    }

    /** @return everything the server wrote before closing (a reset, for unread input, ends it too) */
    private static byte[] untilClosed(Socket s) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] b = new byte[512];
        try {
            int n;
            while ((n = s.getInputStream().read(b)) >= 0) {
                got.write(b, 0, n);
            }
        } catch (java.net.SocketException reset) {
            // closed with our request unread: a reset instead of a FIN
        }
        return got.toByteArray();
    }

    @Test
    void onlyTheListenerMarkedForItExpectsTheHeader() throws Exception {
        connector = new NioConnector(ConnectorConfig.builder().host("127.0.0.1").port(0)
                .listener(new io.hawser.api.Listener("127.0.0.1", 0, false).withProxyProtocol())
                .proxyProtocol(ProxyProtocol.trusting(List.of("127.0.0.0/8"))).build(), ADDRESSES);
        connector.start();
        try (Socket direct = connect()) { // the plain listener: a request straight away
            direct.getOutputStream().write(GET);
            assertThat(body(direct.getInputStream())).startsWith("remote=127.0.0.1:");
        }
        try (Socket proxied = new Socket("127.0.0.1", connector.port(1))) {
            proxied.setSoTimeout(10_000);
            proxied.getOutputStream().write(ascii("PROXY TCP4 203.0.113.9 198.51.100.1 40000 443\r\n"));
            proxied.getOutputStream().write(GET);
            assertThat(body(proxied.getInputStream())).isEqualTo("remote=203.0.113.9:40000 local=198.51.100.1:443");
        }
        try (Socket proxiedWithout = new Socket("127.0.0.1", connector.port(1))) { // no header where one is expected
            proxiedWithout.setSoTimeout(10_000);
            proxiedWithout.getOutputStream().write(GET);
            assertThat(proxiedWithout.getInputStream().readAllBytes()).as("closed, no response").isEmpty();
        }
    }

    @Test
    void aMarkedListenerWithoutTheConnectorsProxySettingIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ConnectorConfig.builder()
                .listener(new io.hawser.api.Listener("127.0.0.1", 0, false).withProxyProtocol()).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("needs proxyProtocol");
    }

    @Test
    void v1AddressesReachTheHandlerForEveryRequestOfTheConnection() throws Exception {
        startTrustingLoopback();
        try (Socket s = connect()) {
            OutputStream out = s.getOutputStream();
            out.write(ascii("PROXY TCP4 203.0.113.9 198.51.100.1 40000 443\r\n"));
            out.write(GET);
            assertThat(body(s.getInputStream())).isEqualTo("remote=203.0.113.9:40000 local=198.51.100.1:443");
            out.write(GET);
            assertThat(body(s.getInputStream())).isEqualTo("remote=203.0.113.9:40000 local=198.51.100.1:443");
        }
    }

    @Test
    void v2HeaderSplitAcrossWritesThenTheRequestInTheSameSegment() throws Exception {
        startTrustingLoopback();
        byte[] header = HexFormat.of().parseHex("0d0a0d0a000d0a515549540a" + "2121" + "0029"
                + "20010db8000000000000000000000007" + "20010db8000000000000000000000008" + "1f90" + "0050"
                + "0300" + "0200" + "00"); // + PP2_TYPE_CRC32C TLV... of 2 bytes then a NOOP of none: 5 TLV bytes
        try (Socket s = connect()) {
            OutputStream out = s.getOutputStream();
            for (int i = 0; i < 20; i++) {
                out.write(header[i]);
                out.flush();
            }
            byte[] rest = new byte[header.length - 20 + GET.length];
            System.arraycopy(header, 20, rest, 0, header.length - 20);
            System.arraycopy(GET, 0, rest, header.length - 20, GET.length);
            out.write(rest);
            assertThat(body(s.getInputStream())).isEqualTo("remote=2001:db8:0:0:0:0:0:7:8080 local=2001:db8:0:0:0:0:0:8:80");
        }
    }

    @Test
    void v2LocalKeepsTheSocketsAddresses() throws Exception {
        startTrustingLoopback();
        try (Socket s = connect()) {
            s.getOutputStream().write(HexFormat.of().parseHex("0d0a0d0a000d0a515549540a" + "2000" + "0000"));
            s.getOutputStream().write(GET);
            assertThat(body(s.getInputStream()))
                    .isEqualTo("remote=127.0.0.1:" + s.getLocalPort() + " local=127.0.0.1:" + connector.port());
        }
    }

    /** A peer, the trusted blocks, and what it sends: each is closed with nothing written. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "127.0.0.0/8 | ''",                                                  // a missing header
        "127.0.0.0/8 | PROXY TCP4 203.0.113.9 198.51.100.1 40000\\r\\n",     // a malformed one
        "10.0.0.0/8  | PROXY TCP4 203.0.113.9 198.51.100.1 40000 443\\r\\n", // an untrusted peer, a valid header
    })
    void closedWithoutAResponse(String trusted, String header) throws Exception {
        start(ProxyProtocol.trusting(List.of(trusted)));
        try (Socket s = connect()) {
            try {
                s.getOutputStream().write(ascii(header.replace("\\r\\n", "\r\n")));
                s.getOutputStream().write(GET);
            } catch (java.net.SocketException closedFirst) {
                // an untrusted peer is closed at accept: the server may be gone before we finish writing
            }
            assertThat(untilClosed(s)).isEmpty();
        }
    }

    @Test
    void aHeaderNotCompleteWithinTheTimeoutClosesQuietly() throws Exception {
        start(ProxyProtocol.trusting(List.of("127.0.0.1")).withHeaderTimeout(Duration.ofMillis(200)));
        try (Socket s = connect()) {
            s.getOutputStream().write(ascii("PROXY TCP4 203.0.113.9"));
            assertThat(untilClosed(s)).isEmpty();
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> connector.stats().proxyHeaderTimeouts() == 1);
        assertThat(connector.stats().awaitingProxyHeader()).isZero();
    }

    @Test
    void overTlsTheHeaderComesBeforeTheHandshake() throws Exception {
        startTrustingLoopback();
        try (Socket raw = new Socket("127.0.0.1", connector.tlsPort())) {
            raw.setSoTimeout(10_000);
            raw.getOutputStream().write(ascii("PROXY TCP6 2001:db8::1 2001:db8::2 5000 8443\r\n"));
            try (SSLSocket s = (SSLSocket) certs.context.getSocketFactory().createSocket(raw, "localhost",
                    connector.tlsPort(), true)) {
                s.getOutputStream().write(GET);
                assertThat(body(s.getInputStream()))
                        .isEqualTo("remote=2001:db8:0:0:0:0:0:1:5000 local=2001:db8:0:0:0:0:0:2:8443");
            }
        }
    }
}
