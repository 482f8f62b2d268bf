package io.hawser.nio;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * What a connection reads from and writes to: the seam between {@link Http1Connection} and its
 * {@link java.nio.channels.SocketChannel}, so TLS can sit under the HTTP/1.1 code unchanged.
 * See {@code docs/tls-design.md}.
 *
 * <p>Threads: {@link #read} runs on the loop that owns the socket, or, on cleartext, on the
 * exchange thread while it owns the reads of its body ({@link Http1Connection#readBody}; never both
 * at once). {@link #write} and {@link #flush} run on the thread that owns the output (the worker
 * running the exchange, or the loop for a non-blocking handler and for pending output); an
 * implementation that must also write from the loop on its own (TLS: handshake, KeyUpdate
 * answers, close_notify) serialises its output internally.
 *
 * <p>Semantics are those of a non-blocking {@code SocketChannel}, plaintext in and out: a read
 * returns bytes put into {@code dst}, 0 for nothing yet, -1 at the end of input; a write returns
 * plaintext bytes taken, perhaps fewer than offered. Unlike a socket, a transport may have taken
 * bytes it has not put on the wire yet ({@link #wantsWrite}): the caller then flushes on
 * {@code OP_WRITE} before it counts the output as written.
 */
interface Transport extends java.io.Closeable {
    /**
     * Reads plaintext into {@code dst}; on a TLS transport this also drives the handshake.
     *
     * @return bytes put into {@code dst}, 0 when none are available yet, -1 at the end of input
     *     (FIN, or close_notify on TLS)
     */
    int read(ByteBuffer dst) throws IOException;

    /**
     * Writes plaintext from {@code srcs[off..off+len)} with as few channel writes as possible
     * (one gathering write when the channel takes everything).
     *
     * @return plaintext bytes taken from {@code srcs}
     */
    long write(ByteBuffer[] srcs, int off, int len) throws IOException;

    /** Writes output taken earlier and not yet on the wire. @return whether none is left */
    boolean flush() throws IOException;

    /** @return whether the transport needs the channel readable before it can make progress */
    boolean wantsRead();

    /** @return whether output is waiting for the channel to be writable ({@link #flush}) */
    boolean wantsWrite();

    /** Ends the output (FIN; close_notify first on TLS); reading may go on (a lingering close). */
    void shutdownOutput() throws IOException;

    /** Closes the channel and gives back any buffers the transport borrowed. Idempotent. */
    @Override
    void close() throws IOException;
}
