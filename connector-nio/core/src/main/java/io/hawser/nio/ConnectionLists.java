package io.hawser.nio;

import io.hawser.api.ConnectorConfig;
import java.util.function.Consumer;

/**
 * One selector loop's connection lists (docs/architecture.md, "Connection lists"): every
 * connection is in {@link #all} while open, and in the timeout lists its state calls for. Each
 * timeout list holds one timeout length measured from entry, so it is ordered by deadline and a
 * sweep stops at the first live node. Touched only by the loop thread.
 *
 * <table>
 * <caption>lists</caption>
 * <tr><th>list</th><th>entered</th><th>left</th><th>on expiry</th></tr>
 * <tr><td>headers</td><td>accept, or first byte of a request</td><td>field section complete</td><td>408, close</td></tr>
 * <tr><td>request</td><td>first byte of a request</td><td>body fully received</td><td>408 if nothing committed, close</td></tr>
 * <tr><td>idle</td><td>response finished on a persistent connection</td><td>first byte of the next request</td><td>quiet close</td></tr>
 * <tr><td>write-stalled</td><td>a write could not complete</td><td>the channel is writable</td><td>abort (reset)</td></tr>
 * <tr><td>tls-handshake</td><td>accept on a TLS listener</td><td>handshake done (then {@code headers})</td><td>quiet close</td></tr>
 * <tr><td>proxy-header</td><td>accept, with {@code proxyProtocol}</td><td>PROXY header complete (then
 * {@code tls-handshake} or {@code headers})</td><td>quiet close ({@link io.hawser.api.ProxyProtocol#headerTimeout()})</td></tr>
 * <tr><td>upgraded</td><td>the 101 written: the connection switched protocols ({@link UpgradedConnection})</td><td>closed
 * (a byte read or written moves it to the tail)</td><td>quiet close, its handler told</td></tr>
 * <tr><td>lingering</td><td>closed after a response while the client may still send</td><td>the client's
 * end of input, or {@code maxUnreadBodyDrain} bytes read</td><td>close ({@link Lingering#TIMEOUT_NANOS})</td></tr>
 * </table>
 */
final class ConnectionLists {
    static final int ALL = 0;
    static final int HEADERS = 1;
    static final int REQUEST = 2;
    static final int IDLE = 3;
    static final int WRITE_STALLED = 4;
    static final int LINGERING = 5;
    static final int TLS_HANDSHAKE = 6;
    static final int PROXY_HEADER = 7;
    static final int UPGRADED = 8;
    /** Deadlines are rounded up to this many milliseconds, so nearby timeouts share one wake-up. */
    static final long GRANULARITY_MILLIS = 10;

    final TimeoutList all = new TimeoutList(ALL, Long.MAX_VALUE);
    final TimeoutList headers;
    final TimeoutList request;
    final TimeoutList idle;
    final TimeoutList writeStalled;
    /** TLS connections whose handshake is not done ({@code tlsHandshakeTimeout}). */
    final TimeoutList tlsHandshake;
    /** Connections whose PROXY protocol header is not complete ({@link ProxyHeaderReader}). */
    final TimeoutList proxyHeader;
    /** Connections that switched protocols ({@code upgradedIdleTimeout}); see {@link UpgradedConnection}. */
    final TimeoutList upgraded;
    /** Connections half-closed after their last response, read and discarded until the client closes ({@link Lingering}). */
    final TimeoutList lingering = new TimeoutList(LINGERING, Lingering.TIMEOUT_NANOS);
    long headersTimeouts;
    long requestTimeouts;
    long idleTimeouts;
    long writeTimeouts;
    long tlsHandshakeTimeouts;
    long proxyHeaderTimeouts;
    long upgradedIdleTimeouts;

    ConnectionLists(ConnectorConfig config) {
        headers = new TimeoutList(HEADERS, config.headersTimeout().toNanos());
        request = new TimeoutList(REQUEST, config.requestTimeout().toNanos());
        idle = new TimeoutList(IDLE, config.keepAliveTimeout().toNanos());
        writeStalled = new TimeoutList(WRITE_STALLED, config.writeTimeout().toNanos());
        tlsHandshake = new TimeoutList(TLS_HANDSHAKE, config.tlsHandshakeTimeout().toNanos());
        proxyHeader = new TimeoutList(PROXY_HEADER, config.proxyProtocol() == null ? Long.MAX_VALUE
                : config.proxyProtocol().headerTimeout().toNanos());
        upgraded = new TimeoutList(UPGRADED, config.upgradedIdleTimeout().toNanos());
    }

