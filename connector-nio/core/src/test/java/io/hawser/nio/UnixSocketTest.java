package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpHandler;
import io.hawser.api.ProxyProtocol;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A listener on a Unix domain socket: requests over it, the addresses a handler sees, the socket file's life. */
class UnixSocketTest {
    @TempDir
    Path dir;
    private NioConnector connector;

    private static final HttpHandler ADDRESSES = exchange -> {
        byte[] b = ("remote=" + exchange.remoteAddress().getAddress().getHostAddress() + ":"
                + exchange.remoteAddress().getPort() + " local=" + exchange.localAddress().getAddress().getHostAddress()
                + ":" + exchange.localAddress().getPort() + " secure=" + exchange.isSecure())
                .getBytes(StandardCharsets.US_ASCII);
        exchange.responseFields().set("Content-Length", Integer.toString(b.length));
        exchange.responseBody().write(b);
    };

    @AfterEach
    void stop() {
        if (connector != null) {
            connector.close();
        }
    }

    private Path start(ConnectorConfig.Builder b) throws IOException {
        Path socket = dir.resolve("hawser.sock");
        connector = new NioConnector(b.port(-1).unixListener(socket, false).build(), ADDRESSES);
        connector.start();
        return socket;
    }

    /** @return the whole response to {@code request}, sent over a new connection to {@code socket} (the connector closes it) */
    private static String exchange(Path socket, String request) throws IOException {
        try (SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            c.connect(UnixDomainSocketAddress.of(socket));
            c.write(ByteBuffer.wrap(request.getBytes(StandardCharsets.US_ASCII)));
            ByteBuffer in = ByteBuffer.allocate(4096);
            while (c.read(in) >= 0 && in.hasRemaining()) {
                // until the connector closes (Connection: close)
            }
            return new String(in.array(), 0, in.position(), StandardCharsets.ISO_8859_1);
        }
    }

    private static final String GET_CLOSE = "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";

    @Test
    void aRequestOverAUnixSocketSeesTheUnspecifiedAddressAndTheFileGoesAtStop() throws Exception {
        Path socket = start(ConnectorConfig.builder());
        assertThat(connector.port()).isEqualTo(-1);
        String response = exchange(socket, GET_CLOSE);
        assertThat(response).startsWith("HTTP/1.1 200 ").endsWith("\r\n\r\nremote=0.0.0.0:0 local=0.0.0.0:0 secure=false");
        assertThat(socket).exists();
        connector.close();
        connector = null;
        assertThat(socket).doesNotExist();
    }

    @Test
    void behindAProxyOnTheSocketThePROXYHeaderNamesTheClient() throws Exception {
        Path socket = start(ConnectorConfig.builder().proxyProtocol(ProxyProtocol.trusting(List.of("192.0.2.1"))));
        String response = exchange(socket, "PROXY TCP4 203.0.113.5 192.0.2.80 51000 80\r\n" + GET_CLOSE);
        assertThat(response).endsWith("\r\n\r\nremote=203.0.113.5:51000 local=192.0.2.80:80 secure=false");
    }

    @Test
    void aStaleSocketFileIsReplaced() throws Exception {
        Path socket = dir.resolve("hawser.sock");
        ServerSocketChannel crashed = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        crashed.bind(UnixDomainSocketAddress.of(socket));
        crashed.close(); // the file stays, as after a crash
        assertThat(socket).exists();
        start(ConnectorConfig.builder());
        assertThat(exchange(socket, GET_CLOSE)).startsWith("HTTP/1.1 200 ");
    }

    @Test
    void aSocketAServerAnswersOnOrAPlainFileIsRefusedAndKept() throws Exception {
        Path socket = dir.resolve("hawser.sock");
        try (ServerSocketChannel running = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            running.bind(UnixDomainSocketAddress.of(socket));
            NioConnector second = new NioConnector(ConnectorConfig.builder().port(-1).unixListener(socket, false).build(),
                    ADDRESSES);
            assertThatThrownBy(second::start).isInstanceOf(IOException.class)
                    .hasMessageContaining("unix:" + socket).hasMessageContaining("a server is listening");
            assertThat(socket).exists();
        }
        Path file = dir.resolve("notes.txt");
        Files.writeString(file, "keep me");
        NioConnector onAFile = new NioConnector(ConnectorConfig.builder().port(-1).unixListener(file, false).build(),
                ADDRESSES);
        assertThatThrownBy(onAFile::start).isInstanceOf(IOException.class).hasMessageContaining("not a socket");
        assertThat(file).hasContent("keep me");
    }
}
