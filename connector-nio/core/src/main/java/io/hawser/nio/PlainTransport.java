package io.hawser.nio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * A {@link Transport} straight onto the socket: every call is the channel's own, except that a
 * write of at most {@link OutputThread#DIRECT_OUT_SIZE} bytes of heap buffers on an
 * {@link OutputThread} is copied into that thread's direct buffer and made as one {@code write}.
 */
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
        Thread t = Thread.currentThread();
        if (!(t instanceof OutputThread) || (len == 1 && srcs[off].isDirect())) {
            return channel.write(srcs, off, len);
        }
        long total = 0;
        for (int i = off; i < off + len; i++) {
            total += srcs[i].remaining();
        }
        if (total > OutputThread.DIRECT_OUT_SIZE) {
            return channel.write(srcs, off, len);
        }
        ByteBuffer out = ((OutputThread) t).directOut();
        int at = 0;
        for (int i = off; i < off + len; i++) {
            ByteBuffer src = srcs[i];
            out.put(at, src, src.position(), src.remaining()); // absolute: src keeps its position until written
            at += src.remaining();
        }
        out.limit(at);
        int written = channel.write(out);
        advance(srcs, off, len, written);
        return written;
    }

    /** Moves the positions of {@code srcs[off..off+len)} past the first {@code n} of their bytes, as a gathering write would. */
    private static void advance(ByteBuffer[] srcs, int off, int len, int n) {
        for (int i = off; i < off + len && n > 0; i++) {
            ByteBuffer src = srcs[i];
            int take = Math.min(n, src.remaining());
            src.position(src.position() + take);
            n -= take;
        }
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
