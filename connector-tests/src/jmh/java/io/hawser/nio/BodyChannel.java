package io.hawser.nio;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * An in-memory {@link SocketChannel} for {@link BodyPathBenchmark}: a request larger than one read,
 * delivered as a socket would, as much as each {@link #read} has room for, and a sink that takes
 * every write at once. {@link #rewind()} starts the next copy of the request; the reads then deliver
 * it from its first byte. Every byte written is copied into a reused {@value #SINK_SIZE}-byte ring
 * (as the kernel copies into the send buffer) and counted; the first {@value #HEAD_KEPT} bytes of each
 * response are kept for the check. Nothing is allocated per request.
 */
final class BodyChannel extends InMemorySocketChannel {
    /** Bytes of the ring the writes copy into. */
    static final int SINK_SIZE = 64 * 1024;
    /** Bytes kept from the start of each response. */
    static final int HEAD_KEPT = 512;

    private final byte[] request;
    private final byte[] sink = new byte[SINK_SIZE];
    /** The first bytes of the response to the current copy of the request. */
    final byte[] head = new byte[HEAD_KEPT];
    /** Bytes of the current copy delivered so far (loop thread). */
    private int delivered;
    /** Bytes written since {@link #rewind()} (the writing worker; read after the hand-back). */
    volatile long responseLength;

    BodyChannel(byte[] request, InetSocketAddress remote, InetSocketAddress local) {
        super(remote, local);
        this.request = request;
        this.delivered = request.length;
    }

    /** The client sends the request again: the next reads deliver it from the start. */
    void rewind() {
        delivered = 0;
        responseLength = 0;
    }

    /** @return request bytes of the current copy not yet delivered */
    int undelivered() {
        return request.length - delivered;
    }

    @Override
    public int read(ByteBuffer dst) {
        int n = Math.min(dst.remaining(), request.length - delivered);
        dst.put(request, delivered, n);
        delivered += n;
        return n;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        return take(src);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        long n = 0;
        for (int i = offset, end = offset + length; i < end; i++) {
            n += take(srcs[i]);
        }
        return n;
    }

    private int take(ByteBuffer src) {
        int n = src.remaining();
        long at = responseLength;
        while (src.hasRemaining()) {
            if (at < HEAD_KEPT) {
                int k = (int) Math.min(src.remaining(), HEAD_KEPT - at);
                src.get(head, (int) at, k);
                at += k;
                continue;
            }
            int pos = (int) (at % SINK_SIZE);
            int k = Math.min(src.remaining(), SINK_SIZE - pos);
            src.get(sink, pos, k);
            at += k;
        }
        responseLength = at;
        return n;
    }
}
