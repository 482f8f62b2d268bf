package io.hawser.launcher;

import io.hawser.api.DurationText;
import java.time.Duration;
import picocli.CommandLine;

/** Reads durations such as {@code 500ms}, {@code 20s}, {@code 5m} ({@link DurationText}). */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        try {
            return DurationText.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
