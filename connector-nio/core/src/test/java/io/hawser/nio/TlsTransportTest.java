package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TlsTransport} between two engines (server and client, each in a TlsTransport) over two
 * scripted {@link MemoryChannel}s, the test pumping each side's output into the other's input.
 * The certificate is self-signed and made at test time with the JDK's keytool: no key material
 * is committed.
 */
class TlsTransportTest {
    private static final char[] PASSWORD = "test-only".toCharArray();
    private static SSLContext context;

    @TempDir
    static Path dir;

    private final BufferPool pool = new BufferPool(17 * 1024, 16);
    private final MemoryChannel serverChannel = MemoryChannel.scripted();
    private final MemoryChannel clientChannel = MemoryChannel.scripted();
    private int serverSent;
    private int clientSent;
    private boolean serverFinSeen;
    private boolean clientFinSeen;
    private TlsTransport server;
    private TlsTransport client;

    @BeforeAll
    static void certificate() throws Exception {
        Path store = dir.resolve("test-only.p12");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "test", "-keyalg", "EC", "-groupname", "secp256r1",
                "-dname", "CN=localhost", "-ext", "san=dns:localhost", "-validity", "2",
                "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD))
                .redirectErrorStream(true).start();
        String log;
        try (InputStream in = p.getInputStream()) {
            log = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(log).isZero();
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
    }

    private void open(String... protocols) throws IOException {
        SSLEngine s = context.createSSLEngine();
        s.setUseClientMode(false);
        s.setEnabledProtocols(protocols);
        SSLEngine c = context.createSSLEngine("localhost", 8443);
        c.setUseClientMode(true);
        c.setEnabledProtocols(protocols);
        server = new TlsTransport(serverChannel, s, pool);
        client = new TlsTransport(clientChannel, c, pool);
    }

    /** Moves what each side wrote into the other's input (and a FIN after it). */
    private void pump() {
        String s = serverChannel.output();
        if (s.length() > serverSent) {
            clientChannel.feed(s.substring(serverSent));
            serverSent = s.length();
        }
        if (serverChannel.outputShutdown && !serverFinSeen) {
            serverFinSeen = true;
            clientChannel.endInput();
        }
        String c = clientChannel.output();
        if (c.length() > clientSent) {
            serverChannel.feed(c.substring(clientSent));
            clientSent = c.length();
        }
        if (clientChannel.outputShutdown && !clientFinSeen) {
            clientFinSeen = true;
            serverChannel.endInput();
        }
    }

    private void handshake() throws IOException {
        ByteBuffer ignored = ByteBuffer.allocate(64 * 1024);
        for (int i = 0; i < 20 && !(server.handshakeDone() && client.handshakeDone()); i++) {
            assertThat(client.read(ignored)).isZero();
            pump();
            assertThat(server.read(ignored)).isZero();
            pump();
        }
        assertThat(server.handshakeDone()).isTrue();
        assertThat(client.handshakeDone()).isTrue();
    }

    /** Reads from {@code t} (pumping) until {@code expected} bytes came or the input ended. */
    private byte[] readAll(TlsTransport t, int expected, int bufferSize) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        ByteBuffer buf = ByteBuffer.allocate(bufferSize);
        for (int i = 0; i < 200 && got.size() < expected; i++) {
            pump();
            buf.clear();
            int n = t.read(buf);
            if (n < 0) {
                break;
            }
            got.write(buf.array(), 0, buf.position());
        }
        return got.toByteArray();
    }

