package io.hawser.tests.timeouts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hawser.nio.NioConnector;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Graceful stop: idle connections close at once, an exchange in flight finishes its 5 MiB response
 * intact (with {@code Connection: close} when it commits after stop began), and no {@code hawser-}
 * thread outlives {@code stop}.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class GracefulStopTest {
    private static final int SIZE = 5 << 20;
    private static final int PIECE = 64 << 10;

    private static byte[] payload() {
        byte[] b = new byte[SIZE];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * 31 + (i >>> 10));
        }
        return b;
    }

    private static byte[] sha256(byte[] b) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(b);
    }

    /** The times stop was called and returned, and the new {@code hawser-} threads alive the moment it returned. */
    private record Stopped(long start, long end, Set<String> threadsLeft) {
    }

    private static CompletableFuture<Stopped> stopInBackground(NioConnector server, Set<String> threadsBefore) {
        CompletableFuture<Stopped> stopped = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            long start = System.nanoTime();
            try {
                server.stop(Duration.ofSeconds(10));
                long end = System.nanoTime();
                stopped.complete(new Stopped(start, end, newHawserThreads(threadsBefore)));
            } catch (Throwable e) {
                stopped.completeExceptionally(e);
            }
        }, "test-stopper");
        t.setDaemon(true);
        t.start();
        return stopped;
    }

    private static Set<String> newHawserThreads(Set<String> before) {
        Set<String> now = new TreeSet<>(Servers.hawserThreads());
        now.removeAll(before);
        return now;
    }

    @Test
    void gracefulStopClosesIdleConnectionsAtOnceAndLetsAnInFlightResponseFinishWithConnectionClose() throws Exception {
        byte[] payload = payload();
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        Set<String> before = Servers.hawserThreads();
        NioConnector server = Servers.start(b -> b, exchange -> {
            if (!exchange.path().equals("/five")) {
                exchange.responseBody().write("hi".getBytes());
                return;
            }
            entered.countDown();
            if (!go.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("never released");
            }
            exchange.responseFields().set("Content-Length", Integer.toString(SIZE));
            for (int off = 0; off < SIZE; off += PIECE) { // about 0.8 s in all
                exchange.responseBody().write(payload, off, PIECE);
                Thread.sleep(10);
            }
        });
        int port = server.port();
        CompletableFuture<Stopped> stopped;
        try (server; Wire idle = Wire.connect(port); Wire busy = Wire.connect(port)) {
            idle.send(Wire.get("/plaintext"));
            assertThat(idle.readResponse().status()).isEqualTo(200);
            busy.send(Wire.get("/five"));
            assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(newHawserThreads(before)).isNotEmpty();

            stopped = stopInBackground(server, before);
            Wire.Ending idleEnding = idle.awaitEnd(3000);
            assertThat(idleEnding.ended()).as("the idle connection is closed at once").isTrue();
            assertThat(idleEnding.bytes()).isEmpty();
            // The server socket is closed before idle connections are; polled (at most 2 s) so a
            // connect the kernel still completed from the listen queue does not make it flaky.
            org.awaitility.Awaitility.await("no longer accepting").atMost(Duration.ofSeconds(2))
                    .pollInterval(Duration.ofMillis(20)).untilAsserted(() ->
                            assertThatThrownBy(() -> Wire.connect(port).close()).isInstanceOf(ConnectException.class));

            go.countDown(); // the response commits now, after stop began
            Wire.Response r = busy.readResponse(10_000);
            long responseDone = System.nanoTime();
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.closes()).as("committed during stop: Connection: close").isTrue();
            assertThat(r.body().length).isEqualTo(SIZE);
            assertThat(sha256(r.body())).isEqualTo(sha256(payload));
            Wire.Ending busyEnding = busy.awaitEnd(3000);
            assertThat(busyEnding.ended()).isTrue();
            assertThat(busyEnding.bytes()).isEmpty();

            Stopped times = stopped.get(15, TimeUnit.SECONDS);
            System.out.printf("graceful stop: idle closed %.1f ms after stop was called, stop returned %.1f ms after the "
                    + "5 MiB response ended, took %.1f ms; hawser- threads alive when it returned: %s%n",
                    Wire.millis(idleEnding.end() - times.start()), Wire.millis(times.end() - responseDone),
                    Wire.millis(times.end() - times.start()), times.threadsLeft());
            assertThat(TimeUnit.NANOSECONDS.toMillis(idleEnding.end() - times.start())).as("idle closed at once")
                    .isLessThan(500);
            assertThat(times.end()).as("stop waited for the exchange").isGreaterThan(r.arrived());
            assertThat(times.threadsLeft()).as("hawser- threads alive when stop returned").isEmpty();
        }
    }

    @Test
    void gracefulStopLetsAResponseCommittedBeforeStopFinishIntactToASlowReader() throws Exception {
        byte[] payload = payload();
        CountDownLatch committed = new CountDownLatch(1);
        Set<String> before = Servers.hawserThreads();
        NioConnector server = Servers.start(b -> b, exchange -> {
            exchange.responseFields().set("Content-Length", Integer.toString(SIZE));
            exchange.responseBody().write(payload, 0, PIECE);
            exchange.responseBody().flush();
            committed.countDown();
            exchange.responseBody().write(payload, PIECE, SIZE - PIECE);
        });
        try (server; Wire slow = Wire.connect(server.port(), 16 * 1024)) {
            slow.send(Wire.get("/five"));
            assertThat(committed.await(5, TimeUnit.SECONDS)).isTrue();
            CompletableFuture<Stopped> stopped = stopInBackground(server, before);

            InputStream in = slow.socket().getInputStream();
            byte[] all = readSlowly(in, 300);
            long done = System.nanoTime();
            String text = new String(all, 0, Math.min(all.length, 400), java.nio.charset.StandardCharsets.ISO_8859_1);
            int bodyStart = text.indexOf("\r\n\r\n") + 4;
            assertThat(text).startsWith("HTTP/1.1 200 ");
            assertThat(all.length - bodyStart).as("whole body, then EOF").isEqualTo(SIZE);
            byte[] body = java.util.Arrays.copyOfRange(all, bodyStart, all.length);
            assertThat(sha256(body)).isEqualTo(sha256(payload));

            Stopped times = stopped.get(15, TimeUnit.SECONDS);
            System.out.printf("graceful stop with a slow reader: 5 MiB read in %.1f ms after stop was called; stop "
                    + "took %.1f ms; hawser- threads alive when it returned: %s%n", Wire.millis(done - times.start()),
                    Wire.millis(times.end() - times.start()), times.threadsLeft());
            assertThat(TimeUnit.NANOSECONDS.toMillis(done - times.start())).as("the reader was slow enough")
                    .isGreaterThan(300);
            assertThat(times.threadsLeft()).as("hawser- threads alive when stop returned").isEmpty();
        }
    }

    /** Reads until EOF, pausing 5 ms between reads of at most 32 KiB, for at most {@code maxMillis * 20}. */
    private static byte[] readSlowly(InputStream in, long maxMillis) throws IOException, InterruptedException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(SIZE + 1024);
        byte[] buf = new byte[32 * 1024];
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(maxMillis * 20);
        for (int i = 0; i < 100_000 && System.nanoTime() < end; i++) {
            int n = in.read(buf);
            if (n < 0) {
                return out.toByteArray();
            }
            out.write(buf, 0, n);
            Thread.sleep(5);
        }
        throw new IOException("no EOF after " + out.size() + " bytes");
    }
}
