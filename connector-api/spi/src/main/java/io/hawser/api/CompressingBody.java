package io.hawser.api;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.Arrays;

/**
 * A response body that decides once, before any byte reaches the connector, whether to gzip
 * ({@link CompressionHandler} has the rules), then streams: identity bytes go straight to the
 * connector's body, gzip bytes through a {@link GzipEncoder} into it. Only while the answer
 * depends on the size (a compressible, accepted response without a declared Content-Length) are
 * up to {@code minSize} bytes held back; the first write decides otherwise. A flush before that
 * decides with the size unknown: compress.
 */
final class CompressingBody extends ResponseBody {
    private enum State { UNDECIDED, IDENTITY, GZIP }

    private final HttpExchange exchange;
    private final ResponseBody target;
    private final Compression config;
    private final boolean accepted;
    private final GzipEncoder encoder;
    private State state = State.UNDECIDED;
    /** Whether the decision waits for the size; null until the first write looks. */
    private Boolean sizeMatters;
    private byte[] held = new byte[0];
    private int heldCount;
    private long written;
    private boolean encodingSet;
    private boolean ended;

    /**
     * @param exchange the connector's exchange (status and fields are read and changed at the decision)
     * @param config what to compress
     * @param accepted whether the request accepts gzip
     */
    CompressingBody(HttpExchange exchange, Compression config, boolean accepted) {
        this.exchange = exchange;
        this.target = exchange.responseBody();
        this.config = config;
        this.accepted = accepted;
        this.encoder = new GzipEncoder(target, config.level());
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (ended) {
            throw new IOException("the response body has ended");
        }
        if (state == State.UNDECIDED) {
            if (sizeMatters == null) {
                sizeMatters = compressible() && accepted && declaredLength() < 0;
            }
            if (!sizeMatters || heldCount + len >= config.minSize()) {
                decide(heldCount + len);
            } else {
                hold(b, off, len);
                written += len;
                return;
            }
        }
        if (state == State.GZIP) {
            encoder.write(b, off, len);
        } else {
            target.write(b, off, len);
        }
        written += len;
    }

    private void hold(byte[] b, int off, int len) {
        if (heldCount + len > held.length) {
            held = Arrays.copyOf(held, Math.min(Math.max(held.length * 2, heldCount + len), config.minSize()));
        }
        System.arraycopy(b, off, held, heldCount, len);
        heldCount += len;
    }

    /** Decides with {@code size} bytes known so far (-1: unknown), and passes on what was held. */
    private void decide(long size) throws IOException {
        boolean compressible = compressible();
        MutableHttpFields fields = exchange.responseFields();
        if (compressible) {
            vary(fields);
        }
        long declared = declaredLength();
        long effective = declared >= 0 ? declared : size;
        if (compressible && accepted && (effective < 0 || effective >= config.minSize())) {
            fields.set("Content-Encoding", "gzip");
            fields.remove("Content-Length");
            String etag = fields.get("ETag");
            if (etag != null && etag.startsWith("\"")) {
                fields.set("ETag", "W/" + etag); // RFC 9110 §8.8.1: another representation, not byte-equal
            }
            encodingSet = true;
            state = State.GZIP;
            encoder.write(held, 0, heldCount);
        } else {
            state = State.IDENTITY;
            target.write(held, 0, heldCount);
        }
        held = new byte[0];
        heldCount = 0;
    }

    /** @return whether the response as it stands may be gzipped (status, fields, media type) */
    private boolean compressible() {
        int status = exchange.status();
        MutableHttpFields f = exchange.responseFields();
        return status >= 200 && status != 204 && status != 206 && status != 304 && !f.contains("Content-Encoding")
                && !f.contains("Content-Range") && !noTransform(f) && config.compresses(f.get("Content-Type"));
    }

    private static boolean noTransform(HttpFields f) {
        for (String v : f.getAll("Cache-Control")) {
            if (v.toLowerCase(java.util.Locale.ROOT).contains("no-transform")) {
                return true; // RFC 9111 §5.2.2.6
            }
        }
        return false;
    }

    private static void vary(MutableHttpFields fields) {
        for (String v : fields.getAll("Vary")) {
            for (String t : v.split(",")) {
                String name = t.strip();
                if (name.equals("*") || name.equalsIgnoreCase("Accept-Encoding")) {
                    return;
                }
            }
        }
        fields.add("Vary", "Accept-Encoding");
    }

    private long declaredLength() {
        String v = exchange.responseFields().get("Content-Length");
        if (v == null || v.isEmpty() || v.length() > 18 || !v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        return Long.parseLong(v);
    }

    @Override
    public void flush() throws IOException {
        if (state == State.UNDECIDED) {
            decide(declaredLength() >= 0 ? declaredLength() : -1);
        }
        if (state == State.GZIP && !ended) {
            encoder.flush();
        }
        target.flush();
    }

    /**
     * Ends the encoding: decides if still undecided (the size is what was written), writes the gzip
     * trailer. Does not close the connector's body. Idempotent.
     */
    void finish() throws IOException {
        if (ended) {
            return;
        }
        if (state == State.UNDECIDED) {
            decide(heldCount);
        }
        ended = true;
        if (state == State.GZIP) {
            encoder.finish();
        }
    }

    /** Gives the deflater back without writing anything (the exchange failed or was aborted). */
    void release() {
        ended = true;
        encoder.release();
    }

    /** @return whether this body set {@code Content-Encoding: gzip} */
    boolean encodingSet() {
        return encodingSet;
    }

    @Override
    public void close() throws IOException {
        finish();
        target.close();
    }

    @Override
    public void sendFile(FileChannel file, long position, long count) throws IOException {
        if (state == State.UNDECIDED) {
            decide(declaredLength() >= 0 ? declaredLength() : heldCount + count);
        }
        if (state == State.GZIP) {
            super.sendFile(file, position, count);
        } else {
            target.sendFile(file, position, count);
            written += count;
        }
    }

    @Override
    public int bufferSize() {
        return target.bufferSize();
    }

    @Override
    public void setBufferSize(int bytes) {
        if (written > 0) {
            throw new IllegalStateException("content has been written");
        }
        target.setBufferSize(bytes);
    }

    @Override
    public void resetBuffer() {
        target.resetBuffer();
        if (encodingSet) {
            exchange.responseFields().remove("Content-Encoding");
            encodingSet = false;
        }
        encoder.reset();
        state = State.UNDECIDED;
        sizeMatters = null;
        held = new byte[0];
        heldCount = 0;
        written = 0;
        ended = false;
    }

    @Override
    public boolean isReady() {
        return target.isReady();
    }

    @Override
    public void onWritable(Runnable callback) {
        target.onWritable(callback);
    }

    /** @return the content bytes the application wrote, before compression */
    @Override
    public long bytesWritten() {
        return written;
    }
}
