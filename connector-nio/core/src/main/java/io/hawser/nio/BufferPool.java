package io.hawser.nio;

import java.nio.ByteBuffer;

/**
 * A bounded stack of same-sized heap buffers shared by a connector's loops and workers, so that a
 * connection borrows buffers only while it has bytes to hold (a partial head, a body, a response
 * being built) and keeps none while idle, without allocating per request. A pool may also keep a
 * few large buffers (a request body arriving faster than its handler reads it grows a connection's
 * input past a page: without them every such body allocated 64–192 KiB); buffers of any other size
 * are not taken back and are left to the garbage collector. Thread-safe; the critical sections are
 * a few instructions long.
 */
final class BufferPool {
    private final int pageSize;
    private final ByteBuffer[] stack;
    private int count;
    /** The large tier: capacity (0: none) and its stack. Guarded by this. */
    private final int largeSize;
    private final ByteBuffer[] large;
    private int largeCount;
    /** Pages handed out and taken back, for tests: equal once nothing holds a page. Guarded by this. */
    private int lent;
    private int returned;

    /**
     * @param pageSize capacity of every pooled buffer in bytes
     * @param maxPooled most buffers kept when returned
     */
    BufferPool(int pageSize, int maxPooled) {
        this(pageSize, maxPooled, 0, 0);
    }

    /**
     * @param pageSize capacity of every pooled page in bytes
     * @param maxPooled most pages kept when returned
     * @param largeSize capacity of the large buffers kept, above {@code pageSize}; 0 for none
     * @param maxLarge most large buffers kept when returned
     */
    BufferPool(int pageSize, int maxPooled, int largeSize, int maxLarge) {
        this.pageSize = pageSize;
        this.stack = new ByteBuffer[maxPooled];
        this.largeSize = largeSize;
        this.large = new ByteBuffer[maxLarge];
    }

    /** @return the capacity of pooled buffers in bytes */
    int pageSize() {
        return pageSize;
    }

    /** @return a cleared buffer of {@link #pageSize()} bytes (write mode), pooled or new */
    ByteBuffer take() {
        return pop(false);
    }

    /** @return a cleared buffer of at least {@code capacity} bytes: a pooled page, or large buffer, when it fits */
    ByteBuffer take(int capacity) {
        if (capacity <= pageSize) {
            return pop(false);
        }
        return capacity > largeSize ? ByteBuffer.allocate(capacity) : pop(true);
    }

    /** @return a cleared pooled page or large buffer (write mode), or a new one when none is kept */
    private ByteBuffer pop(boolean big) {
        ByteBuffer b = null;
        synchronized (this) {
            lent++;
            if (big && largeCount > 0) {
                b = large[--largeCount];
                large[largeCount] = null;
            } else if (!big && count > 0) {
                b = stack[--count];
                stack[count] = null;
            }
        }
        if (b == null) {
            return ByteBuffer.allocate(big ? largeSize : pageSize);
        }
        b.clear();
        return b;
    }

    /**
     * Gives a buffer back; one of another size, or beyond the pool's bound, is dropped. The caller
     * must hold no reference to it afterwards.
     */
    void give(ByteBuffer b) {
        if (b == null || !b.hasArray()) {
            return;
        }
        if (b.capacity() == largeSize && largeSize > pageSize) {
            synchronized (this) {
                returned++;
                if (largeCount < large.length) {
                    large[largeCount++] = b;
                }
            }
            return;
        }
        if (b.capacity() != pageSize) {
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
