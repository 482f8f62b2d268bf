package io.hawser.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The {@code Range} request field for byte ranges (RFC 9110 §14.1.2, §14.2), read against the
 * selected representation's length, with the limits the default servlet applies: a malformed
 * value, another range unit, more than {@link #MAX_RANGES} ranges or overlapping ranges are
 * ignored (the whole representation is sent with 200, as §14.2 allows); a well-formed value none
 * of whose ranges is satisfiable is answered with 416 and {@link #unsatisfiedRange}.
 *
 * <p>Range handling is defined for {@code GET} only; {@link ConditionalRequest} says whether a
 * Range field applies once the preconditions pass ({@code If-Range}, §13.1.5).
 */
public final class ByteRanges {
    /** More ranges than this are ignored, against many-small-ranges abuse (RFC 9110 §14.2). */
    public static final int MAX_RANGES = 16;

    /**
     * One satisfiable byte range, both ends inclusive, within the representation.
     *
     * @param first the first byte's offset, from 0
     * @param last the last byte's offset, at least {@code first} and at most length - 1
     */
    public record Range(long first, long last) {
        /** @return the number of bytes, {@code last - first + 1} */
        public long length() {
            return last - first + 1;
        }

        /**
         * @param completeLength the representation's length in bytes
         * @return the {@code Content-Range} value of a 206 part (RFC 9110 §14.4), e.g.
         *     {@code bytes 0-99/1234}
         */
        public String contentRange(long completeLength) {
            return "bytes " + first + "-" + last + "/" + completeLength;
        }
    }

    private ByteRanges() {
    }

    /**
     * @param value the Range field value, e.g. {@code bytes=0-99, -500}, or {@code null} when absent
     * @param length the representation's length in bytes, 0 or more
     * @return {@code null} to ignore the field (absent, malformed, not {@code bytes}, more than
     *     {@link #MAX_RANGES} ranges, overlapping ranges); an empty list when no range is
     *     satisfiable (answer 416); otherwise the satisfiable ranges, unmodifiable, in the order
     *     requested, each trimmed to the length (a 206 with one part, or {@code multipart/byteranges}
     *     for several, §14.6)
     */
    public static List<Range> parse(String value, long length) {
        if (value == null) {
            return null;
        }
        String v = value.trim();
        if (!v.regionMatches(true, 0, "bytes=", 0, 6)) {
            return null;
        }
        String[] specs = v.substring(6).split(",", -1);
        List<Range> ranges = new ArrayList<>();
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
                    ranges.add(new Range(Math.max(0, length - suffix), length - 1));
                }
                continue;
            }
            long first = digits(a);
            long last = b.isEmpty() ? Long.MAX_VALUE : digits(b);
            if (first < 0 || last < 0 || last < first) {
                return null;
            }
            if (first < length) {
                ranges.add(new Range(first, Math.min(last, length - 1)));
            }
        }
        if (count == 0) {
            return null;
        }
        return overlap(ranges) ? null : List.copyOf(ranges);
    }

    /**
     * @param length the representation's length in bytes
     * @return the {@code Content-Range} value of a 416 answer (RFC 9110 §14.4), e.g. {@code bytes *}{@code /1234}
     */
    public static String unsatisfiedRange(long length) {
        return "bytes */" + length;
    }

    private static boolean overlap(List<Range> ranges) {
        List<Range> sorted = new ArrayList<>(ranges);
        sorted.sort(Comparator.comparingLong(Range::first));
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
