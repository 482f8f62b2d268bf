package io.hawser.bench.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Writes {@code summary.md} (to standard output) for one results folder of run.sh: medians and
 * min–max over the rounds, ratios to Jetty of the medians and of every round, server CPU per request,
 * and the idle-connection memory tables (cleartext {@code idle} and, if measured, {@code tls-idle}).
 * Usage: {@code Summary RESULTS_DIR}.
 *
 * <p>Inputs (tab-separated, first line a header): {@code measurements.tsv} (one line per wrk run),
 * {@code idle.tsv} (one line per idle-connection measurement), {@code servers.tsv}, and
 * {@code run.env} ({@code key=value}).
 */
public final class Summary {
    static final String BASELINE = "jetty";

    /** One line of a TSV file, fields by header name. */
    record Row(Map<String, String> f) {
        String s(String k) {
            String v = f.get(k);
            return v == null ? "" : v;
        }

        double d(String k) {
            String v = s(k);
            return v.isEmpty() ? Double.NaN : Double.parseDouble(v);
        }

        int round() {
            return Integer.parseInt(s("round"));
        }

        /** The workload of a line; {@code idle} for an idle.tsv line written before it had that column. */
        String workload() {
            String w = s("workload");
            return w.isEmpty() ? "idle" : w;
        }
    }

    private final Map<String, String> env;
    private final List<Row> meas;
    private final List<Row> idle;
    private final List<Row> servers;
    private final StringBuilder out = new StringBuilder();

    private Summary(Path dir) throws IOException {
        env = env(dir);
        meas = read(dir.resolve("measurements.tsv"));
        idle = read(dir.resolve("idle.tsv"));
        servers = read(dir.resolve("servers.tsv"));
    }

