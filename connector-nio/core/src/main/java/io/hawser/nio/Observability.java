package io.hawser.nio;

import jdk.jfr.EventType;

/**
 * Where the connector reports what happens (the JFR events of {@link HawserEvents} and the
 * counters of {@link ConnectorMetrics}), called at a few seams of the wire path. An event is made
 * only when its type is being recorded ({@link EventType#isEnabled()}): otherwise a call costs a
 * check and allocates nothing. On a VM without Flight Recorder no type registers and nothing is
 * recorded; the counters go on.
 */
final class Observability {
    private static final EventType ACCEPTED = type(HawserEvents.ConnectionAccepted.class);
    private static final EventType CLOSED = type(HawserEvents.ConnectionClosed.class);
    private static final EventType HEAD = type(HawserEvents.RequestHeadReceived.class);
    private static final EventType COMMITTED = type(HawserEvents.ResponseCommitted.class);
    private static final EventType COMPLETED = type(HawserEvents.ExchangeCompleted.class);
    private static final EventType TIMEOUT = type(HawserEvents.TimeoutFired.class);
    private static final EventType REJECTED = type(HawserEvents.RequestRejected.class);
    private static final EventType HANDSHAKE = type(HawserEvents.TlsHandshake.class);

    private Observability() {
    }

    /** @return the registered type, or {@code null} on a VM without Flight Recorder (then nothing is recorded) */
    private static EventType type(Class<? extends jdk.jfr.Event> event) {
        try {
            return EventType.getEventType(event);
        } catch (Throwable unsupported) { // InternalError, IllegalStateException: no JFR in this VM
            return null;
        }
    }

    /** @return whether a recording takes events of {@code type} now */
    private static boolean recorded(EventType type) {
        return type != null && type.isEnabled();
    }

    /** On the loop: {@code c} was accepted and entered its lists. */
    static void accepted(Http1Connection c) {
        if (recorded(ACCEPTED)) {
            HawserEvents.ConnectionAccepted e = new HawserEvents.ConnectionAccepted();
            e.remoteAddress = String.valueOf(c.remoteAddress());
            e.secure = c.tls() != null;
            e.commit();
        }
    }

    /** Any thread: {@code c} closed (once). */
    static void closed(Http1Connection c) {
        if (recorded(CLOSED)) {
            HawserEvents.ConnectionClosed e = new HawserEvents.ConnectionClosed();
            e.remoteAddress = String.valueOf(c.remoteAddress());
            e.lifetime = System.nanoTime() - c.since(ConnectionLists.ALL);
            e.requests = c.requestSeq;
            e.commit();
        }
    }

    /**
     * On the loop: the first byte of a request was read from {@code c}: the head event (when
     * recorded) begins.
     */
    static void firstByte(Http1Connection c) {
        HawserEvents.RequestHeadReceived e = null;
        if (recorded(HEAD)) {
            e = new HawserEvents.RequestHeadReceived();
            e.begin();
        }
        c.headEvent = e;
    }

    /**
     * {@code x}'s request head was parsed: the head event ends (begun at the first byte when the head
     * was read on the loop, else now), and the commit and completion events begin.
     */
    static void headReceived(Http1Exchange x) {
        Http1Connection c = x.connection;
        c.connector.metrics.requests.increment();
        if (recorded(HEAD)) {
            HawserEvents.RequestHeadReceived e = c.loop.inLoop() ? c.headEvent : null;
            if (e == null) {
                e = new HawserEvents.RequestHeadReceived();
                e.begin();
            }
            e.end();
            if (e.shouldCommit()) {
                e.method = x.head.method();
                e.target = x.head.target();
                e.commit();
            }
        }
        if (c.loop.inLoop()) {
            c.headEvent = null;
        }
        HawserEvents.ResponseCommitted commit = null;
        if (recorded(COMMITTED)) {
            commit = new HawserEvents.ResponseCommitted();
            commit.begin();
        }
        x.commitEvent = commit; // null when not recorded: nothing of an earlier exchange is left behind
        HawserEvents.ExchangeCompleted completion = null;
        if (recorded(COMPLETED)) {
            completion = new HawserEvents.ExchangeCompleted();
            completion.begin();
        }
        x.completionEvent = completion;
    }

    /** {@code x}'s response was committed with {@code status}. */
    static void committed(Http1Exchange x, int status) {
        HawserEvents.ResponseCommitted e = x.commitEvent;
        if (e != null) {
            x.commitEvent = null;
            e.end();
            if (e.shouldCommit()) {
                e.target = x.head.target();
                e.status = status;
                e.commit();
            }
        }
    }

    /** {@code x}'s response ended. */
    static void completed(Http1Exchange x) {
        long elapsed = System.nanoTime() - x.headNanos;
        int status = x.status();
        x.connection.connector.metrics.completed(status, elapsed);
        HawserEvents.ExchangeCompleted e = x.completionEvent;
        if (e != null) {
            x.completionEvent = null;
            e.end();
            if (e.shouldCommit()) {
                e.method = x.head.method();
                e.target = x.head.target();
                e.status = status;
                e.commit();
            }
        }
    }

    /** On the loop: a timeout of {@code list} fired after {@code waited} nanoseconds in it. */
    static void timeout(String list, long waited) {
        if (recorded(TIMEOUT)) {
            HawserEvents.TimeoutFired e = new HawserEvents.TimeoutFired();
            e.list = list;
            e.waited = waited;
            e.commit();
        }
    }

    /** The connector answers {@code status} to a request it rejects, for {@code reason}. */
    static void rejected(NioConnector connector, int status, String reason) {
        connector.metrics.response(status);
        if (recorded(REJECTED)) {
            HawserEvents.RequestRejected e = new HawserEvents.RequestRejected();
            e.status = status;
            e.reason = reason;
            e.commit();
        }
    }

    /** On the loop: {@code tls}'s handshake completed {@code nanos} after it began. */
    static void handshake(TlsTransport tls, long nanos) {
        if (recorded(HANDSHAKE)) {
            HawserEvents.TlsHandshake e = new HawserEvents.TlsHandshake();
            e.protocol = tls.engine().getSession().getProtocol();
            e.cipherSuite = tls.engine().getSession().getCipherSuite();
            e.handshakeTime = nanos;
            e.commit();
        }
    }
}
