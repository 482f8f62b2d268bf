package io.hawser.launcher;

import java.util.Locale;
import picocli.CommandLine;

/**
 * Reads sizes in bytes: a whole number, optionally followed by {@code k}, {@code m} or {@code g}
 * (binary multiples: {@code 8k} = 8192); {@code -1} where an option allows "no limit".
 */
final class ByteSizeConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals("-1")) {
            return -1L;
        }
        long unit = 1;
        if (v.endsWith("k") || v.endsWith("m") || v.endsWith("g")) {
            unit = v.endsWith("k") ? 1L << 10 : v.endsWith("m") ? 1L << 20 : 1L << 30;
            v = v.substring(0, v.length() - 1);
        }
        if (v.isEmpty() || v.length() > 15 || !v.chars().allMatch(Character::isDigit)) {
            throw new CommandLine.TypeConversionException("not a size in bytes (e.g. 8192, 8k, 10m): " + value);
        }
        return Long.parseLong(v) * unit;
    }
}
