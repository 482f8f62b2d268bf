package io.hawser.tests.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.ProxyProtocol;
import io.hawser.nio.NioConnector;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import java.io.IOException;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What a servlet sees as the client behind a PROXY protocol proxy, and over a Unix domain socket. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProxiedServletEndToEndTest {
    @TempDir
    static Path dir;
    private static WebApp app;
    private static NioConnector proxied;
    private static NioConnector unix;

    @BeforeAll
    static void start() throws Exception {
        app = WebApp.create("/app", null, ProxiedServletEndToEndTest.class.getClassLoader());
        app.servletContext().addServlet("who", ServletServer.servlet((req, res) -> {
            res.setContentType("text/plain");
            res.setHeader("Connection", "close");
            res.getWriter().print(req.getRemoteAddr() + ":" + req.getRemotePort() + " -> " + req.getLocalAddr() + ":"
                    + req.getLocalPort());
        })).addMapping("/who");
        app.start();
        proxied = new NioConnector(ConnectorConfig.builder().host("127.0.0.1").port(0)
                .proxyProtocol(ProxyProtocol.trusting(List.of("127.0.0.1"))).build(), new ServletAdapter(List.of(app)));
        proxied.start();
        unix = new NioConnector(ConnectorConfig.builder().port(-1).unixListener(dir.resolve("app.sock"), false).build(),
                new ServletAdapter(List.of(app)));
        unix.start();
    }

    @AfterAll
    static void stop() {
        proxied.close();
        unix.close();
    }

    private static final String GET = "GET /app/who HTTP/1.1\r\nHost: localhost\r\n\r\n";

    private static String body(String response) {
        assertThat(response).startsWith("HTTP/1.1 200 ");
        return response.substring(response.indexOf("\r\n\r\n") + 4);
    }

    @Test
    void getRemoteAddrIsTheProxyHeadersSource() throws Exception {
        try (Socket s = new Socket("127.0.0.1", proxied.port())) {
            s.getOutputStream().write(("PROXY TCP4 203.0.113.9 198.51.100.1 40000 443\r\n" + GET)
                    .getBytes(StandardCharsets.US_ASCII));
            String response = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(body(response)).isEqualTo("203.0.113.9:40000 -> 198.51.100.1:443");
        }
    }

    @Test
    void overAUnixSocketTheAddressesAreUnspecified() throws IOException {
        try (SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            c.connect(UnixDomainSocketAddress.of(dir.resolve("app.sock")));
            c.write(ByteBuffer.wrap(GET.getBytes(StandardCharsets.US_ASCII)));
            ByteBuffer in = ByteBuffer.allocate(4096);
            while (c.read(in) >= 0) {
                // until the close
            }
            assertThat(body(new String(in.array(), 0, in.position(), StandardCharsets.ISO_8859_1)))
                    .isEqualTo("0.0.0.0:0 -> 0.0.0.0:0");
        }
    }
}
