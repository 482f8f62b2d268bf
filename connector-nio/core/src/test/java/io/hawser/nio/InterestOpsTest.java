package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.ConnectorConfig;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

/**
 * Another thread's close cancels a key between the loop's {@code isValid()} and its
 * {@code interestOps}: the interest change is dropped quietly (seen once in 2.5 million fuzz cases
 * as a {@link CancelledKeyException} logged by the loop).
 */
class InterestOpsTest {

    /** A key that is valid when asked and cancelled by the time its interest set is touched. */
    static final class CancelledAfterCheck extends SelectionKey {
        int checks;

        @Override
        public SelectableChannel channel() {
            return null;
        }

        @Override
        public Selector selector() {
            return null;
        }

        @Override
        public boolean isValid() {
            checks++;
            return true;
        }

        @Override
        public void cancel() {
        }

        @Override
        public int interestOps() {
            throw new CancelledKeyException();
        }

        @Override
        public SelectionKey interestOps(int ops) {
            throw new CancelledKeyException();
        }

        @Override
        public int readyOps() {
            throw new CancelledKeyException();
        }
    }

    @Test
    void aKeyCancelledAfterTheValidityCheckIsNotChanged() {
        SelectionKey key = new CancelledAfterCheck();
        assertThat(InterestOps.add(key, SelectionKey.OP_READ)).isFalse();
        assertThat(InterestOps.remove(key, SelectionKey.OP_WRITE)).isFalse();
        assertThat(InterestOps.set(key, 0)).isFalse();
    }

    @Test
    void aConnectionAskingForWritabilityAsAWorkerClosesItIsNotALoopFailure() throws Exception {
        NioConnector connector = new NioConnector(ConnectorConfig.builder().port(0).build(), LoopClient.hello());
        SelectorLoop loop = new SelectorLoop(connector, 0, Thread.currentThread());
        try (SocketChannel channel = SocketChannel.open(); LogCapture log = new LogCapture(SelectorLoop.class.getName())) {
            Http1Connection connection = new Http1Connection(connector, loop, channel);
            CancelledAfterCheck key = new CancelledAfterCheck();
            connection.key = key;
            connection.interest(SelectionKey.OP_WRITE);
            loop.runTasks();
            assertThat(key.checks).as("the race window was reached").isPositive();
            assertThat(log.atLeast(Level.WARNING)).isEmpty();
            assertThat(loop.lists.writeStalled.contains(connection)).isFalse();
        }
    }
}
