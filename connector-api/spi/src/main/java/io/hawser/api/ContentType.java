package io.hawser.api;

import java.util.Locale;

/**
 * The {@code Content-Type} field (RFC 9110 §8.3): a media type {@code type/subtype *( ; name=value )}
 * (§8.3.1) whose parameter values may be quoted strings (§5.6.4), read as text. Parameter names
 * are compared case-insensitively; a {@code ;} inside a quoted value does not end a parameter.
 * Nothing is validated: a value that is not a media type gives whatever text it has before its
 * first {@code ;}. The servlet layer's request and response content types use it.
 */
public final class ContentType {
    private ContentType() {
    }

    /**
     * @param value a Content-Type value, e.g. {@code text/html; charset="UTF-8"}, or {@code null}
     * @return {@code type/subtype} without parameters, trimmed, case kept (e.g. {@code text/html}),
     *     or {@code null} for {@code null}
     */
    public static String mediaType(String value) {
        if (value == null) {
            return null;
        }
        int semi = value.indexOf(';');
        return (semi < 0 ? value : value.substring(0, semi)).trim();
    }

    /**
     * @param value a Content-Type value, or {@code null}
     * @return the {@code charset} parameter (§8.3.2) without quotes, case kept (e.g. {@code UTF-8}),
     *     or {@code null} when absent or empty
     */
    public static String charset(String value) {
        return parameter(value, "charset");
    }

    /**
     * @param value a Content-Type value, or {@code null}
     * @param name a parameter name, compared case-insensitively
     * @return the first such parameter's value, unquoted ({@code \"} and {@code \\} unescaped), or
     *     {@code null} when absent or empty
     */
    public static String parameter(String value, String name) {
        if (value == null) {
            return null;
        }
        int i = value.indexOf(';');
        while (i >= 0 && i < value.length()) {
            int next = nextSemicolon(value, i + 1);
            String param = value.substring(i + 1, next).trim();
            int eq = param.indexOf('=');
            if (eq > 0 && param.substring(0, eq).trim().equalsIgnoreCase(name)) {
                String v = param.substring(eq + 1).trim();
                if (v.length() >= 2 && v.charAt(0) == '"' && v.charAt(v.length() - 1) == '"') {
                    v = v.substring(1, v.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
                }
                return v.isEmpty() ? null : v;
            }
            i = next;
        }
        return null;
    }

    /**
     * @param value a Content-Type value, not {@code null}
     * @return the value trimmed, without its {@code charset} parameters and with the others joined by
     *     {@code ;} without spaces, e.g. {@code text/html;level=1} for
     *     {@code text/html; charset=x; level=1}; {@code value} itself when it has no parameters
     *     and nothing to trim
     * @throws NullPointerException for {@code null}
     */
    public static String withoutCharset(String value) {
        if (value.indexOf(';') < 0) {
            return value.trim(); // no parameters: trim() returns value itself when there is nothing to trim
        }
        Cached last = lastWithoutCharset;
        if (last != null && last.value.equals(value)) {
            return last.result;
        }
        String result = computeWithoutCharset(value);
        lastWithoutCharset = new Cached(value, result);
        return result;
    }

    /** The last {@link #withoutCharset} input with parameters and its result: servlets set the same type again and again. */
    private static volatile Cached lastWithoutCharset;

    private record Cached(String value, String result) {
    }

    private static String computeWithoutCharset(String value) {
        StringBuilder out = new StringBuilder(value.length());
        int semi = value.indexOf(';');
        out.append((semi < 0 ? value : value.substring(0, semi)).trim());
        int i = semi;
        while (i >= 0 && i < value.length()) {
            int next = nextSemicolon(value, i + 1);
            String param = value.substring(i + 1, next).trim();
            int eq = param.indexOf('=');
            if (!param.isEmpty() && !(eq > 0 && param.substring(0, eq).trim().toLowerCase(Locale.ROOT).equals("charset"))) {
                out.append(';').append(param);
            }
            i = next;
        }
        return out.toString();
    }

    private static int nextSemicolon(String value, int from) {
        boolean quoted = false;
        for (int i = from; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '\\' && quoted) {
                i++;
            } else if (c == ';' && !quoted) {
                return i;
            }
        }
        return value.length();
    }
}