    /** Takes {@code node} out of every list (on close). */
    void removeFromAll(ListNode node) {
        all.remove(node);
        headers.remove(node);
        request.remove(node);
        idle.remove(node);
        writeStalled.remove(node);
        tlsHandshake.remove(node);
        proxyHeader.remove(node);
        upgraded.remove(node);
    }

    /**
     * @param now the current {@link System#nanoTime()}
     * @return milliseconds until the earliest deadline, rounded up to {@link #GRANULARITY_MILLIS};
     *     0 when no list has an entry (select without timeout)
     */
    long selectTimeoutMillis(long now) {
        long deadline = Math.min(Math.min(Math.min(headers.nextDeadline(), request.nextDeadline()),
                Math.min(idle.nextDeadline(), writeStalled.nextDeadline())),
                Math.min(Math.min(lingering.nextDeadline(), tlsHandshake.nextDeadline()),
                        Math.min(proxyHeader.nextDeadline(), upgraded.nextDeadline())));
        if (deadline == Long.MAX_VALUE) {
            return 0;
        }
        long millis = (deadline - now + 999_999) / 1_000_000;
        if (millis <= 0) {
            return 1;
        }
        return (millis + GRANULARITY_MILLIS - 1) / GRANULARITY_MILLIS * GRANULARITY_MILLIS;
    }

    /** The {@code now} of the sweep in progress, for {@link #onUpgradedExpired}. */
    private long sweepNow;
    // What expiry does per list, made once (the loop sweeps every turn; a lambda per turn and list
    // would be 16 to 24 bytes each). Run only on the loop thread, inside sweep.
    private final Consumer<Http1Connection> onHeadersExpired = c -> {
        if (c.onHeadersTimeout()) {
            headersTimeouts++;
        }
    };
    private final Consumer<Http1Connection> onRequestExpired = c -> {
        if (c.onRequestTimeout()) {
            requestTimeouts++;
        }
    };
    private final Consumer<Http1Connection> onIdleExpired = c -> {
        idleTimeouts++;
        c.onIdleTimeout();
    };
    private final Consumer<Http1Connection> onWriteStalledExpired = c -> {
        writeTimeouts++;
        c.onWriteTimeout();
    };
    private final Consumer<Http1Connection> onTlsHandshakeExpired = c -> {
        tlsHandshakeTimeouts++;
        c.onHandshakeTimeout();
    };
    private final Consumer<Http1Connection> onProxyHeaderExpired = c -> {
        proxyHeaderTimeouts++;
        c.close(); // a quiet close: nothing may be written before the header
    };
    private final Consumer<Http1Connection> onUpgradedExpired = c -> {
        if (c.upgraded.onIdleTimeout(sweepNow)) {
            upgradedIdleTimeouts++;
        }
    };

    /**
     * Expires what is due at {@code now}: O(expired + 1) per list. A connection whose expiry throws
     * is closed and the sweep goes on (the failure goes to {@code failures}). Allocates nothing
     * unless a connection expires.
     */
    void sweep(long now, LoopFailures failures) {
        sweepNow = now;
        expire(headers, "headers", now, failures, onHeadersExpired);
        expire(request, "request", now, failures, onRequestExpired);
        expire(idle, "idle", now, failures, onIdleExpired);
        expire(writeStalled, "write-stalled", now, failures, onWriteStalledExpired);
        expire(lingering, "lingering", now, failures, Lingering::end);
        expire(tlsHandshake, "tls-handshake", now, failures, onTlsHandshakeExpired);
        expire(proxyHeader, "proxy-header", now, failures, onProxyHeaderExpired);
        expire(upgraded, "upgraded", now, failures, onUpgradedExpired);
    }

    private static void expire(TimeoutList list, String name, long now, LoopFailures failures,
                               Consumer<Http1Connection> action) {
        if (!list.hasExpired(now)) {
            return; // the common case: nothing due, and no expiry lambda made
        }
        list.expire(now, n -> {
            Http1Connection c = (Http1Connection) n;
            Observability.timeout(name, now - n.since(list.kind()));
            try {
                action.accept(c);
            } catch (Throwable t) {
                failures.connectionFailed(t);
                c.close();
            }
        });
    }
}
