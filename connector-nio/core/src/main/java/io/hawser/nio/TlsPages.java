package io.hawser.nio;

import java.nio.ByteBuffer;

/**
 * The two pools one {@link TlsTransport} borrows from: record-sized pages (the ciphertext input,
 * the staged plaintext, one record of output) and multi-record pages (the output of one
 * {@link TlsTransport#MAX_WRAP_BYTES} write). Holds no state of its own, so the loop's input side
 * ({@link TlsInput}) and the output side ({@link TlsOutput}, any thread under its lock) share it;
 * both pools are thread-safe.
 */
final class TlsPages {
    /** Pages of at least the session's packet and application buffer sizes. */
    private final BufferPool pool;
    /** Pages for the ciphertext of a multi-record write (or {@link #pool}: then allocated). */
    private final BufferPool wraps;

    TlsPages(BufferPool pool, BufferPool wraps) {
        this.pool = pool;
        this.wraps = wraps;
    }

    /** @return a cleared buffer (write mode) of at least {@code capacity} bytes: a record page when it fits */
    ByteBuffer take(int capacity) {
        return pool.take(capacity);
    }

    /** @return a cleared buffer (write mode) for {@code room} bytes of output: a record page or a multi-record one */
    ByteBuffer takeOutput(int room) {
        return room <= pool.pageSize() ? pool.take() : wraps.take(room);
    }

    /** Gives a buffer back to the pool of its size (another size, or {@code null}, is left to the collector). */
    void giveBack(ByteBuffer b) {
        if (b != null && b.capacity() != pool.pageSize()) {
            wraps.give(b);
        } else {
            pool.give(b);
        }
    }
}
