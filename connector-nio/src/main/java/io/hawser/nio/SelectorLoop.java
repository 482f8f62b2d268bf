package io.hawser.nio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One selector thread: it owns its sockets, their selection keys and one 64 KiB read buffer shared
 * by all of them. Other threads hand it work with {@link #execute}; it never blocks except in
 * {@code select}, and never runs application code unless a handler declared itself non-blocking.
 */
final class SelectorLoop implements Runnable {
    private static final Logger LOG = Logger.getLogger(SelectorLoop.class.getName());
    static final int READ_BUFFER_SIZE = 64 * 1024;

    private final NioConnector connector;
    private final Selector selector;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean wakeupPending = new AtomicBoolean();
    /** The loop's read buffer: only the loop thread touches it, and no connection keeps it. */
    final ByteBuffer readBuffer = ByteBuffer.allocate(READ_BUFFER_SIZE);
    private final Thread thread;
    /** This loop's connection lists; touched only by the loop thread. */
    final ConnectionLists lists;
    private volatile boolean running = true;

    SelectorLoop(NioConnector connector, int index) throws IOException {
        this.connector = connector;
        this.selector = Selector.open();
        this.lists = new ConnectionLists(connector.config());
        this.thread = new Thread(this, "hawser-loop-" + index);
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    boolean inLoop() {
        return Thread.currentThread() == thread;
    }

    /** Runs {@code task} on the loop thread, soon; callable from any thread. */
    void execute(Runnable task) {
        tasks.add(task);
        if (!inLoop() && wakeupPending.compareAndSet(false, true)) {
            selector.wakeup();
        }
    }

    /** Takes a freshly accepted socket (called from the acceptor). */
    void adopt(SocketChannel channel) {
        execute(() -> {
            try {
                Http1Connection connection = new Http1Connection(connector, this, channel);
                connection.key = channel.register(selector, SelectionKey.OP_READ, connection);
                connector.onOpened();
                connection.onAccepted(System.nanoTime());
            } catch (IOException | RuntimeException e) {
                LOG.log(Level.FINE, "cannot register a connection", e);
                NioConnector.closeQuietly(channel);
                connector.releasePermit();
            }
        });
    }

    /** Asks the loop to stop; pending tasks still run, connections are closed. */
    void stop() {
        running = false;
        selector.wakeup();
    }

    boolean awaitStopped(long millis) throws InterruptedException {
        thread.join(millis);
        return !thread.isAlive();
    }

    /** @return a snapshot of this loop's list sizes and timeout counts, taken on the loop thread */
    java.util.concurrent.CompletableFuture<long[]> stats() {
        java.util.concurrent.CompletableFuture<long[]> result = new java.util.concurrent.CompletableFuture<>();
        execute(() -> result.complete(ConnectorStats.of(lists)));
        return result;
    }

    /** Runs {@code action} for every connection of this loop, on the loop thread. */
    void forEachConnection(java.util.function.Consumer<Http1Connection> action) {
        execute(() -> {
            for (SelectionKey key : selector.keys()) {
                if (key.attachment() instanceof Http1Connection) {
                    action.accept((Http1Connection) key.attachment());
                }
            }
        });
    }

    @Override
    public void run() {
        try {
            while (running) {
                runTasks();
                long timeout = lists.selectTimeoutMillis(System.nanoTime());
                if (tasks.isEmpty()) {
                    selector.select(this::onSelected, timeout);
                } else {
                    selector.selectNow(this::onSelected);
                }
                wakeupPending.set(false);
                lists.sweep(System.nanoTime());
            }
            runTasks();
        } catch (IOException | ClosedSelectorException e) {
            LOG.log(Level.SEVERE, "selector loop failed", e);
        } finally {
            for (SelectionKey key : selector.keys()) {
                if (key.attachment() instanceof Http1Connection) {
                    ((Http1Connection) key.attachment()).close();
                }
            }
            try {
                selector.close();
            } catch (IOException ignored) {
                // nothing more to release
            }
        }
    }

    private void onSelected(SelectionKey key) {
        if (!key.isValid()) {
            return; // closed by an exchange thread while the loop was selecting
        }
        Http1Connection connection = (Http1Connection) key.attachment();
        try {
            connection.onReady(key.readyOps());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "connection failed on the loop", e);
            connection.close();
        }
    }

    private void runTasks() {
        Runnable task;
        while ((task = tasks.poll()) != null) {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "loop task failed", e);
            }
        }
    }
}
