package io.hawser.servlet;

/** Decimal text of non-negative numbers, with the small ones (below 4,096) cached: Content-Length values. */
final class Decimal {
    private static final String[] SMALL = new String[4096];

    private Decimal() {
    }

    /**
     * @param value a number, usually a length in bytes
     * @return {@code Long.toString(value)}; the same String instance for values 0–4,095
     */
    static String toString(long value) {
        if (value < 0 || value >= SMALL.length) {
            return Long.toString(value);
        }
        String s = SMALL[(int) value];
        if (s == null) {
            s = Long.toString(value);
            SMALL[(int) value] = s; // a benign race: two threads store equal strings
        }
        return s;
    }
}
