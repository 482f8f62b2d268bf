package io.hawser.nio;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpHandler;
import java.io.IOException;
import java.nio.channels.SelectionKey;

/**
 * An {@link Http1Connection} over a scripted {@link MemoryChannel}, with a real connector and loop
 * that are never started: the test thread is the loop thread (the {@code SelectorLoop(connector,
 * index, owner)} seam), and plays the selector by calling {@link Http1Connection#onReady} and
 * {@link SelectorLoop#runTasks()} itself. Give it a non-blocking handler, so exchanges run inline.
 */
final class MemoryConnection implements AutoCloseable {
    final NioConnector connector;
    final SelectorLoop loop;
    final MemoryChannel channel = MemoryChannel.scripted();
    final MemoryKey key;
    final Http1Connection connection;

    MemoryConnection(ConnectorConfig config, HttpHandler handler) throws IOException {
        connector = new NioConnector(config, handler);
        loop = new SelectorLoop(connector, 0, Thread.currentThread());
        connection = new Http1Connection(connector, loop, channel);
        key = new MemoryKey(channel, connection);
        connection.key = key;
        connector.onOpened();
        connection.onAccepted(System.nanoTime());
    }

    /** The client sends {@code bytes}: the loop sees the socket readable, then runs its tasks. */
    void receive(String bytes) {
        channel.feed(bytes);
        readable();
    }

    /** The client ends its output (FIN): the loop sees it. */
    void clientEnds() {
        channel.endInput();
        readable();
    }

    private void readable() {
        connection.onReady(SelectionKey.OP_READ);
        loop.runTasks();
    }

    /** The socket takes everything again and the loop sees it writable (when it asked to). */
    void drain() {
        channel.accept(Long.MAX_VALUE);
        connection.onReady(SelectionKey.OP_WRITE);
        loop.runTasks();
    }

    /** @return whether the connection is idle: open, no exchange, no input, in the idle list only */
    boolean isIdle() {
        ConnectionLists lists = loop.lists;
        return !connection.isClosed() && connection.exchange == null && connection.in == null
                && lists.idle.contains(connection) && !lists.request.contains(connection)
                && !lists.headers.contains(connection);
    }

    /** @return what the pools lent and have not taken back, as {@code exchanges=N pages=N responseBuffers=N} */
    String outstanding() {
        return outstanding(connector);
    }

    /**
     * @return what {@code connector}'s pools have lent and not yet taken back, as
     *     {@code exchanges=N pages=N responseBuffers=N} (all 0 when nothing holds a pooled object;
     *     connector-tests' {@code ConnectorSeams} gives it to the integration tests)
     */
    static String outstanding(NioConnector connector) {
        ExchangePool x = connector.exchanges();
        BufferPool pages = connector.pages();
        BufferPool buffers = connector.responseBuffers();
        return "exchanges=" + (x.lent() - x.returned()) + " pages=" + (pages.lent() - pages.returned())
                + " responseBuffers=" + (buffers == pages ? 0 : buffers.lent() - buffers.returned());
    }

    @Override
    public void close() throws IOException {
        loop.selector().close();
    }
}
