package io.hawser.nio;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * The connector's JDK Flight Recorder events (category "Hawser"), enabled by default and without
 * stack traces. Each carries its duration as a {@link Timespan} field measured from the moment
 * named in its description (the connector's own clock, {@code System.nanoTime}), and is committed
 * at once: {@link Observability} makes one only when its type is being recorded, so when nothing
 * records them they cost one check and allocate nothing.
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

    /** A request's head (request-line and field section) was parsed. */
    @Name("io.hawser.RequestHeadReceived")
    @Label("Request Head Received")
    @Category({"Hawser", "Request"})
    @StackTrace(false)
    public static final class RequestHeadReceived extends Event {
        @Label("Method")
        String method;
        @Label("Target")
        String target;
        @Label("Head Time")
        @Description("From the request's first byte to its complete head (0 for a pipelined head already buffered)")
        @Timespan(Timespan.NANOSECONDS)
        long headTime;
    }

    /** A response was committed (its status and fields fixed). */
    @Name("io.hawser.ResponseCommitted")
    @Label("Response Committed")
    @Category({"Hawser", "Request"})
    @StackTrace(false)
    public static final class ResponseCommitted extends Event {
        @Label("Status")
        int status;
        @Label("Time To Commit")
        @Description("From the complete request head to the commit")
        @Timespan(Timespan.NANOSECONDS)
        long sinceHead;
    }

    /** An exchange's response ended (written, or corked behind a pipelined one). */
    @Name("io.hawser.ExchangeCompleted")
    @Label("Exchange Completed")
    @Category({"Hawser", "Request"})
    @StackTrace(false)
    public static final class ExchangeCompleted extends Event {
        @Label("Method")
        String method;
        @Label("Target")
        String target;
        @Label("Status")
        int status;
        @Label("Response Time")
        @Description("From the complete request head to the response's end")
        @Timespan(Timespan.NANOSECONDS)
        long responseTime;
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
