package io.hawser.nio;

import java.nio.ByteBuffer;

/**
 * A platform thread of the connector's own (a selector loop or a pooled worker) that owns one small
 * direct buffer for its writes: {@link PlainTransport#write} copies a response that fits (its head
 * and body, or corked pipelined responses) into it and makes one {@code write} from it. Written
 * from heap buffers, the same response would be copied by the JDK into temporary direct buffers of
 * its own, one per buffer, and sent with a gathering {@code writev}: the same copies, plus the
 * temporary buffers' bookkeeping and the kernel's import of an iovec array per call.
 *
 * <p>The buffer is {@link #DIRECT_OUT_SIZE} bytes, allocated at the thread's first small write and
 * freed with the thread (idle workers end after a minute): its cost is per thread, not per
 * connection, so idle connections hold none. Virtual threads are not output threads; their writes
 * go to the channel as given.
 */
final class OutputThread extends Thread {
    /** The largest write copied into the direct buffer, in bytes: a page, so a small response and its head fit. */
    static final int DIRECT_OUT_SIZE = 8192;

    private ByteBuffer directOut;

    /**
     * @param task what the thread runs
     * @param name the thread's name
     */
    OutputThread(Runnable task, String name) {
        super(task, name);
    }

    /** @return this thread's direct buffer ({@link #DIRECT_OUT_SIZE} bytes, cleared), allocated at the first call */
    ByteBuffer directOut() {
        ByteBuffer b = directOut;
        if (b == null) {
            b = directOut = ByteBuffer.allocateDirect(DIRECT_OUT_SIZE);
        }
        b.clear();
        return b;
    }
}
