package io.hawser.bench.tools;

import static io.hawser.bench.tools.Summary.byServer;
import static io.hawser.bench.tools.Summary.distinct;
import static io.hawser.bench.tools.Summary.fmt0;
import static io.hawser.bench.tools.Summary.fmt1;
import static io.hawser.bench.tools.Summary.fmt2;
import static io.hawser.bench.tools.Summary.median;
import static io.hawser.bench.tools.Summary.range;
import static io.hawser.bench.tools.Summary.ratio;
import static io.hawser.bench.tools.Summary.read;

import io.hawser.bench.tools.Summary.Row;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The scale workloads' sections of {@code summary.md} (appended after {@link Summary}'s, to standard
 * output): {@code conns1000} against {@code keepalive} (server CPU per request with 1,000 connections
 * ÷ with 50), {@code latency} (rateload: closed-loop maximum, then p50/p99/p99.9 at fixed rates), and
 * {@code startup} (JVM start to the first 200). The {@code idle50k} table is {@link Summary}'s idle
 * table. Usage: {@code ScaleSummary RESULTS_DIR}. Inputs: {@code measurements.tsv},
 * {@code latency.tsv}, {@code startup.tsv}, {@code run.env}; a section whose input is missing is left out.
 */
public final class ScaleSummary {
    private final Map<String, String> env;
    private final List<Row> meas;
    private final List<Row> latency;
    private final List<Row> startup;
    private final StringBuilder out = new StringBuilder();

    private ScaleSummary(Path dir) throws IOException {
        env = Summary.env(dir);
        meas = read(dir.resolve("measurements.tsv"));
        latency = read(dir.resolve("latency.tsv"));
        startup = read(dir.resolve("startup.tsv"));
    }

    public static void main(String[] args) throws IOException {
        ScaleSummary s = new ScaleSummary(Path.of(args[0]));
        s.conns1000();
        s.latency();
        s.startup();
        System.out.print(s.out);
    }

    private void conns1000() {
        List<Row> active = meas.stream().filter(r -> r.s("workload").equals("conns1000")).toList();
        if (active.isEmpty()) {
            return;
        }
        List<Row> base = meas.stream().filter(r -> r.s("workload").equals("keepalive")).toList();
        line("");
        line("## conns1000 against keepalive — server CPU per request with " + env.get("active_conns")
                + " connections ÷ with 50 (goal ≤ 1.10)");
        line("");
        line("Both from this run, medians over the rounds (keepalive: `" + env.get("cmd_keepalive") + "`; conns1000: `"
                + env.get("cmd_conns1000") + "`); *ratio* = the two medians divided; *per round* = each round's conns1000 ÷ the "
                + "same round's keepalive (drift between rounds cancels), then their median. *n/a* without the keepalive workload in the same run.");
        line("");
        line("| server | keepalive CPU µs/req | conns1000 CPU µs/req | ratio | per round | per round, median | keepalive req/s | conns1000 req/s | conns1000 p99 ms | conns1000 errors |");
        line("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (String server : distinct(active, "server")) {
            List<Row> a = byServer(active, server);
            List<Row> b = byServer(base, server);
            double ca = median(a, Summary::cpuPerReq);
            double cb = median(b, Summary::cpuPerReq);
            List<Double> perRound = Summary.perRound(a, b, Summary::cpuPerReq);
            String perRoundMedian = perRound.isEmpty() ? "n/a" : fmt2(Summary.median(perRound.stream().mapToDouble(Double::doubleValue)));
            long errors = a.stream().mapToLong(r -> (long) (r.d("errors") + r.d("non2xx"))).sum();
            line("| " + server + " | " + fmt1(cb) + " | " + fmt1(ca) + range(a, Summary::cpuPerReq, 1)
                    + " | " + ratio(ca, cb) + " | " + Summary.ratios(perRound) + " | " + perRoundMedian + " | " + fmt0(median(b, r -> r.d("rps"))) + " | " + fmt0(median(a, r -> r.d("rps")))
                    + " | " + fmt2(median(a, r -> r.d("p99_ms"))) + " | " + errors + " |");
        }
    }

