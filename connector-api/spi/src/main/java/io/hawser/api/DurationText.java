package io.hawser.api;

import java.time.Duration;
import java.util.Locale;

/**
 * Durations as written on command lines and in configuration: a whole number followed by a unit,
 * {@code ms}, {@code s}, {@code m} or {@code h} ({@code 500ms}, {@code 20s}, {@code 5m}).
 */
public final class DurationText {
    private DurationText() {
    }

    /**
     * @param text e.g. {@code 500ms}, {@code 20s}, {@code 5m}, {@code 1h}
     * @return the duration
     * @throws IllegalArgumentException when the text is not a number followed by one of the units
     */
    public static Duration parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        int unit = 0;
        while (unit < t.length() && Character.isDigit(t.charAt(unit))) {
            unit++;
        }
        if (unit == 0 || unit > 12) {
            throw new IllegalArgumentException("not a duration (e.g. 500ms, 20s, 5m): " + text);
        }
        long n = Long.parseLong(t.substring(0, unit));
        switch (t.substring(unit)) {
            case "ms":
                return Duration.ofMillis(n);
            case "s":
                return Duration.ofSeconds(n);
            case "m":
                return Duration.ofMinutes(n);
            case "h":
                return Duration.ofHours(n);
            default:
                throw new IllegalArgumentException("not a duration (e.g. 500ms, 20s, 5m): " + text);
        }
    }

    /**
     * @param d a duration, not negative
     * @return it in the largest of the units above that writes it exactly ({@code 10s}, {@code 1500ms},
     *         {@code 5m}); {@link #parse} reads it back to the same duration (below a millisecond: {@code 0ms})
     */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms != 0 && ms % 3_600_000 == 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms != 0 && ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        }
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }
}
