package io.hawser.nio;

import java.util.Random;
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
 * One timeout sweep over {@link #CONNECTIONS} connections of which {@code expired} (0 or 1,000)
 * are due: a {@link TimeoutList} (walk from the head, stop at the first live node), a
 * {@link TreeSet} ordered by (entry time, id) ({@code first}/{@code pollFirst} while due), and a
 * full scan of every connection, as Tomcat's and Helidon's pollers do.
 *
 * <p>State is restored inside the measured operation rather than in a
 * {@code @Setup(Level.Invocation)}: each expired connection is at once replaced by one entering
 * the structure (the list's {@code append}, the TreeSet's {@code add}, the scan's field write),
 * which is what a server at steady state does when a timed-out connection's place is taken by a
 * new one. So an operation is "expire {@code expired}, admit as many", in every variant alike,
 * and the structure is the same before every sweep. The entry times are {@link #STEP} apart and
 * span exactly one timeout, and the clock is set so that exactly {@code expired} entries are due
 * (checked in the tear-down). Level.Invocation was rejected because its own timing overhead
 * (tens of ns per call) is larger than the whole list sweep with 0 expired, and because restoring
 * the 1,000 nodes just before the sweep would leave exactly those nodes hot in the cache.
 *
 * <p>The entries are put in the list and the TreeSet in a shuffled order (param {@code order};
 * {@code -p order=sequential} enters them in allocation order instead), so walking them in
 * deadline order is not walking memory in allocation order, as after any churn in a server. The
 * full scan walks a plain array of small objects: a lower bound for Tomcat, which iterates the
 * selector's key set (a HashSet) and goes through key, attachment and socket wrapper for each
 * connection.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TimeoutSweepBenchmark {
    static final int CONNECTIONS = 100_000;
    /** Time between two entries, in nanoseconds. */
    static final long STEP = 1_000;
    /** The timeout: the entries span exactly one timeout. */
    static final long TIMEOUT = CONNECTIONS * STEP;

    /** The sweep time, entry times of the oldest and of the next entry, and a check. */
    abstract static class Clock {
        /** Entry time of the oldest entry. */
        long oldest;
        /** Entry time given to the next replacement entry. */
        long nextEntry = CONNECTIONS * STEP;
        long sweeps;
        long wrongCounts;

        /** @return a time at which exactly {@code expired} entries are due */
        final long sweepTime(int expired) {
            return oldest + TIMEOUT + expired * STEP - 1;
        }

        /** Records a sweep that expired {@code n} entries. */
        final void swept(int n, int expired) {
            oldest += n * STEP;
            sweeps++;
            if (n != expired) {
                wrongCounts++;
            }
        }

        final void check(int expired, int size) {
            if (wrongCounts != 0 || size != CONNECTIONS) {
                throw new IllegalStateException(wrongCounts + " of " + sweeps
                        + " sweeps did not expire exactly " + expired + "; size " + size);
            }
        }

        /**
         * @param order {@code shuffled} or {@code sequential}
         * @return 0 .. CONNECTIONS - 1 in a fixed shuffled order, or in order
         */
        static int[] entryOrder(String order) {
            int[] result = new int[CONNECTIONS];
            for (int i = 0; i < CONNECTIONS; i++) {
                result[i] = i;
            }
            switch (order) {
                case "shuffled" -> shuffle(result);
                case "sequential" -> { }
                default -> throw new IllegalArgumentException("order " + order);
            }
            return result;
        }

        private static void shuffle(int[] order) {
            Random random = new Random(42);
            for (int i = CONNECTIONS - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
        }
    }

    @State(Scope.Thread)
    public static class ListState extends Clock {
        @Param({"0", "1000"})
        public int expired;
        /** Entry order against allocation order: {@code shuffled}, or {@code sequential} (-p order=sequential). */
        @Param({"shuffled"})
        public String order;

        TimeoutList list;
        /** Keeps the nodes reachable in allocation order, as the connections' owners would. */
        ListNode[] nodes;
        /** Replaces each expired node by appending it again: no allocation. */
        final TimeoutList.Expiry replace = node -> {
            list.append(node, nextEntry);
            nextEntry += STEP;
        };

        @Setup(Level.Trial)
        public void setUp() {
            list = new TimeoutList(ConnectionLists.IDLE, TIMEOUT);
            nodes = new ListNode[CONNECTIONS];
            for (int i = 0; i < CONNECTIONS; i++) {
                nodes[i] = new ListNode();
            }
            int[] order = entryOrder(this.order);
            for (int i = 0; i < CONNECTIONS; i++) {
                list.append(nodes[order[i]], i * STEP);
            }
        }

        @TearDown(Level.Iteration)
        public void check() {
            check(expired, list.size());
        }
    }

    @State(Scope.Thread)
    public static class TreeState extends Clock {
        @Param({"0", "1000"})
        public int expired;
        /** Entry order against allocation order: {@code shuffled}, or {@code sequential} (-p order=sequential). */
        @Param({"shuffled"})
        public String order;

        TreeSet<BenchConn> set;
        BenchConn[] conns;

        @Setup(Level.Trial)
        public void setUp() {
            set = new TreeSet<>(BenchConn.BY_IDLE_START);
            conns = new BenchConn[CONNECTIONS];
            for (int i = 0; i < CONNECTIONS; i++) {
                conns[i] = new BenchConn(i);
            }
            int[] order = entryOrder(this.order);
            for (int i = 0; i < CONNECTIONS; i++) {
                BenchConn c = conns[order[i]];
                c.idleStart = i * STEP;
                set.add(c);
            }
        }

        @TearDown(Level.Iteration)
        public void check() {
            check(expired, set.size());
        }
    }

    @State(Scope.Thread)
    public static class ScanState extends Clock {
        @Param({"0", "1000"})
        public int expired;
        /** Entry order against allocation order: {@code shuffled}, or {@code sequential} (-p order=sequential). */
        @Param({"shuffled"})
        public String order;

        BenchConn[] conns;

        @Setup(Level.Trial)
        public void setUp() {
            conns = new BenchConn[CONNECTIONS];
            int[] order = entryOrder(this.order);
            for (int i = 0; i < CONNECTIONS; i++) {
                BenchConn c = new BenchConn(i);
                c.idleStart = order[i] * STEP;
                conns[i] = c;
            }
        }

        @TearDown(Level.Iteration)
        public void check() {
            check(expired, conns.length);
        }
    }

    /** {@link TimeoutList#expire}: O(expired + 1). */
    @Benchmark
    public int lists(ListState s) {
        int n = s.list.expire(s.sweepTime(s.expired), s.replace);
        s.swept(n, s.expired);
        return n;
    }

    /** TreeSet: look at the first entry, poll it while due. */
    @Benchmark
    public int treeSet(TreeState s) {
        long now = s.sweepTime(s.expired);
        TreeSet<BenchConn> set = s.set;
        int n = 0;
        while (true) {
            BenchConn c = set.first();
            if (now - c.idleStart < TIMEOUT) {
                break;
            }
            set.pollFirst();
            n++;
            // replaced by a new entry
            c.idleStart = s.nextEntry;
            s.nextEntry += STEP;
            set.add(c);
        }
        s.swept(n, s.expired);
        return n;
    }

    /** Full scan: look at every connection. */
    @Benchmark
    public int fullScan(ScanState s) {
        long now = s.sweepTime(s.expired);
        BenchConn[] conns = s.conns;
        int n = 0;
        for (BenchConn c : conns) {
            if (now - c.idleStart >= TIMEOUT) {
                n++;
                // replaced by a new entry
                c.idleStart = s.nextEntry;
                s.nextEntry += STEP;
            }
        }
        s.swept(n, s.expired);
        return n;
    }
}
