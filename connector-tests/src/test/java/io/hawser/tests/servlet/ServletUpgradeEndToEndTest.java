package io.hawser.tests.servlet;

import static io.hawser.tests.servlet.ServletServer.servlet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpUpgradeHandler;
import jakarta.servlet.http.WebConnection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code request.upgrade} (Servlet 6.1 §2.3.3.5) through the NIO connector, on raw sockets: the
 * 101 once the servlet returned, {@code init} with a {@link WebConnection} whose non-blocking input
 * and output carry the new protocol, {@code destroy} when it closes, and the refusals.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServletUpgradeEndToEndTest {
    static final List<String> events = new CopyOnWriteArrayList<>();
    private static ServletServer server;

    /** Echoes what it reads, in upper case; {@code bye} closes. Made by the container (public, no-arg). */
    public static final class Shout implements HttpUpgradeHandler {
        @Override
        public void init(WebConnection wc) {
            events.add("init on " + (Thread.currentThread().getContextClassLoader() != null ? "worker" : "?"));
            try {
                ServletInputStream in = wc.getInputStream();
                ServletOutputStream out = wc.getOutputStream();
                in.setReadListener(new ReadListener() {
                    @Override
                    public void onDataAvailable() throws IOException {
                        byte[] b = new byte[1024];
                        while (in.isReady()) {
                            int n = in.read(b);
                            String text = new String(b, 0, n, StandardCharsets.US_ASCII);
                            if (text.contains("bye")) {
                                try {
                                    wc.close();
                                } catch (Exception e) {
                                    throw new IOException(e);
                                }
                                return;
                            }
                            out.write(text.toUpperCase().getBytes(StandardCharsets.US_ASCII));
                        }
                    }

                    @Override
                    public void onAllDataRead() throws IOException {
                        events.add("all data read");
                        try {
                            wc.close(); // the client ended its input: the handler ends the connection
                        } catch (Exception e) {
                            throw new IOException(e);
                        }
                    }

                    @Override
                    public void onError(Throwable t) {
                        events.add("error " + t);
                    }
                });
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        @Override
        public void destroy() {
            events.add("destroy");
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = ServletServer.start("/app", app -> {
            app.servletContext().addServlet("up", servlet((req, res) -> {
                try {
                    req.upgrade(Shout.class);
                    res.setStatus(101);
                    res.setHeader("X-Upgraded-By", "servlet");
                    res.flushBuffer(); // as WebSocket implementations do: commits nothing, the 101 follows the service
                    events.add("service returned");
                } catch (IllegalStateException e) {
                    res.setStatus(400);
                    res.getWriter().print("refused: " + e.getMessage());
                }
            })).addMapping("/up");
            app.servletContext().addServlet("late", servlet((req, res) -> {
                res.getWriter().print("committed");
                res.flushBuffer();
                try {
                    req.upgrade(Shout.class);
                } catch (IllegalStateException e) {
                    res.getWriter().print(" then refused: " + e.getMessage());
                }
            })).addMapping("/late");
        });
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static String upgradeRequest(String path) {
        return "GET /app" + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: shout\r\n\r\n";
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            head.write(c);
            String h = head.toString(StandardCharsets.ISO_8859_1);
            if (h.endsWith("\r\n\r\n")) {
                return h;
            }
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    void theUpgradeHandlerGetsTheConnectionAfterTheServiceReturned() throws Exception {
        events.clear();
        try (Socket s = server.socket()) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write((upgradeRequest("/up") + "early").getBytes(StandardCharsets.US_ASCII));
            String head = readHead(s.getInputStream());
            assertThat(head).startsWith("HTTP/1.1 101 Switching Protocols\r\n").contains("\r\nUpgrade: shout\r\n")
                    .contains("\r\nConnection: Upgrade\r\n").contains("\r\nX-Upgraded-By: servlet\r\n")
                    .doesNotContain("Content-Length").doesNotContain("chunked");
            assertThat(new String(s.getInputStream().readNBytes(5), StandardCharsets.US_ASCII)).isEqualTo("EARLY");
            s.getOutputStream().write("hello".getBytes(StandardCharsets.US_ASCII));
            assertThat(new String(s.getInputStream().readNBytes(5), StandardCharsets.US_ASCII)).isEqualTo("HELLO");
            s.getOutputStream().write("bye".getBytes(StandardCharsets.US_ASCII));
            assertThat(s.getInputStream().read()).isEqualTo(-1);
        }
        await().until(() -> events.contains("destroy"));
        assertThat(events.get(0)).isEqualTo("service returned");
        assertThat(events.get(1)).startsWith("init");
    }

    @Test
    void theClientsEndOfInputIsAllDataReadThenDestroy() throws Exception {
        events.clear();
        try (Socket s = server.socket()) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(upgradeRequest("/up").getBytes(StandardCharsets.US_ASCII));
            assertThat(readHead(s.getInputStream())).startsWith("HTTP/1.1 101 ");
            await().until(() -> events.stream().anyMatch(e -> e.startsWith("init")));
        }
        await().until(() -> events.contains("destroy"));
        assertThat(events).contains("all data read").noneMatch(e -> e.startsWith("error"));
    }

    @Test
    void aRequestWithoutConnectionUpgradeIsRefusedAndStaysHttp() throws Exception {
        try (Socket s = server.socket()) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write("GET /app/up HTTP/1.1\r\nHost: localhost\r\nUpgrade: shout\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            String head = readHead(s.getInputStream());
            assertThat(head).startsWith("HTTP/1.1 400 ");
        }
        assertThat(server.get("/up").getContentAsString()).startsWith("refused: the request has no Upgrade field");
    }

    @Test
    void upgradeAfterCommitIsRefused() throws Exception {
        assertThat(server.get("/late").getContentAsString())
                .isEqualTo("committed then refused: response committed: too late to upgrade");
    }
}
