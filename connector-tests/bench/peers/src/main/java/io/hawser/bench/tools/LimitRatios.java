package io.hawser.bench.tools;

import java.util.ArrayList;
import java.util.List;

/**
 * The "vs limit" lines under a keepalive, pipelined or close table of {@code summary.md}: each Hawser
 * server's median against the limit loop's ({@code limit}, peers' {@code LimitServer}) in the same
 * run, the figures issue 20's goals are stated in: CPU µs per request ÷ the limit loop's (keepalive,
 * close: lower is better, 1.00 is the floor) and req/s ÷ the limit loop's (pipelined: higher is
 * better); and the same against the limit loop with a hand-off ({@code limit-handoff}: its
 * responses written by a parked worker thread), the floor of a server that runs blocking code off
 * its selector loop.
 */
final class LimitRatios {
    /** The server name of the limit loop in run.sh. */
    static final String LIMIT = "limit";
    /** The server name of the limit loop with a hand-off to a worker thread in run.sh. */
    static final String LIMIT_HANDOFF = "limit-handoff";

    private LimitRatios() {}

    /**
     * @param workload the table's workload
     * @param rows its measurements
     * @return the lines (one per limit loop measured), or an empty string when both limit loops or
     *     every Hawser server are missing
     */
    static String line(String workload, List<Summary.Row> rows) {
        String plain = line(workload, rows, LIMIT, "the limit loop");
        String handOff = line(workload, rows, LIMIT_HANDOFF, "the limit loop with a hand-off");
        return plain.isEmpty() || handOff.isEmpty() ? plain + handOff : plain + "\n\n" + handOff;
    }

    private static String line(String workload, List<Summary.Row> rows, String name, String title) {
        List<Summary.Row> limit = Summary.byServer(rows, name);
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
        return "**vs " + title + "** (median ÷ " + name + "'s median, this run; " + name + " " + Summary.fmt1(limitCpu) + " µs/req, "
                + Summary.fmt0(limitRps) + " req/s): " + String.join("; ", parts) + ".";
    }
}
