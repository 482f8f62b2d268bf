package io.hawser.nio;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.Semaphore;

/**
 * Accepts connections on the first selector loop: the non-blocking server socket is registered
 * there for {@code OP_ACCEPT}, and each accepted socket goes to the loops round robin. A socket for
 * the accepting loop itself is registered and read at once, with no hand-off and no wake-up (with
 * one loop, every connection); the others are handed to their loop.
 *
 * <p>{@code maxConnections}: a permit is taken before each accept. Without one the loop stops
 * watching the server socket, so further connections wait in the listen backlog (nothing is
 * accepted and refused), and it watches again as soon as a connection closes. An accept that fails
 * (EMFILE or ENFILE: too many open files) pauses accepting for {@link #RETRY_MILLIS}, instead of
 * spinning, and accepting resumes by itself once descriptors are free again (as Tomcat's and
 * Jetty's acceptors back off); the failure is logged once, then summarised ({@link RateLimitedLog}).
 * Everything here runs on the accepting loop's thread, except {@link #onPermitReleased}.
 */
final class Acceptor {
    private static final System.Logger LOG = System.getLogger(Acceptor.class.getName());
    /** Most connections accepted per readiness event, so a connection storm cannot starve the loop's own sockets. */
    static final int ACCEPTS_PER_EVENT = 16;
    /** Pause after a failed accept, in milliseconds. */
    static final long RETRY_MILLIS = 50;

    private final ServerSocketChannel server;
    private final SelectorLoop home;
    private final SelectorLoop[] loops;
    private final Semaphore permits;
    /** The TLS listener's engines, or {@code null} for cleartext. */
    private final TlsEngines tls;
    /** The PROXY protocol this listener expects, or {@code null}. */
    private final io.hawser.api.ProxyProtocol proxy;
    /** Whether the server socket is TCP (Unix domain sockets have no {@code TCP_NODELAY}). */
    private final boolean tcp;
    private final RateLimitedLog acceptFailures = new RateLimitedLog(LOG, System.Logger.Level.WARNING);
    /** Takes one connection from the listen queue: the server socket's {@code accept}, or a test's failing one. */
    volatile Accept accept;
    private SelectionKey key;
    private int next;
    /** Whether accepting is paused for want of a permit (read by closing threads). */
    private volatile boolean waitingForPermit;
    /** When a failed accept's pause ends ({@code System.nanoTime()}), or 0. */
    private long retryAt;

    /**
     * @param server the bound server socket; made non-blocking here
     * @param loops the loops to spread connections over; the first one accepts
     * @param permits one per connection that may be open ({@code maxConnections})
     */
    Acceptor(ServerSocketChannel server, SelectorLoop[] loops, Semaphore permits) {
        this(server, loops, permits, null);
    }

    /** @param tls the engines of a TLS listener, or {@code null} for cleartext */
    Acceptor(ServerSocketChannel server, SelectorLoop[] loops, Semaphore permits, TlsEngines tls) {
        this(server, loops, permits, tls, null);
    }

    /**
     * @param tls the engines of a TLS listener, or {@code null} for cleartext
     * @param proxy the PROXY protocol this listener expects, or {@code null} for none
     */
    Acceptor(ServerSocketChannel server, SelectorLoop[] loops, Semaphore permits, TlsEngines tls,
             io.hawser.api.ProxyProtocol proxy) {
        this.tls = tls;
        this.proxy = proxy;
        this.server = server;
        this.home = loops[0];
        this.loops = loops;
        this.permits = permits;
        this.accept = server::accept;
        this.tcp = !UnixSockets.isUnix(server);
    }

    /** {@link ServerSocketChannel#accept()}, as a seam for tests that make it fail (EMFILE). */
    @FunctionalInterface
    interface Accept {
        SocketChannel accept() throws IOException;
    }

    /** On the accepting loop, before it selects: registers the server socket. */
    void register(java.nio.channels.Selector selector) throws IOException {
        server.configureBlocking(false);
        key = server.register(selector, SelectionKey.OP_ACCEPT, this);
    }

    /** The server socket is ready: accepts what is waiting, up to {@link #ACCEPTS_PER_EVENT}. */
    void onAcceptable() {
        for (int i = 0; i < ACCEPTS_PER_EVENT; i++) {
            if (!permits.tryAcquire()) {
                waitForPermit();
                return;
            }
            SocketChannel channel;
            try {
                channel = accept.accept();
            } catch (ClosedChannelException e) {
                permits.release();
                return;
            } catch (Throwable e) { // IOException: EMFILE, ENFILE, ENOBUFS...; anything else is contained too
                permits.release();
                pause();
                retryAt = (System.nanoTime() + RETRY_MILLIS * 1_000_000) | 1; // never 0: 0 means no pause
                acceptFailures.log("accept failed; accepting pauses " + RETRY_MILLIS + " ms at a time until it succeeds", e);
                return;
            }
            if (channel == null) {
                permits.release();
                return;
            }
            try {
                channel.configureBlocking(false);
                if (tcp) {
                    channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                }
            } catch (IOException e) {
                NioConnector.closeQuietly(channel);
                permits.release();
                continue;
            }
            SelectorLoop loop = loops[next];
            next = next + 1 == loops.length ? 0 : next + 1;
            if (loop == home) {
                loop.open(channel, tls, proxy);
            } else {
                loop.adopt(channel, tls, proxy);
            }
        }
    }

    /** @return milliseconds until a failed accept's pause ends (at least 1), or 0 when not paused so */
    long retryMillis(long now) {
        if (retryAt == 0) {
            return 0;
        }
        return Math.max(1, (retryAt - now + 999_999) / 1_000_000);
    }

    /** On each loop turn: ends a failed accept's pause when due. */
    void onTick(long now) {
        if (retryAt != 0 && now - retryAt >= 0) {
            retryAt = 0;
            resume();
        }
    }

    private void waitForPermit() {
        pause();
        waitingForPermit = true;
        // A connection may have closed between tryAcquire and the flag: look again.
        if (permits.availablePermits() > 0) {
            waitingForPermit = false;
            resume();
        }
    }

    /** Any thread: a connection closed and gave its permit back; wakes the accepting loop if it waits for one. */
    void onPermitReleased() {
        if (waitingForPermit) {
            waitingForPermit = false;
            home.execute(this::resume);
        }
    }

    private void pause() {
        InterestOps.set(key, 0);
    }

    private void resume() {
        if (retryAt == 0) {
            InterestOps.set(key, SelectionKey.OP_ACCEPT);
        }
    }

    /** On the accepting loop: stops accepting and closes the server socket (the port is free once the loop selects again). */
    void close() {
        key.cancel();
        NioConnector.closeQuietly(server);
    }
}