    private static ByteBuffer ascii(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** @return the lengths of the TLS records in {@code wire} (5-byte header: type, version, length) */
    private static int[] recordTypes(byte[] wire) {
        int[] types = new int[wire.length / 5 + 1];
        int count = 0;
        for (int i = 0; i + 5 <= wire.length; i += 5 + ((wire[i + 3] & 0xff) << 8 | (wire[i + 4] & 0xff))) {
            types[count++] = wire[i];
        }
        return Arrays.copyOf(types, count);
    }

    @Test
    void handshakeCompletesWithTls13() throws IOException {
        open("TLSv1.3", "TLSv1.2");
        handshake();
        assertThat(server.engine().getSession().getProtocol()).isEqualTo("TLSv1.3");
        assertThat(client.engine().getSession().getProtocol()).isEqualTo("TLSv1.3");
        assertThat(server.wantsWrite()).isFalse();
    }

    @Test
    void applicationDataRoundTripsBothWays() throws IOException {
        open("TLSv1.3");
        handshake();
        String request = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n";
        assertThat(client.write(new ByteBuffer[] {ascii(request)}, 0, 1)).isEqualTo(request.length());
        assertThat(new String(readAll(server, request.length(), 64 * 1024), StandardCharsets.ISO_8859_1))
                .isEqualTo(request);
        String response = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
        assertThat(server.write(new ByteBuffer[] {ascii(response)}, 0, 1)).isEqualTo(response.length());
        // a small reader's buffer: the record is staged and handed out in pieces
        assertThat(new String(readAll(client, response.length(), 7), StandardCharsets.ISO_8859_1))
                .isEqualTo(response);
    }

    @Test
    void gatheringWriteIsOneChannelWriteOfFullRecords() throws IOException {
        open("TLSv1.3");
        handshake();
        pump();
        int wireBefore = serverChannel.output().length();
        int writesBefore = serverChannel.writes;
        byte[] body = new byte[40_000];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) (i * 31);
        }
        ByteBuffer[] parts = {
            ascii("HTTP/1.1 200 OK\r\n"), ascii("Content-Length: 40000\r\n"), ascii("\r\n"),
            ByteBuffer.wrap(body), ascii("HTTP/1.1 204 No Content\r\n\r\n"),
        };
        long total = Arrays.stream(parts).mapToLong(ByteBuffer::remaining).sum();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (ByteBuffer b : parts) {
            expected.write(b.array(), 0, b.remaining());
        }
        assertThat(server.write(parts, 0, parts.length)).isEqualTo(total);
        assertThat(serverChannel.writes - writesBefore).isEqualTo(1);
        byte[] wire = serverChannel.output().substring(wireBefore).getBytes(StandardCharsets.ISO_8859_1);
        int[] types = recordTypes(wire);
        // 40,068 plaintext bytes: three records (16 KiB, 16 KiB, the rest), all application_data
        assertThat(types).containsOnly(23).hasSize((int) ((total + 16383) / 16384));
        assertThat(readAll(client, (int) total, 64 * 1024)).isEqualTo(expected.toByteArray());
    }

    @Test
    void partialChannelWriteIsFlushedLater() throws IOException {
        open("TLSv1.3");
        handshake();
        serverChannel.accept(100);
        byte[] body = new byte[5_000];
        Arrays.fill(body, (byte) 'x');
        assertThat(server.write(new ByteBuffer[] {ByteBuffer.wrap(body)}, 0, 1)).isEqualTo(body.length);
        assertThat(server.wantsWrite()).isTrue();
        assertThat(server.write(new ByteBuffer[] {ascii("more")}, 0, 1)).isZero();
        serverChannel.accept(Long.MAX_VALUE);
        assertThat(server.flush()).isTrue();
        assertThat(server.wantsWrite()).isFalse();
        assertThat(readAll(client, body.length, 64 * 1024)).isEqualTo(body);
    }

    @Test
    void closeNotifyIsSeenBothWays() throws IOException {
        open("TLSv1.3");
        handshake();
        client.shutdownOutput();
        assertThat(clientChannel.outputShutdown).isTrue();
        pump();
        ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
        assertThat(server.read(buf)).isEqualTo(-1);
        assertThat(server.engine().isInboundDone()).isTrue();
        // TLS 1.3 half-close: the server may still answer, then ends its side too
        assertThat(server.write(new ByteBuffer[] {ascii("bye")}, 0, 1)).isEqualTo(3);
        server.shutdownOutput();
        assertThat(new String(readAll(client, 3, 64 * 1024), StandardCharsets.ISO_8859_1)).isEqualTo("bye");
        pump();
        assertThat(client.read(buf)).isEqualTo(-1);
        assertThat(client.engine().isInboundDone()).isTrue();
        server.close();
        client.close();
        assertThat(pool.returned()).isEqualTo(pool.lent());
    }

    @Test
    void renegotiationIsRefused() throws Exception {
        open("TLSv1.2");
        handshake();
        assertThat(server.engine().getSession().getProtocol()).isEqualTo("TLSv1.2");
        SSLEngine c = client.engine();
        c.beginHandshake();
        ByteBuffer hello = ByteBuffer.allocate(c.getSession().getPacketBufferSize());
        c.wrap(ByteBuffer.allocate(0), hello);
        hello.flip();
        serverChannel.feed(new String(hello.array(), 0, hello.limit(), StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> server.read(ByteBuffer.allocate(64 * 1024)))
                .isInstanceOf(SSLHandshakeException.class).hasMessageContaining("renegotiation");
    }

    @Test
    void idleConnectionHoldsNoBuffers() throws IOException {
        open("TLSv1.3");
        handshake();
        client.write(new ByteBuffer[] {ascii("ping")}, 0, 1);
        assertThat(readAll(server, 4, 64 * 1024)).hasSize(4);
        assertThat(server.read(ByteBuffer.allocate(64 * 1024))).isZero();
        assertThat(pool.returned()).isEqualTo(pool.lent());
    }
}
