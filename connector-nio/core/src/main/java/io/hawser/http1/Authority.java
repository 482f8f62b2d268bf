package io.hawser.http1;

import java.nio.charset.StandardCharsets;

/**
 * The {@code uri-host [ ":" port ]} grammar of RFC 9110 §7.2 (Host) and RFC 3986 §3.2: IP-literal
 * in brackets, IPv4address or reg-name; no userinfo; port all digits. Checked on bytes, so the
 * Host field of every request is validated without building a string.
 */
final class Authority {
    private static final boolean[] REG_NAME = new boolean[256];

    static {
        for (int c = 'a'; c <= 'z'; c++) {
            REG_NAME[c] = true;
            REG_NAME[c - 32] = true;
        }
        for (int c = '0'; c <= '9'; c++) {
            REG_NAME[c] = true;
        }
        // unreserved / pct-encoded / sub-delims (RFC 3986 §3.2.2)
        for (char c : "-._~%!$&'()*+,;=".toCharArray()) {
            REG_NAME[c] = true;
        }
    }

    private Authority() {
    }

    /** As {@link #isValid(byte[], int, int, boolean)} for a string of ISO-8859-1 characters. */
    static boolean isValid(String value, boolean portRequired) {
        byte[] b = value.getBytes(StandardCharsets.ISO_8859_1);
        return isValid(b, 0, b.length, portRequired);
    }

    /**
     * @param a bytes holding the authority in {@code [start, end)}
     * @param portRequired whether a port must be present (authority-form of CONNECT, RFC 9112 §3.2.3)
     * @return whether it is valid; an empty value is valid when no port is required (RFC 9110 §7.2)
     */
    static boolean isValid(byte[] a, int start, int end, boolean portRequired) {
        if (start == end) {
            return !portRequired;
        }
        int i = start;
        if (a[start] == '[') {
            int close = start + 1;
            while (close < end && a[close] != ']') {
                int c = a[close];
                if (!(Ascii.hexValue(a[close]) >= 0 || c == ':' || c == '.' || c == 'v' || c == 'V')) {
                    return false;
                }
                close++;
            }
            if (close == end || close == start + 1) {
                return false;
            }
            i = close + 1;
        } else {
            while (i < end && a[i] != ':') {
                if (!REG_NAME[a[i] & 0xFF]) {
                    return false;
                }
                if (a[i] == '%' && (i + 2 >= end || Ascii.hexValue(a[i + 1]) < 0 || Ascii.hexValue(a[i + 2]) < 0)) {
                    return false;
                }
                i++;
            }
        }
        if (i == end) {
            return !portRequired;
        }
        if (a[i] != ':') {
            return false;
        }
        for (int j = i + 1; j < end; j++) {
            if (a[j] < '0' || a[j] > '9') {
                return false;
            }
        }
        return !portRequired || i + 1 < end;
    }
}
