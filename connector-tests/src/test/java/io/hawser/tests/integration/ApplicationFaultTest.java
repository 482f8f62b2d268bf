package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpFields;
import io.hawser.nio.ConnectorSeams;
import io.hawser.nio.NioConnector;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fault injection: application code throws (a {@code RuntimeException} or an {@code Error}) from
 * every SPI and servlet callback in turn. Each fault ends its exchange (500 when nothing is
 * committed, else the connection is aborted), the connection is released with its fd, its
 * {@code maxConnections} permit, its exchange and its pages, and another connection is untouched:
 * with {@code maxConnections} 3, one of them held by a keep-alive client, ten faulting requests in a
 * row must each end, and the server then still accepts and answers.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ApplicationFaultTest {
    private static final String NONE = RawHttp.NOTHING_LENT;
    private static NioConnector server;
    private static WebApp app;

    /** A RuntimeException or an Error, as application code would throw it. */
    private static RuntimeException boom() {
        return new IllegalStateException("application fault (expected by the test)");
    }

    private static Error error() {
        return new AssertionError("application error (expected by the test)");
    }

    @BeforeAll
    static void start() throws Exception {
        app = WebApp.create("/app", null, ApplicationFaultTest.class.getClassLoader());
        ServletContext ctx = app.servletContext();
        ctx.addServlet("fault", new FaultServlet()).setAsyncSupported(true);
        ctx.getServletRegistration("fault").addMapping("/*");
        app.start();
        ServletAdapter servlets = new ServletAdapter(List.of(app));
        server = RawHttp.start(RawHttp.local().maxConnections(3).build(), exchange -> {
            if (exchange.path().startsWith("/app/")) {
                servlets.handle(exchange);
            } else {
                rawFault(exchange);
            }
        });
    }

    @AfterAll
    static void stop() {
        server.close();
        app.stop();
    }

    /** Raw SPI fault points, by path. */
    private static void rawFault(HttpExchange exchange) throws IOException {
        switch (exchange.path()) {
            case "/ok":
                exchange.responseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
                return;
            case "/handler-throws":
                throw boom();
            case "/handler-error":
                throw error();
            case "/handler-throws-after-commit":
                exchange.responseBody().write(new byte[100]);
                exchange.responseBody().flush();
                throw error();
            case "/trailer-supplier-throws":
                exchange.setTrailerFields(() -> {
                    throw boom();
                });
                exchange.responseBody().write(new byte[10]);
                return;
            case "/trailer-supplier-error-after-commit":
                exchange.setTrailerFields(() -> {
                    throw error();
                });
                exchange.responseBody().write(new byte[10]);
                exchange.responseBody().flush();
                return;
            case "/trailer-null-name":
                exchange.setTrailerFields(() -> new Line(() -> null, () -> "v"));
                return;
            case "/trailer-null-value":
                exchange.setTrailerFields(() -> new Line(() -> "X-Sum", () -> null));
                return;
            case "/trailer-crlf-value":
                exchange.setTrailerFields(() -> new Line(() -> "X-Sum", () -> "1\r\nX-Injected: 1"));
                return;
            case "/trailer-fields-throw":
                exchange.setTrailerFields(() -> new Line(() -> {
                    throw boom();
                }, () -> "v"));
                return;
            case "/demand-callback-throws":
                exchange.startAsync();
                exchange.requestBody().demand(() -> {
                    throw boom();
                });
                return;
            case "/writable-callback-error":
                exchange.startAsync();
                exchange.responseBody().onWritable(() -> {
                    throw error();
                });
                return;
            case "/async-complete-trailer-throws":
                exchange.startAsync();
                exchange.setTrailerFields(() -> {
                    throw boom();
                });
                new Thread(exchange::complete).start();
                return;
            default:
                exchange.setStatus(404);
        }
    }

    /** One field line, unchecked: an application's own {@link HttpFields}. */
    private record Line(Supplier<String> fieldName, Supplier<String> fieldValue) implements HttpFields {
        @Override public int size() { return 1; }
        @Override public String name(int index) { return fieldName.get(); }
        @Override public String value(int index) { return fieldValue.get(); }
    }

    /** Servlet fault points, by path info. */
    private static final class FaultServlet extends HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
            switch (req.getPathInfo()) {
                case "/ok":
                    res.getWriter().print("ok");
                    return;
                case "/servlet-throws":
                    throw boom();
                case "/servlet-error":
                    throw error();
                case "/servlet-error-after-commit":
                    res.getOutputStream().write(new byte[100]);
                    res.flushBuffer();
                    throw error();
                case "/trailer-supplier-throws":
                    res.setTrailerFields(() -> {
                        throw boom();
                    });
                    res.getWriter().print("body");
                    return;
                case "/trailer-null-value":
                    res.setTrailerFields(() -> {
                        Map<String, String> m = new HashMap<>();
                        m.put("x-sum", null);
                        return m;
                    });
                    return;
                case "/trailer-crlf-value":
                    res.setTrailerFields(() -> Map.of("x-sum", "1\r\nx-injected: 1"));
                    return;
                case "/read-listener-throws": {
                    AsyncContext ac = req.startAsync();
                    ServletInputStream in = req.getInputStream();
                    in.setReadListener(new Reader(in, ac, false));
                    return;
                }
                case "/all-data-read-error": {
                    AsyncContext ac = req.startAsync();
                    ServletInputStream in = req.getInputStream();
                    in.setReadListener(new Reader(in, ac, true));
                    return;
                }
                case "/write-listener-throws":
                    writeListener(req, res, false);
                    return;
                case "/write-listener-and-on-error-throw":
                    writeListener(req, res, true);
                    return;
                case "/async-listener-on-timeout-error": {
                    AsyncContext ac = req.startAsync();
                    ac.setTimeout(100);
                    ac.addListener(listener(() -> {
                        throw error();
                    }, null));
                    return;
                }
                case "/async-listener-on-complete-error": {
                    AsyncContext ac = req.startAsync();
                    ac.addListener(listener(null, () -> {
                        throw error();
                    }));
                    ac.start(ac::complete);
                    return;
                }
                case "/async-start-task-error": {
                    AsyncContext ac = req.startAsync();
                    ac.setTimeout(60_000);
                    ac.start(() -> {
                        throw error();
                    });
                    return;
                }
                default:
                    res.setStatus(404);
            }
        }

        private static void writeListener(HttpServletRequest req, HttpServletResponse res, boolean onErrorThrows)
                throws IOException {
            req.startAsync();
            ServletOutputStream out = res.getOutputStream();
            out.setWriteListener(new WriteListener() {
                @Override
                public void onWritePossible() {
                    throw boom();
                }

                @Override
                public void onError(Throwable t) {
                    if (onErrorThrows) {
                        throw error();
                    }
                }
            });
        }
    }

    /** Reads the body; throws from onDataAvailable, or (with {@code atEnd}) an Error from onAllDataRead. */
    private static final class Reader implements ReadListener {
        private final ServletInputStream in;
        private final AsyncContext ac;
        private final boolean atEnd;

        Reader(ServletInputStream in, AsyncContext ac, boolean atEnd) {
            this.in = in;
            this.ac = ac;
            this.atEnd = atEnd;
        }

        @Override
        public void onDataAvailable() throws IOException {
            if (!atEnd) {
                throw boom();
            }
            byte[] b = new byte[64];
            while (in.isReady() && !in.isFinished() && in.read(b) >= 0) {
                // drain
            }
        }

        @Override
        public void onAllDataRead() {
            throw error();
        }

        @Override
        public void onError(Throwable t) {
            // the container ends the request
        }
    }

    private static AsyncListener listener(Runnable onTimeout, Runnable onComplete) {
        return new AsyncListener() {
            @Override
            public void onComplete(AsyncEvent event) {
                if (onComplete != null) {
                    onComplete.run();
                }
            }

            @Override
            public void onTimeout(AsyncEvent event) {
                if (onTimeout != null) {
                    onTimeout.run();
                }
            }

            @Override
            public void onError(AsyncEvent event) {
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
            }
        };
    }

    /**
     * @param pointAndOutcome the fault point's path, then what the client sees: {@code 500}, a
     *     complete {@code 200}, or {@code abort} (the connection closes before a complete response)
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "/handler-throws|500",
        "/handler-error|500",
        "/handler-throws-after-commit|abort",
        "/trailer-supplier-throws|500",
        "/trailer-supplier-error-after-commit|abort",
        "/trailer-null-name|500",
        "/trailer-null-value|500",
        "/trailer-crlf-value|500",
        "/trailer-fields-throw|500",
        "/demand-callback-throws|500",
        "/writable-callback-error|500",
        "/async-complete-trailer-throws|500",
        "/app/servlet-throws|500",
        "/app/servlet-error|500",
        "/app/servlet-error-after-commit|abort",
        "/app/trailer-supplier-throws|500",
        "/app/trailer-null-value|500",
        "/app/trailer-crlf-value|500",
        "/app/read-listener-throws|500",
        "/app/all-data-read-error|500",
        "/app/write-listener-throws|500",
        "/app/write-listener-and-on-error-throw|500",
        "/app/async-listener-on-timeout-error|500",
        "/app/async-listener-on-complete-error|200",
        "/app/async-start-task-error|500",
    })
    void aFaultEndsItsExchangeAndReleasesTheConnection(String pointAndOutcome) throws Exception {
        String point = pointAndOutcome.substring(0, pointAndOutcome.indexOf('|'));
        String outcome = pointAndOutcome.substring(pointAndOutcome.indexOf('|') + 1);
        String ok = point.startsWith("/app/") ? "/app/ok" : "/ok";
        try (RawHttp other = RawHttp.connect(server.port())) {
            assertThat(other.send(get(ok, "")).read().bodyText()).isEqualTo("ok");
            for (int i = 0; i < 10; i++) {
                try (RawHttp c = RawHttp.connect(server.port())) {
                    c.send("POST " + point + " HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nabcde");
                    assertOutcome(c, outcome, ok, point + " #" + i);
                }
            }
            // the other connection is untouched, and the server still accepts and answers
            assertThat(other.send(get(ok, "")).read().bodyText()).isEqualTo("ok");
            try (RawHttp fresh = RawHttp.connect(server.port())) {
                assertThat(fresh.send(get(ok, "")).read().bodyText()).isEqualTo("ok");
            }
            awaitReleased(1);
        }
        awaitReleased(0);
    }

    private static String get(String target, String fields) {
        return "GET " + target + " HTTP/1.1\r\nHost: t\r\n" + fields + "\r\n";
    }

    /**
     * A 500 or 200 is a whole response: then the connection closes, or (kept alive) serves the
     * next request in step.
     */
    private static void assertOutcome(RawHttp c, String outcome, String ok, String what) throws IOException {
        switch (outcome) {
            case "500":
            case "200": {
                RawHttp.Response r = c.read();
                assertThat(r.status).as(what).isEqualTo(Integer.parseInt(outcome));
                assertThat(r.trailers).as(what).isEmpty();
                if (r.closes()) {
                    assertThat(c.awaitClosedByPeer(5_000)).as(what + ": closed").isTrue();
                } else {
                    assertThat(c.send(get(ok, "")).read().bodyText()).as(what + ": next request").isEqualTo("ok");
                }
                break;
            }
            default: {
                boolean cut;
                try {
                    RawHttp.Response r = c.read();
                    cut = false;
                    assertThat(r.status).as(what + ": the message is never completed").isNotEqualTo(200);
                } catch (EOFException closedInside) {
                    cut = true;
                }
                assertThat(cut || c.awaitClosedByPeer(5_000)).as(what + ": aborted").isTrue();
            }
        }
    }

    /** Waits until {@code open} connections are left and the pools have everything back. */
    private static void awaitReleased(int open) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while ((server.openConnections() != open || !ConnectorSeams.outstanding(server).equals(NONE))
                && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(server.openConnections()).isEqualTo(open);
        assertThat(ConnectorSeams.outstanding(server)).isEqualTo(NONE);
    }
}
