package io.hawser.nio;

import java.nio.ByteBuffer;

/**
 * A bounded stack of same-sized heap buffers shared by a connector's loops and workers, so that a
 * connection borrows buffers only while it has bytes to hold (a partial head, a body, a response
 * being built) and keeps none while idle, without allocating per request. Buffers of another size
 * (grown ones) are not taken back and are left to the garbage collector. Thread-safe; the critical
 * sections are a few instructions long.
 */
final class BufferPool {
    private final int pageSize;
    private final ByteBuffer[] stack;
    private int count;
    /** Pages handed out and taken back, for tests: equal once nothing holds a page. Guarded by this. */
    private int lent;
    private int returned;

    /**
     * @param pageSize capacity of every pooled buffer in bytes
     * @param maxPooled most buffers kept when returned
     */
    BufferPool(int pageSize, int maxPooled) {
        this.pageSize = pageSize;
        this.stack = new ByteBuffer[maxPooled];
    }

    /** @return the capacity of pooled buffers in bytes */
    int pageSize() {
        return pageSize;
    }

    /** @return a cleared buffer of {@link #pageSize()} bytes (write mode), pooled or new */
    ByteBuffer take() {
        ByteBuffer b = null;
        synchronized (this) {
            lent++;
            if (count > 0) {
                b = stack[--count];
                stack[count] = null;
            }
        }
        if (b == null) {
            return ByteBuffer.allocate(pageSize);
        }
        b.clear();
        return b;
    }

    /** @return a cleared buffer of at least {@code capacity} bytes: a pooled page when it fits */
    ByteBuffer take(int capacity) {
        return capacity <= pageSize ? take() : ByteBuffer.allocate(capacity);
    }

    /**
     * Gives a buffer back; one of another size, or beyond the pool's bound, is dropped. The caller
     * must hold no reference to it afterwards.
     */
    void give(ByteBuffer b) {
        if (b == null || b.capacity() != pageSize || !b.hasArray()) {
            return;
        }
        synchronized (this) {
            returned++;
            if (count < stack.length) {
                stack[count++] = b;
            }
        }
    }

    /** @return pages handed out by {@link #take()} so far (a test seam) */
    synchronized int lent() {
        return lent;
    }

    /** @return pages given back so far, kept or not (a test seam) */
    synchronized int returned() {
        return returned;
    }
}
