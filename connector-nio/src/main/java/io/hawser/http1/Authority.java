package io.hawser.http1;

/**
 * The {@code uri-host [ ":" port ]} grammar of RFC 9110 §7.2 (Host) and RFC 3986 §3.2: IP-literal
 * in brackets, IPv4address or reg-name; no userinfo; port all digits.
 */
final class Authority {
    private Authority() {
    }

    /**
     * @param value the field-value or authority
     * @param portRequired whether a port must be present (authority-form of CONNECT, RFC 9112 §3.2.3)
     * @return whether it is valid; an empty value is valid when no port is required (RFC 9110 §7.2)
     */
    static boolean isValid(String value, boolean portRequired) {
        int n = value.length();
        if (n == 0) {
            return !portRequired;
        }
        int i = 0;
        if (value.charAt(0) == '[') {
            int close = value.indexOf(']');
            if (close < 0) {
                return false;
            }
            for (int j = 1; j < close; j++) {
                char c = value.charAt(j);
                if (!(isHex(c) || c == ':' || c == '.' || c == 'v' || c == 'V')) {
                    return false;
                }
            }
            if (close == 1) {
                return false;
            }
            i = close + 1;
        } else {
            while (i < n && value.charAt(i) != ':') {
                char c = value.charAt(i);
                if (!isRegNameChar(c)) {
                    return false;
                }
                if (c == '%' && (i + 2 >= n || !isHex(value.charAt(i + 1)) || !isHex(value.charAt(i + 2)))) {
                    return false;
                }
                i++;
            }
        }
        if (i == n) {
            return !portRequired;
        }
        if (value.charAt(i) != ':') {
            return false;
        }
        for (int j = i + 1; j < n; j++) {
            char c = value.charAt(j);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return !portRequired || i + 1 < n;
    }

    private static boolean isHex(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    /** unreserved / pct-encoded / sub-delims (RFC 3986 §3.2.2). */
    private static boolean isRegNameChar(char c) {
        if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
            return true;
        }
        return "-._~%!$&'()*+,;=".indexOf(c) >= 0;
    }
}
