package io.hawser.api;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A streaming gzip encoder (RFC 1952: a 10-byte header, raw DEFLATE of RFC 1951, then CRC-32 and
 * the input size mod 2^32, little-endian) writing into an {@link OutputStream} as it goes: nothing
 * is buffered beyond zlib's window and one output chunk. {@link #flush()} ends the DEFLATE block
 * with a sync flush, so what was written so far can be decoded at once. Deflaters come from a small
 * shared pool (their native state, about 256 KiB each, is costly to set up per response) and go
 * back at {@link #finish()} or {@link #release()}.
 */
final class GzipEncoder {
    private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};
    private static final int POOLED = 64;
    private static final ArrayBlockingQueue<Deflater>[] POOLS = pools();

    private final OutputStream out;
    private final int level;
    private final byte[] chunk = new byte[8192];
    private final CRC32 crc = new CRC32();
    private Deflater deflater;
    private boolean started;

    /**
     * @param out where the encoded bytes go
     * @param level the deflate level, -1..9
     */
    GzipEncoder(OutputStream out, int level) {
        this.out = out;
        this.level = level;
    }

    @SuppressWarnings("unchecked")
    private static ArrayBlockingQueue<Deflater>[] pools() {
        ArrayBlockingQueue<Deflater>[] pools = new ArrayBlockingQueue[11];
        for (int i = 0; i < pools.length; i++) {
            pools[i] = new ArrayBlockingQueue<>(POOLED);
        }
        return pools;
    }

    private Deflater deflater() throws IOException {
        if (deflater == null) {
            Deflater d = POOLS[level + 1].poll();
            deflater = d != null ? d : new Deflater(level, true);
        }
        if (!started) {
            started = true;
            out.write(HEADER);
        }
        return deflater;
    }

    /** Encodes {@code len} bytes; all of them are consumed before it returns (the caller may reuse the array). */
    void write(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return;
        }
        Deflater d = deflater();
        crc.update(b, off, len);
        d.setInput(b, off, len);
        while (!d.needsInput()) {
            drain(d, Deflater.NO_FLUSH);
        }
    }

    /** Ends the current DEFLATE block with a sync flush and writes what it produced (not flushing {@code out}). */
    void flush() throws IOException {
        Deflater d = deflater();
        int n;
        do {
            n = drain(d, Deflater.SYNC_FLUSH);
        } while (n == chunk.length);
    }

    /** Writes the rest and the gzip trailer, and returns the deflater to the pool. */
    void finish() throws IOException {
        Deflater d = deflater();
        d.finish();
        while (!d.finished()) {
            drain(d, Deflater.NO_FLUSH);
        }
        long value = crc.getValue();
        long size = d.getBytesRead();
        byte[] trailer = new byte[8];
        for (int i = 0; i < 4; i++) {
            trailer[i] = (byte) (value >>> 8 * i);
            trailer[4 + i] = (byte) (size >>> 8 * i);
        }
        release();
        out.write(trailer);
    }

    /** Returns the deflater (reset) to the pool, or ends it when the pool is full; idempotent. */
    void release() {
        Deflater d = deflater;
        deflater = null;
        if (d != null) {
            d.reset();
            if (!POOLS[level + 1].offer(d)) {
                d.end();
            }
        }
    }

    /** Discards what was encoded: the next write starts a new gzip member. */
    void reset() {
        release();
        crc.reset();
        started = false;
    }

    private int drain(Deflater d, int mode) throws IOException {
        int n = d.deflate(chunk, 0, chunk.length, mode);
        if (n > 0) {
            out.write(chunk, 0, n);
        }
        return n;
    }
}
