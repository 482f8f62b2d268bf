package io.hawser.servlet;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Decodes {@code application/x-www-form-urlencoded} data (the query string and form bodies of
 * Servlet 6.1 §3.1.1; WHATWG URL "urlencoded parsing"): {@code &}-separated {@code name=value}
 * pairs, {@code +} as space, {@code %XX} as a byte, the bytes decoded with the given charset.
 */
final class UrlEncodedForm {
    private UrlEncodedForm() {
    }

    /**
     * Adds the pairs of {@code data[from, to)} to {@code params}, values appended in order.
     *
     * @param data the bytes (the query string as ISO-8859-1 bytes, or the body)
     * @param from start offset
     * @param to end offset, exclusive
     * @param charset the charset of the decoded bytes
     * @param params where to add
     * @param maxKeys the most pairs allowed in total in {@code params}; more → 400
     * @throws BadRequestException (400) on a malformed {@code %} escape or too many pairs
     */
    static void decode(byte[] data, int from, int to, Charset charset, Map<String, List<String>> params, int maxKeys) {
        ByteArrayOutputStream scratch = new ByteArrayOutputStream(64);
        int count = 0;
        for (List<String> values : params.values()) {
            count += values.size();
        }
        int start = from;
        while (start < to) {
            int end = start;
            while (end < to && data[end] != '&') {
                end++;
            }
            if (end > start) {
                int eq = start;
                while (eq < end && data[eq] != '=') {
                    eq++;
                }
                String name = unescape(data, start, eq, charset, scratch);
                String value = eq < end ? unescape(data, eq + 1, end, charset, scratch) : "";
                if (++count > maxKeys) {
                    throw new BadRequestException(400, "more than " + maxKeys + " parameters");
                }
                params.computeIfAbsent(name, k -> new ArrayList<>(1)).add(value);
            }
            start = end + 1;
        }
    }

    private static String unescape(byte[] data, int from, int to, Charset charset, ByteArrayOutputStream out) {
        out.reset();
        for (int i = from; i < to; i++) {
            byte b = data[i];
            if (b == '+') {
                out.write(' ');
            } else if (b == '%') {
                int hi = i + 2 < to ? Character.digit(data[i + 1], 16) : -1;
                int lo = hi >= 0 ? Character.digit(data[i + 2], 16) : -1;
                if (lo < 0) {
                    throw new BadRequestException(400, "malformed %-escape in form data");
                }
                out.write(hi << 4 | lo);
                i += 2;
            } else {
                out.write(b);
            }
        }
        return new String(out.toByteArray(), charset);
    }
}
