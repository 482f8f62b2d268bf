package io.hawser.conformance;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One parsed conformance case: its id ({@code group/name}), description, header-block keys and the
 * byte segments it sends. Built by {@link CaseFileReader}; the accessors interpret the keys exactly
 * as run-corpus does.
 */
final class CaseFile {

    private static final Pattern RANGE = Pattern.compile("(\\d+)-(\\d+)");
    private static final Pattern METHOD = Pattern.compile("([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \\t]");

    private final String id;
    private final List<String> description;
    private final Map<String, List<String>> meta;
    private final List<Segment> segments;
    private final boolean halfClose;

    /**
     * @param id the case id, {@code group/name}
     * @param description the {@code #} lines, in order
     * @param meta header keys (lower case, with any {@code .N} suffix) to their values, in file order
     * @param segments the segments to send
     * @param halfClose whether to shut down the write side after sending
     */
    CaseFile(String id, List<String> description, Map<String, List<String>> meta, List<Segment> segments,
            boolean halfClose) {
        this.id = id;
        this.description = List.copyOf(description);
        Map<String, List<String>> copy = new LinkedHashMap<>();
        meta.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        this.meta = Collections.unmodifiableMap(copy);
        this.segments = List.copyOf(segments);
        this.halfClose = halfClose;
    }

    /** @return the case id, its path below the corpus root without {@code .http} */
    String id() {
        return id;
    }

    /** @return the group: the name of the folder holding the case file */
    String group() {
        String[] parts = id.split("/", -1);
        return parts.length >= 2 ? parts[parts.length - 2] : "";
    }

    /** @return the description lines */
    List<String> description() {
        return description;
    }

    /** @return every header key with all its values, in file order */
    Map<String, List<String>> meta() {
        return meta;
    }

    /** @return the segments to send */
    List<Segment> segments() {
        return segments;
    }

    /** @return whether the write side is shut down after sending ({@code @half-close}) */
    boolean halfClose() {
        return halfClose;
    }

    /** @return the last value given for {@code key}, or {@code fallback} */
    String get(String key, String fallback) {
        List<String> v = meta.get(key);
        return v == null || v.isEmpty() ? fallback : v.get(v.size() - 1);
    }

    /** @return the last value given for {@code key}, or null */
    String get(String key) {
        return get(key, null);
    }

