package io.hawser.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Sums the allocations of a JFR recording by site, for the benchmarks' allocation analysis
 * (src/jmh/README.md, "Finding the allocation sites"). Meant for a recording of
 * {@code jdk.ObjectAllocationOutsideTLAB} events made with {@code -XX:-UseTLAB}, where every
 * allocation that survives escape analysis is one event with its exact size (unlike the sampled
 * {@code jdk.ObjectAllocationSample}); it also accepts sampled events, summing their weights.
 *
 * <p>Only events of JMH worker threads count. A site is the object's class and its stack from the
 * top down to the first {@code io.hawser} frame outside the benchmark class itself. Given the
 * benchmark's B/op (JMH's {@code gc.alloc.rate.norm}), each site's share of the recorded bytes is
 * scaled to bytes and objects per operation. Sites under 0.1 % of the bytes are summed in one line.
 *
 * <pre>{@code java -cp benchmarks.jar io.hawser.bench.AllocationSites recording.jfr [B/op]}</pre>
 */
public final class AllocationSites {
    /** Sites with a smaller share of the recorded bytes are only counted (JMH's own, one-off ones). */
    private static final double MIN_SHARE = 0.001;

    private AllocationSites() {
    }

    /** One site's totals. */
    private static final class Site {
        final String text;
        long count;
        long bytes;

        Site(String text) {
            this.text = text;
        }
    }

    /**
     * Prints the allocation sites, biggest first.
     *
     * @param args the recording, and optionally the B/op measured by {@code -prof gc}
     * @throws IOException when the recording cannot be read
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: AllocationSites recording.jfr [B/op]");
            System.exit(2);
        }
        Map<String, Site> sites = new HashMap<>();
        long total = 0;
        try (RecordingFile recording = new RecordingFile(Path.of(args[0]))) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                String type = e.getEventType().getName();
                long bytes;
                if (type.equals("jdk.ObjectAllocationOutsideTLAB")) {
                    bytes = e.getLong("allocationSize");
                } else if (type.equals("jdk.ObjectAllocationSample")) {
                    bytes = e.getLong("weight");
                } else {
                    continue;
                }
                RecordedThread thread = e.getThread();
                if (thread == null || thread.getJavaName() == null || !thread.getJavaName().contains("jmh-worker")) {
                    continue;
                }
                String key = key(e);
                Site site = sites.computeIfAbsent(key, Site::new);
                site.count++;
                site.bytes += bytes;
                total += bytes;
            }
        }
        List<Site> sorted = new ArrayList<>(sites.values());
        sorted.sort((a, b) -> Long.compare(b.bytes, a.bytes));
        double perOp = args.length == 2 ? Double.parseDouble(args[1]) : 0;
        System.out.printf(Locale.ROOT, "%,d bytes recorded on the benchmark thread%s%n", total,
                perOp > 0 ? String.format(Locale.ROOT, " (%,.0f operations at %s B/op)", total / perOp, args[1]) : "");
        long restBytes = 0;
        int rest = 0;
        for (Site s : sorted) {
            double share = (double) s.bytes / total;
            if (share < MIN_SHARE) {
                restBytes += s.bytes;
                rest++;
                continue;
            }
            if (perOp > 0) {
                double ops = total / perOp;
                System.out.printf(Locale.ROOT, "%8.1f B/op %7.3f obj/op %6.1f B/obj %5.1f%%  %s%n",
                        share * perOp, s.count / ops, (double) s.bytes / s.count, share * 100, s.text);
            } else {
                System.out.printf(Locale.ROOT, "%,14d B %,10d obj %6.1f B/obj %5.1f%%  %s%n",
                        s.bytes, s.count, (double) s.bytes / s.count, share * 100, s.text);
            }
        }
        if (rest > 0) {
            System.out.printf(Locale.ROOT, "(%d smaller sites, each under %.1f%% of the bytes: %.3f%% together)%n",
                    rest, MIN_SHARE * 100, 100.0 * restBytes / total);
        }
    }

    private static String key(RecordedEvent e) {
        StringBuilder b = new StringBuilder(e.getClass("objectClass").getName());
        RecordedStackTrace stack = e.getStackTrace();
        if (stack == null) {
            return b.append(" (no stack)").toString();
        }
        for (RecordedFrame f : stack.getFrames()) {
            String type = f.getMethod().getType().getName();
            b.append("\n        at ").append(type).append('.').append(f.getMethod().getName())
                    .append(':').append(f.getLineNumber());
            if (type.startsWith("io.hawser.") && !type.startsWith("io.hawser.nio.ConnectorPathBenchmark")) {
                break;
            }
        }
        return b.toString();
    }
}
