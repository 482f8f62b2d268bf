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
 * The output side of a {@link TlsTransport}: the engine's wraps, the ciphertext not yet written
 * ({@link #netOut}) and the channel's writes and FIN (tls-design §4).
 *
 * <p>Threads: any (the worker writing a response, the loop flushing on {@code OP_WRITE}, answering
 * a KeyUpdate or writing a handshake flight). Every method takes this object's monitor, so records
 * from two threads never interleave; it is never held across a blocking call (the channel is
 * non-blocking), and callers hold no other lock of this transport while taking it.
 *
 * <p>A gathering {@link #write} wraps the array into records (the engine puts up to 16 KiB of
 * plaintext, from as many buffers as it spans, in one record), at most
 * {@link TlsTransport#MAX_WRAP_BYTES} of plaintext per call, all into one {@link #netOut}, then
 * writes it with one channel write. Plaintext is never copied here; wrap encrypts straight from the
 * caller's buffers. {@link #netOut} is borrowed at a wrap and given back once written.
 */
final class TlsOutput {
    /** The source of a wrap with no plaintext (a handshake message, an alert, close_notify). */
    private static final ByteBuffer[] NOTHING = {ByteBuffer.allocate(0)};

    private final SocketChannel channel;
    private final SSLEngine engine;
    private final TlsPages pages;

    /** Encrypted bytes wrapped and not yet written (read mode), or {@code null}. Guarded by this. */
    private ByteBuffer netOut;
    /** close_notify wrapped (or a reset: none will be); the FIN follows once {@link #netOut} has drained. Guarded by this. */
    private boolean outputEnding;
    /** Guarded by this. */
    private boolean finSent;
    /** Set under this monitor; read by the loop without it. */
    private volatile boolean closed;

    TlsOutput(SocketChannel channel, SSLEngine engine, TlsPages pages) {
        this.channel = channel;
        this.engine = engine;
        this.pages = pages;
    }

    /** @return whether {@link #close} ran */
    boolean closed() {
        return closed;
    }

    /**
     * Flushes what is left, then wraps up to {@link TlsTransport#MAX_WRAP_BYTES} of the plaintext
     * and writes it (one channel write).
     *
     * @return plaintext bytes taken: 0 when earlier output is still not written, or nothing offered
     * @throws SSLException when the engine's output is closed
     */
    synchronized long write(ByteBuffer[] srcs, int off, int len) throws IOException {
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
        SSLEngineResult r = wrapAll(srcs, off, len, (int) Math.min(total, TlsTransport.MAX_WRAP_BYTES));
        long taken = r.bytesConsumed();
        if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
            throw new SSLException("TLS output closed");
        }
        flushLocked();
        return taken;
    }

    /**
     * The handshake's NEED_WRAP: a whole flight (ServerHello ... Finished) into {@link #netOut},
     * delegated tasks run between wraps, then one write.
     *
     * @return whether all of it is on the wire (else the loop waits for {@code OP_WRITE})
     * @throws SSLHandshakeException when the engine wrapped a fatal alert instead (it is flushed first)
     */
    synchronized boolean wrapFlight() throws IOException {
        SSLEngineResult r;
        do {
            r = wrapAll(NOTHING, 0, 1, 0);
            if (engine.getHandshakeStatus() == HandshakeStatus.NEED_TASK) {
                TlsHandshake.runTasks(engine);
            }
        } while (r.getStatus() == SSLEngineResult.Status.OK
                && engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP);
        boolean flushed = flushLocked();
        if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
            throw new SSLHandshakeException("handshake failed (alert sent)");
        }
        return flushed;
    }

    /** A post-handshake answer (TLS 1.3 KeyUpdate): one wrap with no plaintext, then a flush. */
    synchronized void wrapMessage() throws IOException {
        wrapAll(NOTHING, 0, 1, 0);
        flushLocked();
    }

    /**
     * After a failed handshake step: the engine has the fatal alert saying why (bad_certificate,
     * certificate_required, handshake_failure...); one non-blocking write of it, so the client
     * learns the reason instead of seeing a bare close. Never throws (the close follows anyway).
     */
    synchronized void sendAlert() {
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

    /**
     * Wraps from {@code srcs} into {@link #netOut} until {@code budget} plaintext bytes are taken
     * or {@link #netOut} has no room for another record (at least one wrap always runs: a
     * handshake message or close_notify has no plaintext). Caller holds this monitor.
     *
     * @return the last wrap's result; its {@code bytesConsumed} and {@code bytesProduced} are the totals
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
                    TlsHandshake.runTasks(engine);
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
            netOut = pages.takeOutput(room);
            return;
        }
        netOut.compact();
        if (netOut.remaining() < room) {
            ByteBuffer bigger = ByteBuffer.allocate(netOut.position() + room);
            netOut.flip();
            bigger.put(netOut);
            pages.giveBack(netOut);
            netOut = bigger;
        }
    }

    /** @return whether no ciphertext is left to write (see {@link Transport#flush}) */
    synchronized boolean flush() throws IOException {
        return flushLocked();
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
            pages.giveBack(netOut);
            netOut = null;
        }
        if (outputEnding && !finSent) {
            finSent = true;
            channel.shutdownOutput();
        }
        return true;
    }

    /** @return whether ciphertext waits for the channel (the loop should watch {@code OP_WRITE}) */
    synchronized boolean wantsWrite() {
        return netOut != null && netOut.hasRemaining();
    }

    /** close_notify, then the FIN once it is written (now or by a later {@link #flush}); once only. */
    synchronized void shutdownOutput() throws IOException {
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

    /** The connection is being reset: {@link #close} sends no close_notify. */
    synchronized void abort() {
        outputEnding = true;
    }

    /**
     * Marks the output closed: a close_notify first when the handshake is done and the output is
     * still open (RFC 8446 §6.1; one non-blocking write, not waited for); {@link #netOut} goes back.
     * Errors are swallowed (the channel is closed next).
     *
     * @param handshakeDone whether the handshake is done (before it, no close_notify)
     * @return false when already closed (the caller closes nothing more)
     */
    synchronized boolean close(boolean handshakeDone) {
        if (closed) {
            return false;
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
            pages.giveBack(netOut);
            netOut = null;
        }
        return true;
    }
}
