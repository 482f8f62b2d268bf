package io.hawser.servlet;

import io.hawser.api.Tokens;
import jakarta.servlet.http.Cookie;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code Cookie} request fields (RFC 6265 §4.2.1, §5.4): {@code name=value} pairs separated
 * by {@code ;}. A pair that does not follow the grammar (a name that is not a token, a value with
 * characters outside cookie-octet) is skipped, not the whole field. A quoted value keeps its
 * quotes, as the grammar makes them part of the cookie-value. Names starting with {@code $}
 * (RFC 2109 attributes) are skipped.
 */
final class CookieHeader {
    private CookieHeader() {
    }

    /**
     * @param fields the values of every {@code Cookie} field line, in order
     * @return the cookies, in order; empty when none
     */
    static List<Cookie> parse(List<String> fields) {
        List<Cookie> cookies = new ArrayList<>();
        for (String field : fields) {
            int start = 0;
            while (start < field.length()) {
                int end = field.indexOf(';', start);
                if (end < 0) {
                    end = field.length();
                }
                Cookie cookie = pair(field.substring(start, end).trim());
                if (cookie != null) {
                    cookies.add(cookie);
                }
                start = end + 1;
            }
        }
        return cookies;
    }

    private static Cookie pair(String pair) {
        int eq = pair.indexOf('=');
        if (eq <= 0) {
            return null;
        }
        String name = pair.substring(0, eq).trim();
        String value = pair.substring(eq + 1).trim();
        if (name.isEmpty() || name.charAt(0) == '$' || !Tokens.isToken(name) || !isCookieValue(value)) {
            return null;
        }
        try {
            return new Cookie(name, value);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * @param v text
     * @return whether it is a cookie-value: cookie-octets, optionally inside one pair of DQUOTEs
     */
    static boolean isCookieValue(String v) {
        int from = 0;
        int to = v.length();
        if (to >= 2 && v.charAt(0) == '"' && v.charAt(to - 1) == '"') {
            from = 1;
            to--;
        }
        for (int i = from; i < to; i++) {
            char c = v.charAt(i);
            // cookie-octet: %x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E
            if (c < 0x21 || c > 0x7e || c == '"' || c == ',' || c == ';' || c == '\\') {
                return false;
            }
        }
        return true;
    }
}
