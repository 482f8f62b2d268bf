package io.hawser.launcher;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * How an {@link AccessRecord} becomes one line (without its line end): a pattern of Apache httpd /
 * Tomcat {@code AccessLogValve} codes ({@link AccessPattern}), or JSON ({@link AccessJson}).
 */
interface AccessLogFormat {
    /** {@code %h %l %u %t "%r" %>s %b}: Common Log Format (Tomcat's {@code common}). */
    String COMMON = "%h %l %u %t \"%r\" %>s %b";
    /** Common plus {@code "%{Referer}i" "%{User-Agent}i"}: Combined Log Format (Tomcat's {@code combined}). */
    String COMBINED = COMMON + " \"%{Referer}i\" \"%{User-Agent}i\"";

    /** {@code [dd/MMM/yyyy:HH:mm:ss Z]} in the local zone: {@code %t}. */
    DateTimeFormatter CLF_TIME = DateTimeFormatter.ofPattern("'['dd/MMM/yyyy:HH:mm:ss Z']'", Locale.US)
            .withZone(ZoneId.systemDefault());

    /**
     * @param record the exchange
     * @param out where the line goes
     */
    void format(AccessRecord record, StringBuilder out);

    /**
     * @param spec {@code common}, {@code combined}, {@code json}, or a pattern of codes
     * @return the format
     * @throws IllegalArgumentException naming a code that is not supported
     */
    static AccessLogFormat of(String spec) {
        return switch (spec.toLowerCase(Locale.ROOT)) {
            case "common" -> AccessPattern.compile(COMMON);
            case "combined" -> AccessPattern.compile(COMBINED);
            case "json" -> new AccessJson();
            default -> AccessPattern.compile(spec);
        };
    }

    /** @return the instant formatted as {@code %t} */
    static String clfTime(long epochMillis) {
        return CLF_TIME.format(Instant.ofEpochMilli(epochMillis));
    }

    /**
     * Appends a value that may hold client bytes: outside printable ASCII, {@code "} and {@code \}
     * become {@code \xHH} (the char's low byte; request bytes arrive as ISO-8859-1 chars), so a
     * client cannot forge lines or fields.
     */
    static void escape(String v, StringBuilder s) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') {
                s.append("\\x").append(Character.forDigit(c >> 4 & 0xF, 16)).append(Character.forDigit(c & 0xF, 16));
            } else {
                s.append(c);
            }
        }
    }
}
