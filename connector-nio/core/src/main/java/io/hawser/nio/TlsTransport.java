package io.hawser.nio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * A {@link Transport} through an {@link SSLEngine}, driven by the loop that owns the socket
 * (issue 15; the design, the states and what remains are in {@code docs/tls-design.md}). The class
 * the rest of the core uses; the work is in three parts, each with one owner:
 *
 * <ul>
 *   <li>{@link TlsInput} — the loop's: channel reads, {@code netIn}, unwraps of whole records, the
 *       staged plaintext, the first-byte check. No lock.
 *   <li>{@link TlsHandshake} — the loop's: the handshake state machine, the alert of a failed
 *       handshake, delegated tasks (inline), TLS 1.3 post-handshake answers, renegotiation refused.
 *   <li>{@link TlsOutput} — any thread, under its monitor: wraps, {@code netOut}, channel writes,
 *       close_notify and the FIN. The worker writing a response and the loop answering a KeyUpdate
 *       never interleave records; the monitor is never held across a blocking call.
 * </ul>
 *
 * <p>Handshake: {@link #read} drives it (NEED_UNWRAP reads the channel, NEED_WRAP writes,
 * NEED_TASK runs the delegated tasks inline on the calling loop). It returns 0 until the handshake
 * is done; when it could not write all its output, {@link #wantsWrite} is true and the loop calls
 * {@link #flush} on {@code OP_WRITE}, then {@link #read} again.
 *
 * <p>Buffers: {@code netIn}, {@code netOut} and {@code stage} are taken from the pools when needed
 * and given back as soon as they are empty, so an idle connection holds only its engine.
 *
 * <p>Renegotiation is refused: a handshake message after the handshake under TLS 1.2 (a
 * ClientHello, or a HelloRequest for a client) fails the read with an {@link SSLHandshakeException}
 * and the caller closes. TLS 1.3 post-handshake messages (NewSessionTicket, KeyUpdate) are handled.
 */
final class TlsTransport implements Transport {
    /** Most plaintext wrapped by one {@link #write} call: four full records (one channel write). */
    static final int MAX_WRAP_BYTES = 4 * 16384;

    private final SocketChannel channel;
    private final SSLEngine engine;
    private final TlsOutput output;
    private final TlsHandshake handshake;
    private final TlsInput input;

    /**
     * @param engine configured for its mode (server or client), protocols and suites; its
     *     handshake is begun here
     */
    TlsTransport(SocketChannel channel, SSLEngine engine, BufferPool pool) throws SSLException {
        this(channel, engine, pool, pool);
    }

    /**
     * @param pool pages of at least the session's packet and application buffer sizes
     * @param wraps pages for the ciphertext of a multi-record write (or {@code pool}: then allocated)
     */
    TlsTransport(SocketChannel channel, SSLEngine engine, BufferPool pool, BufferPool wraps) throws SSLException {
        this.channel = channel;
        this.engine = engine;
        TlsPages pages = new TlsPages(pool, wraps);
        this.output = new TlsOutput(channel, engine, pages);
        this.handshake = new TlsHandshake(engine, output);
        this.input = new TlsInput(channel, engine, pages, handshake);
        engine.beginHandshake();
    }

    /** @return whether the handshake has completed (application data may flow); any thread */
    boolean handshakeDone() {
        return handshake.done();
    }

    /** @return the engine (for the session: protocol, suite, peer certificates) */
    SSLEngine engine() {
        return engine;
    }

    /** The owning loop only: drives the handshake first, then delivers plaintext. */
    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (input.ended() || output.closed()) {
            return -1;
        }
        if (!handshake.done() && !handshake.drive(input)) {
            return 0;
        }
        return input.read(dst);
    }

    /** Any thread: takes nothing before the handshake is done (the server writes only after a request). */
    @Override
    public long write(ByteBuffer[] srcs, int off, int len) throws IOException {
        return handshake.done() ? output.write(srcs, off, len) : 0;
    }

    @Override
    public boolean flush() throws IOException {
        return output.flush();
    }

    @Override
    public boolean wantsRead() {
        return input.wantsRead();
    }

    @Override
    public boolean wantsWrite() {
        return output.wantsWrite();
    }

    @Override
    public void shutdownOutput() throws IOException {
        output.shutdownOutput();
    }

    /** The connection is being reset: {@link #close} sends no close_notify. */
    void abort() {
        output.abort();
    }

    /**
     * Closes: a close_notify first when the output is still open and the handshake done (RFC 8446
     * §6.1; one non-blocking write, not waited for), then the channel; the output pages go back
     * (the input's are the loop's: {@link #releaseReadBuffers}).
     */
    @Override
    public void close() throws IOException {
        if (output.close(handshake.done())) {
            channel.close();
        }
    }

    /**
     * On the loop, once closed: gives back the input pages ({@code netIn}, {@code stage}); they
     * are the loop's, so a close on another thread leaves them to this call.
     */
    void releaseReadBuffers() {
        input.releaseBuffers();
    }

    /** The client did not start with a TLS record. */
    static final class NotTls extends SSLHandshakeException {
        private static final long serialVersionUID = 1L;
        /** Whether it looks like a cleartext HTTP request (an upper-case first byte, as methods are). */
        final boolean looksLikeHttp;

        NotTls(boolean looksLikeHttp) {
            super(looksLikeHttp ? "cleartext HTTP on a TLS port" : "not a TLS record");
            this.looksLikeHttp = looksLikeHttp;
        }
    }
}
