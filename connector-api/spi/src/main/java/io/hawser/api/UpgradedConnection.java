package io.hawser.api;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

/**
 * A connection after {@code 101 (Switching Protocols)} (RFC 9110 §7.8): its raw byte streams, in
 * both directions, for the protocol an {@link UpgradeHandler} speaks. Over TLS these are the
 * decrypted bytes (WebSocket over {@code wss} works the same).
 *
 * <p>Non-blocking: {@link #read} takes what has arrived and {@link #demand} asks to be called back
 * when more does; {@link #write} never blocks (what the socket does not take at once is kept and
 * written when it is writable; {@link #isWriteReady} says whether any is kept, and
 * {@link #onWritable} calls back once all is written). Input the application does not read is
 * buffered up to 64 KiB, then the connector stops reading the socket until it is consumed.
 *
 * <p>Timeouts: the connection closes after {@link ConnectorConfig#upgradedIdleTimeout()} with no
 * byte read or written, and is reset when a write makes no progress for
 * {@link ConnectorConfig#writeTimeout()}.
 *
 * <p>Thread-safety: every method may be called from any thread; {@link #read} and {@link #write}
 * are each meant for one thread at a time (the protocol's reader, its writer).
 */
public interface UpgradedConnection {
    /**
     * Takes buffered input without waiting.
     *
     * @param dst where to put the bytes
     * @return bytes put into {@code dst}; 0 when none has arrived yet; -1 once the client ended its
     *     input (or the connection closed) and every byte before that was read
     * @throws IOException when the connection failed
     */
    int read(ByteBuffer dst) throws IOException;

    /**
     * Asks for {@code callback} to run, once, as soon as {@link #read} would return something
     * other than 0 (input arrived, the input ended, or the connection closed): at once (on a
     * worker) when that is already so. A later call replaces a callback not yet run.
     *
     * @param callback what to run
     */
    void demand(Runnable callback);

    /**
     * Writes all of {@code src} without blocking: what the socket does not take is copied and
     * written when it is writable, in order.
     *
     * @param src the bytes; consumed entirely
     * @return whether everything is on the wire now ({@code false}: some is kept, see {@link #onWritable})
     * @throws IOException when the connection is closed or the write failed (the connection is then closed)
     */
    boolean write(ByteBuffer src) throws IOException;

    /** @return whether no written output is still waiting for the socket */
    boolean isWriteReady();

    /**
     * Asks for {@code callback} to run, once, when no written output waits for the socket any
     * more: at once (on a worker) when none does. A later call replaces a callback not yet run.
     *
     * @param callback what to run
     */
    void onWritable(Runnable callback);

    /**
     * Closes the connection once the output kept by {@link #write} is on the wire (bounded by
     * writeTimeout). Idempotent.
     */
    void close();

    /** @return whether the connection is open (neither closed by either side nor timed out) */
    boolean isOpen();

    /** @return the client's address */
    InetSocketAddress remoteAddress();

    /** @return the local address the connection was accepted on */
    InetSocketAddress localAddress();

    /** @return whether the connection is over TLS */
    boolean isSecure();
}
