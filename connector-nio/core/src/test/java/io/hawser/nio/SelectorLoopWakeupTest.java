package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A task handed to the loop from another thread runs soon, whatever the loop did with the
 * selector in between: here, a task asked for a wake-up that {@link SelectorLoop#stopAccepting}'s
 * own {@code selectNow} consumed (the graceful stop's first step), and the next task must still
 * wake the loop. Before the fix it waited for the next event or timeout: a graceful stop with an
 * upgraded connection open ran to its deadline.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SelectorLoopWakeupTest {

    @Test
    void aTaskQueuedAfterStopAcceptingsSelectStillWakesTheLoop() throws Exception {
        NioConnector server = LoopClient.start(1, LoopClient.hello());
        try {
            SelectorLoop loop = server.loop(0);
            CountDownLatch inLoop = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            // Hold the loop inside a task, so that the next execute() asks for a wake-up the
            // loop has not consumed yet...
            loop.execute(() -> {
                inLoop.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertThat(inLoop.await(10, TimeUnit.SECONDS)).isTrue();
            CompletableFuture<Void> stopped = loop.stopAccepting(); // ...which its selectNow consumes
            release.countDown();
            stopped.get(10, TimeUnit.SECONDS);
            // Wait until the loop blocks in select with nothing due: only a wake-up brings it back.
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> inSelect(loop.thread()));
            CompletableFuture<Void> ran = new CompletableFuture<>();
            loop.execute(() -> ran.complete(null));
            ran.get(5, TimeUnit.SECONDS);
        } finally {
            server.stop(Duration.ZERO);
        }
    }

    private static boolean inSelect(Thread t) {
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().endsWith("SelectorImpl") && e.getMethodName().equals("doSelect")) {
                return true;
            }
        }
        return false;
    }
}
