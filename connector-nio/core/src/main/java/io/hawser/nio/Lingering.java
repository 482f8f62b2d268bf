package io.hawser.nio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;

/**
 * A lingering close (RFC 9112 §9.6, "Tear-down": close in stages), for a connection closed after a
 * response while the client may still be sending: an error answered before the request was read
 * (400, 408, 413, 414, 431), an unread body, pipelined requests. Closing at once with unread bytes
 * makes the kernel answer with a reset, which can destroy the response still on its way; so the
 * output is half-closed instead (the response, then FIN), and the loop reads and discards what still
 * comes until the client closes, {@code maxUnreadBodyDrain} bytes have come, or
 * {@link #TIMEOUT_NANOS} passed (the {@code lingering} list), whichever is first; then the socket
 * closes. Apache httpd, nginx, Tomcat and Jetty close the same way. Loop thread only, except
 * {@link #halfClose}.
 */
final class Lingering {
    /** The most a connection lingers: 2 s. */
    static final long TIMEOUT_NANOS = 2_000_000_000L;
    private final long maxBytes;
    private long bytes;
    /** The client's input ended (or its byte bound passed) while TLS output still waited for the socket. */
    private boolean inputDone;

    private Lingering(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /**
     * Any thread: ends the connection's output after what was written (FIN).
     *
     * @return whether it can linger; {@code false}: close it at once (the socket is already broken)
     */
    static boolean halfClose(Http1Connection c) {
        try {
            c.transport.shutdownOutput(); // TLS: close_notify first; its FIN follows once the output is written
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** On the loop, once the closed connection left its other lists: starts reading and discarding. */
    static void start(Http1Connection c, long now) {
        c.lingering = new Lingering(c.connector.config().maxUnreadBodyDrain());
        c.loop.lists.lingering.append(c, now);
        int ops = SelectionKey.OP_READ | (c.transport.wantsWrite() ? SelectionKey.OP_WRITE : 0);
        if (!InterestOps.set(c.key, ops)) {
            end(c);
        }
    }

    /**
     * On the loop: the socket is ready; writes what TLS output is left, discards what came, and
     * closes at the client's end or the byte bound once the output is out.
     */
    void onReadable(Http1Connection c) {
        boolean flushed;
        try {
            flushed = c.transport.flush();
        } catch (IOException e) {
            end(c);
            return;
        }
        if (inputDone) {
            if (flushed) {
                end(c);
            }
            return;
        }
        ByteBuffer buf = c.loop.readBuffer;
        for (int i = 0; i < 4; i++) {
            buf.clear();
            int n;
            try {
                n = c.transport.read(buf);
            } catch (IOException e) {
                n = -1;
            }
            if (n == 0) {
                break;
            }
            bytes += Math.max(n, 0);
            if (n < 0 || bytes > maxBytes) {
                if (flushed) {
                    end(c);
                    return;
                }
                inputDone = true; // wait for the output alone (bounded by the lingering timeout)
                break;
            }
        }
        int ops = (inputDone ? 0 : SelectionKey.OP_READ) | (flushed ? 0 : SelectionKey.OP_WRITE);
        if (!InterestOps.set(c.key, ops)) {
            end(c);
        }
    }

    /** On the loop: stops lingering and closes the socket (its end, its byte bound, its timeout, or the loop's end). */
    static void end(Http1Connection c) {
        if (c.lingering == null) {
            return;
        }
        c.lingering = null;
        c.loop.lists.lingering.remove(c);
        NioConnector.closeQuietly(c.transport);
        TlsTransport tls = c.tls();
        if (tls != null) {
            tls.releaseReadBuffers();
        }
        c.connector.onClosed();
    }
}
