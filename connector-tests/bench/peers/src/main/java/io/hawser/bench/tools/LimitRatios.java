package io.hawser.bench.tools;

import java.util.ArrayList;
import java.util.List;

/**
 * The "vs limit" line under a keepalive, pipelined or close table of {@code summary.md}: each Hawser
 * server's median against the limit loop's ({@code limit}, peers' {@code LimitServer}) in the same
 * run, the figures issue 20's goals are stated in: CPU µs per request ÷ the limit loop's (keepalive,
 * close: lower is better, 1.00 is the floor) and req/s ÷ the limit loop's (pipelined: higher is
 * better).
 */
final class LimitRatios {
    /** The server name of the limit loop in run.sh. */
    static final String LIMIT = "limit";

    private LimitRatios() {}

    /**
     * @param workload the table's workload
     * @param rows its measurements
     * @return the line, or an empty string when the limit loop or every Hawser server is missing
     */
    static String line(String workload, List<Summary.Row> rows) {
        List<Summary.Row> limit = Summary.byServer(rows, LIMIT);
        if (limit.isEmpty()) {
            return "";
        }
        double limitCpu = Summary.median(limit, Summary::cpuPerReq);
        double limitRps = Summary.median(limit, r -> r.d("rps"));
        List<String> parts = new ArrayList<>();
        for (String server : Summary.distinct(rows, "server")) {
            if (!server.startsWith("hawser-")) {
                continue;
            }
            List<Summary.Row> mine = Summary.byServer(rows, server);
            double cpu = Summary.median(mine, Summary::cpuPerReq);
            double rps = Summary.median(mine, r -> r.d("rps"));
            parts.add(workload.endsWith("pipelined")
                    ? server + " req/s **" + Summary.ratio(rps, limitRps) + "×**, CPU µs/req " + Summary.ratio(cpu, limitCpu) + "×"
                    : server + " CPU µs/req **" + Summary.ratio(cpu, limitCpu) + "×**, req/s " + Summary.ratio(rps, limitRps) + "×");
        }
        if (parts.isEmpty()) {
            return "";
        }
        return "**vs the limit loop** (median ÷ limit's median, this run; limit " + Summary.fmt1(limitCpu) + " µs/req, "
                + Summary.fmt0(limitRps) + " req/s): " + String.join("; ", parts) + ".";
    }
}
