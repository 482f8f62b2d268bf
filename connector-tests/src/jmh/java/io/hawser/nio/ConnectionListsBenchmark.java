package io.hawser.nio;

import io.hawser.api.ConnectorConfig;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Per-message bookkeeping of the connection lists ({@link ConnectionLists}) against the design they
 * replace: a {@link TreeSet} per timeout kind ordered by (message start, id), from which a
 * connection is removed and into which it is re-inserted on every transition.
 *
 * <p>One operation is one request/response on a keep-alive connection picked among
 * {@code connections} open ones (at random, or round-robin, which always picks the one idle the
 * longest): idle → headers + request (first byte) → out of headers (field section complete) → out
 * of request (body done) → idle (response done), with a fake clock advanced by {@link #TICK} per
 * message. The list variant makes exactly the calls {@code Http1Connection} makes for a request
 * without a body (readHead / onFirstByte / resumeReading), membership checks included; the TreeSet
 * variant makes the same transitions with no membership checks (the state is known here).
 *
 * <p>Expected: constant ns/op and 0 B/op for the lists; O(log n) and one {@code TreeMap.Entry} per
 * insertion (3 per message) for the TreeSets. See src/jmh/README.md.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ConnectionListsBenchmark {
    /** Fake clock advance per message, in nanoseconds. */
    static final long TICK = 1_000;

    /** Picks connection indexes: a xorshift generator (same cost in both variants) or round-robin. */
    abstract static class Picker {
        int n;
        boolean random;
        long seed = 0x9E3779B97F4A7C15L;
        int next;
        long now;

        final void init(int connections, String pick) {
            n = connections;
            switch (pick) {
                case "random" -> random = true;
                case "roundRobin" -> random = false;
                default -> throw new IllegalArgumentException("pick " + pick);
            }
            now = connections * TICK;
        }

        final int pick() {
            if (random) {
                long x = seed;
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
                seed = x;
                return (int) (((x >>> 32) * n) >>> 32);
            }
            int i = next;
            next = i + 1 == n ? 0 : i + 1;
            return i;
        }
    }

    /** N keep-alive connections, each in {@code all} and {@code idle}. */
    @State(Scope.Thread)
    public static class Lists extends Picker {
        @Param({"100", "10000", "100000"})
        public int connections;
        @Param({"random", "roundRobin"})
        public String pick;

        ConnectionLists lists;
        ListNode[] nodes;

        @Setup(Level.Trial)
        public void setUp() {
            init(connections, pick);
            lists = new ConnectionLists(ConnectorConfig.defaults());
            nodes = new ListNode[connections];
            for (int i = 0; i < connections; i++) {
                ListNode node = new ListNode();
                nodes[i] = node;
                lists.all.append(node, i * TICK);
                lists.idle.append(node, i * TICK);
            }
        }

        @TearDown(Level.Trial)
        public void check() {
            if (lists.idle.size() != connections || lists.headers.size() != 0
                    || lists.request.size() != 0 || lists.all.size() != connections) {
                throw new IllegalStateException("lists out of shape: idle " + lists.idle.size()
                        + ", headers " + lists.headers.size() + ", request " + lists.request.size());
            }
        }
    }

    /** N keep-alive connections, each in the idle TreeSet. */
    @State(Scope.Thread)
    public static class TreeSets extends Picker {
        @Param({"100", "10000", "100000"})
        public int connections;
        @Param({"random", "roundRobin"})
        public String pick;

        TreeSet<BenchConn> headers;
        TreeSet<BenchConn> request;
        TreeSet<BenchConn> idle;
        BenchConn[] conns;

        @Setup(Level.Trial)
        public void setUp() {
            init(connections, pick);
            headers = new TreeSet<>(BenchConn.BY_HEADERS_START);
            request = new TreeSet<>(BenchConn.BY_REQUEST_START);
            idle = new TreeSet<>(BenchConn.BY_IDLE_START);
            conns = new BenchConn[connections];
            for (int i = 0; i < connections; i++) {
                BenchConn c = new BenchConn(i);
                c.idleStart = i * TICK;
                conns[i] = c;
                idle.add(c);
            }
        }

        @TearDown(Level.Trial)
        public void check() {
            if (idle.size() != connections || !headers.isEmpty() || !request.isEmpty()) {
                throw new IllegalStateException("sets out of shape: idle " + idle.size()
                        + ", headers " + headers.size() + ", request " + request.size());
            }
        }
    }

    /** One message with the intrusive lists: the calls Http1Connection makes. */
    @Benchmark
    public long lists(Lists s) {
        ListNode c = s.nodes[s.pick()];
        long now = s.now += TICK;
        ConnectionLists l = s.lists;
        // readHead: first byte of the request (onFirstByte)
        if (!l.request.contains(c)) {
            l.idle.remove(c);
            if (!l.headers.contains(c)) {
                l.headers.append(c, now);
            }
            l.request.append(c, now);
        }
        // readHead: field section complete; no body, so the request is complete too
        l.headers.remove(c);
        l.request.remove(c);
        // resumeReading: response done, back to idle
        l.request.remove(c);
        l.idle.append(c, now);
        return now;
    }

    /** One message with a TreeSet per timeout kind: remove, update the start, re-insert. */
    @Benchmark
    public long treeSet(TreeSets s) {
        BenchConn c = s.conns[s.pick()];
        long now = s.now += TICK;
        // first byte: out of idle, into headers and request
        s.idle.remove(c);
        c.headersStart = now;
        s.headers.add(c);
        c.requestStart = now;
        s.request.add(c);
        // field section complete; no body, so the request is complete too
        s.headers.remove(c);
        s.request.remove(c);
        // response done, back to idle
        c.idleStart = now;
        s.idle.add(c);
        return now;
    }
}
