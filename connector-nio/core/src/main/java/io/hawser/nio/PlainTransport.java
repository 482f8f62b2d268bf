package io.hawser.nio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/** A {@link Transport} straight onto the socket: every call is the channel's own. */
final class PlainTransport implements Transport {
    private final SocketChannel channel;

    PlainTransport(SocketChannel channel) {
        this.channel = channel;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        return channel.read(dst);
    }

    @Override
    public long write(ByteBuffer[] srcs, int off, int len) throws IOException {
        return channel.write(srcs, off, len);
    }

    @Override
    public boolean flush() {
        return true;
    }

    @Override
    public boolean wantsRead() {
        return true;
    }

    @Override
    public boolean wantsWrite() {
        return false;
    }

    @Override
    public void shutdownOutput() throws IOException {
        channel.shutdownOutput();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
