package io.hawser.servlet;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The {@code Range} request field for byte ranges (RFC 9110 §14.1.2, §14.2), as the default servlet
 * reads it. Malformed values, other units, more than {@link #MAX_RANGES} ranges and overlapping
 * ranges are ignored (the whole representation is sent, as §14.2 allows); a well-formed value none
 * of whose ranges is satisfiable is answered with 416.
 */
final class RangeHeader {
    /** More ranges than this are ignored, against many-small-ranges abuse (RFC 9110 §14.2). */
    static final int MAX_RANGES = 16;

    /**
     * One satisfiable byte range, both ends inclusive.
     *
     * @param first the first byte's offset
     * @param last the last byte's offset, at most length - 1
     */
    record Span(long first, long last) {
        /** @return the number of bytes */
        long length() {
            return last - first + 1;
        }
    }

    private RangeHeader() {
    }

    /**
     * @param value the Range field value
     * @param length the representation's length in bytes
     * @return {@code null} to ignore the field; an empty list when no range is satisfiable (416);
     *     otherwise the satisfiable ranges, in the order requested, trimmed to the length
     */
    static List<Span> parse(String value, long length) {
        String v = value.trim();
        if (!v.regionMatches(true, 0, "bytes=", 0, 6)) {
            return null;
        }
        String[] specs = v.substring(6).split(",", -1);
        List<Span> spans = new ArrayList<>();
        int count = 0;
        for (String raw : specs) {
            String spec = raw.trim();
            if (spec.isEmpty()) {
                continue;   // empty list elements are allowed (RFC 9110 §5.6.1)
            }
            if (++count > MAX_RANGES) {
                return null;
            }
            int dash = spec.indexOf('-');
            if (dash < 0) {
                return null;
            }
            String a = spec.substring(0, dash);
            String b = spec.substring(dash + 1);
            if (a.isEmpty()) {
                long suffix = digits(b);
                if (suffix < 0) {
                    return null;
                }
                if (suffix > 0 && length > 0) {
                    spans.add(new Span(Math.max(0, length - suffix), length - 1));
                }
                continue;
            }
            long first = digits(a);
            long last = b.isEmpty() ? Long.MAX_VALUE : digits(b);
            if (first < 0 || last < 0 || last < first) {
                return null;
            }
            if (first < length) {
                spans.add(new Span(first, Math.min(last, length - 1)));
            }
        }
        if (count == 0) {
            return null;
        }
        return overlap(spans) ? null : spans;
    }

    private static boolean overlap(List<Span> spans) {
        List<Span> sorted = new ArrayList<>(spans);
        sorted.sort(Comparator.comparingLong(Span::first));
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).first() <= sorted.get(i - 1).last()) {
                return true;
            }
        }
        return false;
    }

    /** @return the non-negative decimal value, or -1 when not 1 to 18 digits */
    private static long digits(String s) {
        if (s.isEmpty() || s.length() > 18) {
            return -1;
        }
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }
}
