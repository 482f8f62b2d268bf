package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import java.nio.channels.ClosedSelectorException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A loop never dies of one task or one event; a broken selector fails the whole connector, visibly. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SelectorLoopFailureTest {

    @Test
    void errorsThrownByLoopTasksAreContainedAndLoggedOnceAndTheLoopServesOn() throws Exception {
        NioConnector server = LoopClient.start(1, LoopClient.hello());
        try (LogCapture log = new LogCapture(SelectorLoop.class.getName())) {
            for (int i = 0; i < 100; i++) {
                int n = i;
                server.loop(0).execute(() -> {
                    if (n % 2 == 0) {
                        throw new OutOfMemoryError("test: Java heap space");
                    }
                    throw new StackOverflowError("test");
                });
            }
            assertThat(LoopClient.get(server.port())).startsWith("HTTP/1.1 200 ").endsWith("hello");
            assertThat(log.atLeast(Level.WARNING)).hasSize(1);
            assertThat(log.atLeast(Level.WARNING).get(0).getThrown()).isInstanceOf(OutOfMemoryError.class);
            assertThat(server.failure().toCompletableFuture().isDone()).isFalse();
        } finally {
            server.stop(Duration.ZERO);
        }
    }

    @Test
    void aBrokenSelectorFailsTheConnectorWhichClosesItsPortInsteadOfServingHalfDead() throws Exception {
        NioConnector server = LoopClient.start(2, LoopClient.hello());
        int port = server.port();
        assertThat(LoopClient.get(port)).startsWith("HTTP/1.1 200 ");
        server.loop(1).selector().close();
        Throwable cause = server.failure().toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(cause).isInstanceOf(ClosedSelectorException.class);
        // the accepting loop stopped too: the port is closed, not open and never answering
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                assertThatThrownBy(() -> LoopClient.get(port)).isInstanceOf(ConnectException.class));
        server.stop(Duration.ofMillis(100));
    }
}
