package io.hawser.nio;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;
import jdk.jfr.Timespan;

/**
 * The connector's JDK Flight Recorder events (category "Hawser"), enabled by default and without
 * stack traces. {@link Observability} makes one only when its type is being recorded, so when
 * nothing records them they cost one check and allocate nothing.
 *
 * <p>The three per-request events ({@link RequestHeadReceived}, {@link ResponseCommitted},
 * {@link ExchangeCompleted}) are duration events with a default threshold of 20 ms, as the JDK's own
 * socket and file I/O events have: a recording with the {@code default} or {@code profile} settings
 * keeps the slow requests only, which costs the hot path two clock reads per event type per request
 * and no allocation (the event objects live in the pooled exchange and are reused) (measured in docs/benchmarks.md, "JFR recording on and off"); a recording
 * that sets {@code io.hawser.ExchangeCompleted#threshold=0 ms} keeps every request. The others are
 * rare (per connection, per timeout, per rejection) and carry their durations as {@link Timespan}
 * fields measured on the connector's clock ({@code System.nanoTime}).
 */
public final class HawserEvents {
    private HawserEvents() {
    }

    /** A connection was accepted and registered with its loop. */
    @Name("io.hawser.ConnectionAccepted")
    @Label("Connection Accepted")
    @Category({"Hawser", "Connection"})
    @StackTrace(false)
    public static final class ConnectionAccepted extends Event {
        @Label("Remote Address")
        String remoteAddress;
        @Label("Secure")
        boolean secure;
    }

    /** A connection closed; its lifetime is from accept. */
    @Name("io.hawser.ConnectionClosed")
    @Label("Connection Closed")
    @Category({"Hawser", "Connection"})
    @StackTrace(false)
    public static final class ConnectionClosed extends Event {
        @Label("Remote Address")
        String remoteAddress;
        @Label("Lifetime")
        @Description("From accept to close")
        @Timespan(Timespan.NANOSECONDS)
        long lifetime;
        @Label("Requests")
        int requests;
    }

    /**
     * A request's head (request-line and field section) was parsed. Its duration: from the request's
     * first byte read to its complete head (about 0 for a pipelined head already buffered).
     */
    @Name("io.hawser.RequestHeadReceived")
    @Label("Request Head Received")
    @Description("Duration: from the request's first byte to its complete head")
    @Category({"Hawser", "Request"})
    @StackTrace(false)
    @Threshold("20 ms")
    public static final class RequestHeadReceived extends Event {
        @Label("Method")
        String method;
        @Label("Target")
        String target;
    }

    /** A response was committed (its status and fields fixed). Its duration: from the complete head to the commit. */
    @Name("io.hawser.ResponseCommitted")
    @Label("Response Committed")
    @Description("Duration: from the complete request head to the commit")
    @Category({"Hawser", "Request"})
    @StackTrace(false)
    @Threshold("20 ms")
    public static final class ResponseCommitted extends Event {
        @Label("Target")
        String target;
        @Label("Status")
        int status;
    }

    /**
     * An exchange's response ended (written, or corked behind a pipelined one). Its duration: from
     * the complete request head to the response's end (the response time).
     */
    @Name("io.hawser.ExchangeCompleted")
    @Label("Exchange Completed")
    @Description("Duration: from the complete request head to the response's end")
    @Category({"Hawser", "Request"})
    @StackTrace(false)
    @Threshold("20 ms")
    public static final class ExchangeCompleted extends Event {
        @Label("Method")
        String method;
        @Label("Target")
        String target;
        @Label("Status")
        int status;
    }

    /** A connection-list timeout fired. */
    @Name("io.hawser.TimeoutFired")
    @Label("Timeout Fired")
    @Category({"Hawser", "Connection"})
    @StackTrace(false)
    public static final class TimeoutFired extends Event {
        @Label("List")
        @Description("headers, request, idle, write-stalled, lingering, tls-handshake or proxy-header")
        String list;
        @Label("Waited")
        @Description("From entering the list to the expiry")
        @Timespan(Timespan.NANOSECONDS)
        long waited;
    }

    /** The connector answered a request it could not accept (a bad head, a timeout) and closes. */
    @Name("io.hawser.RequestRejected")
    @Label("Request Rejected")
    @Category({"Hawser", "Request"})
    @StackTrace(false)
    public static final class RequestRejected extends Event {
        @Label("Status")
        int status;
        @Label("Reason")
        String reason;
    }

    /** A TLS handshake completed. */
    @Name("io.hawser.TlsHandshake")
    @Label("TLS Handshake")
    @Category({"Hawser", "Connection"})
    @StackTrace(false)
    public static final class TlsHandshake extends Event {
        @Label("Protocol")
        String protocol;
        @Label("Cipher Suite")
        String cipherSuite;
        @Label("Handshake Time")
        @Description("From accept (or the end of a PROXY header) to the handshake's end")
        @Timespan(Timespan.NANOSECONDS)
        long handshakeTime;
    }
}
