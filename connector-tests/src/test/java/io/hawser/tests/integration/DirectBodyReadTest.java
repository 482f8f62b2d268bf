package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpHandler;
import io.hawser.api.RequestBody;
import io.hawser.nio.ConnectorSeams;
import io.hawser.nio.NioConnector;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A Content-Length body read in blocking mode on cleartext is read by the exchange's thread from
 * the socket straight into the handler's array once the bytes that came with the head are taken
 * (docs/architecture.md, "Where body bytes are copied"). What a client and the handler observe:
 * every byte, in order, none of the request behind the body; a requestTimeout, a client that leaves,
 * a connector stop while the exchange reads the socket itself.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DirectBodyReadTest {
    private static final String NONE = RawHttp.NOTHING_LENT;
    private NioConnector server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** Reads the whole body into arrays of {@code arraySize} and answers its length and SHA-256 as {@code N HEX}. */
    private static HttpHandler digesting(int arraySize) {
        return exchange -> {
            if (!"POST".equals(exchange.method())) {
                exchange.responseBody().write(("got " + exchange.path()).getBytes(StandardCharsets.US_ASCII));
                return;
            }
            MessageDigest sha = RawHttp.sha256();
            byte[] b = new byte[arraySize];
            long total = 0;
            RequestBody body = exchange.requestBody();
            for (int n; (n = body.read(b, 0, b.length)) >= 0; ) {
                sha.update(b, 0, n);
                total += n;
            }
            exchange.responseBody().write((total + " " + RawHttp.hex(sha.digest())).getBytes(StandardCharsets.US_ASCII));
        };
    }

    private static String post(int length) {
        return "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: " + length + "\r\n\r\n";
    }

    @Test
    void aBodyArrivingInManySmallPiecesIsReadWholeIntoLargeArrays() throws Exception {
        server = RawHttp.start(digesting(256 * 1024));
        byte[] body = RawHttp.pattern(3 * 1024 * 1024 + 7, 20);
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.socket().setTcpNoDelay(true);
            c.send(post(body.length));
            OutputStream out = c.socket().getOutputStream();
            for (int at = 0; at < body.length; at += 1000) {
                out.write(body, at, Math.min(1000, body.length - at));
                out.flush();
            }
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.bodyText()).isEqualTo(body.length + " " + RawHttp.sha256Hex(body));
            // Once the loop's first reads were taken, the exchange read the socket itself.
            assertThat(ConnectorSeams.bodyBytesReadDirect(server)).isGreaterThan(body.length / 2);
            // the connection persists: a second body, whole in one write
            c.send(RawHttp.concat(RawHttp.ascii(post(body.length)), body));
            assertThat(c.read().bodyText()).isEqualTo(body.length + " " + RawHttp.sha256Hex(body));
        }
    }

    /**
     * Reads of 16 KiB and of 5,000 bytes (not a divisor of any buffer's size) take a 1 MiB body sent
     * in one write with a request behind it: every byte arrives in order, the request behind the
     * body is the loop's, and no buffer stays lent.
     */
    @ParameterizedTest
    @ValueSource(ints = {16 * 1024, 5000})
    void readsSmallerThanTheLoopsReadTakeALargeBodyWholeAndInOrder(int arraySize) throws Exception {
        server = RawHttp.start(digesting(arraySize));
        byte[] body = RawHttp.pattern(1024 * 1024 + 3, 28);
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send(RawHttp.concat(RawHttp.ascii(post(body.length)), body, RawHttp.ascii("GET /next HTTP/1.1\r\nHost: t\r\n\r\n")));
            assertThat(c.read().bodyText()).isEqualTo(body.length + " " + RawHttp.sha256Hex(body));
            assertThat(c.read().bodyText()).isEqualTo("got /next");
        }
        assertThat(ConnectorSeams.bodyBytesReadDirect(server)).as("the exchange read the socket itself").isPositive();
        awaitReleased();
    }

    /**
     * A handler that stops reading mid-body once the exchange reads the socket itself: the rest of
     * the body is skipped, the request behind it is answered, and every buffer is returned.
     */
    @Test
    void aBodyLeftUnreadWhileTheExchangeReadsTheSocketIsSkippedAndTheNextRequestAnswered() throws Exception {
        server = RawHttp.start(exchange -> {
            if (!"POST".equals(exchange.method())) {
                exchange.responseBody().write(("got " + exchange.path()).getBytes(StandardCharsets.US_ASCII));
                return;
            }
            byte[] b = new byte[16 * 1024];
            long total = 0;
            for (int n; total < FIRST + 20_000 && (n = exchange.requestBody().read(b, 0, b.length)) >= 0; ) {
                total += n;
            }
            answerLength(exchange, total);
        });
        try (RawHttp c = RawHttp.connect(server.port())) {
            sendBodyThen(c, "GET /after HTTP/1.1\r\nHost: t\r\n\r\n", 0);
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            assertThat(Long.parseLong(r.bodyText())).isBetween((long) FIRST + 20_000, (long) BODY.length);
            assertThat(c.read().bodyText()).isEqualTo("got /after");
        }
        awaitReleased();
    }

    private static final byte[] BODY = RawHttp.pattern(300 * 1024, 21);
    private static final String BODY_ANSWER = BODY.length + " " + RawHttp.sha256Hex(BODY);
    /** The part of {@link #BODY} sent before the exchange takes the reads over. */
    private static final int FIRST = 100 * 1024;

    /**
     * Sends a POST of {@link #BODY}: its first {@link #FIRST} bytes, and once the exchange reads the
     * socket itself the rest, with {@code behind} in the same write.
     */
    private void sendBodyThen(RawHttp c, String behind, long takeoversBefore) throws IOException {
        sendUntilTheExchangeReadsTheSocket(c, BODY.length, java.util.Arrays.copyOf(BODY, FIRST), takeoversBefore);
        c.send(RawHttp.concat(java.util.Arrays.copyOfRange(BODY, FIRST, BODY.length), RawHttp.ascii(behind)));
    }

    @Test
    void aRequestRightBehindTheBodyInTheSamePacketIsAnsweredAfterIt() throws Exception {
        server = RawHttp.start(digesting(16 * 1024));
        try (RawHttp c = RawHttp.connect(server.port())) {
            // the exchange's reads stop at the body's end: the GET is the loop's
            sendBodyThen(c, "GET /next HTTP/1.1\r\nHost: t\r\n\r\n", 0);
            assertThat(c.read().bodyText()).isEqualTo(BODY_ANSWER);
            RawHttp.Response next = c.read();
            assertThat(next.status).isEqualTo(200);
            assertThat(next.bodyText()).isEqualTo("got /next");
        }
        assertThat(ConnectorSeams.bodyBytesReadDirect(server)).isGreaterThanOrEqualTo(BODY.length - FIRST);
    }

    @Test
    void aRequestSentInTheNextPacketBehindTheBodyIsAnsweredAfterIt() throws Exception {
        server = RawHttp.start(digesting(16 * 1024));
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.socket().setTcpNoDelay(true);
            sendBodyThen(c, "", 0);
            c.send("GET /second HTTP/1.1\r\nHost: t\r\n\r\n");
            sendBodyThen(c, "", 1);
            assertThat(c.read().bodyText()).isEqualTo(BODY_ANSWER);
            assertThat(c.read().bodyText()).isEqualTo("got /second");
            assertThat(c.read().bodyText()).isEqualTo(BODY_ANSWER);
        }
        assertThat(ConnectorSeams.bodyBytesReadDirect(server)).isGreaterThanOrEqualTo(2L * (BODY.length - FIRST));
    }

    /**
     * Reads {@code blocking} bytes or more in blocking 16 KiB reads (the exchange reads the socket
     * itself once the loop's bytes are taken), then the rest with non-blocking reads and
     * {@code demand} (the loop reads again), and answers as {@link #digesting}.
     */
    private static HttpHandler switchingToNonBlockingAfter(int blocking) {
        return exchange -> {
            MessageDigest sha = RawHttp.sha256();
            byte[] b = new byte[16 * 1024];
            long total = 0;
            RequestBody body = exchange.requestBody();
            for (int n; total < blocking && (n = body.read(b, 0, b.length)) >= 0; ) {
                sha.update(b, 0, n);
                total += n;
            }
            while (true) {
                int n = body.readAvailable(b, 0, b.length);
                if (n < 0) {
                    break;
                }
                if (n == 0) {
                    CountDownLatch readable = new CountDownLatch(1);
                    body.demand(readable::countDown);
                    try {
                        readable.await();
                    } catch (InterruptedException e) {
                        throw new IOException(e);
                    }
                    continue;
                }
                sha.update(b, 0, n);
                total += n;
            }
            exchange.responseBody().write((total + " " + RawHttp.hex(sha.digest())).getBytes(StandardCharsets.US_ASCII));
        };
    }

    @Test
    void aBodyReadBlockingThenNonBlockingArrivesWholeAndInOrder() throws Exception {
        server = RawHttp.start(switchingToNonBlockingAfter(FIRST + 16 * 1024));
        try (RawHttp c = RawHttp.connect(server.port())) {
            sendBodyThen(c, "GET /next HTTP/1.1\r\nHost: t\r\n\r\n", 0);
            assertThat(c.read().bodyText()).isEqualTo(BODY_ANSWER);
            assertThat(c.read().status).isEqualTo(200);
        }
        assertThat(ConnectorSeams.bodyBytesReadDirect(server)).isPositive();
        awaitReleased();
    }

    @Test
    void anExpectedContinueIsSentBeforeTheExchangeReadsTheBodyItself() throws Exception {
        server = RawHttp.start(digesting(64 * 1024));
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send("POST /upload HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: " + BODY.length
                    + "\r\n\r\n");
            assertThat(c.readAny().status).as("nothing of the body was sent yet").isEqualTo(100);
            c.send(BODY);
            assertThat(c.read().bodyText()).isEqualTo(BODY_ANSWER);
        }
        assertThat(ConnectorSeams.bodyReadTakeovers(server)).isOne();
    }

    /** Counts what the handler read before its read failed, and what it threw. */
    private static final class Reading {
        final CompletableFuture<Throwable> failed = new CompletableFuture<>();
        volatile long read;

        HttpHandler handler() {
            return exchange -> {
                byte[] b = new byte[16 * 1024];
                try {
                    for (int n; (n = exchange.requestBody().read(b, 0, b.length)) >= 0; ) {
                        read += n;
                    }
                } catch (IOException e) {
                    failed.complete(e);
                    throw e;
                }
                answerLength(exchange, read);
            };
        }
    }

    private static void answerLength(HttpExchange exchange, long length) throws IOException {
        exchange.responseBody().write(Long.toString(length).getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * Sends the head and {@code part}, then waits until the exchange has taken {@code part} and
     * took the socket reads over (it waits for more body bytes, reading the socket itself).
     */
    private void sendUntilTheExchangeReadsTheSocket(RawHttp c, int length, byte[] part, long takeoversBefore)
            throws IOException {
        c.send(RawHttp.concat(RawHttp.ascii(post(length)), part));
        try {
            await().atMost(Duration.ofSeconds(5)).until(() -> ConnectorSeams.bodyReadTakeovers(server) > takeoversBefore);
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            // Seen twice in about twenty runs of this class on a loaded 2-CPU machine, never reproduced
            // since: the thread stacks and pool state say where the exchange was when it happens again.
            throw new AssertionError("the exchange did not take the socket reads over within 5 s; "
                    + ConnectorSeams.outstanding(server) + ", bodyBytesReadDirect="
                    + ConnectorSeams.bodyBytesReadDirect(server) + "\n" + threadStacks(), e);
        }
    }

    @Test
    void aRequestTimeoutWhileTheExchangeReadsTheSocketIsAnswered408AndCloses() throws Exception {
        Reading reading = new Reading();
        server = RawHttp.start(RawHttp.local().requestTimeout(Duration.ofMillis(500)).build(), reading.handler());
        byte[] part = RawHttp.pattern(100 * 1024, 23);
        try (RawHttp c = RawHttp.connect(server.port())) {
            sendUntilTheExchangeReadsTheSocket(c, 1024 * 1024, part, 0);
            c.send(part); // read by the exchange from the socket
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(408);
            assertThat(c.awaitClosedByPeer(5_000)).isTrue();
        }
        assertThat(reading.failed.get(5, TimeUnit.SECONDS)).isInstanceOf(IOException.class);
        assertThat(reading.read).as("every byte sent was read before the timeout").isEqualTo(2L * part.length);
        assertThat(ConnectorSeams.bodyBytesReadDirect(server)).isGreaterThanOrEqualTo(part.length);
        awaitReleased();
    }

    /** @param reset whether the client resets the connection (else it ends its output: FIN) */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aClientLeavingMidBodyFailsTheReadAndReleasesTheConnection(boolean reset) throws Exception {
        Reading reading = new Reading();
        server = RawHttp.start(reading.handler());
        byte[] part = RawHttp.pattern(200 * 1024, 24);
        RawHttp c = RawHttp.connect(server.port());
        try {
            sendUntilTheExchangeReadsTheSocket(c, 1024 * 1024, part, 0);
            if (reset) {
                c.socket().setSoLinger(true, 0);
                c.close();
            } else {
                c.socket().shutdownOutput(); // seen by the exchange's own read
                drain(c);
            }
        } finally {
            c.close();
        }
        assertThat(reading.failed.get(5, TimeUnit.SECONDS)).isInstanceOf(IOException.class);
        if (!reset) {
            assertThat(reading.read).isEqualTo(part.length);
        }
        awaitReleased();
    }

    @Test
    void aStopWhileTheBodyIsReadLetsItFinishIntactThenCloses() throws Exception {
        Reading reading = new Reading();
        server = RawHttp.start(reading.handler());
        byte[] body = RawHttp.pattern(1024 * 1024, 26);
        int first = 200 * 1024;
        try (RawHttp c = RawHttp.connect(server.port())) {
            sendUntilTheExchangeReadsTheSocket(c, body.length, java.util.Arrays.copyOf(body, first), 0);
            CountDownLatch stopped = new CountDownLatch(1);
            Thread stopper = new Thread(() -> {
                try {
                    server.stop(Duration.ofSeconds(20));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                stopped.countDown();
            }, "test-stopper");
            stopper.start();
            c.send(java.util.Arrays.copyOfRange(body, first, body.length));
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.bodyText()).isEqualTo(Integer.toString(body.length));
            assertThat(r.closes()).isTrue();
            assertThat(stopped.await(15, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(reading.failed).isNotDone();
    }

    @Test
    void aStopWhoseDeadlinePassesWhileTheExchangeWaitsForBodyBytesFailsItsRead() throws Exception {
        Reading reading = new Reading();
        server = RawHttp.start(reading.handler());
        byte[] part = RawHttp.pattern(200 * 1024, 27);
        try (RawHttp c = RawHttp.connect(server.port())) {
            sendUntilTheExchangeReadsTheSocket(c, 1024 * 1024, part, 0);
            server.stop(Duration.ofMillis(200));
            assertThat(reading.failed.get(5, TimeUnit.SECONDS)).isInstanceOf(IOException.class);
            assertThat(c.awaitClosedByPeer(5_000)).isTrue();
        }
        assertThat(server.openConnections()).isZero();
    }

    /** @return every live thread's name, state and stack, for a failure message */
    private static String threadStacks() {
        StringBuilder sb = new StringBuilder();
        Thread.getAllStackTraces().forEach((thread, frames) -> {
            sb.append(thread.getName()).append(' ').append(thread.getState()).append('\n');
            for (StackTraceElement f : frames) {
                sb.append("    at ").append(f).append('\n');
            }
        });
        return sb.toString();
    }

    /** Reads what the server sends until it closes; a reset counts as the close. */
    private static void drain(RawHttp c) throws IOException {
        InputStream in = c.socket().getInputStream();
        byte[] buf = new byte[8192];
        try {
            while (in.read(buf) >= 0) {
                // not checked
            }
        } catch (java.net.SocketException reset) {
            // closed with unread input
        }
    }

    /** Waits (at most 5 s) until the connection is closed and every pooled object it borrowed is back. */
    private void awaitReleased() {
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            assertThat(server.openConnections()).isZero();
            assertThat(ConnectorSeams.outstanding(server)).isEqualTo(NONE);
        });
    }
}
