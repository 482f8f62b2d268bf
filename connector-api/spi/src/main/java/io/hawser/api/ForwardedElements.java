package io.hawser.api;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The syntax of the {@code Forwarded} field (RFC 7239 §4): a list of forwarded-elements, each a
 * {@code ;}-separated list of {@code token=value} pairs whose value is a token or a quoted-string;
 * parameter names are case-insensitive and occur at most once per element.
 */
final class ForwardedElements {
    private ForwardedElements() {
    }

    /**
     * @param lines the field lines in arrival order (several lines form one list, RFC 9110 §5.3)
     * @return one map per element, lower-case parameter name → unquoted value, in order
     * @throws BadMessageException (400) on any syntax error or a repeated parameter
     */
    static List<Map<String, String>> parse(List<String> lines) throws BadMessageException {
        List<Map<String, String>> elements = new ArrayList<>();
        for (String line : lines) {
            parseLine(line, elements);
        }
        return elements;
    }

    private static void parseLine(String s, List<Map<String, String>> out) throws BadMessageException {
        Map<String, String> element = new HashMap<>();
        int i = 0;
        int n = s.length();
        while (true) {
            i = skipOws(s, i);
            if (i < n && s.charAt(i) != ',' && s.charAt(i) != ';') {
                int start = i;
                while (i < n && Tokens.isTchar(s.charAt(i))) {
                    i++;
                }
                if (i == start || i >= n || s.charAt(i) != '=') {
                    throw bad("a forwarded-pair needs token=value");
                }
                String name = s.substring(start, i).toLowerCase(Locale.ROOT);
                i++;
                StringBuilder value = new StringBuilder();
                if (i < n && s.charAt(i) == '"') {
                    i = quoted(s, i + 1, value);
                } else {
                    int v = i;
                    while (i < n && Tokens.isTchar(s.charAt(i))) {
                        i++;
                    }
                    if (i == v) {
                        throw bad("empty forwarded-pair value");
                    }
                    value.append(s, v, i);
                }
                if (element.put(name, value.toString()) != null) {
                    throw bad("parameter " + name + " repeated in one forwarded-element");
                }
                i = skipOws(s, i);
            }
            if (i >= n) {
                break;
            }
            char c = s.charAt(i++);
            if (c == ',') {
                add(element, out);
                element = new HashMap<>();
            } else if (c != ';') {
                throw bad("unexpected character in Forwarded");
            }
        }
        add(element, out);
    }

    private static void add(Map<String, String> element, List<Map<String, String>> out) {
        if (!element.isEmpty()) {
            out.add(element);
        }
    }

    private static int quoted(String s, int i, StringBuilder value) throws BadMessageException {
        while (i < s.length()) {
            char c = s.charAt(i++);
            if (c == '"') {
                return i;
            }
            if (c == '\\') {
                if (i >= s.length()) {
                    break;
                }
                c = s.charAt(i++);
            }
            if (c < 0x20 && c != '\t' || c == 0x7F) {
                throw bad("control character in a Forwarded quoted-string");
            }
            value.append(c);
        }
        throw bad("unterminated quoted-string in Forwarded");
    }

    private static int skipOws(String s, int i) {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    private static BadMessageException bad(String reason) {
        return new BadMessageException(400, reason);
    }
}
