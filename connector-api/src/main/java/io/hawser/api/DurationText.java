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
}