    private void latency() {
        if (latency.isEmpty()) {
            return;
        }
        line("");
        line("## latency — fixed rate, open loop: " + env.get("latency_conns") + " connections, one client thread (`"
                + env.get("cmd_latency") + "`)");
        line("");
        line("Per server and round: *max* = rateload closed-loop (one request in flight per connection) req/s; then "
                + "open loop at " + env.get("latency_loads") + " % of that round's max, a request due every 1/rate s, "
                + "latency from when it was due (coordinated omission corrected). Medians over rounds (min–max); "
                + "‡ = median client lag above 1 ms: the client fell behind, the percentiles are not the server's alone; "
                + "× best = p99.9 ÷ the lowest p99.9 of the other servers at that load. *client lag* above ~1 ms: the "
                + "client fell behind its schedule (disturbed or saturated), the cell is not the server's; a run whose client lagged "
                + "or was preempted for over 1 ms is made again, up to " + env.getOrDefault("latency_tries", "1") + " tries in all (*tries*: the most any "
                + "round needed; each try's output is in raw/).");
        line("");
        line("| server | load | target req/s | achieved req/s | p50 ms | p99 ms | p99.9 ms | max ms | p99.9 × best other | unanswered | non-200 + errors | client lag max ms | tries |");
        line("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        List<String> loads = List.copyOf(distinct(latency, "load"));
        for (String server : distinct(latency, "server")) {
            for (String load : loads) {
                List<Row> mine = byServer(latency, server).stream().filter(r -> r.s("load").equals(load)).toList();
                if (mine.isEmpty()) {
                    continue;
                }
                double p999 = median(mine, r -> r.d("p999_us"));
                double best = Double.NaN;
                for (String other : distinct(latency, "server")) {
                    double o = median(byServer(latency, other).stream().filter(r -> r.s("load").equals(load)).toList(),
                            r -> r.d("p999_us"));
                    best = other.equals(server) || Double.isNaN(o) ? best : Double.isNaN(best) ? o : Math.min(best, o);
                }
                long bad = mine.stream().mapToLong(r -> (long) (r.d("non200") + r.d("errors"))).sum();
                line("| " + server + " | " + (load.equals("max") ? "max" : load + " %")
                        + " | " + (load.equals("max") ? "—" : fmt0(median(mine, r -> r.d("target"))))
                        + " | " + fmt0(median(mine, r -> r.d("achieved"))) + range(mine, r -> r.d("achieved"), 0)
                        + " | " + ms(mine, "p50_us") + " | " + ms(mine, "p99_us") + " | " + ms(mine, "p999_us")
                        + (median(mine, r -> r.d("lag_max_us")) > 1000 ? " ‡" : "")
                        + " | " + ms(mine, "max_us")
                        + " | " + (load.equals("max") ? "—" : ratio(p999, best))
                        + " | " + fmt0(mine.stream().mapToDouble(r -> r.d("unanswered")).sum())
                        + " | " + bad
                        + " | " + fmt2(median(mine, r -> r.d("lag_max_us") / 1000))
                        + " | " + fmt0(mine.stream().mapToDouble(r -> r.d("tries")).max().orElse(1)) + " |");
            }
        }
    }

    private void startup() {
        if (startup.isEmpty()) {
            return;
        }
        line("");
        line("## startup — JVM start to the first 200 (" + env.get("startup_reps") + " repetitions requested, interleaved)");
        line("");
        line("Wall time from launching `java` (pinned to CPU " + env.get("server_cpus") + ", flags `" + env.get("jvm_flags")
                + "`) to the first `200` of curl polling every 5 ms from CPU " + env.get("client_cpus")
                + " (a connection accepted before the server serves waits for its response); then the body must be `Hello, World!`, and for an -all variant every sample context must answer `200` on `/NAME/`. Median (min–max); × jetty = median ÷ Jetty's serving the same WARs: `jetty`'s for the echo WAR rows, `jetty-all`'s for the -all rows (goal ≤ 0.50).");
        line("");
        line("| variant | what | URL | median ms | × jetty | runs (failed) |");
        line("|---|---|---|---:|---:|---:|");
        Map<String, String> what = Map.of(
                "hawser-echo", "`hawser.jar` with the echo WAR",
                "hawser-all", "`hawser.jar --realm samples/secured/users samples/*/target/*.war` (README's first command)",
                "jetty", "Jetty 12.1 embedded, ee11 `WebAppContext` on the echo WAR (annotations scanned)",
                "jetty-all", "Jetty 12.1 embedded, one ee11 `WebAppContext` per sample WAR at Hawser's context paths, with apache-jsp, JSTL, Jakarta WebSocket, the same users",
                "tomcat", "Tomcat 11 embedded, `Tomcat.addWebapp` on the echo WAR",
                "tomcat-all", "Tomcat 11 embedded, `Tomcat.addWebapp` per sample WAR at Hawser's context paths, with Jasper, JSTL, Tomcat WebSocket, the same users");
        ToDoubleFunction<Row> millis = r -> r.d("ms");
        double jetty = passMedian("jetty", millis);
        double jettyAll = passMedian("jetty-all", millis);
        for (String v : distinct(startup, "variant")) {
            List<Row> mine = byVariant(startup, v, "variant");
            List<Row> ok = mine.stream().filter(r -> r.s("check").equals("PASS")).toList();
            double m = median(ok, millis);
            line("| " + v + " | " + what.getOrDefault(v, "") + " | `" + mine.get(0).s("url") + "` | " + fmt0(m) + range(ok, millis, 0)
                    + " | " + ratio(m, v.endsWith("-all") ? jettyAll : jetty) + " | " + mine.size() + " (" + (mine.size() - ok.size()) + ") |");
        }
        line("");
        line("hawser-all ÷ jetty-all (every sample WAR on both): **" + ratio(passMedian("hawser-all", millis), jettyAll)
                + "**; hawser-echo ÷ jetty (the echo WAR): **" + ratio(passMedian("hawser-echo", millis), jetty) + "** (goal ≤ 0.50).");
    }

    /** @return the median of variant {@code v}'s passed repetitions (NaN without any) */
    private double passMedian(String v, ToDoubleFunction<Row> f) {
        return median(byVariant(startup, v, "variant").stream().filter(r -> r.s("check").equals("PASS")).toList(), f);
    }

    private static List<Row> byVariant(List<Row> rows, String value, String key) {
        return rows.stream().filter(r -> r.s(key).equals(value)).toList();
    }

    private static String ms(List<Row> rows, String us) {
        return fmt2(median(rows, r -> r.d(us) / 1000)) + range(rows, r -> r.d(us) / 1000, 2);
    }

    private void line(String s) {
        out.append(s).append('\n');
    }
}
