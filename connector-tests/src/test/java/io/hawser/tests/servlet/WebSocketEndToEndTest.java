package io.hawser.tests.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.websocket.WebSocketOptions;
import io.hawser.websocket.WebSockets;
import jakarta.websocket.CloseReason;
import jakarta.websocket.Endpoint;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.MessageHandler;
import jakarta.websocket.OnMessage;
import jakarta.websocket.server.ServerContainer;
import jakarta.websocket.server.ServerEndpoint;
import jakarta.websocket.server.ServerEndpointConfig;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;
import org.eclipse.jetty.websocket.client.ClientUpgradeRequest;
import org.eclipse.jetty.websocket.client.WebSocketClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Jakarta WebSocket (Tyrus on Hawser's servlet upgrade) end to end with Jetty's WebSocket client:
 * echo of text and binary, fragmented messages, ping/pong, the close handshake, the limits (1009),
 * bad frames (1002, 1007), the origin check, and a thousand sessions at once. Over TLS in the
 * {@code servlet-over-tls} run (wss).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WebSocketEndToEndTest {
    private static ServletServer server;
    private static WebSocketClient client;

    /** Echoes text and binary messages whole. */
    @ServerEndpoint("/echo")
    public static final class Echo {
        @OnMessage
        public String text(String message) {
            return message;
        }

        @OnMessage
        public ByteBuffer binary(ByteBuffer message) {
            return message;
        }
    }

    /** Added in code through the ServerContainer context attribute. */
    public static final class Prefixed extends Endpoint {
        @Override
        public void onOpen(jakarta.websocket.Session session, EndpointConfig config) {
            session.addMessageHandler(String.class, (MessageHandler.Whole<String>) m ->
                    session.getAsyncRemote().sendText("prog:" + m));
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = ServletServer.start("/ws", app -> {
            WebSockets.install(app, new WebSocketOptions(4096, 4096, Duration.ZERO, Set.of("http://allowed.example")),
                    Echo.class);
            ServerContainer container = (ServerContainer) app.servletContext()
                    .getAttribute("jakarta.websocket.server.ServerContainer");
            container.addEndpoint(ServerEndpointConfig.Builder.create(Prefixed.class, "/prog").build());
        });
        client = new WebSocketClient(server.client);
        client.start();
    }

    @AfterAll
    static void stop() throws Exception {
        client.stop();
        server.close();
    }

    private static URI uri(String path) {
        return URI.create(server.origin().replaceFirst("^http", "ws") + "/ws" + path);
    }

    /** Records what the client receives. */
    public static final class Recorder implements Session.Listener.AutoDemanding {
        final BlockingQueue<String> texts = new LinkedBlockingQueue<>();
        final BlockingQueue<ByteBuffer> binaries = new LinkedBlockingQueue<>();
        final BlockingQueue<ByteBuffer> pongs = new LinkedBlockingQueue<>();
        final CompletableFuture<Integer> closed = new CompletableFuture<>();

        @Override
        public void onWebSocketText(String message) {
            texts.add(message);
        }

        @Override
        public void onWebSocketBinary(ByteBuffer payload, Callback callback) {
            ByteBuffer copy = ByteBuffer.allocate(payload.remaining()).put(payload).flip();
            binaries.add(copy);
            callback.succeed();
        }

        @Override
        public void onWebSocketPong(ByteBuffer payload) {
            pongs.add(ByteBuffer.allocate(payload.remaining()).put(payload).flip());
        }

        @Override
        public void onWebSocketClose(int statusCode, String reason) {
            closed.complete(statusCode);
        }
    }

    private static Session connect(String path, Recorder r) throws Exception {
        return client.connect(r, uri(path)).get(20, TimeUnit.SECONDS);
    }

    @Test
    void echoesTextAndBinaryThenClosesWithTheHandshake() throws Exception {
        Recorder r = new Recorder();
        Session s = connect("/echo", r);
        s.sendText("hello, wire", Callback.NOOP);
        assertThat(r.texts.poll(10, TimeUnit.SECONDS)).isEqualTo("hello, wire");
        byte[] bytes = {0, 1, 2, (byte) 0xff, 42};
        s.sendBinary(ByteBuffer.wrap(bytes), Callback.NOOP);
        ByteBuffer back = r.binaries.poll(10, TimeUnit.SECONDS);
        byte[] got = new byte[back.remaining()];
        back.get(got);
        assertThat(got).isEqualTo(bytes);
        s.close(1000, "done", Callback.NOOP);
        assertThat(r.closed.get(10, TimeUnit.SECONDS)).isEqualTo(1000);
        await().until(() -> server.connector.stats().upgraded() == 0);
    }

    @Test
    void aFragmentedMessageArrivesWholeAndPingIsAnsweredWithPong() throws Exception {
        Recorder r = new Recorder();
        Session s = connect("/echo", r);
        s.sendPartialText("frag", false, Callback.NOOP);
        s.sendPartialText("men", false, Callback.NOOP);
        s.sendPartialText("ted", true, Callback.NOOP);
        assertThat(r.texts.poll(10, TimeUnit.SECONDS)).isEqualTo("fragmented");
        s.sendPing(ByteBuffer.wrap("are you there".getBytes(StandardCharsets.UTF_8)), Callback.NOOP);
        ByteBuffer pong = r.pongs.poll(10, TimeUnit.SECONDS);
        assertThat(StandardCharsets.UTF_8.decode(pong).toString()).isEqualTo("are you there");
        s.close();
    }

    @Test
    void aProgrammaticEndpointFromTheContextAttributeAnswers() throws Exception {
        Recorder r = new Recorder();
        Session s = connect("/prog", r);
        s.sendText("x", Callback.NOOP);
        assertThat(r.texts.poll(10, TimeUnit.SECONDS)).isEqualTo("prog:x");
        s.close();
    }

    @Test
    void aMessageOverTheLimitClosesWith1009() throws Exception {
        Recorder r = new Recorder();
        Session s = connect("/echo", r);
        s.sendText("y".repeat(3000), Callback.NOOP);
        assertThat(r.texts.poll(10, TimeUnit.SECONDS)).hasSize(3000); // under the 4096 limits
        s.sendPartialText("z".repeat(3000), false, Callback.NOOP);
        s.sendPartialText("z".repeat(3000), true, Callback.NOOP); // 6000 bytes in all: over maxMessageSize
        assertThat(r.closed.get(10, TimeUnit.SECONDS)).isEqualTo(1009);
    }

    /** @return a raw socket past the 101 of a handshake to {@code /ws/echo}, or the refusal's status line */
    private static Socket handshake(String origin, StringBuilder statusLine) throws Exception {
        Socket socket = server.socket();
        socket.setSoTimeout(10_000);
        String key = Base64.getEncoder().encodeToString("0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().write(("GET /ws/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: " + key + "\r\nSec-WebSocket-Version: 13\r\n"
                + (origin == null ? "" : "Origin: " + origin + "\r\n") + "\r\n").getBytes(StandardCharsets.US_ASCII));
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                break;
            }
            head.append((char) c);
        }
        statusLine.append(head, 0, head.indexOf("\r\n"));
        return socket;
    }

    /** @return the status code of the close frame the server sends next */
    private static int closeStatus(InputStream in) throws Exception {
        int b0 = in.read();
        int len = in.read() & 0x7f;
        byte[] payload = in.readNBytes(len);
        assertThat(b0 & 0x0f).as("a close frame").isEqualTo(8);
        return ((payload[0] & 0xff) << 8) | (payload[1] & 0xff);
    }

    @Test
    void aReservedOpcodeClosesWith1002AndInvalidUtf8With1007() throws Exception {
        StringBuilder status = new StringBuilder();
        try (Socket s = handshake(null, status)) {
            assertThat(status.toString()).isEqualTo("HTTP/1.1 101 Switching Protocols");
            OutputStream out = s.getOutputStream();
            out.write(new byte[] {(byte) 0x83, (byte) 0x80, 1, 2, 3, 4}); // reserved opcode 3 (RFC 6455 §5.2)
            assertThat(closeStatus(s.getInputStream())).isEqualTo(1002);
        }
        await().until(() -> server.connector.stats().upgraded() == 0); // the client left after the close frame
        status.setLength(0);
        try (Socket s = handshake(null, status)) {
            byte[] mask = {1, 2, 3, 4};
            byte[] bad = {(byte) 0xc3, 0x28}; // not UTF-8
            s.getOutputStream().write(new byte[] {(byte) 0x81, (byte) 0x82, mask[0], mask[1], mask[2], mask[3],
                (byte) (bad[0] ^ mask[0]), (byte) (bad[1] ^ mask[1])});
            assertThat(closeStatus(s.getInputStream())).isEqualTo(1007);
        }
    }

    @Test
    void anUnmaskedClientFrameClosesWith1002AfterGoodFramesSplitAcrossReads() throws Exception {
        StringBuilder status = new StringBuilder();
        try (Socket s = handshake(null, status)) {
            assertThat(status.toString()).isEqualTo("HTTP/1.1 101 Switching Protocols");
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            for (int length : new int[] {5, 300}) { // 7-bit and 16-bit payload lengths
                byte[] frame = maskedBinaryFrame(length);
                for (int i = 0; i < frame.length; i += 7) { // in pieces: headers split across reads
                    out.write(frame, i, Math.min(7, frame.length - i));
                    out.flush();
                }
                assertThat(readBinaryEcho(in)).isEqualTo(length);
            }
            out.write(new byte[] {(byte) 0x81, 0x02, 'h', 'i'}); // text "hi", MASK bit clear (RFC 6455 §5.1)
            assertThat(closeStatus(in)).isEqualTo(1002);
            assertThat(in.read()).as("the server closes the connection").isEqualTo(-1);
        }
        await().until(() -> server.connector.stats().upgraded() == 0);
        status.setLength(0);
        try (Socket s = handshake(null, status)) {
            // a 64-bit payload length with its most significant bit set (RFC 6455 §5.2)
            s.getOutputStream().write(new byte[] {(byte) 0x82, (byte) 0xff, (byte) 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4});
            assertThat(closeStatus(s.getInputStream())).isEqualTo(1002);
        }
        await().until(() -> server.connector.stats().upgraded() == 0);
    }

    /** @return a masked binary frame with a payload of {@code length} bytes */
    private static byte[] maskedBinaryFrame(int length) {
        java.io.ByteArrayOutputStream f = new java.io.ByteArrayOutputStream();
        f.write(0x82);
        if (length < 126) {
            f.write(0x80 | length);
        } else if (length <= 0xffff) {
            f.write(0x80 | 126);
            f.write(length >>> 8);
            f.write(length);
        } else {
            f.write(0x80 | 127);
            for (int shift = 56; shift >= 0; shift -= 8) {
                f.write((int) ((long) length >>> shift));
            }
        }
        byte[] mask = {9, 8, 7, 6};
        f.writeBytes(mask);
        for (int i = 0; i < length; i++) {
            f.write((i % 251) ^ mask[i & 3]);
        }
        return f.toByteArray();
    }

    /** @return the payload length of the unmasked binary frame the server sends next */
    private static int readBinaryEcho(InputStream in) throws Exception {
        int b0 = in.read();
        assertThat(b0).as("a final binary frame").isEqualTo(0x82);
        int len = in.read();
        assertThat(len & 0x80).as("server frames are not masked").isZero();
        len &= 0x7f;
        if (len == 126) {
            len = (in.read() << 8) | in.read();
        }
        byte[] payload = in.readNBytes(len);
        for (int i = 0; i < len; i++) {
            assertThat(payload[i] & 0xff).isEqualTo(i % 251);
        }
        return len;
    }

    @Test
    void aHandshakeFromAnOriginNotAllowedIsRefused() throws Exception {
        StringBuilder status = new StringBuilder();
        try (Socket s = handshake("http://evil.example", status)) {
            assertThat(status.toString()).startsWith("HTTP/1.1 403 ");
        }
        status.setLength(0);
        try (Socket s = handshake("http://ALLOWED.example", status)) {
            assertThat(status.toString()).isEqualTo("HTTP/1.1 101 Switching Protocols");
        }
        await().until(() -> server.connector.stats().upgraded() == 0); // the client left: the session closed
    }

    @Test
    void aThousandSessionsAtOnceNeedNoThreadEach() throws Exception {
        int n = 1000;
        int threadsBefore = ManagementFactory.getThreadMXBean().getThreadCount();
        List<Recorder> recorders = new ArrayList<>();
        List<CompletableFuture<Session>> sessions = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Recorder r = new Recorder();
            recorders.add(r);
            sessions.add(client.connect(r, uri("/echo"), new ClientUpgradeRequest()));
        }
        for (int i = 0; i < n; i++) {
            sessions.get(i).get(60, TimeUnit.SECONDS).sendText("session " + i, Callback.NOOP);
        }
        for (int i = 0; i < n; i++) {
            assertThat(recorders.get(i).texts.poll(30, TimeUnit.SECONDS)).isEqualTo("session " + i);
        }
        assertThat(server.connector.stats().upgraded()).isEqualTo(n);
        // the client and the server share this JVM: far fewer threads than sessions, on either side
        assertThat(ManagementFactory.getThreadMXBean().getThreadCount() - threadsBefore).isLessThan(n / 4);
        for (CompletableFuture<Session> s : sessions) {
            s.get().close();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> server.connector.stats().upgraded() == 0);
    }
}
