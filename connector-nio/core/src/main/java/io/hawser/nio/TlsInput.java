package io.hawser.nio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * The input side of a {@link TlsTransport}: the channel's reads, the ciphertext not yet unwrapped
 * ({@link #netIn}), the engine's unwraps of whole records and the plaintext not yet delivered
 * ({@link #stage}); tls-design §2–§3.
 *
 * <p>Threads: the loop owning the socket only, with no lock: nothing here is touched by another
 * thread (a close elsewhere leaves the pages to {@link #releaseBuffers}, called on the loop).
 *
 * <p>Buffers: {@link #netIn} is borrowed when the channel is read and given back as soon as every
 * byte in it is unwrapped (a partial record keeps it); {@link #stage} only when the caller's buffer
 * has less room than a record's plaintext (the loop's 64 KiB buffer always has room, so normally
 * never), or for application data the peer sent right behind its Finished, and given back when
 * drained. So an idle connection holds neither.
 */
final class TlsInput {
    private final SocketChannel channel;
    private final SSLEngine engine;
    private final TlsPages pages;
    /** Answers post-handshake messages and refuses renegotiation after each unwrap. */
    private final TlsHandshake handshake;

    /** Encrypted bytes read and not yet unwrapped (write mode), or {@code null}. */
    private ByteBuffer netIn;
    /** Plaintext unwrapped and not yet delivered (read mode), or {@code null}. */
    private ByteBuffer stage;
    /** Whether the first byte from the client was looked at (a TLS record, or cleartext HTTP?). */
    private boolean firstByteSeen;
    private boolean wantsRead = true;
    /** close_notify or FIN received: reads return -1. */
    private boolean inputEnded;

    TlsInput(SocketChannel channel, SSLEngine engine, TlsPages pages, TlsHandshake handshake) {
        this.channel = channel;
        this.engine = engine;
        this.pages = pages;
        this.handshake = handshake;
    }

    /** @return whether the last channel read returned 0 (the loop should watch {@code OP_READ}) */
    boolean wantsRead() {
        return wantsRead;
    }

    /** @return whether the peer's close_notify or FIN was read */
    boolean ended() {
        return inputEnded;
    }

    /**
     * After the handshake: plaintext into {@code dst}, the staged plaintext first, then every whole
     * record buffered (reading the channel when none is) while {@code dst} has room for another.
     *
     * @return plaintext bytes put in {@code dst}; 0: none yet; -1: close_notify or FIN
     * @throws SSLException a bad record, or renegotiation refused
     */
    int read(ByteBuffer dst) throws IOException {
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
            ByteBuffer target = direct ? dst : (stage = pages.take(appSize));
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
                    handshake.afterUnwrap(r.getHandshakeStatus());
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

    /**
     * The handshake's NEED_UNWRAP: reads the channel when no ciphertext is buffered, checks the
     * first byte, and unwraps one handshake record. Plaintext it yields (application data right
     * behind the peer's Finished) is staged for the first {@link #read}.
     *
     * @return whether the handshake can go on; false: waiting for the channel
     * @throws TlsTransport.NotTls when the client did not start with a TLS record
     * @throws SSLHandshakeException when the peer left, or the engine's unwrap failed
     */
    boolean handshakeUnwrap() throws IOException {
        if ((netIn == null || netIn.position() == 0) && fillDuringHandshake() == 0) {
            return false;
        }
        checkFirstByte();
        ByteBuffer scratch = pages.take(engine.getSession().getApplicationBufferSize());
        SSLEngineResult r;
        netIn.flip();
        try {
            r = engine.unwrap(netIn, scratch);
        } catch (SSLException failed) {
            pages.giveBack(scratch);
            throw failed;
        } finally {
            netIn.compact();
        }
        if (r.bytesProduced() > 0) {
            scratch.flip();
            stageHandshakePlaintext(scratch);
        } else {
            pages.giveBack(scratch);
        }
        switch (r.getStatus()) {
            case BUFFER_UNDERFLOW:
                return fillDuringHandshake() > 0;
            case CLOSED:
                throw new SSLHandshakeException("peer closed the connection during the handshake");
            default:
                releaseNetInIfEmpty();
                return true;
        }
    }

    /** @return {@link #fill}'s count (&gt;= 0) @throws SSLHandshakeException at a FIN */
    private int fillDuringHandshake() throws IOException {
        int n = fill();
        if (n < 0) {
            endOfInput();
            throw new SSLHandshakeException("peer closed the connection during the handshake");
        }
        return n;
    }

    /**
     * Stages plaintext (read mode) a handshake unwrap yielded. When {@link #stage} already holds
     * some (a second such unwrap before the handshake is done: not the JDK's engine, which yields
     * application data only once FINISHED, but nothing here relies on it), the new bytes are
     * appended after it, in a bigger buffer if needed, never written over it (tls-design §7).
     */
    private void stageHandshakePlaintext(ByteBuffer plain) {
        if (stage == null) {
            stage = plain;
            return;
        }
        if (stage.capacity() - stage.remaining() >= plain.remaining()) {
            stage.compact();
            stage.put(plain);
            stage.flip();
        } else {
            ByteBuffer joined = ByteBuffer.allocate(stage.remaining() + plain.remaining());
            joined.put(stage).put(plain).flip();
            pages.giveBack(stage);
            stage = joined;
        }
        pages.giveBack(plain);
    }

    /** Reads the channel into {@link #netIn}, borrowed or grown as needed. */
    private int fill() throws IOException {
        int packet = engine.getSession().getPacketBufferSize();
        if (netIn == null) {
            netIn = pages.take(packet);
        } else if (netIn.remaining() < packet && netIn.position() + packet > netIn.capacity()) {
            ByteBuffer bigger = ByteBuffer.allocate(netIn.position() + packet);
            netIn.flip();
            bigger.put(netIn);
            pages.giveBack(netIn);
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
            pages.giveBack(stage);
            stage = null;
        }
        return n;
    }

    private void dropEmptyStage(ByteBuffer target) {
        if (target == stage && stage != null && stage.position() == 0) {
            pages.giveBack(stage);
            stage = null;
        }
    }

    /**
     * Before the first unwrap: a TLS connection starts with a handshake record (type 22); a client
     * speaking cleartext HTTP to the TLS port starts with a method's letters instead.
     */
    private void checkFirstByte() throws TlsTransport.NotTls {
        if (firstByteSeen || netIn == null || netIn.position() == 0) {
            return;
        }
        firstByteSeen = true;
        byte b = netIn.get(0);
        if (b != 22) {
            throw new TlsTransport.NotTls(b >= 'A' && b <= 'Z');
        }
    }

    /** Gives back {@link #netIn} and {@link #stage} (once closed, on the loop). */
    void releaseBuffers() {
        releaseNetIn();
        pages.giveBack(stage);
        stage = null;
    }

    private void releaseNetInIfEmpty() {
        if (netIn != null && netIn.position() == 0) {
            releaseNetIn();
        }
    }

    private void releaseNetIn() {
        pages.giveBack(netIn);
        netIn = null;
    }
}
