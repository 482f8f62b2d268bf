package io.hawser.tests.servlet;

import static io.hawser.tests.servlet.ServletServer.servlet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client that resets its connection in the middle of a request body is expected behaviour: the
 * servlet reading the body sees the connector's {@code ClientAbortException}, and the log gets no
 * WARNING and no stack trace for it (a client could otherwise write megabytes of log per second).
 */
class ClientResetLogTest {
    private static final int RESETS = 100;

    /** Everything published to the root logger while open (the JDK backend of System.Logger too). */
    static final class RootCapture extends Handler implements AutoCloseable {
        final List<LogRecord> records = new CopyOnWriteArrayList<>();
        private final Logger root = Logger.getLogger("");

        RootCapture() {
            setLevel(Level.ALL);
            root.addHandler(this);
        }

        @Override
        public void publish(LogRecord record) {
            records.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
            root.removeHandler(this);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void resettingHundredConnectionsMidBodyLogsNoWarningAndNoStackTrace() throws Exception {
        AtomicInteger started = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        try (ServletServer server = ServletServer.start("/app", app -> app.servletContext().addServlet("upload",
                servlet((req, res) -> {
                    started.incrementAndGet();
                    InputStream in = req.getInputStream();
                    byte[] buf = new byte[4096];
                    try {
                        while (in.read(buf) >= 0) {
                            // discard
                        }
                    } catch (java.io.IOException e) {
                        failed.incrementAndGet();
                        throw e;
                    }
                    res.getWriter().print("read it all");
                })).addMapping("/upload"));
             RootCapture log = new RootCapture()) {
            resetMidBody(server, RESETS, started, failed, log);
        }
    }

    /**
     * Resets {@code resets} connections, one after another, each once its upload has reached the
     * servlet; then checks every one failed the servlet's read and none logged a WARNING or a stack trace.
     */
    private static void resetMidBody(ServletServer server, int resets, AtomicInteger started, AtomicInteger failed,
                                     RootCapture log) throws Exception {
        int port = server.connector.port();
        for (int i = 0; i < resets; i++) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
                OutputStream out = s.getOutputStream();
                out.write(("POST /app/upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.write(new byte[10_000]);
                out.flush();
                int expected = i + 1;
                await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(1)).until(() -> started.get() >= expected);
                s.setSoLinger(true, 0); // close sends a reset
            }
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> failed.get() == resets
                && server.connector.openConnections() == 0);
        List<LogRecord> loud = log.records.stream()
                .filter(r -> r.getLevel().intValue() >= Level.WARNING.intValue() || r.getThrown() != null
                        && r.getLevel().intValue() > Level.FINE.intValue())
                .toList();
        assertThat(loud).as("WARNING records or stack traces above FINE for %d client resets", resets)
                .extracting(LogRecord::getMessage).isEmpty();
    }

    /** The same through a ReadListener (async, non-blocking): the abort reaches onError, and is logged at FINE only. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void resettingConnectionsMidBodyOfAnAsyncReadLogsNoWarning() throws Exception {
        int resets = 20;
        AtomicInteger started = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        try (ServletServer server = ServletServer.start("/app", app -> {
            jakarta.servlet.ServletRegistration.Dynamic upload = app.servletContext().addServlet("upload",
                servlet((req, res) -> {
                    started.incrementAndGet();
                    jakarta.servlet.AsyncContext async = req.startAsync();
                    async.setTimeout(0);
                    jakarta.servlet.ServletInputStream in = req.getInputStream();
                    in.setReadListener(new jakarta.servlet.ReadListener() {
                        @Override
                        public void onDataAvailable() throws java.io.IOException {
                            byte[] buf = new byte[4096];
                            while (in.isReady() && in.read(buf) >= 0) {
                                // discard
                            }
                        }

                        @Override
                        public void onAllDataRead() {
                            async.complete();
                        }

                        @Override
                        public void onError(Throwable t) {
                            failed.incrementAndGet();
                        }
                    });
                }));
            upload.setAsyncSupported(true);
            upload.addMapping("/upload");
        });
             RootCapture log = new RootCapture()) {
            resetMidBody(server, resets, started, failed, log);
        }
    }
}
