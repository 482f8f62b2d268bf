package io.hawser.servlet;

import io.hawser.api.HttpDate;
import jakarta.servlet.http.Cookie;
import java.util.Map;

/**
 * Formats a {@link Cookie} as a {@code Set-Cookie} field value (RFC 6265 §4.1): {@code name=value}
 * then every attribute the cookie carries ({@code Max-Age} with a matching {@code Expires} for old
 * clients, {@code Domain}, {@code Path}, {@code Secure}, {@code HttpOnly}, {@code SameSite},
 * {@code Partitioned} and any other set through {@link Cookie#setAttribute}); an attribute whose
 * value is empty is written as its name alone. {@code Comment} is dropped (RFC 6265 has none).
 */
final class SetCookieHeader {
    private SetCookieHeader() {
    }

    /**
     * @param cookie the cookie
     * @param nowMillis the current time, for {@code Expires}
     * @return the field value
     * @throws IllegalArgumentException when the value or an attribute would break the field
     *     (characters outside cookie-octet in the value; {@code ;}, CR, LF or control characters in
     *     an attribute)
     */
    static String format(Cookie cookie, long nowMillis) {
        String value = cookie.getValue() == null ? "" : cookie.getValue();
        if (!CookieHeader.isCookieValue(value)) {
            throw new IllegalArgumentException("cookie value has characters outside RFC 6265 cookie-octet: " + cookie.getName());
        }
        StringBuilder out = new StringBuilder(64).append(cookie.getName()).append('=').append(value);
        for (Map.Entry<String, String> attribute : cookie.getAttributes().entrySet()) {
            String name = attribute.getKey();
            String v = attribute.getValue();
            if (name.equalsIgnoreCase("Comment") || v == null) {
                continue;
            }
            checkAttribute(name, v);
            if (name.equalsIgnoreCase("Max-Age")) {
                int maxAge = Integer.parseInt(v.trim());
                if (maxAge < 0) {
                    continue;
                }
                out.append("; Max-Age=").append(maxAge);
                out.append("; Expires=").append(HttpDate.format(maxAge == 0 ? 0 : nowMillis + maxAge * 1000L));
            } else if (v.isEmpty()) {
                out.append("; ").append(name);
            } else {
                out.append("; ").append(name).append('=').append(v);
            }
        }
        return out.toString();
    }

    private static void checkAttribute(String name, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == 0x7f || c == ';') {
                throw new IllegalArgumentException("cookie attribute " + name + " has a ';' or control character");
            }
        }
    }
}
