package io.hawser.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The few Python 3 string operations run-corpus relies on, with Python's semantics: what counts as
 * whitespace for {@code str.strip()} / {@code str.split()} / {@code \s}, {@code int()} and
 * {@code float()} parsing. Keeping them in one place keeps the port's verdicts identical.
 */
final class PyStrings {

    /** Python's {@code \s} for {@code str} patterns (the characters {@code str.isspace()} accepts). */
    static final String WS_CLASS =
            "[\\t\\n\\x0B\\f\\r\\x1C-\\x1F \\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]";

    private static final Pattern WS_OR_COMMA = Pattern.compile("(?:" + WS_CLASS + "|,)+");
    private static final Pattern PY_INT = Pattern.compile("[+-]?\\p{Nd}+(?:_\\p{Nd}+)*");
    private static final Pattern PY_FLOAT = Pattern.compile(
            "[+-]?(?:\\d+(?:_\\d+)*(?:\\.(?:\\d+(?:_\\d+)*)?)?|\\.\\d+(?:_\\d+)*)(?:[eE][+-]?\\d+(?:_\\d+)*)?");

    private PyStrings() {
    }

    /** Python's {@code str.isspace()} for one code point. */
    static boolean isSpace(int c) {
        return c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r' || (c >= 0x1C && c <= 0x20)
                || c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A)
                || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
    }

    /** Python's {@code s.strip()}. */
    static String strip(String s) {
        return rstrip(lstrip(s));
    }

    /** Python's {@code s.lstrip()}. */
    static String lstrip(String s) {
        int i = 0;
        while (i < s.length() && isSpace(s.charAt(i))) {
            i++;
        }
        return s.substring(i);
    }

    /** Python's {@code s.rstrip()}. */
    static String rstrip(String s) {
        int end = s.length();
        while (end > 0 && isSpace(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(0, end);
    }

    /** Python's {@code s.strip(chars)}. */
    static String strip(String s, String chars) {
        int start = 0;
        int end = s.length();
        while (start < end && chars.indexOf(s.charAt(start)) >= 0) {
            start++;
        }
        while (end > start && chars.indexOf(s.charAt(end - 1)) >= 0) {
            end--;
        }
        return s.substring(start, end);
    }

    /** Python's {@code s.rstrip(chars)}. */
    static String rstrip(String s, String chars) {
        int end = s.length();
        while (end > 0 && chars.indexOf(s.charAt(end - 1)) >= 0) {
            end--;
        }
        return s.substring(0, end);
    }

    /** Python's {@code s.lower()} (identical for the characters case files and responses use). */
    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    /**
     * Python's {@code s.partition(sep)}: the text before the first {@code sep}, and the text after it
     * ({@code ""} when absent).
     */
    static String[] partition(String s, String sep) {
        int i = s.indexOf(sep);
        if (i < 0) {
            return new String[] {s, ""};
        }
        return new String[] {s.substring(0, i), s.substring(i + sep.length())};
    }

    /** Python's {@code s.split(None, maxSplit)}: runs of whitespace separate, none at the ends. */
    static List<String> splitWhitespace(String s, int maxSplit) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (true) {
            while (i < n && isSpace(s.charAt(i))) {
                i++;
            }
            if (i >= n) {
                return out;
            }
            if (out.size() == maxSplit) {
                out.add(s.substring(i));
                return out;
            }
            int start = i;
            while (i < n && !isSpace(s.charAt(i))) {
                i++;
            }
            out.add(s.substring(start, i));
        }
    }

    /** Python's {@code [x for x in re.split(r"[\s,]+", s) if x]}. */
    static List<String> splitWords(String s) {
        List<String> out = new ArrayList<>();
        for (String part : WS_OR_COMMA.split(s, -1)) {
            if (!part.isEmpty()) {
                out.add(part);
            }
        }
        return out;
    }

    /** Python's {@code s.isdigit()} for decimal digits (false for the empty string). */
    static boolean isDigits(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Python's {@code int(s)}: surrounding whitespace, a sign, digits with single underscores between.
     *
     * @throws NumberFormatException where Python raises ValueError (or the value exceeds a long)
     */
    static long parseInt(String s) {
        String t = strip(s);
        if (!PY_INT.matcher(t).matches()) {
            throw new NumberFormatException("invalid literal for int() with base 10: '" + s + "'");
        }
        StringBuilder digits = new StringBuilder();
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '+' || c == '-') {
                digits.append(c);
            } else if (c != '_') {
                digits.append((char) ('0' + Character.digit(c, 10)));
            }
        }
        return Long.parseLong(digits.toString());
    }

    /** {@link #parseInt(String)} for values that must fit an int. */
    static int parseSmallInt(String s) {
        long v = parseInt(s);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new NumberFormatException("value out of range: " + s);
        }
        return (int) v;
    }

    /**
     * Python's {@code float(s)} for finite decimal literals and {@code inf}/{@code nan}.
     *
     * @throws NumberFormatException where Python raises ValueError
     */
    static double parseFloat(String s) {
        String t = strip(s);
        String lower = lower(t);
        String unsigned = lower.startsWith("+") || lower.startsWith("-") ? lower.substring(1) : lower;
        if (unsigned.equals("inf") || unsigned.equals("infinity")) {
            return lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (unsigned.equals("nan")) {
            return Double.NaN;
        }
        if (!PY_FLOAT.matcher(t).matches()) {
            throw new NumberFormatException("could not convert string to float: '" + s + "'");
        }
        return Double.parseDouble(t.replace("_", ""));
    }
}
