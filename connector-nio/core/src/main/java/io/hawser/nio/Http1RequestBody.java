package io.hawser.nio;

import io.hawser.api.BadMessageException;
import io.hawser.api.HttpFields;
import io.hawser.api.RequestBody;
import io.hawser.http1.ChunkedDecoder;
import io.hawser.http1.RequestHead;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The request body of an {@link Http1Exchange}, framed by Content-Length or chunked (RFC 9112 §6.3),
 * read from the connection's unconsumed bytes first. After them, a blocking {@link #read} of a
 * Content-Length body on cleartext reads the socket straight into the caller's array
 * ({@link Http1Connection#readBody}: one copy by Hawser's code fewer); chunked bodies, TLS and
 * non-blocking reads take what the loop read into the connection's buffer.
 */
final class Http1RequestBody extends RequestBody {
    private final Http1Exchange exchange;
    /** Set by {@link Http1Exchange#bind}. */
    Http1Connection connection;
    private final RequestHead head;
    private ChunkedDecoder decoder;
    private boolean chunked;
    /** Bytes of a Content-Length body still to come. */
    private long remaining;
    private boolean finished;
    /** Bytes of this body discarded by {@link #skipRest} so far (it may run more than once on the loop). */
    private long skipped;
    private volatile IOException failure;
    /** requestTimeout expired: waiting for more body bytes fails with 408. */
    private volatile boolean timedOut;
    boolean continueSent;
    private final java.util.concurrent.atomic.AtomicReference<Runnable> demand =
            new java.util.concurrent.atomic.AtomicReference<>();
    /**
     * Reads below this many bytes (unless they end the body) are not made on the socket itself:
     * a system call per few bytes would cost more than the copy it saves.
     */
    static final int DIRECT_READ_MIN = 4096;
    /** The caller's array wrapped for {@link Http1Connection#readBody}, kept while it reads into the same one. */
    private ByteBuffer direct;

    Http1RequestBody(Http1Exchange exchange) {
        this.exchange = exchange;
        this.head = exchange.head;
    }

    void begin() {
        chunked = head.isChunked();
        if (chunked) {
            if (decoder == null) {
                decoder = new ChunkedDecoder(connection.connector.config());
            }
            decoder.reset();
            remaining = -1;
            finished = false;
        } else {
            remaining = Math.max(0, head.contentLength());
            finished = remaining == 0;
        }
        failure = null;
        timedOut = false;
        continueSent = false;
        skipped = 0;
        direct = null;
        demand.set(null);
    }

    @Override
    public long contentLength() {
        return chunked ? -1 : Math.max(0, head.contentLength());
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        boolean readsSocket = readsSocket(len);
        while (true) {
            int n = takeAvailable(b, off, len);
            if (n != 0 || len == 0) {
                return n;
            }
            if (!readsSocket) {
                connection.awaitReadable();
                readsSocket = readsSocket(len);
                continue;
            }
            n = readDirect(b, off, (int) Math.min(len, remaining));
            if (n > 0) {
                return n;
            }
            if (n == 0) {
                connection.awaitBodyReadable();
            } // -1: the input ended; takeAvailable reports it
        }
    }

    /**
     * @return whether this blocking read of {@code len} bytes reads the socket itself once the
     *     buffered bytes are taken: a Content-Length body on cleartext, off the loop, read in pieces
     *     of at least {@link #DIRECT_READ_MIN} bytes (or to its end); the exchange then takes the
     *     reads over from the loop ({@link Http1Connection#takeReads})
     */
    private boolean readsSocket(int len) {
        if (chunked || finished || len == 0 || !connection.mayReadBody()) {
            return false;
        }
        return connection.exchangeReads()
                || (len >= DIRECT_READ_MIN || len >= remaining) && connection.takeReads();
    }

    /** Reads the socket straight into {@code b} ({@link Http1Connection#readBody}). @return as that */
    private int readDirect(byte[] b, int off, int len) throws IOException {
        ByteBuffer dst = direct;
        if (dst == null || dst.array() != b) {
            dst = ByteBuffer.wrap(b);
            direct = dst;
        }
        dst.limit(off + len).position(off);
        int n;
        try {
            n = connection.readBody(dst);
        } catch (IOException e) {
            throw fail(e);
        }
        if (n > 0) {
            remaining -= n;
            if (remaining == 0) {
                finished = true;
                direct = null; // not kept past the body: it is the application's
                connection.releaseReads();
            }
        }
        return n;
    }

    @Override
    public int readAvailable(byte[] b, int off, int len) throws IOException {
        connection.releaseReads(); // non-blocking reads take what the loop reads
        return takeAvailable(b, off, len);
    }

    /** {@link #readAvailable} without giving the socket reads back to the loop. */
    private int takeAvailable(byte[] b, int off, int len) throws IOException {
        if (failure != null) {
            throw failure;
        }
        if (finished) {
            return -1;
        }
        if (len == 0) {
            return 0;
        }
        if (head.expectsContinue() && !continueSent && !exchange.isCommitted()) {
            // RFC 9110 §10.1.1: the 100 goes out when the application first asks for the body.
            exchange.sendInterim(100, HttpFields.EMPTY);
        }
        try {
            if (chunked && decoder.isDone()) {
                finished = true;
                return -1;
            }
            int n = connection.takeInput(in -> take(in, b, off, len));
            if (n == -2) {
                if (connection.isClosed()) {
                    throw new io.hawser.api.ClientAbortException("connection closed before the request body ended", null);
                }
                throw new BadMessageException(400, "request body ended before its end");
            }
            if (n == 0 && chunked && decoder.isDone()) {
                finished = true;
                return -1;
            }
            if (n == 0 && timedOut) {
                throw new BadMessageException(408, "request body not received within requestTimeout");
            }
            return n;
        } catch (IOException e) {
            throw fail(e);
        }
    }

    /** The body failed: every later read throws the first failure, and the connection closes after the response. */
    private IOException fail(IOException e) {
        if (failure == null) {
            failure = e;
        }
        exchange.closeAfter = true;
        return failure;
    }

    private int take(ByteBuffer in, byte[] b, int off, int len) throws BadMessageException {
        if (chunked) {
            int n = decoder.decode(in, b, off, len);
            if (n < 0) {
                finished = true;
            }
            return n;
        }
        int n = (int) Math.min(Math.min(remaining, in.remaining()), len);
        in.get(b, off, n);
        remaining -= n;
        if (remaining == 0) {
            finished = true;
        }
        return n;
    }

    /**
     * requestTimeout expired with the body not yet received (loop): a read that has to wait for
     * bytes not yet buffered fails with 408; bytes already received can still be read.
     */
    void timeOut() {
        timedOut = true;
        exchange.closeAfter = true;
        onReadable();
    }

    /**
     * @param buffered bytes received and not yet consumed
     * @return whether the rest of a Content-Length body is already received (a chunked body's end
     *     is not known without decoding, so {@code false})
     */
    boolean isBuffered(int buffered) {
        return !chunked && remaining <= buffered;
    }

    @Override
    public boolean isFinished() {
        return finished;
    }

    @Override
    public void demand(Runnable callback) {
        if (head.expectsContinue() && !continueSent && !exchange.isCommitted() && !finished) {
            // RFC 9110 §10.1.1: asking for the body is reading it; the client may be waiting for 100.
            try {
                exchange.sendInterim(100, HttpFields.EMPTY);
            } catch (IOException e) {
                failure = e;
            }
        }
        connection.releaseReads(); // the loop watches readiness and reads for a ReadListener
        demand.set(callback);
        if (finished || failure != null || connection.hasInput()) {
            onReadable();
        }
    }

    /** Called by the loop when the channel turned readable, or by close. */
    void onReadable() {
        Runnable callback = demand.getAndSet(null);
        if (callback != null) {
            connection.dispatch(exchange, callback);
        }
    }


    @Override
    public HttpFields trailerFields() {
        return chunked && finished ? decoder.trailerFields() : HttpFields.EMPTY;
    }

    /**
     * @return whether, if the exchange ended now, the unread rest of the body would not be skipped
     *     and the connection would close: a 100-continue never sent, a Content-Length rest above
     *     {@code maxUnreadBodyDrain}, or broken framing
     */
    boolean wouldCloseIfEndedNow() {
        if (finished) {
            return false;
        }
        return failure != null || (head.expectsContinue() && !continueSent)
                || (!chunked && remaining > connection.connector.config().maxUnreadBodyDrain());
    }

    /** {@link #skipRest}: the body is fully consumed; the next request can be parsed. */
    static final int SKIPPED = 0;
    /** {@link #skipRest}: the connection must close (too much left, a 100-continue never sent, broken framing). */
    static final int MUST_CLOSE = 1;
    /** {@link #skipRest} on the loop: nothing more has arrived yet, within the budget; skip again once it has. */
    static final int SKIP_LATER = 2;

    /**
     * Reads and discards what the handler left unread, so the next request can be parsed
     * (RFC 9112 §9.3), up to {@code maxUnreadBodyDrain} bytes in all. Off the loop it waits for the
     * bytes; on the loop (a non-blocking handler) it takes what has arrived and says to come back.
     *
     * @return {@link #SKIPPED}, {@link #MUST_CLOSE}, or (on the loop only) {@link #SKIP_LATER}
     */
    int skipRest() {
        if (finished) {
            return SKIPPED;
        }
        if (failure != null || (head.expectsContinue() && !continueSent)) {
            return MUST_CLOSE;
        }
        long max = connection.connector.config().maxUnreadBodyDrain();
        if (!chunked && remaining > max - skipped) {
            return MUST_CLOSE;
        }
        boolean mayBlock = !connection.loop.inLoop();
        // A pooled page to discard into: nothing is allocated per unread body.
        ByteBuffer page = connection.connector.pages().take();
        byte[] scratch = page.array();
        int offset = page.arrayOffset();
        int length = page.capacity();
        try {
            while (skipped <= max) {
                int n = mayBlock ? read(scratch, offset, length) : readAvailable(scratch, offset, length);
                if (n < 0) {
                    return SKIPPED;
                }
                if (n == 0) {
                    return mayBlock ? MUST_CLOSE : SKIP_LATER;
                }
                skipped += n;
            }
        } catch (IOException e) {
            return MUST_CLOSE;
        } finally {
            connection.connector.pages().give(page);
        }
        return MUST_CLOSE;
    }
}
