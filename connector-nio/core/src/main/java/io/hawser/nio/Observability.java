package io.hawser.nio;

import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;

/**
 * Where the connector reports what happens (the JFR events of {@link HawserEvents} and the
 * counters of {@link ConnectorMetrics}), called at a few seams of the wire path. An event is made
 * only when its type is being recorded ({@link EventType#isEnabled()}): otherwise a call costs a
 * check and allocates nothing. No event type is touched before Flight Recorder has started in this
 * VM (a {@link FlightRecorderListener} says when): registering them initializes much of JFR, about
 * 200 ms of a server's start, which a VM that never records should not pay. On a VM without Flight
 * Recorder nothing is recorded; the counters go on.
 */
final class Observability {
    private static final int ACCEPTED = 0;
    private static final int CLOSED = 1;
    private static final int HEAD = 2;
    private static final int COMMITTED = 3;
    private static final int COMPLETED = 4;
    private static final int TIMEOUT = 5;
    private static final int REJECTED = 6;
    private static final int HANDSHAKE = 7;

    /** Whether Flight Recorder has started in this VM: until then nothing can be recorded. */
    private static volatile boolean jfrStarted;

    static {
        try {
            FlightRecorder.addListener(new FlightRecorderListener() {
                @Override
                public void recorderInitialized(FlightRecorder recorder) {
                    jfrStarted = true;
                }
            });
            jfrStarted = jfrStarted || FlightRecorder.isInitialized();
        } catch (Throwable unsupported) { // no Flight Recorder in this VM (or not allowed): nothing is recorded
            jfrStarted = false;
        }
    }

    private Observability() {
    }

    /** The event types, registered the first time they are asked about once Flight Recorder has started. */
    private static final class Types {
        static final EventType[] BY_KIND = {type(HawserEvents.ConnectionAccepted.class),
            type(HawserEvents.ConnectionClosed.class), type(HawserEvents.RequestHeadReceived.class),
            type(HawserEvents.ResponseCommitted.class), type(HawserEvents.ExchangeCompleted.class),
            type(HawserEvents.TimeoutFired.class), type(HawserEvents.RequestRejected.class),
            type(HawserEvents.TlsHandshake.class)};

        /** @return the registered type, or {@code null} when it cannot register (then it is never recorded) */
        private static EventType type(Class<? extends jdk.jfr.Event> event) {
            try {
                return EventType.getEventType(event);
            } catch (Throwable unsupported) { // InternalError, IllegalStateException: no JFR in this VM
                return null;
            }
        }
    }

    /** @return whether a recording takes events of {@code kind} now */
    private static boolean recorded(int kind) {
        if (!jfrStarted) {
            return false;
        }
        EventType type = Types.BY_KIND[kind];
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

    /** Bits of {@link Http1Exchange#eventsBegun}: which of the exchange's events have begun for this request. */
    private static final int HEAD_BEGUN = 1;
    private static final int COMMIT_BEGUN = 2;
    private static final int COMPLETION_BEGUN = 4;

    /*
     * The per-request events are duration events (HawserEvents): each begins and ends around what it
     * times and is committed only past its threshold. Their objects live in the (pooled) exchange,
     * made the first time their type is recorded and reused for every request after, so a
     * recording costs the hot path two clock reads per event type and no allocation.
     */

    /** On the loop: the first byte of {@code x}'s request was read: the head event (when recorded) begins. */
    static void firstByte(Http1Exchange x) {
        if (recorded(HEAD)) {
            if (x.headEvent == null) {
                x.headEvent = new HawserEvents.RequestHeadReceived();
            }
            x.headEvent.begin();
            x.eventsBegun = HEAD_BEGUN;
        } else {
            x.eventsBegun = 0;
        }
    }

    /**
     * {@code x}'s request head was parsed: the head event ends (begun at the first byte when the head
     * was read from the socket, else now: a pipelined head already buffered), and the commit and
     * completion events begin.
     */
    static void headReceived(Http1Exchange x) {
        x.connection.connector.metrics.requests.increment();
        int begun = x.eventsBegun;
        if (recorded(HEAD)) {
            HawserEvents.RequestHeadReceived e = x.headEvent;
            if (e == null) {
                e = x.headEvent = new HawserEvents.RequestHeadReceived();
            }
            if ((begun & HEAD_BEGUN) == 0) {
                e.begin();
            }
            e.end();
            if (e.shouldCommit()) {
                e.method = x.head.method();
                e.target = x.head.target();
                e.commit();
            }
        }
        begun = 0;
        if (recorded(COMMITTED)) {
            if (x.commitEvent == null) {
                x.commitEvent = new HawserEvents.ResponseCommitted();
            }
            x.commitEvent.begin();
            begun |= COMMIT_BEGUN;
        }
        if (recorded(COMPLETED)) {
            if (x.completionEvent == null) {
                x.completionEvent = new HawserEvents.ExchangeCompleted();
            }
            x.completionEvent.begin();
            begun |= COMPLETION_BEGUN;
        }
        x.eventsBegun = begun;
    }

    /** {@code x}'s response was committed with {@code status}. */
    static void committed(Http1Exchange x, int status) {
        if ((x.eventsBegun & COMMIT_BEGUN) != 0) {
            x.eventsBegun &= ~COMMIT_BEGUN;
            HawserEvents.ResponseCommitted e = x.commitEvent;
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
        long now = System.nanoTime();
        x.endNanos = now;
        long elapsed = now - x.headNanos;
        int status = x.status();
        x.connection.connector.metrics.completed(status, elapsed);
        if ((x.eventsBegun & COMPLETION_BEGUN) != 0) {
            x.eventsBegun &= ~COMPLETION_BEGUN;
            HawserEvents.ExchangeCompleted e = x.completionEvent;
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
