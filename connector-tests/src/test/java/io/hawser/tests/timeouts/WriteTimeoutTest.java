package io.hawser.tests.timeouts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.nio.NioConnector;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** writeTimeout: a response write that makes no progress for that long aborts the connection. */
class WriteTimeoutTest {
    private static final long WRITE_MILLIS = 1000;
    private static final long LATE_MILLIS = 150;
    private static final int TOTAL = 64 << 20;
    private static final int PIECE = 64 << 10;

    private static long ms(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void slowReaderIsAbortedByWriteTimeout() throws Exception {
        AtomicLong lastWriteStart = new AtomicLong();
        AtomicLong written = new AtomicLong();
        CompletableFuture<Long> failedAt = new CompletableFuture<>();
        NioConnector server = Servers.start(b -> b.writeTimeout(Duration.ofMillis(WRITE_MILLIS)), exchange -> {
            byte[] piece = new byte[PIECE];
            exchange.responseFields().set("Content-Length", Integer.toString(TOTAL));
            try {
                for (int i = 0; i < TOTAL / PIECE; i++) {
                    lastWriteStart.set(System.nanoTime());
                    exchange.responseBody().write(piece);
                    written.addAndGet(PIECE);
                }
                failedAt.complete(-1L);
            } catch (IOException e) {
                failedAt.complete(System.nanoTime());
                throw e;
            }
        });
        try (Jitter jitter = Jitter.start(); Wire wire = Wire.connect(server.port(), 4096)) {
            wire.send(Wire.get("/big"));
            // the client reads nothing; the write fills the socket buffers and stalls
            long[] stallSeen = new long[1];
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5)).until(() -> {
                stallSeen[0] = System.nanoTime();
                return server.stats().writeStalled() == 1;
            });
            long failed = failedAt.get(10, TimeUnit.SECONDS);
            assertThat(failed).as("the handler's write failed").isPositive();
            long afterStall = failed - lastWriteStart.get();
            System.out.printf("write timeout %d ms: %d of %d bytes taken by the channel; write failed %.1f ms after the "
                    + "stalled write began (%.1f ms after the stall was seen in stats)%n", WRITE_MILLIS, written.get(), TOTAL,
                    Wire.millis(afterStall), Wire.millis(failed - stallSeen[0]));
            assertThat(ms(afterStall)).isGreaterThanOrEqualTo(WRITE_MILLIS);
            assertThat(ms(afterStall)).isLessThanOrEqualTo(WRITE_MILLIS + jitter.allow(LATE_MILLIS));
            assertThat(ms(failed - stallSeen[0])).isLessThanOrEqualTo(WRITE_MILLIS + jitter.allow(LATE_MILLIS));

            await().atMost(Duration.ofSeconds(2)).untilAsserted(() -> {
                assertThat(server.stats().writeTimeouts()).isEqualTo(1);
                assertThat(server.stats().writeStalled()).isZero();
                assertThat(server.stats().connections()).isZero();
            });
            // what was already in the socket buffers still arrives, then the connection ends, short
            Wire.Ending ending = wire.awaitEnd(10_000);
            assertThat(ending.ended()).isTrue();
            assertThat(written.get()).isLessThan(TOTAL);
        } finally {
            server.close();
        }
    }

    /** @return the server side's TCP sockets of {@code port} other than the listening one and TIME-WAIT, as {@code ss} lists them */
    private static String serverSockets(int port) throws Exception {
        Process ss = new ProcessBuilder("ss", "-Htan", "sport = :" + port).redirectErrorStream(true).start();
        String out = new String(ss.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        ss.waitFor();
        return out.lines().filter(l -> !l.startsWith("LISTEN") && !l.startsWith("TIME-WAIT")).collect(java.util.stream.Collectors.joining("\n"));
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aWriteTimeoutAbortsWithAResetSoTheKernelKeepsNoUnsentBytes() throws Exception {
        NioConnector server = Servers.start(b -> b.writeTimeout(Duration.ofMillis(300)), exchange -> {
            byte[] piece = new byte[PIECE];
            exchange.responseFields().set("Content-Length", Integer.toString(TOTAL));
            for (int i = 0; i < TOTAL / PIECE; i++) {
                exchange.responseBody().write(piece);
            }
        });
        try (Wire wire = Wire.connect(server.port(), 4096)) {
            wire.send(Wire.get("/big"));
            // the client reads nothing until the server gave up on it
            await().atMost(Duration.ofSeconds(10)).until(() -> server.stats().writeTimeouts() == 1
                    && server.openConnections() == 0);
            // no orphaned socket (FIN-WAIT-1 with megabytes queued) is left on the server's side
            await().atMost(Duration.ofSeconds(2)).until(() -> serverSockets(server.port()).isEmpty());
            Wire.Ending ending = wire.awaitEnd(10_000);
            assertThat(ending.reset()).as("the client sees a reset").isTrue();
        } finally {
            server.close();
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void readerThatKeepsUpSlowlyIsNotAbortedEvenWhenTheWholeResponseTakesLongerThanWriteTimeout() throws Exception {
        int total = 2 << 20;
        NioConnector server = Servers.start(b -> b.writeTimeout(Duration.ofMillis(500)), exchange -> {
            byte[] piece = new byte[PIECE];
            exchange.responseFields().set("Content-Length", Integer.toString(total));
            for (int i = 0; i < total / PIECE; i++) {
                exchange.responseBody().write(piece);
            }
        });
        try (Wire wire = Wire.connect(server.port(), 16 * 1024)) {
            wire.send(Wire.get("/big"));
            // read at most 64 KiB every 15 ms: each stall is short, the whole takes about 1 s
            java.io.InputStream in = wire.socket().getInputStream();
            byte[] buf = new byte[PIECE];
            long read = 0;
            long start = System.nanoTime();
            for (int i = 0; i < 10_000 && read < total; i++) {
                Thread.sleep(15);
                int n = in.read(buf);
                if (n < 0) {
                    break;
                }
                read += n;
            }
            long took = System.nanoTime() - start;
            System.out.printf("slow but steady reader: %d bytes (head included) in %.1f ms, writeTimeout 500 ms%n", read,
                    Wire.millis(took));
            assertThat(read).isGreaterThanOrEqualTo(total);
            assertThat(ms(took)).isGreaterThan(500);
            assertThat(server.stats().writeTimeouts()).isZero();
        } finally {
            server.close();
        }
    }
}