    /** @return all bytes the case sends, segments joined */
    byte[] payload() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Segment s : segments) {
            out.writeBytes(s.data());
        }
        return out.toByteArray();
    }

    /** @return the features named by {@code requires} */
    List<String> requires() {
        return PyStrings.splitWords(get("requires", ""));
    }

    /** @return the {@code split} mode @throws CaseFormatException when malformed */
    SplitMode splitMode() {
        return SplitMode.parse(get("split", "none"));
    }

    /**
     * @return the pause between writes of a split, in milliseconds
     * @throws NumberFormatException when {@code split-delay-ms} is not an integer
     */
    long splitDelayMillis() {
        SplitMode mode = splitMode();
        String v = get("split-delay-ms");
        return v == null ? mode.defaultDelayMillis() : PyStrings.parseInt(v);
    }

    /**
     * @param fallbackSeconds the runner's default timeout
     * @return this case's timeout in seconds
     * @throws NumberFormatException when {@code timeout} is not a number
     */
    double timeoutSeconds(double fallbackSeconds) {
        String v = get("timeout");
        return v == null ? fallbackSeconds : PyStrings.parseFloat(v);
    }

    /**
     * @return allowed numbers of final responses, or null for any
     * @throws CaseFormatException when {@code expect-responses} is malformed
     */
    Set<Integer> responseCounts() {
        String v = get("expect-responses", "1");
        if (v.equals("any")) {
            return null;
        }
        Set<Integer> allowed = new LinkedHashSet<>();
        for (String raw : v.split("\\|", -1)) {
            String alt = PyStrings.strip(raw);
            Matcher m = RANGE.matcher(alt);
            try {
                if (m.matches()) {
                    int to = PyStrings.parseSmallInt(m.group(2));
                    for (int k = PyStrings.parseSmallInt(m.group(1)); k <= to; k++) {
                        allowed.add(k);
                    }
                } else if (PyStrings.isDigits(alt)) {
                    allowed.add(PyStrings.parseSmallInt(alt));
                } else {
                    throw new CaseFormatException("bad expect-responses '" + v + "'");
                }
            } catch (NumberFormatException e) {
                throw new CaseFormatException("bad expect-responses '" + v + "'");
            }
        }
        return allowed;
    }

    /**
     * @return allowed numbers of 1xx responses, or null for any
     * @throws CaseFormatException when {@code expect-interim} is malformed
     */
    Set<Integer> interimCounts() {
        String v = get("expect-interim", "any");
        if (v.equals("any")) {
            return null;
        }
        Set<Integer> allowed = new LinkedHashSet<>();
        for (String alt : v.split("\\|", -1)) {
            if (!PyStrings.isDigits(PyStrings.strip(alt))) {
                throw new CaseFormatException("bad expect-interim '" + v + "'");
            }
            try {
                allowed.add(PyStrings.parseSmallInt(alt));
            } catch (NumberFormatException e) {
                throw new CaseFormatException("bad expect-interim '" + v + "'");
            }
        }
        return allowed;
    }

    /**
     * @return the methods of the requests in order ({@code request-methods}), or a single method taken
     *     from the payload's first word (default {@code GET}) that stands for every request
     */
    List<String> requestMethods() {
        String v = get("request-methods");
        if (v != null && !v.isEmpty()) {
            return PyStrings.splitWords(v);
        }
        String data = latin1(stripLeadingNewlines(payload()));
        Matcher m = METHOD.matcher(data);
        return List.of(m.lookingAt() ? m.group(1) : "GET");
    }

    /** @return whether the first request line ends with {@code " HTTP/1.0"} */
    boolean requestIsHttp10() {
        String data = latin1(stripLeadingNewlines(payload()));
        int nl = data.indexOf('\n');
        String first = nl < 0 ? data : data.substring(0, nl);
        return PyStrings.rstrip(first, "\r").endsWith(" HTTP/1.0");
    }

    /**
     * @return the writes in sending order: each segment cut by the split mode, with the split delay
     *     after every piece but a segment's last, then the segment's directive, if any
     */
    List<Write> writes() {
        SplitMode mode = splitMode();
        long delay = splitDelayMillis();
        List<Write> out = new ArrayList<>();
        long offset = 0;
        for (Segment seg : segments) {
            List<byte[]> pieces = mode.pieces(seg.data(), offset);
            for (int k = 0; k < pieces.size(); k++) {
                boolean last = k == pieces.size() - 1;
                out.add(new Write(pieces.get(k), last ? 0 : delay, null));
            }
            if (seg.action().kind() != Segment.Kind.NONE) {
                out.add(new Write(new byte[0], 0, seg.action()));
            }
            offset += seg.data().length;
        }
        return out;
    }

    /**
     * Values of {@code key} and {@code key.N}, as run-corpus's {@code _indexed}.
     *
     * @return (index or null, value) pairs in file order of the keys
     */
    List<Indexed> indexed(String key) {
        List<Indexed> out = new ArrayList<>();
        meta.forEach((k, vals) -> {
            if (k.equals(key)) {
                vals.forEach(v -> out.add(new Indexed(null, v)));
            } else if (k.startsWith(key + ".")) {
                String idx = k.substring(key.length() + 1);
                if (!PyStrings.isDigits(idx)) {
                    throw new CaseFormatException("bad index in '" + k + "'");
                }
                int n = PyStrings.parseSmallInt(idx);
                vals.forEach(v -> out.add(new Indexed(n, v)));
            }
        });
        return out;
    }

    /**
     * A value of an indexable key.
     *
     * @param index the 1-based response number, or null for every response
     * @param value the key's value
     */
    record Indexed(Integer index, String value) {
    }

    @Override
    public String toString() {
        return id;
    }

    private static byte[] stripLeadingNewlines(byte[] data) {
        int i = 0;
        while (i < data.length && (data[i] == '\r' || data[i] == '\n')) {
            i++;
        }
        byte[] out = new byte[data.length - i];
        System.arraycopy(data, i, out, 0, out.length);
        return out;
    }

    private static String latin1(byte[] data) {
        return new String(data, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
