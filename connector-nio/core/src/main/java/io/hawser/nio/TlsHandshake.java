package io.hawser.nio;

import java.io.IOException;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * The handshake driver of a {@link TlsTransport} (tls-design §2): steps the engine's handshake
 * status as far as the channel allows, and after the handshake answers TLS 1.3 post-handshake
 * messages and refuses renegotiation.
 *
 * <p>Threads: {@link #drive} and {@link #afterUnwrap} run on the loop owning the socket only (from
 * {@link TlsTransport#read}); the unwraps are {@link TlsInput}'s (loop-owned), the wraps
 * {@link TlsOutput}'s (under its monitor). {@link #done} is volatile: a worker reads it before
 * writing.
 *
 * <p>Delegated tasks (the signature, the key exchange) run <em>inline on the calling thread</em>
 * ({@link #runTasks}): a full handshake's ECDHE/ECDSA or RSA work then costs the loop a few hundred
 * µs; moving them to a worker is a later step (tls-design §7).
 */
final class TlsHandshake {
    private final SSLEngine engine;
    private final TlsOutput output;
    /** Written by the loop; read by any thread. */
    private volatile boolean done;

    TlsHandshake(SSLEngine engine, TlsOutput output) {
        this.engine = engine;
        this.output = output;
    }

    /** @return whether the handshake has completed (application data may flow) */
    boolean done() {
        return done;
    }

    /**
     * Drives the handshake as far as the channel allows; when it fails, the engine's alert goes
     * out first (but nothing TLS to a cleartext client, which gets a cleartext answer).
     *
     * @param input the loop's input side, which reads and unwraps the peer's flights
     * @return whether it is done; false: waiting for the channel ({@link TlsInput#wantsRead} or
     *     {@link TlsOutput#wantsWrite} says which)
     * @throws TlsTransport.NotTls when the client did not start with a TLS record
     * @throws SSLException when the handshake failed (the alert was written) or the peer left
     */
    boolean drive(TlsInput input) throws IOException {
        try {
            return steps(input);
        } catch (TlsTransport.NotTls e) {
            throw e;
        } catch (SSLException e) {
            output.sendAlert();
            throw e;
        }
    }

    private boolean steps(TlsInput input) throws IOException {
        while (true) {
            switch (engine.getHandshakeStatus()) {
                case NOT_HANDSHAKING:
                case FINISHED:
                    done = true;
                    return true;
                case NEED_TASK:
                    runTasks(engine);
                    break;
                case NEED_WRAP:
                    if (!output.wrapFlight()) {
                        return false;
                    }
                    break;
                default: // NEED_UNWRAP, NEED_UNWRAP_AGAIN
                    if (!input.handshakeUnwrap()) {
                        return false;
                    }
                    break;
            }
        }
    }

    /**
     * After an unwrap once the handshake is done: TLS 1.3 post-handshake messages (NewSessionTicket,
     * KeyUpdate) are answered through the output; any handshake message under TLS 1.2
     * (renegotiation: a ClientHello, or a HelloRequest for a client) is refused. Loop only.
     *
     * @param hs the unwrap's handshake status
     * @throws SSLHandshakeException {@code renegotiation refused}: the caller closes
     */
    void afterUnwrap(HandshakeStatus hs) throws IOException {
        if (hs == HandshakeStatus.NOT_HANDSHAKING || hs == HandshakeStatus.FINISHED) {
            return;
        }
        if (!"TLSv1.3".equals(engine.getSession().getProtocol())) {
            throw new SSLHandshakeException("renegotiation refused");
        }
        if (hs == HandshakeStatus.NEED_TASK) {
            runTasks(engine);
            hs = engine.getHandshakeStatus();
        }
        if (hs == HandshakeStatus.NEED_WRAP) {
            output.wrapMessage();
        }
    }

    /** Runs the engine's delegated tasks inline on the calling thread (see the class comment). */
    static void runTasks(SSLEngine engine) {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
    }
}