    /** @return the {@code key=value} lines of {@code dir/run.env}, in order */
    static Map<String, String> env(Path dir) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        for (String line : Files.readAllLines(dir.resolve("run.env"))) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                env.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return env;
    }

        static List<Row> read(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        if (!Files.exists(file)) {
            return rows;
        }
        List<String> lines = Files.readAllLines(file);
        if (lines.isEmpty()) {
            return rows;
        }
        String[] head = lines.get(0).split("\t", -1);
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] v = line.split("\t", -1);
            Map<String, String> m = new LinkedHashMap<>();
            for (int i = 0; i < head.length; i++) {
                m.put(head[i], i < v.length ? v[i] : "");
            }
            rows.add(new Row(m));
        }
        return rows;
    }

    public static void main(String[] args) throws IOException {
        System.out.print(new Summary(Path.of(args[0])).write());
    }

    private String write() {
        boolean quick = "1".equals(env.get("quick"));
        line("# Hawser end-to-end benchmark, " + env.get("date_utc"));
        line("");
        if (quick) {
            line("> **Smoke run (`--quick`): one short round, not for quoting.**");
            line("");
        }
        line("- machine: " + env.get("cpu_model") + ", " + env.get("cpus") + " CPUs, "
                + mib(env.get("mem_total_kb")) + " MiB RAM, " + env.get("kernel"));
        line("- JDK: " + env.get("java_version") + " (" + env.get("java_runtime") + "), flags `" + env.get("jvm_flags") + "`");
        line("- wrk: " + env.get("wrk_version") + "; server on CPU " + env.get("server_cpus") + ", wrk and the idle holder on CPU "
                + env.get("client_cpus") + " (taskset)");
        line("- rounds: " + env.get("rounds") + "; keepalive/pipelined " + env.get("duration") + " s, close "
                + env.get("close_duration") + " s per measurement; warm-up per server " + env.get("warmup")
                + "; idle connections: " + env.get("idle_conns")
                + (env.containsKey("tls") ? ", TLS idle connections: " + env.get("tls_idle_conns") : ""));
        line("- load average (1/5/15 min) at start: " + env.get("loadavg_start") + "; at end: " + env.get("loadavg_end")
                + "; 1-min load during measurements: " + loadRange());
        line("- Hawser: " + env.get("hawser_commit"));
        line("- servlets: " + env.get("servlet_source"));
        if (env.containsKey("launcher_warnings") && !env.get("launcher_warnings").isEmpty()) {
            line("- launcher warnings: " + env.get("launcher_warnings"));
        }
        line("- command: `" + env.get("command") + "`; elapsed " + env.get("elapsed_s") + " s");
        if (env.containsKey("skipped") && !env.get("skipped").isEmpty()) {
            line("- skipped: " + env.get("skipped"));
        }
        if (env.containsKey("not_served") && !env.get("not_served").isEmpty()) {
            line("- not measured (no such route, or its checks failed): " + env.get("not_served"));
        }
        boolean tls = env.containsKey("tls");
        if (tls) {
            line("- TLS (tls-* workloads; HTTPS_URL = https://127.0.0.1:TLS_PORT/plaintext): " + env.get("tls")
                    + "; every server on the JDK's JSSE with its default protocols and cipher suites; client "
                    + env.get("openssl_version") + " (wrk, curl)");
        }
        line("");
        line(tls ? "| server | what | checks | HTTPS checks |" : "| server | what | checks |");
        line(tls ? "|---|---|---|---|" : "|---|---|---|");
        for (Row s : servers) {
            line("| " + s.s("server") + " | " + s.s("what") + " | " + s.s("check") + " |"
                    + (tls ? " " + (s.s("tls_check").isEmpty() ? "skipped (see above)" : s.s("tls_check")) + " |" : ""));
        }
        line("");
        line("Ratios (×) are to Jetty's median in this run; *per round* is server ÷ Jetty within each round "
                + "(drift between rounds cancels). † = wrk's core ≥ 95 % busy, the server process below 90 % of its "
                + "core and other processes below 10 %: wrk was the ceiling, compare CPU µs/req. Medians over rounds; "
                + "min–max in brackets. Other procs CPU % above a few % means the cell was disturbed.");
        BodySummary bodies = new BodySummary(env, meas);
        for (String w : distinct(meas, "workload")) {
            if (!bodies.isBodyCell(w)) {
                workload(w);
            }
        }
        out.append(bodies.write());
        for (String w : idleWorkloads()) {
            idleTable(w);
        }
        perRound();
        return out.toString();
    }

    private void workload(String w) {
        List<Row> rows = meas.stream().filter(r -> r.s("workload").equals(w)).toList();
        line("");
        line("## " + w + " — `" + env.getOrDefault("cmd_" + w, "") + "`");
        line("");
        line("| server | req/s | × jetty | per round × jetty | p99 ms | CPU µs/req | CPU × jetty | server process CPU % | server core % | wrk core % | errors | other procs CPU % |");
        line("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        List<Row> base = byServer(rows, BASELINE);
        double baseRps = median(base, r -> r.d("rps"));
        double baseCpu = median(base, Summary::cpuPerReq);
        for (String server : distinct(rows, "server")) {
            List<Row> mine = byServer(rows, server);
            double rps = median(mine, r -> r.d("rps"));
            double cpu = median(mine, Summary::cpuPerReq);
            double srv = median(mine, r -> r.d("srv_busy_pct"));
            double cli = median(mine, r -> r.d("cli_busy_pct"));
            double proc = median(mine, r -> r.d("wall_ms") > 0 ? 100 * r.d("cpu_ms") / r.d("wall_ms") : Double.NaN);
            double other = median(mine, r -> r.d("other_pct"));
            String dagger = cli >= 95 && proc < 90 && other < 10 ? " †" : "";
            List<Double> perRound = perRound(mine, base, r -> r.d("rps"));
            long errors = mine.stream().mapToLong(r -> (long) (r.d("errors") + r.d("non2xx"))).sum();
            line("| " + server + " | " + fmt0(rps) + range(mine, r -> r.d("rps"), 0) + dagger
                    + " | " + ratio(rps, baseRps)
                    + " | " + ratios(perRound)
                    + " | " + fmt2(median(mine, r -> r.d("p99_ms")))
                    + " | " + fmt1(cpu) + range(mine, Summary::cpuPerReq, 1)
                    + " | " + ratio(cpu, baseCpu)
                    + " | " + fmt0(proc)
                    + " | " + fmt0(srv) + " | " + fmt0(cli)
                    + " | " + errors
                    + " | " + fmt1(median(mine, r -> r.d("other_pct"))) + " |");
        }
        String limit = LimitRatios.line(w, rows);
        if (!limit.isEmpty()) {
            line("");
            line(limit);
        }
    }

    private List<String> idleWorkloads() {
        Set<String> w = new LinkedHashSet<>();
        idle.forEach(r -> w.add(r.workload()));
        return new ArrayList<>(w);
    }

    private void idleTable(String w) {
        List<Row> rows = idle.stream().filter(r -> r.workload().equals(w)).toList();
        line("");
        line(w.equals("tls-idle")
                ? "## tls-idle — " + env.get("tls_idle_conns") + " HTTPS keep-alive connections held open, each after a full "
                        + "TLS 1.3 handshake and one request (IdleHolder with the certificate's PEM: TlsOpener)"
                : "## " + w + " — " + fmt0(median(rows, r -> r.d("conns"))) + " keep-alive connections held open, each after one request"
                        + (w.equals("idle50k") && !env.getOrDefault("idle50k_asked", "").isEmpty()
                                ? " — **not the " + env.get("idle50k_asked") + " asked for: `ulimit -n` is "
                                        + env.get("ulimit_n") + " per process here**" : "")
                        + (w.equals("idle50k") ? " (on servers restarted with `" + env.get("idle50k_heap")
                                + "` in place of -Xms/-Xmx and Hawser with `--max-connections`; the holder's source "
                                + "addresses: " + env.get("idle50k_sources") + ")" : ""));
        line("");
        line("Heap = used heap right after a full GC (`jcmd PID GC.run`, then `jstat -gc`: S0U+S1U+EU+OU), "
                + "before opening the connections and with them open; per connection = (with − before) ÷ connections "
                + "the server answered. RSS = `VmRSS` at the same moments, from the first round only: a JVM keeps the "
                + "pages it has touched, so later rounds reuse them and show almost no growth.");
        line("");
        line("| server | open (alive at end) | heap before KiB | heap with KiB | heap KiB/conn | × jetty | RSS before MiB (round 1) | RSS with MiB (round 1) | RSS KiB/conn (round 1) | CPU µs/conn opened | threads before → with | open s |");
        line("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        double baseHeap = median(byServer(rows, BASELINE), Summary::heapPerConn);
        for (String server : distinct(rows, "server")) {
            List<Row> mine = byServer(rows, server);
            int firstRound = mine.stream().mapToInt(Row::round).min().orElse(0);
            List<Row> first = mine.stream().filter(r -> r.round() == firstRound).toList();
            double heap = median(mine, Summary::heapPerConn);
            line("| " + server
                    + " | " + fmt0(median(mine, r -> r.d("open"))) + " (" + fmt0(median(mine, r -> r.d("alive"))) + ")"
                    + " | " + fmt0(median(mine, r -> r.d("heap_before_kb")))
                    + " | " + fmt0(median(mine, r -> r.d("heap_with_kb")))
                    + " | " + fmt2(heap) + range(mine, Summary::heapPerConn, 2)
                    + " | " + ratio(heap, baseHeap)
                    + " | " + fmt0(median(first, r -> r.d("rss_before_kb")) / 1024)
                    + " | " + fmt0(median(first, r -> r.d("rss_with_kb")) / 1024)
                    + " | " + fmt2(median(first, Summary::rssPerConn))
                    + " | " + fmt1(median(mine, r -> r.d("open") > 0 ? r.d("cpu_ms") * 1000 / r.d("open") : Double.NaN))
                    + " | " + fmt0(median(mine, r -> r.d("threads_before"))) + " → " + fmt0(median(mine, r -> r.d("threads_with")))
                    + " | " + fmt1(median(mine, r -> r.d("open_ms") / 1000)) + " |");
        }
    }

    private void perRound() {
        line("");
        line("## Every measurement (req/s; idle, tls-idle: heap KiB/conn)");
        line("");
        List<String> serverNames = new ArrayList<>(distinct(meas, "server"));
        for (String s : distinct(idle, "server")) {
            if (!serverNames.contains(s)) {
                serverNames.add(s);
            }
        }
        line("| round | workload | " + String.join(" | ", serverNames) + " |");
        line("|---|---|" + "---:|".repeat(serverNames.size()));
        Set<Integer> rounds = new java.util.TreeSet<>();
        meas.forEach(r -> rounds.add(r.round()));
        idle.forEach(r -> rounds.add(r.round()));
        List<String> workloads = new ArrayList<>(distinct(meas, "workload"));
        workloads.addAll(idleWorkloads());
        for (int round : rounds) {
            for (String w : workloads) {
                StringBuilder row = new StringBuilder("| " + round + " | " + w + " |");
                for (String s : serverNames) {
                    String cell = "";
                    if (idleWorkloads().contains(w)) {
                        for (Row r : idle) {
                            if (r.round() == round && r.s("server").equals(s) && r.workload().equals(w)) {
                                cell = fmt2(heapPerConn(r));
                            }
                        }
                    } else {
                        for (Row r : meas) {
                            if (r.round() == round && r.s("server").equals(s) && r.s("workload").equals(w)) {
                                cell = fmt0(r.d("rps"));
                            }
                        }
                    }
                    row.append(' ').append(cell).append(" |");
                }
                line(row.toString());
            }
        }
    }

    static double cpuPerReq(Row r) {
        double req = r.d("requests");
        return req > 0 ? r.d("cpu_ms") * 1000 / req : Double.NaN;
    }

    private static double heapPerConn(Row r) {
        double n = r.d("open");
        return n > 0 ? (r.d("heap_with_kb") - r.d("heap_before_kb")) / n : Double.NaN;
    }

    private static double rssPerConn(Row r) {
        double n = r.d("open");
        return n > 0 ? (r.d("rss_with_kb") - r.d("rss_before_kb")) / n : Double.NaN;
    }

    private String loadRange() {
        List<Row> all = new ArrayList<>(meas);
        all.addAll(idle);
        double[] v = all.stream().mapToDouble(r -> r.d("load1")).filter(d -> !Double.isNaN(d)).sorted().toArray();
        return v.length == 0 ? "n/a" : fmt2(v[0]) + "–" + fmt2(v[v.length - 1]);
    }

    static List<Row> byServer(List<Row> rows, String server) {
        return rows.stream().filter(r -> r.s("server").equals(server)).toList();
    }

    static Set<String> distinct(List<Row> rows, String key) {
        Set<String> s = new LinkedHashSet<>();
        rows.forEach(r -> s.add(r.s(key)));
        return s;
    }

    static double median(List<Row> rows, ToDoubleFunction<Row> f) {
        return median(rows.stream().mapToDouble(f));
    }

    /** @return the median of the values that are not NaN; NaN when there are none */
    static double median(java.util.stream.DoubleStream values) {
        double[] v = values.filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    static String range(List<Row> rows, ToDoubleFunction<Row> f, int digits) {
        double[] v = rows.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (v.length < 2) {
            return "";
        }
        return " (" + fmt(v[0], digits) + "–" + fmt(v[v.length - 1], digits) + ")";
    }

    /**
     * @param rows one server's rows of a workload, in round order
     * @param base the rows to divide by (another server's, or another workload's of the same server)
     * @param f the figure compared
     * @return {@code f(row) ÷ f(base row)} for each round both have, in round order (a base figure of 0 or NaN is skipped)
     */
    static List<Double> perRound(List<Row> rows, List<Row> base, ToDoubleFunction<Row> f) {
        List<Double> ratios = new ArrayList<>();
        for (Row r : rows) {
            for (Row b : base) {
                double d = f.applyAsDouble(b);
                if (b.round() == r.round() && d > 0) {
                    ratios.add(f.applyAsDouble(r) / d);
                }
            }
        }
        return ratios;
    }

    /**
     * @param perRound ratios, one per round in round order
     * @return them in round order, then (from two on) their range in brackets; {@code n/a} for none
     */
    static String ratios(List<Double> perRound) {
        if (perRound.isEmpty()) {
            return "n/a";
        }
        double[] v = perRound.stream().mapToDouble(Double::doubleValue).toArray();
        double[] sorted = v.clone();
        Arrays.sort(sorted);
        StringBuilder s = new StringBuilder();
        for (double d : v) {
            s.append(s.length() == 0 ? "" : " ").append(fmt2(d));
        }
        return v.length < 2 ? s.toString() : s + " (" + fmt2(sorted[0]) + "–" + fmt2(sorted[sorted.length - 1]) + ")";
    }

    static String ratio(double a, double b) {
        return Double.isNaN(a) || Double.isNaN(b) || b == 0 ? "n/a" : fmt2(a / b);
    }

    private static String mib(String kb) {
        return kb == null || kb.isEmpty() ? "?" : String.valueOf(Long.parseLong(kb) / 1024);
    }

    static String fmt(double d, int digits) {
        return Double.isNaN(d) ? "n/a" : String.format(Locale.ROOT, "%." + digits + "f", d);
    }

    static String fmt0(double d) {
        return fmt(d, 0);
    }

    static String fmt1(double d) {
        return fmt(d, 1);
    }

    static String fmt2(double d) {
        return fmt(d, 2);
    }

    private void line(String s) {
        out.append(s).append('\n');
    }
}
