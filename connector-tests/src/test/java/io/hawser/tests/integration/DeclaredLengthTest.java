package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.HttpExchange;
import io.hawser.nio.NioConnector;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A declared Content-Length is the body's length from the moment it is set (RFC 9112 §6.2,
 * RFC 9110 §8.6): the write that would cross it throws {@link IOException} and nothing past it goes
 * on the wire, whether the bytes would be buffered or written at once; a body shorter than declared
 * aborts the connection after the complete responses before it. Declared through the raw SPI's
 * fields, {@code setContentLength} and {@code setHeader}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DeclaredLengthTest {
    private static final String PLAIN = "GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n";
    /** Which write (0-based) threw, or -1, one entry per declaring request. */
    private static final BlockingQueue<Integer> THREW_AT = new LinkedBlockingQueue<>();
    private static NioConnector server;
    private static WebApp app;

    @BeforeAll
    static void start() throws Exception {
        app = WebApp.create("/app", null, DeclaredLengthTest.class.getClassLoader());
        app.servletContext().addServlet("declare", new HttpServlet() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
                long cl = Long.parseLong(req.getParameter("cl"));
                if ("header".equals(req.getParameter("how"))) {
                    res.setHeader("Content-Length", Long.toString(cl));
                } else {
                    res.setContentLengthLong(cl);
                }
                OutputStream out = res.getOutputStream();
                writeAndFill(out, req.getParameter("writes"), cl);
            }
        }).addMapping("/declare");
        app.start();
        ServletAdapter servlets = new ServletAdapter(List.of(app));
        server = RawHttp.start(exchange -> {
            if (exchange.path().startsWith("/app/")) {
                servlets.handle(exchange);
            } else if (exchange.path().equals("/declare")) {
                rawDeclare(exchange);
            } else {
                exchange.responseFields().set("Content-Type", "text/plain");
                exchange.responseBody().write("Hello, World!".getBytes(StandardCharsets.US_ASCII));
            }
        });
    }

    @AfterAll
    static void stop() {
        server.close();
        app.stop();
    }

    private static void rawDeclare(HttpExchange exchange) throws IOException {
        String[] q = exchange.query().split("&");
        long cl = Long.parseLong(q[0].substring(3));
        exchange.responseFields().set("Content-Length", Long.toString(cl));
        writeAndFill(exchange.responseBody(), q[1].substring(7), cl);
    }

    /**
     * Writes the comma-separated sizes (pattern bytes), noting which write threw, then fills the
     * body up to {@code cl} with {@code z} (writes of 0 bytes past the end are not attempted).
     */
    private static void writeAndFill(OutputStream out, String writes, long cl) throws IOException {
        int threwAt = -1;
        long sent = 0;
        String[] sizes = writes.split(",");
        for (int i = 0; i < sizes.length && threwAt < 0; i++) {
            int n = Integer.parseInt(sizes[i]);
            try {
                out.write(RawHttp.pattern(n, i));
                sent += n;
            } catch (IOException e) {
                threwAt = i;
            }
        }
        THREW_AT.add(threwAt);
        long rest = cl - sent;
        if (threwAt >= 0 && rest > 0) {
            byte[] z = new byte[(int) rest];
            Arrays.fill(z, (byte) 'z');
            out.write(z);
        }
    }

    /**
     * @param target the declaring request; its first write past the length must throw, the
     *     handler then fills the body to exactly the length, and the pipelined request behind it
     *     must parse as the next response
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "/declare?cl=5&writes=8|0",
        "/declare?cl=5&writes=20000|0",
        "/declare?cl=9000&writes=5000,5000,5000,5000|1",
        "/app/declare?cl=5&writes=8|0",
        "/app/declare?cl=5&writes=20000|0",
        "/app/declare?cl=9000&writes=5000,5000,5000,5000|1",
        "/app/declare?how=header&cl=5&writes=8|0",
        "/app/declare?how=header&cl=5&writes=20000|0",
        "/app/declare?how=header&cl=9000&writes=5000,5000,5000,5000|1",
    })
    void theWriteCrossingTheDeclaredLengthThrowsAndNothingPastItIsSent(String targetAndThrowingWrite) throws Exception {
        String target = targetAndThrowingWrite.substring(0, targetAndThrowingWrite.indexOf('|'));
        int throwing = Integer.parseInt(targetAndThrowingWrite.substring(targetAndThrowingWrite.indexOf('|') + 1));
        long cl = Long.parseLong(target.replaceAll(".*cl=(\\d+).*", "$1"));
        THREW_AT.clear();
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send("GET " + target + " HTTP/1.1\r\nHost: t\r\n\r\n" + PLAIN);
            RawHttp.Response declared = c.read();
            assertThat(declared.status).isEqualTo(200);
            assertThat(declared.header("Content-Length")).isEqualTo(Long.toString(cl));
            assertThat(declared.body).hasSize((int) cl);
            assertThat(THREW_AT.poll(5, TimeUnit.SECONDS)).isEqualTo(throwing);
            RawHttp.Response next = c.read();
            assertThat(next.status).isEqualTo(200);
            assertThat(next.bodyText()).isEqualTo("Hello, World!");
        }
    }

    /**
     * A body shorter than declared cannot be completed: the complete responses pipelined before it
     * go out whole and in order, then the connection closes; the request behind it gets no answer.
     */
    @ParameterizedTest
    @ValueSource(strings = {"/declare?cl=20&writes=8", "/app/declare?cl=20&writes=8",
        "/app/declare?how=header&cl=20&writes=8"})
    void aShortBodyAbortsAfterTheCompleteResponsesPipelinedBeforeIt(String target) throws Exception {
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send(PLAIN + PLAIN + "GET " + target + " HTTP/1.1\r\nHost: t\r\n\r\n" + PLAIN);
            byte[] all = readToEnd(c.socket().getInputStream());
            String wire = new String(all, StandardCharsets.ISO_8859_1);
            String ok = "Hello, World!";
            assertThat(wire).startsWith("HTTP/1.1 200 OK\r\n");
            int second = wire.indexOf("HTTP/1.1 200 OK\r\n", 1);
            assertThat(second).as("second response in " + wire).isPositive();
            assertThat(wire.substring(0, second)).endsWith(ok);
            int third = wire.indexOf("HTTP/1.1 ", second + 1);
            assertThat(wire.substring(second, third < 0 ? wire.length() : third)).endsWith(ok);
            if (third >= 0) {
                // the short response may start; it must be the last thing before the close
                String rest = wire.substring(third);
                assertThat(rest).contains("Content-Length: 20\r\n");
                int body = rest.indexOf("\r\n\r\n") + 4;
                assertThat(rest.length() - body).isLessThan(20);
                assertThat(rest).doesNotContain(ok);
            }
        }
    }

    private static byte[] readToEnd(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        try {
            for (int n; (n = in.read(buf)) >= 0; ) {
                all.write(buf, 0, n);
            }
        } catch (java.net.SocketException reset) {
            // a reset after the bytes is a close too
        }
        return all.toByteArray();
    }
}
