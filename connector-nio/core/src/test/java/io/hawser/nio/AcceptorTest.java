package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Out of file descriptors, accepting pauses and resumes by itself; its log cannot flood or kill the loop. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AcceptorTest {

    /** Makes the next {@code failures} accepts fail as accept(2) does with EMFILE, then accepts for real. */
    private static AtomicInteger failAccepts(NioConnector server, int failures) {
        AtomicInteger failed = new AtomicInteger();
        Acceptor acceptor = server.acceptor();
        Acceptor.Accept real = acceptor.accept;
        acceptor.accept = () -> {
            if (failed.get() < failures) {
                failed.incrementAndGet();
                throw new IOException("Too many open files");
            }
            return real.accept();
        };
        return failed;
    }

    @Test
    void acceptingBacksOffOnEmfileAndResumesWhenDescriptorsAreFreeLoggingOnce() throws Exception {
        NioConnector server = LoopClient.start(1, LoopClient.hello());
        try (LogCapture log = new LogCapture(Acceptor.class.getName())) {
            AtomicInteger failed = failAccepts(server, 10);
            long start = System.nanoTime();
            String response = LoopClient.get(server.port());
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertThat(response).startsWith("HTTP/1.1 200 ").endsWith("hello");
            assertThat(failed.get()).isEqualTo(10);
            // ten failures, each followed by a pause rather than a spin
            assertThat(tookMillis).isGreaterThanOrEqualTo(9 * Acceptor.RETRY_MILLIS);
            assertThat(log.atLeast(Level.WARNING)).hasSize(1);
            assertThat(log.records.get(0).getThrown()).hasMessage("Too many open files");
        } finally {
            server.stop(Duration.ZERO);
        }
    }

    @Test
    void aLogHandlerFailingWithAnErrorDoesNotKillTheAcceptingLoop() throws Exception {
        // As seen under ulimit -n: the log formatter's first time-zone read failed with an Error.
        NioConnector server = LoopClient.start(1, LoopClient.hello());
        try (LogCapture log = new LogCapture(Acceptor.class.getName()) {
            @Override
            public void publish(LogRecord record) {
                throw new Error("java.io.FileNotFoundException: tzdb.dat (Too many open files)");
            }
        }) {
            failAccepts(server, 3);
            assertThat(LoopClient.get(server.port())).startsWith("HTTP/1.1 200 ");
            assertThat(LoopClient.get(server.port())).startsWith("HTTP/1.1 200 ");
            assertThat(server.failure().toCompletableFuture().isDone()).isFalse();
        } finally {
            server.stop(Duration.ZERO);
        }
    }
}
