package io.hawser.tests.integration;

import static io.hawser.tests.integration.RawHttp.ascii;
import static io.hawser.tests.integration.RawHttp.pattern;
import static io.hawser.tests.integration.RawHttp.sha256Hex;
import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpHandler;
import io.hawser.api.RequestBody;
import io.hawser.api.ResponseBody;
import io.hawser.nio.NioConnector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Non-blocking I/O through the SPI: {@link RequestBody#demand} with {@link RequestBody#readAvailable},
 * and {@link ResponseBody#onWritable} with {@link ResponseBody#isReady}, after
 * {@link HttpExchange#startAsync()}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NonBlockingIoTest {
    private static final int MIB = 1024 * 1024;

    /** Reads the whole body with demand/readAvailable, then answers {@code length=N sha256=H callbacks=C}. */
    private static final class DemandReader implements Runnable {
        private final HttpExchange exchange;
        private final RequestBody body;
        private final MessageDigest sha = RawHttp.sha256();
        private final byte[] buf = new byte[4096];
        private long length;
        private final AtomicInteger callbacks = new AtomicInteger();

        DemandReader(HttpExchange exchange) {
            this.exchange = exchange;
            this.body = exchange.requestBody();
        }

        static HttpHandler handler() {
            return exchange -> {
                exchange.startAsync();
                DemandReader reader = new DemandReader(exchange);
                exchange.requestBody().demand(reader);
            };
        }

        @Override
        public void run() {
            callbacks.incrementAndGet();
            try {
                while (true) {
                    int n = body.readAvailable(buf, 0, buf.length);
                    if (n > 0) {
                        sha.update(buf, 0, n);
                        length += n;
                    } else if (n == 0) {
                        body.demand(this);
                        return;
                    } else {
                        String answer = "length=" + length + " sha256=" + RawHttp.hex(sha.digest())
                                + " callbacks=" + callbacks.get() + " finished=" + body.isFinished();
                        exchange.responseBody().write(answer.getBytes(StandardCharsets.US_ASCII));
                        exchange.complete();
                        return;
                    }
                }
            } catch (IOException | RuntimeException e) {
                exchange.abort(e);
            }
        }
    }

    private static void sendSlowChunkedUpload(RawHttp c, byte[] body, int pieces, String extraHead) throws Exception {
        c.send("POST /up HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n" + extraHead + "\r\n");
        int piece = body.length / pieces;
        for (int i = 0; i < pieces; i++) {
            int off = i * piece;
            int n = i == pieces - 1 ? body.length - off : piece;
            byte[] chunk = RawHttp.chunked(Arrays.copyOfRange(body, off, off + n), n, "");
            // send the chunk without the last-chunk that chunked() appends
            c.send(Arrays.copyOf(chunk, chunk.length - 5));
            Thread.sleep(15);
        }
        c.send("0\r\n\r\n");
    }

    @Test
    void readsASlowChunkedUploadWithDemandAndReadAvailable() throws Exception {
        NioConnector server = RawHttp.start(DemandReader.handler());
        byte[] body = pattern(20_000, 11);
        try (RawHttp c = RawHttp.connect(server.port())) {
            sendSlowChunkedUpload(c, body, 20, "");
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            String text = r.bodyText();
            assertThat(text).startsWith("length=20000 sha256=" + sha256Hex(body));
            assertThat(text).endsWith("finished=true");
            int callbacks = Integer.parseInt(text.replaceAll(".*callbacks=(\\d+).*", "$1"));
            assertThat(callbacks).as("the reader waited for bytes more than once").isGreaterThan(1);
            // the connection goes on with the next request
            c.send(ascii("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello"));
            assertThat(c.read().bodyText()).startsWith("length=5 sha256=" + sha256Hex(ascii("hello")));
        } finally {
            server.close();
        }
    }

    @Test
    void readsASlowChunkedUploadWithDemandInANonBlockingHandler() throws Exception {
        NioConnector server = RawHttp.start(HttpHandler.nonBlocking(DemandReader.handler()));
        byte[] body = pattern(20_000, 12);
        try (RawHttp c = RawHttp.connect(server.port())) {
            sendSlowChunkedUpload(c, body, 10, "");
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.bodyText()).startsWith("length=20000 sha256=" + sha256Hex(body));
        } finally {
            server.close();
        }
    }

    @Test
    void sendsContinueWhenAnExpectContinueBodyIsDemanded() throws Exception {
        // RequestBody: "The first read of a request that carries Expect: 100-continue sends the 100";
        // a handler that reads only through demand/readAvailable must get the body too
        NioConnector server = RawHttp.start(DemandReader.handler());
        byte[] body = pattern(3000, 13);
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send("POST /up HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: " + body.length + "\r\n\r\n");
            c.socket().setSoTimeout(3_000);
            RawHttp.Response interim;
            try {
                interim = c.readAny();
            } catch (java.net.SocketTimeoutException e) {
                throw new AssertionError("no 100 (Continue) within 3 s for a demand()-reading handler", e);
            }
            assertThat(interim.status).isEqualTo(100);
            c.send(body);
            RawHttp.Response r = c.read();
            assertThat(r.bodyText()).startsWith("length=3000 sha256=" + sha256Hex(body));
        } finally {
            server.close();
        }
    }

    // ------------------------------------------------------------------ onWritable / isReady

    /**
     * Writes {@code total} bytes of {@link RawHttp#pattern}(…, 99) in 64 KiB pieces while
     * {@link ResponseBody#isReady()}; {@code completeWhenReady} decides whether the exchange is
     * completed only once the output is ready again, or right after the last write.
     */
    private static final class WritableWriter implements Runnable {
        private final HttpExchange exchange;
        private final ResponseBody out;
        private final byte[] data;
        private final boolean completeWhenReady;
        private int off;
        final AtomicInteger notReady = new AtomicInteger();
        final AtomicLong slowestWriteNanos = new AtomicLong();
        final AtomicBoolean failed = new AtomicBoolean();

        WritableWriter(HttpExchange exchange, int total, boolean completeWhenReady) {
            this.exchange = exchange;
            this.out = exchange.responseBody();
            this.data = pattern(total, 99);
            this.completeWhenReady = completeWhenReady;
        }

        @Override
        public synchronized void run() {
            try {
                while (out.isReady()) {
                    if (off == data.length) {
                        exchange.complete();
                        return;
                    }
                    int n = Math.min(64 * 1024, data.length - off);
                    long t0 = System.nanoTime();
                    out.write(data, off, n);
                    slowestWriteNanos.accumulateAndGet(System.nanoTime() - t0, Math::max);
                    off += n;
                    if (off == data.length && !completeWhenReady) {
                        exchange.complete();
                        return;
                    }
                }
                notReady.incrementAndGet();
                out.onWritable(this);
            } catch (IOException | RuntimeException e) {
                failed.set(true);
                exchange.abort(e);
            }
        }
    }

    private static WritableWriter[] writerSlot() {
        return new WritableWriter[1];
    }

    private static void assertFiveMebibytesArrive(boolean completeWhenReady, String extraHead) throws Exception {
        int total = 5 * MIB;
        WritableWriter[] slot = writerSlot();
        NioConnector server = RawHttp.start(exchange -> {
            exchange.startAsync();
            if (exchange.query() != null && exchange.query().contains("fixed")) {
                exchange.responseFields().set("Content-Length", Integer.toString(total));
            }
            WritableWriter w = new WritableWriter(exchange, total, completeWhenReady);
            slot[0] = w;
            exchange.responseBody().onWritable(w);
        });
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send("GET /five" + extraHead + " HTTP/1.1\r\nHost: t\r\n\r\n");
            // do not read for a while: the server's socket fills up and isReady() must turn false
            Thread.sleep(700);
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.body.length).as("body length").isEqualTo(total);
            assertThat(sha256Hex(r.body)).as("body digest").isEqualTo(sha256Hex(pattern(total, 99)));
            WritableWriter w = slot[0];
            assertThat(w.failed).isFalse();
            assertThat(w.notReady.get()).as("times isReady() was false").isPositive();
            assertThat(TimeUnit.NANOSECONDS.toMillis(w.slowestWriteNanos.get()))
                    .as("slowest write in ms (a blocking write would wait for the client)").isLessThan(300);
            // the connection goes on
            c.socket().setSoTimeout(RawHttp.READ_TIMEOUT_MILLIS);
            c.send("GET /five HTTP/1.1\r\nHost: t\r\n\r\n");
            RawHttp.Response again = c.read();
            assertThat(again.body.length).isEqualTo(total);
        } finally {
            server.close();
        }
    }

    @Test
    void writesFiveMebibytesWithOnWritableWithoutBlocking() throws Exception {
        assertFiveMebibytesArrive(true, "");
    }

    @Test
    void writesFiveMebibytesWithOnWritableAndContentLength() throws Exception {
        assertFiveMebibytesArrive(true, "?fixed");
    }

    @Test
    void completesRightAfterAWriteThatLeftBytesPending() throws Exception {
        // Servlet 6.1 allows AsyncContext.complete() right after a write that made isReady() false
        // (the container then finishes the pending output). Here the only write happens in the
        // onWritable callback, while isReady() is true, and is larger than the socket takes at once.
        int total = 8 * MIB;
        byte[] data = pattern(total, 6);
        AtomicBoolean readyAfterWrite = new AtomicBoolean(true);
        NioConnector server = RawHttp.start(exchange -> {
            exchange.startAsync();
            ResponseBody out = exchange.responseBody();
            out.onWritable(() -> {
                try {
                    out.write(data);
                    readyAfterWrite.set(out.isReady());
                    exchange.complete();
                } catch (IOException | RuntimeException e) {
                    exchange.abort(e);
                }
            });
        });
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n");
            Thread.sleep(500);
            RawHttp.Response r = c.read();
            assertThat(readyAfterWrite.get()).as("isReady() right after the large write").isFalse();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.body.length).as("body length").isEqualTo(total);
            assertThat(sha256Hex(r.body)).isEqualTo(sha256Hex(data));
        } finally {
            server.close();
        }
    }

    @Test
    void completesAfterALastWriteOfALoopThatLeftBytesPending() throws Exception {
        // the same with the usual write loop, completing right after the last piece
        assertFiveMebibytesArrive(false, "");
    }

    @Test
    void sendsEverythingANonBlockingHandlerWroteInOneCall() throws Exception {
        // isReady() is true before the first write, so one large write is allowed; the handler then
        // returns and the exchange ends while most bytes still wait for the socket.
        int total = 4 * MIB;
        byte[] data = pattern(total, 5);
        NioConnector server = RawHttp.start(HttpHandler.nonBlocking(exchange -> exchange.responseBody().write(data)));
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n");
            Thread.sleep(500);
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.body.length).isEqualTo(total);
            assertThat(sha256Hex(r.body)).isEqualTo(sha256Hex(data));
            c.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(c.read().body.length).isEqualTo(total);
        } finally {
            server.close();
        }
    }
}
