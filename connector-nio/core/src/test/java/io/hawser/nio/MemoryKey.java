package io.hawser.nio;

import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.spi.AbstractSelectionKey;

/**
 * The selection key of a {@link MemoryChannel}: it only keeps the interest set the connection sets
 * (a real key would pass it to the selector, and a test reads it: {@link #interestOps()}), and is
 * always ready to read. It belongs to no
 * selector ({@link #selector()} is {@code null}).
 */
final class MemoryKey extends AbstractSelectionKey {
    private final SelectableChannel channel;
    private int interestOps = SelectionKey.OP_READ;

    MemoryKey(SelectableChannel channel, Object attachment) {
        this.channel = channel;
        attach(attachment);
    }

    @Override
    public SelectableChannel channel() {
        return channel;
    }

    @Override
    public Selector selector() {
        return null;
    }

    @Override
    public int interestOps() {
        return interestOps;
    }

    @Override
    public SelectionKey interestOps(int ops) {
        interestOps = ops;
        return this;
    }

    @Override
    public int readyOps() {
        return SelectionKey.OP_READ;
    }
}
