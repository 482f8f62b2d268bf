package io.hawser.nio;

import io.hawser.api.HttpFields;
import io.hawser.api.MutableHttpFields;
import io.hawser.api.ResponseBody;
import io.hawser.http1.DateField;
import io.hawser.http1.RequestHead;
import io.hawser.http1.ResponseEncoder;
import io.hawser.http1.ResponseFraming;
import io.hawser.http1.ResponseFraming.Framing;
import io.hawser.http1.TrailerFields;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.function.Supplier;

/**
 * The response body of an {@link Http1Exchange}: buffers, applies the framing decided at commit
 * ({@link ResponseFraming}), and writes status line, fields, body and chunk framing with one
 * gathering write per flush.
 */
final class Http1ResponseBody extends ResponseBody {
    /** Files smaller than this are copied through the buffer: sendfile's set-up costs more. */
    static final int ZERO_COPY_THRESHOLD = 16 * 1024;

    /** Most bytes of finished pipelined responses held back before they are written. */
    static final int CORK_LIMIT = 64 * 1024;

    private final Http1Exchange exchange;
    /** Set by {@link Http1Exchange#bind}. */
    Http1Connection connection;
    /** Slot 0 holds the cork when it has bytes; a response's buffers start at slot 1. */
    private final ByteBuffer[] parts = new ByteBuffer[7];
    /** {@link #pending} when only TLS records wait for the socket (no plaintext left to copy). */
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);
    /** The one-element array for writing {@link #pending} (guarded by this). */
    private final ByteBuffer[] single = new ByteBuffer[1];
    /** Finished responses held back while more pipelined requests are buffered (exchange thread only). */
    private ByteBuffer cork;
    /** The body buffer (borrowed from the pool on the first write, given back when the body ends); {@link #buffer} is its array. */
    private ByteBuffer bufferView;
    private final ByteBuffer lastChunk = ByteBuffer.wrap(ResponseEncoder.LAST_CHUNK);
    /** The encoded head, borrowed from the page pool at commit and given back when the body ends. */
    private ByteBuffer headBuffer;
    private final ByteBuffer chunkLine = ByteBuffer.allocate(20);
    private final ByteBuffer crlf = ByteBuffer.wrap(new byte[] {'\r', '\n'});
    private byte[] buffer;
    private int count;
    private int bufferSize;
    private long written;
    private long declaredLength;
    /** The Content-Length value {@link #lastLength} was parsed from (identity), to parse it once. */
    private String lastLengthValue;
    private long lastLength = -1;
    /** The Content-Length the head announces, as framed. */
    private long contentLength;
    /** The last chunk with the trailer section, encoded as the body ends; {@code null} for none. */
    private ByteBuffer trailerSection;
    private boolean committed;
    private boolean ended;
    private boolean bodyAllowed;
    private Framing framing;
    private volatile boolean nonBlocking;
    private volatile ByteBuffer pending;
    private final java.util.concurrent.atomic.AtomicReference<Runnable> writable =
            new java.util.concurrent.atomic.AtomicReference<>();

    Http1ResponseBody(Http1Exchange exchange) {
        this.exchange = exchange;
    }

    void begin() {
        bufferSize = connection.connector.config().responseBufferSize();
        count = 0;
        written = 0;
        declaredLength = -1;
        committed = false;
        ended = false;
        framing = null;
        nonBlocking = false;
        pending = null;
        writable.lazySet(null); // published with the exchange's hand-off, as Http1Exchange.begin's resets
    }

    @Override
    public int bufferSize() {
        return bufferSize;
    }

    @Override
    public void setBufferSize(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative buffer size");
        }
        if (committed || count > 0) {
            throw new IllegalStateException("content already written");
        }
        bufferSize = bytes;
    }

    @Override
    public void resetBuffer() {
        if (committed) {
            throw new IllegalStateException("response committed");
        }
        written -= count;
        count = 0;
    }

    @Override
    public long bytesWritten() {
        return written;
    }

    boolean isCommitted() {
        return committed;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (ended) {
            throw new IOException("response body closed");
        }
        if (nonBlocking && pending != null) {
            throw new IllegalStateException("write while not ready (check isReady())");
        }
        checkDeclaredLength(len);
        written += len;
        if (count + len <= bufferSize) {
            ensureBuffer(count + len);
            System.arraycopy(b, off, buffer, count, len);
            count += len;
            return;
        }
        if (!committed) {
            commit(false);
        }
        send(ByteBuffer.wrap(b, off, len), false);
    }

    /**
     * A file that fits what is left of the response buffer is read straight into it (one copy, no
     * intermediate array). Zero-copy when it can be: with a declared Content-Length, blocking writes and a worker thread,
     * the head and buffered bytes go out first, then the file goes to the socket with
     * {@link FileChannel#transferTo} ({@code sendfile}), parking while the socket is full.
     */
    @Override
    public void sendFile(FileChannel file, long position, long count) throws IOException {
        if (ended) {
            throw new IOException("response body closed");
        }
        checkDeclaredLength(count);
        if (count <= bufferSize - this.count) {
            // Small: read straight into the response buffer (the one copy), written with the head.
            ensureBuffer(this.count + (int) count);
            bufferView.limit(this.count + (int) count).position(this.count);
            long pos = position;
            while (bufferView.hasRemaining()) {
                int n = file.read(bufferView, pos);
                if (n < 0) {
                    throw new java.io.EOFException("file ended " + bufferView.remaining() + " bytes early");
                }
                pos += n;
            }
            this.count += (int) count;
            written += count;
            return;
        }
        boolean declared = committed ? framing == Framing.LENGTH : declaredLength() >= 0;
        if (nonBlocking || connection.loop.inLoop() || !declared || count < ZERO_COPY_THRESHOLD
                || connection.tls() != null) { // TLS encrypts: no sendfile
            super.sendFile(file, position, count);
            return;
        }
        if (!committed) {
            commit(false);
            if (framing != Framing.LENGTH) {
                super.sendFile(file, position, count);
                return;
            }
        }
        send(null, false);
        written += count;
        if (!bodyAllowed) {
            return;
        }
        long pos = position;
        long left = count;
        try {
            while (left > 0) {
                long n = file.transferTo(pos, left, connection.channel);
                if (n == 0) {
                    if (pos >= file.size()) {
                        throw new java.io.EOFException("file ended " + left + " bytes early");
                    }
                    connection.awaitWritable();
                    continue;
                }
                pos += n;
                left -= n;
            }
        } catch (IOException e) {
            exchange.closeAfter = true;
            connection.close();
            throw e;
        }
    }

    @Override
    public void flush() throws IOException {
        if (ended) {
            return;
        }
        if (!committed) {
            commit(false);
        }
        send(null, false);
    }

    @Override
    public void close() throws IOException {
        end();
    }

    /**
     * Ends the body: commits with a Content-Length when possible, else writes the last chunk with
     * the trailer section. A trailer supplier that fails (or yields an invalid field) throws here;
     * when this call was to commit, nothing is committed then, so the exchange can still answer 500.
     * A body shorter than its declared Content-Length cannot be completed: what is written goes out
     * behind the corked responses, never corked itself, and the connection closes.
     */
    void end() throws IOException {
        if (ended) {
            return;
        }
        boolean commitsNow = !committed;
        if (commitsNow) {
            frame(true);
        }
        try {
            trailerSection = framing == Framing.CHUNKED && bodyAllowed ? trailerSection() : null;
        } catch (RuntimeException | Error e) {
            committed = !commitsNow;
            throw e;
        }
        if (commitsNow) {
            encodeHead();
        }
        boolean shortBody = framing == Framing.LENGTH && bodyAllowed && written < declaredLength;
        if (shortBody) {
            exchange.closeAfter = true;
        }
        ended = true;
        try {
            send(null, true);
        } finally {
            releaseBuffers();
            trailerSection = null;
        }
        if (shortBody) {
            connection.close();
        }
    }

    /**
     * The Content-Length is held from the moment it is declared (RFC 9112 §6.2): before commit the
     * response field is looked up on each write, so a write that would cross it throws before any
     * of its bytes is buffered or sent, whatever the buffer size.
     */
    private void checkDeclaredLength(long len) throws IOException {
        long limit = committed ? declaredLength : declaredLength();
        if (limit >= 0 && written + len > limit) {
            throw new IOException("more than the declared Content-Length of " + limit + " bytes");
        }
    }

    /** @return the Content-Length in the response fields now, or -1 (none, or not digits: then dropped) */
    private long declaredLength() {
        String value = exchange.responseFields().get("Content-Length");
        if (value != lastLengthValue) { // parsed once per value, not on every write
            lastLength = ResponseFraming.declaredLength(value);
            lastLengthValue = value;
        }
        return lastLength;
    }

    /**
     * Makes the body buffer hold at least {@code needed} bytes (at most {@link #bufferSize}): a page
     * of the connector's page pool while the body fits one (a small response touches no larger
     * buffer), else a buffer of {@code bufferSize} from the response buffers' pool, into which the
     * bytes buffered so far are moved once.
     */
    private void ensureBuffer(int needed) {
        if (buffer != null && buffer.length >= needed) {
            return;
        }
        BufferPool pages = connection.connector.pages();
        ByteBuffer bigger = needed <= pages.pageSize() ? pages.take()
                : connection.connector.responseBuffers().take(bufferSize);
        if (count > 0) {
            bigger.put(buffer, 0, count);
        }
        giveBack(bufferView);
        bufferView = bigger;
        buffer = bigger.array();
    }

    /** Returns a body buffer to the pool it came from (one of neither pool's size is dropped). */
    private void giveBack(ByteBuffer b) {
        BufferPool pages = connection.connector.pages();
        (b != null && b.capacity() == pages.pageSize() ? pages : connection.connector.responseBuffers()).give(b);
    }

    /** Gives the head and body buffers back: nothing is kept between requests. */
    private void releaseBuffers() {
        connection.connector.pages().give(headBuffer);
        headBuffer = null;
        giveBack(bufferView);
        bufferView = null;
        buffer = null;
    }

    /** Commits: chooses framing and encodes the head into {@link #headBuffer}. */
    private void commit(boolean last) throws IOException {
        frame(last);
        encodeHead();
    }

    /**
     * Chooses the framing (no I/O; {@link ResponseFraming#decide}), which commits the response. An
     * unread request body that could not be skipped closes the connection, and the head says so
     * now (RFC 9110 §10.1.1, RFC 9112 §9.6).
     *
     * @throws IOException when more bytes are already buffered than a Content-Length declared
     *     after they were written (nothing is committed then)
     */
    private void frame(boolean last) throws IOException {
        int status = exchange.status();
        RequestHead head = exchange.head;
        boolean http10 = head.version() == RequestHead.HTTP_1_0;
        boolean isHead = "HEAD".equals(head.method());
        declaredLength = declaredLength();
        if (declaredLength >= 0 && written > declaredLength) {
            throw new IOException(written + " bytes written, more than the declared Content-Length of " + declaredLength);
        }
        committed = true;
        Observability.committed(exchange, status);
        bodyAllowed = ResponseFraming.hasContent(status, isHead);
        ResponseFraming decision = ResponseFraming.decide(status, isHead, http10, declaredLength, last,
                exchange.trailers() != null, exchange.closeAfter || connection.connector.isStopping(),
                last && exchange.requestBody.wouldCloseIfEndedNow(), ResponseFraming.listsClose(exchange.responseFields()));
        framing = decision.framing();
        exchange.closeAfter = decision.closeAfter();
        contentLength = decision.contentLength(declaredLength, written);
    }

    /** Encodes status line and fields, as framed, into {@link #headBuffer}. */
    private void encodeHead() {
        int status = exchange.status();
        MutableHttpFields fields = exchange.responseFields();
        boolean http10 = exchange.head.version() == RequestHead.HTTP_1_0;
        int size = 160 + ResponseEncoder.fieldsLength(fields);
        headBuffer = connection.connector.pages().take(size);
        ByteBuffer out = headBuffer;
        out.put(ResponseEncoder.statusLine(status));
        out.put(DateField.line(System.currentTimeMillis()));
        if (framing == Framing.LENGTH) {
            ResponseEncoder.putContentLength(out, contentLength);
        } else if (framing == Framing.CHUNKED) {
            ResponseEncoder.putField(out, "Transfer-Encoding", "chunked");
        }
        if (exchange.closeAfter) {
            ResponseEncoder.putField(out, "Connection", "close");
        } else if (http10) {
            ResponseEncoder.putField(out, "Connection", "keep-alive");
        }
        for (int i = 0, n = fields.size(); i < n; i++) {
            String name = fields.name(i);
            if (!name.equalsIgnoreCase("Content-Length") && !name.equalsIgnoreCase("Transfer-Encoding")
                    && !name.equalsIgnoreCase("Connection") && !name.equalsIgnoreCase("Date")) {
                ResponseEncoder.putField(out, name, fields.value(i));
            }
        }
        ResponseEncoder.putCrlf(out);
        out.flip();
    }

    /**
     * Writes the head (if not yet written), the buffered bytes and {@code extra} in one gathering
     * write, with chunk framing when chunked; with {@code last}, ends the body.
     */
    private void send(ByteBuffer extra, boolean last) throws IOException {
        int k = 1;
        if (headBuffer != null && headBuffer.hasRemaining()) {
            parts[k++] = headBuffer;
        }
        boolean sendBody = bodyAllowed && framing != Framing.NONE;
        long data = count + (extra == null ? 0 : extra.remaining());
        if (sendBody && data > 0) {
            if (framing == Framing.CHUNKED) {
                chunkLine.clear();
                ResponseEncoder.putChunkSize(chunkLine, data);
                chunkLine.flip();
                parts[k++] = chunkLine;
            }
            if (count > 0) {
                bufferView.limit(count).position(0);
                parts[k++] = bufferView;
            }
            if (extra != null && extra.hasRemaining()) {
                parts[k++] = extra;
            }
            if (framing == Framing.CHUNKED) {
                crlf.clear();
                parts[k++] = crlf;
            }
        }
        count = 0;
        if (last && sendBody && framing == Framing.CHUNKED) {
            parts[k++] = lastChunk();
        }
        if (k > 1) {
            if (last && !exchange.closeAfter && !nonBlocking && corked(k)) {
                java.util.Arrays.fill(parts, 1, k, null);
            } else {
                writeParts(k);
            }
        }
        if (headBuffer != null) {
            headBuffer.limit(headBuffer.position());
        }
    }

    private ByteBuffer lastChunk() {
        if (trailerSection != null) {
            return trailerSection;
        }
        lastChunk.clear();
        return lastChunk;
    }

    /**
     * Calls the trailer supplier, once, and encodes the last chunk with the fields allowed in a
     * trailer section ({@link TrailerFields}).
     *
     * @return the last chunk and trailer section, or {@code null} when there are no trailer fields
     * @throws RuntimeException what the supplier threw, or {@link IllegalArgumentException} for a
     *     field with a null, non-token or control-character name or value
     */
    private ByteBuffer trailerSection() {
        Supplier<HttpFields> supplier = exchange.trailers();
        HttpFields trailers = supplier == null ? null : TrailerFields.permitted(supplier.get());
        if (trailers == null || trailers.size() == 0) {
            return null;
        }
        ByteBuffer out = ByteBuffer.allocate(8 + ResponseEncoder.fieldsLength(trailers));
        out.put((byte) '0').put((byte) '\r').put((byte) '\n');
        ResponseEncoder.putFields(out, trailers);
        ResponseEncoder.putCrlf(out);
        out.flip();
        return out;
    }

    /** Sends an interim (1xx) response head at once (RFC 9110 §15.2). */
    void writeInterim(int status, HttpFields fields) throws IOException {
        ByteBuffer out = ByteBuffer.allocate(64 + ResponseEncoder.fieldsLength(fields));
        out.put(ResponseEncoder.statusLine(status));
        ResponseEncoder.putFields(out, fields);
        ResponseEncoder.putCrlf(out);
        out.flip();
        parts[1] = out;
        writeParts(2);
    }

    /**
     * Holds a finished response back when the connection already has more request bytes buffered,
     * so pipelined responses go out together in one write (flushed when the pipeline runs dry).
     *
     * @param k the response's buffers are {@code parts[1..k)}
     * @return whether the response was copied into the cork
     */
    private boolean corked(int k) {
        // Buffered bytes of this request's own unread body are no next request to wait for.
        if (!exchange.requestBody.isFinished() || !connection.hasBufferedInput()) {
            return false;
        }
        int total = 0;
        for (int i = 1; i < k; i++) {
            total += parts[i].remaining();
        }
        if (cork == null) {
            cork = connection.connector.pages().take(total);
        }
        if (cork.remaining() < total) {
            if (cork.capacity() >= CORK_LIMIT || cork.position() + total > CORK_LIMIT) {
                return false;
            }
            ByteBuffer bigger = ByteBuffer.allocate(Math.min(CORK_LIMIT, Math.max(cork.capacity() * 2, cork.position() + total)));
            cork.flip();
            bigger.put(cork);
            connection.connector.pages().give(cork);
            cork = bigger;
        }
        for (int i = 1; i < k; i++) {
            cork.put(parts[i]);
        }
        return true;
    }

    /** Writes the corked responses, if any (when the pipeline runs dry or before a close). */
    void flushCork() throws IOException {
        if (hasCorked()) {
            writeParts(1);
        }
    }

    /** @return whether finished responses wait in the cork ({@link #flushCork} has bytes to write; exchange thread) */
    boolean hasCorked() {
        return cork != null && cork.position() > 0;
    }

    /** The connection goes idle: keep no buffer for it. */
    void releaseCork() {
        if (cork != null && cork.position() == 0) {
            connection.connector.pages().give(cork);
            cork = null;
        }
    }

    /** The connection closed and no thread uses this body any more: every borrowed buffer goes back. */
    void release() {
        releaseBuffers();
        connection.connector.pages().give(cork);
        cork = null;
        pending = null;
    }

    /**
     * Writes a response the connector made itself (an error, before the connection closes) in
     * order: behind the corked responses and any output still pending. A worker waits until it is
     * all written; on the loop what the channel does not take stays pending.
     */
    void writeError(ByteBuffer response) throws IOException {
        boolean mayBlock = !connection.loop.inLoop();
        if (mayBlock) {
            nonBlocking = false;
        }
        parts[1] = response;
        writeParts(2);
        while (mayBlock && pending != null) {
            connection.awaitWritable();
        }
    }

    /**
     * Writes {@code parts[1..k)}, preceded by the cork when it holds bytes. Behind bytes still
     * pending from a non-blocking write, they are queued instead, so output keeps its order.
     */
    private void writeParts(int k) throws IOException {
        int from = 1;
        if (cork != null && cork.position() > 0) {
            cork.flip();
            parts[0] = cork;
            from = 0;
        }
        synchronized (this) {
            if (pending != null) {
                appendPending(from, k);
                java.util.Arrays.fill(parts, 0, k, null);
                if (from == 0) {
                    cork.clear();
                }
                return;
            }
        }
        long total = 0;
        for (int i = from; i < k; i++) {
            total += parts[i].remaining();
        }
        Transport transport = connection.transport;
        try {
            while (total > 0 || transport.wantsWrite()) {
                long taken = transport.write(parts, from, k - from);
                total -= taken;
                connection.connector.metrics.bytesOut.add(taken);
                if (total == 0 && !transport.wantsWrite()) {
                    break; // on the wire (TLS: every record it was wrapped into)
                }
                if (nonBlocking || connection.loop.inLoop()) {
                    keepPending(from, k, total);
                    return;
                }
                connection.awaitWritable();
            }
        } catch (IOException e) {
            exchange.closeAfter = true;
            connection.close();
            throw Http1Connection.clientAbort(e);
        } finally {
            java.util.Arrays.fill(parts, 0, k, null);
            if (from == 0) {
                cork.clear();
            }
        }
    }

    /**
     * Copies what the transport did not take, for the loop to write when the channel is writable
     * (with {@code total} 0, only TLS records wait: nothing is copied, {@link #pending} is empty).
     */
    private synchronized void keepPending(int from, int k, long total) {
        if (total > 0) {
            appendPending(from, k);
        } else {
            pending = EMPTY;
        }
        connection.interest(java.nio.channels.SelectionKey.OP_WRITE);
    }

    /** Appends {@code parts[from..k)} to the pending output (caller holds the monitor). */
    private void appendPending(int from, int k) {
        long total = 0;
        for (int i = from; i < k; i++) {
            total += parts[i].remaining();
        }
        ByteBuffer rest = pending;
        if (rest == null) {
            rest = ByteBuffer.allocate((int) total);
        } else {
            ByteBuffer bigger = ByteBuffer.allocate((int) (rest.remaining() + total));
            bigger.put(rest);
            rest = bigger;
        }
        for (int i = from; i < k; i++) {
            rest.put(parts[i]);
        }
        rest.flip();
        pending = rest;
    }

    /**
     * Takes the output still waiting for the channel (an upgrade's 101 written on the loop), for
     * the upgraded connection to write.
     *
     * @return it (read mode; empty when only TLS records wait), or {@code null} when none waits
     */
    synchronized ByteBuffer takePending() {
        ByteBuffer rest = pending;
        pending = null;
        return rest == null ? null : rest == EMPTY ? ByteBuffer.allocate(0) : rest;
    }

    /** @return whether output is still waiting for the channel (the exchange then ends when it drains) */
    boolean hasPending() {
        return pending != null;
    }

    @Override
    public boolean isReady() {
        return pending == null;
    }

    @Override
    public void onWritable(Runnable callback) {
        nonBlocking = true;
        if (pending == null) {
            connection.dispatch(exchange, callback);
            return;
        }
        writable.set(callback);
        if (pending == null) {
            // The loop drained the pending bytes meanwhile and may have looked for the callback too early.
            Runnable c = writable.getAndSet(null);
            if (c != null) {
                connection.dispatch(exchange, c);
            }
        }
    }

    /**
     * Called by the loop when the channel turned writable (or by close): writes what the transport
     * still holds (TLS records), then what is pending.
     */
    void onWritable() {
        boolean drained;
        synchronized (this) {
            ByteBuffer rest = pending;
            drained = rest != null;
            if (rest != null && !connection.isClosed()) {
                Transport transport = connection.transport;
                try {
                    if (transport.flush() && rest.hasRemaining()) {
                        single[0] = rest;
                        connection.connector.metrics.bytesOut.add(transport.write(single, 0, 1));
                    }
                } catch (IOException e) {
                    connection.close();
                } finally {
                    single[0] = null;
                }
                if ((rest.hasRemaining() || transport.wantsWrite()) && !connection.isClosed()) {
                    connection.interest(java.nio.channels.SelectionKey.OP_WRITE);
                    return;
                }
            }
            pending = null;
        }
        if (drained && connection.closesWhenWritten()) {
            connection.closeLingering(); // the queued error response is out; the request may still be coming
            return;
        }
        exchange.onOutputDrained();
        Runnable callback = writable.getAndSet(null);
        if (callback != null) {
            connection.dispatch(exchange, callback);
        }
    }

}
