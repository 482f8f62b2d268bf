package io.hawser.nio;

import java.util.concurrent.atomic.LongAdder;

/**
 * A connector's traffic counters since start: requests, bytes, responses by status class and a
 * response-time histogram. Each counter is a {@link LongAdder} (striped per thread under
 * contention, summed on read), so counting from the loops and the workers allocates nothing
 * once warm and never contends on one cache line. Read by {@link ConnectorManagement} (JMX).
 */
final class ConnectorMetrics {
    /** Upper bounds of the response-time histogram's buckets, in milliseconds; a last bucket holds the rest. */
    static final long[] LATENCY_BOUNDS_MILLIS = {1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000};
    private static final long[] BOUNDS_NANOS = new long[LATENCY_BOUNDS_MILLIS.length];

    static {
        for (int i = 0; i < BOUNDS_NANOS.length; i++) {
            BOUNDS_NANOS[i] = LATENCY_BOUNDS_MILLIS[i] * 1_000_000;
        }
    }

    final LongAdder requests = new LongAdder();
    final LongAdder bytesIn = new LongAdder();
    /** Of {@link #bytesIn}: request body bytes the exchange read from the socket straight into the application's array. */
    final LongAdder bodyBytesReadDirect = new LongAdder();
    /** Times an exchange took the socket reads over from the loop ({@link Http1Connection#readBody}). */
    final LongAdder bodyReadTakeovers = new LongAdder();
    final LongAdder bytesOut = new LongAdder();
    /** Responses by status class: [0] 1xx (final responses only: never interim) … [4] 5xx. */
    private final LongAdder[] responses = adders(5);
    private final LongAdder[] latency = adders(LATENCY_BOUNDS_MILLIS.length + 1);

    private static LongAdder[] adders(int n) {
        LongAdder[] a = new LongAdder[n];
        for (int i = 0; i < n; i++) {
            a[i] = new LongAdder();
        }
        return a;
    }

    /** A response ended with {@code status}, {@code nanos} after its request head was complete. */
    void completed(int status, long nanos) {
        response(status);
        int i = 0;
        while (i < BOUNDS_NANOS.length && nanos > BOUNDS_NANOS[i]) {
            i++;
        }
        latency[i].increment();
    }

    /**
     * Until the first final response: told of it, then {@code null} (a plain field: two threads
     * telling it both is harmless). Set at start, before any loop runs.
     */
    ConnectorManagement awaitingFirstResponse;

    /** A final response with {@code status} (also one the connector made to reject a request). */
    void response(int status) {
        ConnectorManagement m = awaitingFirstResponse;
        if (m != null) {
            awaitingFirstResponse = null;
            m.responded();
        }
        int c = status / 100 - 1;
        responses[c < 0 ? 0 : c > 4 ? 4 : c].increment();
    }

    /** @return final responses of status class {@code klass} (1–5) */
    long responses(int klass) {
        return responses[klass - 1].sum();
    }

    /** @return the histogram's counts, one per bound of {@link #LATENCY_BOUNDS_MILLIS} and one more for slower ones */
    long[] latencyCounts() {
        long[] counts = new long[latency.length];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = latency[i].sum();
        }
        return counts;
    }
}
