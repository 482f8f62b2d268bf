package io.hawser.bench.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code summary.md} tables of the body workloads (run.sh's workloads-bodies.sh and
 * workloads-static.sh): one table per cell ({@code upload-64k}, {@code download-1m},
 * {@code static-10m} ...), whose body size per request is {@code bytes_<cell>} in {@code run.env}.
 *
 * <p>Columns: req/s and MB/s (10<sup>6</sup> bytes of body per second: req/s × body bytes; heads are
 * not counted); server CPU µs per MB of body; MB per server CPU-second ("MB/s per core": what one
 * core of the server moves when it is the bottleneck) and req/s per core; each against Jetty's and,
 * when nginx was measured (static), against nginx's.
 */
final class BodySummary {
    private static final String NGINX = "nginx";

    private final Map<String, String> env;
    private final List<Summary.Row> meas;
    private final StringBuilder out = new StringBuilder();

    /**
     * @param env run.env
     * @param meas every line of measurements.tsv
     */
    BodySummary(Map<String, String> env, List<Summary.Row> meas) {
        this.env = env;
        this.meas = meas;
    }

    /** @return whether {@code workload} is a body cell (it has a body size in run.env) */
    boolean isBodyCell(String workload) {
        return env.containsKey("bytes_" + workload);
    }

    /** @return the tables of every body cell measured, or an empty string */
    String write() {
        List<String> cells = new ArrayList<>();
        for (String w : Summary.distinct(meas, "workload")) {
            if (isBodyCell(w)) {
                cells.add(w);
            }
        }
        if (cells.isEmpty()) {
            return "";
        }
        line("");
        line("MB = 10^6 bytes of response body (download, static) or request body (upload) per request × requests; "
                + "CPU µs/MB and MB/s per core use the server process's CPU time (with its children: nginx's worker). "
                + "MB/s per core = MB moved ÷ server CPU seconds: the rate one core of the server sustains when it, "
                + "not wrk, is the bottleneck. " + env.getOrDefault("body_connections", "?") + " connections per cell.");
        for (String w : cells) {
            table(w, Double.parseDouble(env.get("bytes_" + w)));
        }
        return out.toString();
    }

    private void table(String w, double bytes) {
        List<Summary.Row> rows = meas.stream().filter(r -> r.s("workload").equals(w)).toList();
        line("");
        line("## " + w + " — " + Summary.fmt0(bytes) + " bytes per request — `" + env.getOrDefault("cmd_" + w, "") + "`");
        line("");
        line("| server | req/s | MB/s | MB/s × jetty | MB/s × nginx | CPU µs/MB | MB/s per core | per core × jetty | per core × nginx "
                + "| req/s per core | p99 ms | server process CPU % | wrk core % | errors | other procs CPU % |");
        line("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        Figures jetty = new Figures(Summary.byServer(rows, Summary.BASELINE), bytes);
        Figures nginx = new Figures(Summary.byServer(rows, NGINX), bytes);
        for (String server : Summary.distinct(rows, "server")) {
            List<Summary.Row> mine = Summary.byServer(rows, server);
            Figures f = new Figures(mine, bytes);
            long errors = mine.stream().mapToLong(r -> (long) (r.d("errors") + r.d("non2xx"))).sum();
            line("| " + server
                    + " | " + Summary.fmt0(f.rps) + Summary.range(mine, r -> r.d("rps"), 0)
                    + " | " + Summary.fmt1(f.mbps)
                    + " | " + Summary.ratio(f.mbps, jetty.mbps)
                    + " | " + Summary.ratio(f.mbps, nginx.mbps)
                    + " | " + Summary.fmt0(f.cpuPerMb)
                    + " | " + Summary.fmt1(f.mbPerCore)
                    + " | " + Summary.ratio(f.mbPerCore, jetty.mbPerCore)
                    + " | " + Summary.ratio(f.mbPerCore, nginx.mbPerCore)
                    + " | " + Summary.fmt0(f.rpsPerCore)
                    + " | " + Summary.fmt2(Summary.median(mine, r -> r.d("p99_ms")))
                    + " | " + Summary.fmt0(Summary.median(mine, r -> r.d("wall_ms") > 0 ? 100 * r.d("cpu_ms") / r.d("wall_ms") : Double.NaN))
                    + " | " + Summary.fmt0(Summary.median(mine, r -> r.d("cli_busy_pct")))
                    + " | " + errors
                    + " | " + Summary.fmt1(Summary.median(mine, r -> r.d("other_pct"))) + " |");
        }
    }

    /** One server's medians over the rounds for a cell of {@code bytes} per request (NaN when none). */
    private static final class Figures {
        final double rps;
        final double mbps;
        final double cpuPerMb;
        final double mbPerCore;
        final double rpsPerCore;

        Figures(List<Summary.Row> rows, double bytes) {
            rps = Summary.median(rows, r -> r.d("rps"));
            mbps = rps * bytes / 1e6;
            cpuPerMb = Summary.median(rows, r -> mb(r, bytes) > 0 ? r.d("cpu_ms") * 1000 / mb(r, bytes) : Double.NaN);
            mbPerCore = Summary.median(rows, r -> r.d("cpu_ms") > 0 ? mb(r, bytes) / (r.d("cpu_ms") / 1000) : Double.NaN);
            rpsPerCore = Summary.median(rows, r -> r.d("cpu_ms") > 0 ? r.d("requests") / (r.d("cpu_ms") / 1000) : Double.NaN);
        }

        private static double mb(Summary.Row r, double bytes) {
            return r.d("requests") * bytes / 1e6;
        }
    }

    private void line(String s) {
        out.append(s).append('\n');
    }
}
