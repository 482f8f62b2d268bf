package io.hawser.api;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * HTTP-date (RFC 9110 §5.6.7): formats IMF-fixdate, parses IMF-fixdate and the two obsolete
 * forms (RFC 850 and asctime) that a recipient must accept. The one date codec of the project:
 * the connector's {@code Date} field and the servlet layer's {@code Last-Modified}, cookie
 * {@code Expires} and conditional requests all use it.
 */
public final class HttpDate {
    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter RFC_850 =
            DateTimeFormatter.ofPattern("dd-MMM-yy HH:mm:ss 'GMT'", Locale.US);
    private static final DateTimeFormatter ASCTIME =
            DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.US);

    private HttpDate() {
    }

    /**
     * @param epochMillis milliseconds since the epoch (the fraction of a second is dropped)
     * @return the IMF-fixdate, e.g. {@code Sun, 06 Nov 1994 08:49:37 GMT}
     */
    public static String format(long epochMillis) {
        long second = Math.floorDiv(epochMillis, 1000);
        Formatted l = last;
        if (l.second == second) {
            return l.text; // the same second as last time (a file's Last-Modified on every request for it)
        }
        String text = IMF_FIXDATE.format(Instant.ofEpochMilli(epochMillis));
        last = new Formatted(second, text);
        return text;
    }

    /** The last second formatted and its text: one entry, replaced whole (no lock needed). */
    private record Formatted(long second, String text) {
    }

    private static volatile Formatted last = new Formatted(Long.MIN_VALUE, "");

    /**
     * @param value a field value; surrounding whitespace is ignored
     * @return milliseconds since the epoch, or -1 when it is not an HTTP-date in any of the three forms
     */
    public static long parse(String value) {
        String v = value.trim();
        try {
            return Instant.from(IMF_FIXDATE.parse(v)).toEpochMilli();
        } catch (DateTimeParseException e) {
            // try the obsolete forms
        }
        int comma = v.indexOf(", ");
        try {
            // The weekday is left out: with a two-digit year it would be checked against the wrong century.
            LocalDateTime t = LocalDateTime.parse(comma < 0 ? v : v.substring(comma + 2), RFC_850);
            // RFC 9110 §5.6.7: a two-digit year more than 50 years ahead is in the past century.
            if (t.getYear() > LocalDateTime.now(ZoneOffset.UTC).getYear() + 50) {
                t = t.minusYears(100);
            }
            return t.toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException e) {
            // try asctime
        }
        try {
            return LocalDateTime.parse(v, ASCTIME).toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException e) {
            return -1;
        }
    }
}
