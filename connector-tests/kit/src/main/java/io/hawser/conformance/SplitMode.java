package io.hawser.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a case's bytes are cut into writes: {@code none}, {@code bytewise}, {@code at:N,M} or
 * {@code chunks:N}.
 *
 * @param kind {@code none}, {@code bytewise}, {@code at} or {@code chunks}
 * @param cuts for {@code at}: the sorted, distinct offsets to cut at
 * @param chunkSize for {@code chunks}: bytes per write
 */
record SplitMode(String kind, List<Long> cuts, long chunkSize) {

    private static final Pattern AT = Pattern.compile("at:(\\d+(?:,\\d+)*)");
    private static final Pattern CHUNKS = Pattern.compile("chunks:(\\d+)");

    /**
     * @param value the {@code split} header value
     * @return the parsed mode
     * @throws CaseFormatException on any other value
     */
    static SplitMode parse(String value) {
        if (value.equals("none") || value.equals("bytewise")) {
            return new SplitMode(value, List.of(), 0);
        }
        Matcher m = AT.matcher(value);
        if (m.matches()) {
            TreeSet<Long> cuts = new TreeSet<>();
            for (String x : m.group(1).split(",")) {
                cuts.add(parseOffset(x, value));
            }
            return new SplitMode("at", List.copyOf(cuts), 0);
        }
        m = CHUNKS.matcher(value);
        if (m.matches() && parseOffset(m.group(1), value) > 0) {
            return new SplitMode("chunks", List.of(), parseOffset(m.group(1), value));
        }
        throw new CaseFormatException("bad split mode '" + value + "'");
    }

    /** @return the split delay run-corpus uses when the case gives no {@code split-delay-ms} */
    long defaultDelayMillis() {
        return switch (kind) {
            case "bytewise" -> 2;
            case "at" -> 100;
            case "chunks" -> 20;
            default -> 0;
        };
    }

    /**
     * @param data one segment's bytes
     * @param offset where the segment starts in the whole payload (for {@code at} cuts)
     * @return the pieces to write, in order; none for an empty segment
     */
    List<byte[]> pieces(byte[] data, long offset) {
        List<byte[]> out = new ArrayList<>();
        switch (kind) {
            case "none" -> {
                if (data.length > 0) {
                    out.add(data);
                }
            }
            case "bytewise" -> {
                for (byte b : data) {
                    out.add(new byte[] {b});
                }
            }
            case "chunks" -> {
                for (int i = 0; i < data.length; i += (int) Math.min(chunkSize, data.length)) {
                    out.add(slice(data, i, (int) Math.min(data.length, i + chunkSize)));
                }
            }
            default -> {
                int start = 0;
                for (long c : cuts) {
                    if (offset < c && c < offset + data.length) {
                        int cut = (int) (c - offset);
                        out.add(slice(data, start, cut));
                        start = cut;
                    }
                }
                if (start < data.length) {
                    out.add(slice(data, start, data.length));
                }
            }
        }
        return out;
    }

    private static byte[] slice(byte[] data, int from, int to) {
        byte[] out = new byte[to - from];
        System.arraycopy(data, from, out, 0, out.length);
        return out;
    }

    private static long parseOffset(String digits, String value) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new CaseFormatException("bad split mode '" + value + "'");
        }
    }
}
