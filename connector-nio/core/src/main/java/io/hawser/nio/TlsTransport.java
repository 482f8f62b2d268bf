package io.hawser.nio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * A {@link Transport} through an {@link SSLEngine}, driven by the loop that owns the socket
 * (issue 15; the design, the states and what remains are in {@code docs/tls-design.md}).
 *
 * <p>Handshake: {@link #read} drives it (NEED_UNWRAP reads the channel, NEED_WRAP writes,
 * NEED_TASK runs the delegated tasks <em>inline on the calling loop</em> for now: a full
 * handshake's RSA/ECDHE work then costs the loop a few hundred µs; moving tasks to a worker is
 * listed in the design as a later step). It returns 0 until the handshake is done; when it could
 * not write all its output, {@link #wantsWrite} is true and the loop calls {@link #flush} on
 * {@code OP_WRITE}, then {@link #read} again.
 *
 * <p>Buffers: the encrypted input ({@code netIn}), encrypted output ({@code netOut}) and staged
 * plaintext ({@code stage}, only when the caller's buffer cannot hold a whole record) are taken
 * from the pool when needed and given back as soon as they are empty, so an idle connection holds
 * only its engine.
 *
 * <p>Output: a gathering {@link #write} wraps the array into records (the engine puts up to 16 KiB
 * of plaintext, from as many buffers as it spans, in one record), at most
 * {@link #MAX_WRAP_BYTES} of plaintext per call, all into one {@code netOut}, then writes it with
 * one channel write. Plaintext is never copied by this class; wrap encrypts straight from the
 * caller's buffers.
 *
 * <p>Threads: {@link #read} on the owning loop only. Output ({@link #write}, {@link #flush},
 * {@link #shutdownOutput}, and wraps the read side needs: handshake messages, a TLS 1.3 KeyUpdate
 * answer) is serialised on {@link #out}: the worker writing a response and the loop answering a
 * KeyUpdate never interleave records. The lock is never held across a blocking call (the channel is
 * non-blocking).
 *
 * <p>Renegotiation is refused: a handshake message after the handshake under TLS 1.2 (a
 * ClientHello, or a HelloRequest for a client) fails the read with an {@link SSLHandshakeException}
 * and the caller closes. TLS 1.3 post-handshake messages (NewSessionTicket, KeyUpdate) are handled.
 */
final class TlsTransport implements Transport {
    /** Most plaintext wrapped by one {@link #write} call: four full records (one channel write). */
    static final int MAX_WRAP_BYTES = 4 * 16384;
    private static final ByteBuffer[] NOTHING = {ByteBuffer.allocate(0)};

    private final SocketChannel channel;
    private final SSLEngine engine;
    /** Record-sized pages: {@link #netIn}, {@link #stage}, and {@link #netOut} for one record. */
    private final BufferPool pool;
    /** Pages for {@link #netOut} of several records ({@link #MAX_WRAP_BYTES}). */
    private final BufferPool wraps;
    /** Whether the first byte from the client was looked at (a TLS record, or cleartext HTTP?). */
    private boolean firstByteSeen;
    /** Guards the output side: {@link #netOut}, the engine's wrap, the channel's writes. */
    private final Object out = new Object();

    /** Encrypted bytes read and not yet unwrapped (write mode), or {@code null}. Loop only. */
    private ByteBuffer netIn;
    /** Plaintext unwrapped and not yet delivered (read mode), or {@code null}. Loop only. */
    private ByteBuffer stage;
    /** Encrypted bytes wrapped and not yet written (read mode), or {@code null}. Guarded by {@link #out}. */
    private ByteBuffer netOut;

    private volatile boolean handshakeDone;
    private boolean wantsRead = true;
    private boolean inputEnded;
    /** close_notify wrapped; the FIN follows once {@link #netOut} has drained. Guarded by {@link #out}. */
    private boolean outputEnding;
    private boolean finSent;
    private volatile boolean closed;

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
        this.pool = pool;
        this.wraps = wraps;
        engine.beginHandshake();
    }

    /** @return whether the handshake has completed (application data may flow) */
    boolean handshakeDone() {
        return handshakeDone;
    }

    /** @return the engine (for the session: protocol, suite, peer certificates) */
    SSLEngine engine() {
        return engine;
    }

    // ------------------------------------------------------------------ reading (the loop)

    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (inputEnded || closed) {
            return -1;
        }
        if (!handshakeDone && !handshake()) {
            return 0;
        }
        if (stage != null) {
            return drainStage(dst);
        }
        boolean forceStage = false;
        int produced = 0;
        while (true) {
            if (netIn == null || netIn.position() == 0) {
                if (produced > 0) {
                    return produced; // every whole record read so far is delivered; the rest on the next readiness
                }
                int n = fill();
                if (n <= 0) {
                    return n < 0 ? endOfInput() : 0;
                }
            }
            int appSize = engine.getSession().getApplicationBufferSize();
            boolean direct = !forceStage && dst.remaining() >= appSize;
            if (!direct && produced > 0) {
                return produced;
            }
            ByteBuffer target = direct ? dst : (stage = pool.take(appSize));
            int before = target.position();
            netIn.flip();
            SSLEngineResult r;
            try {
                r = engine.unwrap(netIn, target);
            } finally {
                netIn.compact();
            }
            switch (r.getStatus()) {
                case OK:
                    afterUnwrap(r.getHandshakeStatus());
                    releaseNetInIfEmpty();
                    if (r.bytesProduced() > 0) {
                        if (target != dst) {
                            stage.flip();
                            return drainStage(dst);
                        }
                        produced += target.position() - before;
                    } else {
                        dropEmptyStage(target);
                    }
                    continue; // more whole records may be buffered (or one without application data: NewSessionTicket, KeyUpdate)
                case BUFFER_UNDERFLOW:
                    dropEmptyStage(target);
                    if (produced > 0) {
                        return produced;
                    }
                    int n = fill();
                    if (n <= 0) {
                        return n < 0 ? endOfInput() : 0;
                    }
                    continue;
                case BUFFER_OVERFLOW:
                    // The session's application buffer size can grow (once): the next turn of the
                    // loop stages into a buffer of the new size, unless staging already overflowed.
                    boolean staged = target == stage;
                    dropEmptyStage(target);
                    if (staged) {
                        throw new SSLException("record larger than the session's application buffer");
                    }
                    if (produced > 0) {
                        return produced;
                    }
                    forceStage = true;
                    continue;
                case CLOSED:
                    dropEmptyStage(target);
                    // close_notify: TLS 1.3 half-closes (our output stays open); TLS 1.2's engine
                    // wants to answer with its own close_notify, written by shutdownOutput().
                    inputEnded = true;
                    releaseNetIn();
                    return produced > 0 ? produced : -1;
                default:
                    throw new IllegalStateException(r.toString());
            }
        }
    }

    /** Reads the channel into {@link #netIn}, borrowed or grown as needed. */
    private int fill() throws IOException {
        int packet = engine.getSession().getPacketBufferSize();
        if (netIn == null) {
            netIn = pool.take(packet);
        } else if (netIn.remaining() < packet && netIn.position() + packet > netIn.capacity()) {
            ByteBuffer bigger = ByteBuffer.allocate(netIn.position() + packet);
            netIn.flip();
            bigger.put(netIn);
            giveBack(netIn);
            netIn = bigger;
        }
        int n = channel.read(netIn);
        wantsRead = n == 0;
        releaseNetInIfEmpty();
        return n;
    }

    /** FIN from the peer: -1, after telling the engine (a FIN without close_notify is a truncation). */
    private int endOfInput() {
        inputEnded = true;
        releaseNetIn();
        try {
            engine.closeInbound();
        } catch (SSLException truncated) {
            // No close_notify first: the HTTP framing above tells a whole message from a cut one.
        }
        return -1;
    }

    private int drainStage(ByteBuffer dst) {
        int n = Math.min(dst.remaining(), stage.remaining());
        ByteBuffer slice = stage.duplicate();
        slice.limit(stage.position() + n);
        dst.put(slice);
        stage.position(stage.position() + n);
        if (!stage.hasRemaining()) {
            giveBack(stage);
            stage = null;
        }
        return n;
    }

    private void dropEmptyStage(ByteBuffer target) {
        if (target == stage && stage != null && stage.position() == 0) {
            giveBack(stage);
            stage = null;
        }
    }

    /** After the handshake: TLS 1.3 post-handshake messages are answered, renegotiation refused. */
    private void afterUnwrap(HandshakeStatus hs) throws IOException {
        if (hs == HandshakeStatus.NOT_HANDSHAKING || hs == HandshakeStatus.FINISHED) {
            return;
        }
        if (!"TLSv1.3".equals(engine.getSession().getProtocol())) {
            throw new SSLHandshakeException("renegotiation refused");
        }
        if (hs == HandshakeStatus.NEED_TASK) {
            runTasks();
            hs = engine.getHandshakeStatus();
        }
        if (hs == HandshakeStatus.NEED_WRAP) {
            synchronized (out) {
                wrapAll(NOTHING, 0, 1, 0);
                flushLocked();
            }
        }
    }

    // ------------------------------------------------------------------ the handshake (the loop)

    /**
     * Drives the handshake as far as the channel allows; when it fails, the engine's alert goes
     * out first (but nothing TLS to a cleartext client, which gets a cleartext answer).
     *
     * @return whether it is done
     */
    private boolean handshake() throws IOException {
        try {
            return handshakeSteps();
        } catch (NotTls e) {
            throw e;
        } catch (SSLException e) {
            sendAlert();
            throw e;
        }
    }

    private boolean handshakeSteps() throws IOException {
        while (true) {
            HandshakeStatus hs = engine.getHandshakeStatus();
            switch (hs) {
                case NOT_HANDSHAKING:
                case FINISHED:
                    handshakeDone = true;
                    return true;
                case NEED_TASK:
                    runTasks();
                    break;
                case NEED_WRAP:
                    synchronized (out) {
                        // A whole flight (ServerHello ... Finished) into netOut, then one write.
                        SSLEngineResult r;
                        do {
                            r = wrapAll(NOTHING, 0, 1, 0);
                            if (engine.getHandshakeStatus() == HandshakeStatus.NEED_TASK) {
                                runTasks();
                            }
                        } while (r.getStatus() == SSLEngineResult.Status.OK
                                && engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP);
                        boolean flushed = flushLocked();
                        if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
                            throw new SSLHandshakeException("handshake failed (alert sent)");
                        }
                        if (!flushed) {
                            return false;
                        }
                    }
                    break;
                default: // NEED_UNWRAP, NEED_UNWRAP_AGAIN
                    if (netIn == null || netIn.position() == 0) {
                        int n = fill();
                        if (n < 0) {
                            endOfInput();
                            throw new SSLHandshakeException("peer closed the connection during the handshake");
                        }
                        if (n == 0) {
                            return false;
                        }
                    }
                    checkFirstByte();
                    ByteBuffer scratch = pool.take(engine.getSession().getApplicationBufferSize());
                    SSLEngineResult r;
                    netIn.flip();
                    try {
                        r = engine.unwrap(netIn, scratch);
                    } catch (SSLException failed) {
                        pool.give(scratch);
                        throw failed;
                    } finally {
                        netIn.compact();
                    }
                    if (r.bytesProduced() > 0) {
                        scratch.flip();
                        stage = scratch; // application data right behind the peer's Finished
                    } else {
                        giveBack(scratch);
                    }
                    switch (r.getStatus()) {
                        case BUFFER_UNDERFLOW:
                            int n = fill();
                            if (n < 0) {
                                endOfInput();
                                throw new SSLHandshakeException("peer closed the connection during the handshake");
                            }
                            if (n == 0) {
                                return false;
                            }
                            break;
                        case CLOSED:
                            throw new SSLHandshakeException("peer closed the connection during the handshake");
                        default:
                            releaseNetInIfEmpty();
                            break;
                    }
            }
        }
    }

    /**
     * After a failed handshake unwrap: the engine has the fatal alert saying why (bad_certificate,
     * certificate_required, handshake_failure...); one non-blocking write of it, so the client
     * learns the reason instead of seeing a bare close.
     */
    private void sendAlert() {
        synchronized (out) {
            try {
                // The engine queued the alert when the step failed: a wrap (no closeOutbound
                // first, which would drop it) hands it over.
                for (int i = 0; i < 4 && !engine.isOutboundDone(); i++) {
                    if (wrapAll(NOTHING, 0, 1, 0).bytesProduced() == 0) {
                        break;
                    }
                }
                if (netOut != null && netOut.hasRemaining()) {
                    channel.write(netOut);
                }
            } catch (IOException | RuntimeException ignored) {
                // the close follows anyway
            }
        }
    }

    private void runTasks() {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run(); // inline on the loop for now (see the class comment)
        }
    }

    // ------------------------------------------------------------------ writing (the output's owner)

    @Override
    public long write(ByteBuffer[] srcs, int off, int len) throws IOException {
        synchronized (out) {
            if (!handshakeDone) {
                return 0; // the server writes only after a request, i.e. after the handshake
            }
            if (!flushLocked()) {
                return 0;
            }
            long total = 0;
            for (int i = off; i < off + len; i++) {
                total += srcs[i].remaining();
            }
            if (total == 0) {
                return 0;
            }
            SSLEngineResult r = wrapAll(srcs, off, len, (int) Math.min(total, MAX_WRAP_BYTES));
            long taken = r.bytesConsumed();
            if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
                throw new SSLException("TLS output closed");
            }
            flushLocked();
            return taken;
        }
    }

    /**
     * Wraps from {@code srcs} into {@link #netOut} until {@code budget} plaintext bytes are taken
     * or {@link #netOut} has no room for another record (at least one wrap always runs: a
     * handshake message or close_notify has no plaintext). Caller holds {@link #out}.
     *
     * @return the last wrap's result; its {@code bytesConsumed} is replaced by the total
     */
    private SSLEngineResult wrapAll(ByteBuffer[] srcs, int off, int len, int budget) throws IOException {
        int packet = engine.getSession().getPacketBufferSize();
        int records = Math.max(1, (budget + 16383) / 16384);
        ensureOutRoom(records * packet);
        int consumed = 0;
        int produced = 0;
        SSLEngineResult r;
        try {
            do {
                r = engine.wrap(srcs, off, len, netOut);
                consumed += r.bytesConsumed();
                produced += r.bytesProduced();
                if (r.getHandshakeStatus() == HandshakeStatus.NEED_TASK) {
                    runTasks();
                }
            } while (r.getStatus() == SSLEngineResult.Status.OK && r.bytesConsumed() > 0
                    && consumed < budget && netOut.remaining() >= packet);
        } finally {
            netOut.flip();
        }
        if (r.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW && consumed == 0) {
            throw new SSLException("no room to wrap a record");
        }
        return new SSLEngineResult(r.getStatus(), r.getHandshakeStatus(), consumed, produced);
    }

    /** Puts {@link #netOut} in write mode with at least {@code room} bytes free (borrowed or grown). */
    private void ensureOutRoom(int room) {
        if (netOut == null) {
            netOut = room <= pool.pageSize() ? pool.take() : wraps.take(room);
            return;
        }
        netOut.compact();
        if (netOut.remaining() < room) {
            ByteBuffer bigger = ByteBuffer.allocate(netOut.position() + room);
            netOut.flip();
            bigger.put(netOut);
            giveBack(netOut);
            netOut = bigger;
        }
    }

    @Override
    public boolean flush() throws IOException {
        synchronized (out) {
            return flushLocked();
        }
    }

    /** Writes {@link #netOut}; gives it back once empty; sends the FIN after close_notify. */
    private boolean flushLocked() throws IOException {
        if (netOut != null) {
            if (netOut.hasRemaining()) {
                channel.write(netOut);
                if (netOut.hasRemaining()) {
                    return false;
                }
            }
            giveBack(netOut);
            netOut = null;
        }
        if (outputEnding && !finSent) {
            finSent = true;
            channel.shutdownOutput();
        }
        return true;
    }

    @Override
    public boolean wantsRead() {
        return wantsRead;
    }

    @Override
    public boolean wantsWrite() {
        synchronized (out) {
            return netOut != null && netOut.hasRemaining();
        }
    }

    @Override
    public void shutdownOutput() throws IOException {
        synchronized (out) {
            if (outputEnding) {
                return;
            }
            outputEnding = true;
            engine.closeOutbound();
            while (!engine.isOutboundDone()) {
                SSLEngineResult r = wrapAll(NOTHING, 0, 1, 0);
                if (r.bytesProduced() == 0) {
                    break;
                }
            }
            flushLocked();
        }
    }

    /** The connection is being reset: {@link #close} sends no close_notify. */
    void abort() {
        synchronized (out) {
            outputEnding = true;
        }
    }

    /**
     * Closes: a close_notify first when the output is still open and the handshake done (RFC 8446
     * §6.1; one non-blocking write, not waited for), then the channel; every page goes back.
     */
    @Override
    public void close() throws IOException {
        synchronized (out) {
            if (closed) {
                return;
            }
            closed = true;
            try {
                if (handshakeDone && !outputEnding && channel.isOpen()) {
                    outputEnding = true;
                    finSent = true; // the close follows at once
                    engine.closeOutbound();
                    wrapAll(NOTHING, 0, 1, 0);
                    if (netOut != null) {
                        channel.write(netOut);
                    }
                }
            } catch (IOException | RuntimeException ignored) {
                // closing anyway
            } finally {
                engine.closeOutbound();
                giveBack(netOut);
                netOut = null;
            }
        }
        channel.close();
    }

    /**
     * On the loop, once closed: gives back the input pages ({@link #netIn}, {@link #stage}); they
     * are the loop's, so a close on another thread leaves them to this call.
     */
    void releaseReadBuffers() {
        releaseNetIn();
        giveBack(stage);
        stage = null;
    }

    /** Gives a buffer back to the pool of its size (another size is left to the collector). */
    private void giveBack(ByteBuffer b) {
        if (b != null && b.capacity() != pool.pageSize()) {
            wraps.give(b);
        } else {
            pool.give(b);
        }
    }

    /**
     * Before the first unwrap: a TLS connection starts with a handshake record (type 22); a client
     * speaking cleartext HTTP to the TLS port starts with a method's letters instead.
     */
    private void checkFirstByte() throws NotTls {
        if (firstByteSeen || netIn == null || netIn.position() == 0) {
            return;
        }
        firstByteSeen = true;
        byte b = netIn.get(0);
        if (b != 22) {
            throw new NotTls(b >= 'A' && b <= 'Z');
        }
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

    private void releaseNetInIfEmpty() {
        if (netIn != null && netIn.position() == 0) {
            releaseNetIn();
        }
    }

    private void releaseNetIn() {
        giveBack(netIn);
        netIn = null;
    }
}
