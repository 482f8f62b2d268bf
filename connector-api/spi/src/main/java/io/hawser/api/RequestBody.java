package io.hawser.api;

import java.io.IOException;
import java.io.InputStream;

/**
 * The request's message body (RFC 9112 §6), already decoded from its transfer coding: exactly this
 * request's content, then end of stream.
 *
 * <p>Read it blocking through the {@link InputStream} methods (on a worker thread the call parks
 * until the selector loop sees bytes), or without blocking through {@link #readAvailable} and
 * {@link #demand} (what a servlet {@code ReadListener} sits on). The first read of a request that
 * carries {@code Expect: 100-continue} sends the {@code 100 (Continue)} interim response
 * (RFC 9110 §10.1.1).
 *
 * <p>Malformed framing found while reading (a bad chunk-size line, a body shorter than its
 * Content-Length at end of input, a body above {@link ConnectorConfig#maxRequestBodySize()}) throws
 * {@link BadMessageException}; the connector then answers with its status if nothing is committed,
 * and closes the connection. A body read after the timeout or abort of its connection throws
 * {@link IOException}.
 */
public abstract class RequestBody extends InputStream {

    /** For implementations. */
    protected RequestBody() {
    }

    /**
     * @return the message body length from Content-Length in bytes; 0 when the request has no body;
     *     -1 when it is chunked (RFC 9112 §6.3)
     */
    public abstract long contentLength();

    /**
     * Reads what is available now, never blocking.
     *
     * @param b destination
     * @param off offset in {@code b}
     * @param len maximum bytes to read
     * @return bytes read (&gt; 0), 0 when none are available yet, or -1 at the end of the body
     * @throws IOException on malformed framing ({@link BadMessageException}) or a failed connection
     */
    public abstract int readAvailable(byte[] b, int off, int len) throws IOException;

    /**
     * @return whether the whole body, and its trailer section if any, has been read
     */
    public abstract boolean isFinished();

    /**
     * Asks to be called back once: when {@link #readAvailable} would return something other than 0
     * (bytes, end of body, or an error). The callback runs on a worker thread (on the selector loop
     * for a {@link HttpHandler#isNonBlocking() non-blocking} handler), possibly before this method
     * returns. Calling it again before the callback has run replaces the callback.
     *
     * @param callback what to run
     */
    public abstract void demand(Runnable callback);

    /**
     * @return the trailer section (RFC 9112 §7.1.2) of a chunked body, available once
     *     {@link #isFinished()}; empty before, and for bodies that are not chunked
     */
    public abstract HttpFields trailerFields();

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }
}
