package io.hawser.http1;

import io.hawser.api.HttpDate;
import java.nio.charset.StandardCharsets;

/**
 * The {@code Date} field line (RFC 9110 §6.6.1) in IMF-fixdate form, encoded once per second and
 * shared by every response of that second.
 */
public final class DateField {
    private static volatile Cached cached = new Cached(-1, null);

    private DateField() {
    }

    /**
     * @param epochMillis the current wall-clock time in milliseconds
     * @return the bytes {@code Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n} for that second (shared; do not modify)
     */
    public static byte[] line(long epochMillis) {
        long second = epochMillis / 1000;
        Cached c = cached;
        if (c.second != second) {
            String text = "Date: " + HttpDate.format(second * 1000) + "\r\n";
            c = new Cached(second, text.getBytes(StandardCharsets.US_ASCII));
            cached = c;
        }
        return c.bytes;
    }

    private static final class Cached {
        final long second;
        final byte[] bytes;

        Cached(long second, byte[] bytes) {
            this.second = second;
            this.bytes = bytes;
        }
    }
}
