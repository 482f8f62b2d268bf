package io.hawser.http1;

/**
 * The Connection field (RFC 9110 §7.6.1): {@code Connection = #connection-option}, a list of
 * case-insensitive tokens. Only {@code close} (RFC 9112 §9.6) and {@code keep-alive} (HTTP/1.0,
 * RFC 9112 §9.3) mean anything to the connector; a value is never matched by substring.
 */
public final class ConnectionField {
    /** The {@code close} option is listed. */
    static final int CLOSE = 1;
    /** The {@code keep-alive} option is listed. */
    static final int KEEP_ALIVE = 2;

    private ConnectionField() {
    }

    /** @return {@link #CLOSE} and {@link #KEEP_ALIVE} bits for the options listed in {@code buf[start, end)} */
    static int options(byte[] buf, int start, int end) {
        int options = 0;
        int i = start;
        while (i < end) {
            while (i < end && isSeparator(buf[i])) {
                i++;
            }
            int tokenStart = i;
            while (i < end && !isSeparator(buf[i])) {
                i++;
            }
            int len = i - tokenStart;
            if (len == 5 && Ascii.equalsIgnoreCase(buf, tokenStart, "close")) {
                options |= CLOSE;
            } else if (len == 10 && Ascii.equalsIgnoreCase(buf, tokenStart, "keep-alive")) {
                options |= KEEP_ALIVE;
            }
        }
        return options;
    }

    /**
     * @param value a Connection field value, e.g. one an application set on a response
     * @return whether it lists the {@code close} option, e.g. {@code keep-alive, Close}; not for
     *     {@code closed} or {@code x-close}
     */
    public static boolean listsClose(String value) {
        // Read in place (a response's own Connection field is checked at every commit: no copy).
        int i = 0;
        int n = value.length();
        while (i < n) {
            while (i < n && isSeparator(value.charAt(i))) {
                i++;
            }
            int tokenStart = i;
            while (i < n && !isSeparator(value.charAt(i))) {
                i++;
            }
            if (i - tokenStart == 5 && value.regionMatches(true, tokenStart, "close", 0, 5)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isSeparator(int c) {
        return c == ' ' || c == '\t' || c == ',';
    }
}
