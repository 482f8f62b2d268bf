package io.hawser.launcher;

import java.time.Instant;

/**
 * One JSON object per line (JSON Lines; RFC 8259 text, no line breaks inside):
 *
 * <pre>
 * {"time":"2026-12-01T15:49:37.123Z","remoteAddr":"203.0.113.7","remotePort":50123,"user":null,
 *  "method":"GET","target":"/shop/?q=1","protocol":"HTTP/1.1","status":200,"bytes":298,
 *  "durationMicros":1234,"host":"shop.example","referer":null,"userAgent":"curl/8.5.0"}
 * </pre>
 *
 * {@code time} is when the request arrived (UTC, ISO-8601); absent values are {@code null};
 * {@code bytes} counts content bytes (0 for none). Strings escape {@code "}, {@code \} and
 * everything outside printable ASCII as {@code \}{@code uXXXX}, so request bytes (ISO-8859-1
 * characters) and user names stay readable and a client cannot end the line.
 */
final class AccessJson implements AccessLogFormat {
    @Override
    public void format(AccessRecord r, StringBuilder out) {
        out.append("{\"time\":\"").append(Instant.ofEpochMilli(r.receivedMillis())).append('"');
        string(out, "remoteAddr", r.remoteAddress());
        out.append(",\"remotePort\":").append(r.remotePort());
        string(out, "user", r.user());
        string(out, "method", r.method());
        string(out, "target", r.target());
        string(out, "protocol", r.protocol());
        out.append(",\"status\":").append(r.status());
        out.append(",\"bytes\":").append(r.bytes());
        out.append(",\"durationMicros\":").append(r.durationNanos() / 1_000L);
        string(out, "host", r.serverName().equals("-") ? null : r.serverName());
        string(out, "referer", r.requestFields().get("Referer"));
        string(out, "userAgent", r.requestFields().get("User-Agent"));
        out.append('}');
    }

    private static void string(StringBuilder out, String name, String value) {
        out.append(",\"").append(name).append("\":");
        if (value == null) {
            out.append("null");
            return;
        }
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c >= 0x7F) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }
}
