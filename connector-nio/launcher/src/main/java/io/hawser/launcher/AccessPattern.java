package io.hawser.launcher;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * An access log pattern of Apache httpd / Tomcat {@code AccessLogValve} codes, compiled once:
 *
 * <pre>
 * %a %h  the client's IP address (a trusted proxy's forwarded one; no name lookups)
 * %A     local IP address           %p  local port ({@code %{local}p}; {@code %{remote}p} the client's)
 * %b     content bytes, or -        %B  content bytes, 0 for none
 * %D     duration, microseconds     %T  duration, whole seconds ({@code %{ms}T}, {@code %{us}T}, {@code %{s}T})
 * %H     protocol                   %I  the thread that ended the request
 * %l     always -                   %m  method
 * %q     ?query, or nothing         %r  request line (method, target, protocol)
 * %s %>s final status               %t  [dd/MMM/yyyy:HH:mm:ss Z], local time the request arrived
 * %u     authenticated user, or -   %U  the requested path (not decoded), without the query
 * %v     the host the client addressed (forwarded, else Host), or -
 * %{Name}i  a request field, -  when absent (several lines joined with ", ")
 * %{Name}o  a response field, - when absent
 * %%     a literal %
 * </pre>
 *
 * Anything else after {@code %} (Tomcat's {@code %S}, {@code %R}, {@code %F}, {@code %X},
 * {@code %{..}c}, {@code %{..}r}, {@code %{..}t} ...) is refused when the pattern is compiled,
 * naming the code. Values a client controls are escaped ({@link AccessLogFormat#escape}).
 */
final class AccessPattern implements AccessLogFormat {
    /** One part of a line. */
    @FunctionalInterface
    private interface Element {
        void append(AccessRecord r, StringBuilder out);
    }

    private final Element[] elements;

    private AccessPattern(List<Element> elements) {
        this.elements = elements.toArray(new Element[0]);
    }

    /**
     * @param pattern the pattern
     * @return it compiled
     * @throws IllegalArgumentException naming an unsupported or unterminated code
     */
    static AccessPattern compile(String pattern) {
        List<Element> out = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i++);
            if (c != '%') {
                literal.append(c);
                continue;
            }
            if (i >= pattern.length()) {
                throw new IllegalArgumentException("access log pattern ends with a lone %");
            }
            String arg = null;
            if (pattern.charAt(i) == '{') {
                int close = pattern.indexOf('}', i);
                if (close < 0) {
                    throw new IllegalArgumentException("access log pattern: unterminated %{ at " + (i - 1));
                }
                arg = pattern.substring(i + 1, close);
                i = close + 1;
            } else if (pattern.charAt(i) == '>' || pattern.charAt(i) == '<') {
                i++; // %>s, %<s: Hawser has one status per request
            }
            if (i >= pattern.length()) {
                throw new IllegalArgumentException("access log pattern ends inside a code");
            }
            char code = pattern.charAt(i++);
            if (code == '%' && arg == null) {
                literal.append('%');
                continue;
            }
            if (literal.length() > 0) {
                String text = literal.toString();
                out.add((r, s) -> s.append(text));
                literal.setLength(0);
            }
            out.add(element(code, arg));
        }
        if (literal.length() > 0) {
            String text = literal.toString();
            out.add((r, s) -> s.append(text));
        }
        return new AccessPattern(out);
    }

    private static Element element(char code, String arg) {
        if (arg != null) {
            return switch (code) {
                case 'i' -> (r, s) -> field(r.requestFields().getAll(arg), s);
                case 'o' -> (r, s) -> field(r.responseFields().getAll(arg), s);
                case 'p' -> switch (arg) {
                    case "local" -> (r, s) -> s.append(r.localPort());
                    case "remote" -> (r, s) -> s.append(r.remotePort());
                    default -> throw unsupported("%{" + arg + "}p");
                };
                case 'T' -> switch (arg) {
                    case "s" -> (r, s) -> s.append(r.durationNanos() / 1_000_000_000L);
                    case "ms" -> (r, s) -> s.append(r.durationNanos() / 1_000_000L);
                    case "us" -> (r, s) -> s.append(r.durationNanos() / 1_000L);
                    default -> throw unsupported("%{" + arg + "}T");
                };
                default -> throw unsupported("%{" + arg + "}" + code);
            };
        }
        return switch (code) {
            case 'a', 'h' -> (r, s) -> s.append(r.remoteAddress());
            case 'A' -> (r, s) -> s.append(r.localAddress());
            case 'b' -> (r, s) -> {
                if (r.bytes() > 0) {
                    s.append(r.bytes());
                } else {
                    s.append('-');
                }
            };
            case 'B' -> (r, s) -> s.append(r.bytes());
            case 'D' -> (r, s) -> s.append(r.durationNanos() / 1_000L);
            case 'T' -> (r, s) -> s.append(r.durationNanos() / 1_000_000_000L);
            case 'H' -> (r, s) -> s.append(r.protocol());
            case 'I' -> (r, s) -> AccessLogFormat.escape(r.thread(), s);
            case 'l' -> (r, s) -> s.append('-');
            case 'm' -> (r, s) -> AccessLogFormat.escape(r.method(), s);
            case 'p' -> (r, s) -> s.append(r.localPort());
            case 'q' -> (r, s) -> {
                if (r.query() != null) {
                    s.append('?');
                    AccessLogFormat.escape(r.query(), s);
                }
            };
            case 'r' -> (r, s) -> AccessLogFormat.escape(r.requestLine(), s);
            case 's' -> (r, s) -> s.append(r.status());
            case 't' -> (r, s) -> s.append(AccessLogFormat.clfTime(r.receivedMillis()));
            case 'u' -> AccessPattern::user;
            case 'U' -> (r, s) -> AccessLogFormat.escape(r.path(), s);
            case 'v' -> (r, s) -> AccessLogFormat.escape(r.serverName(), s);
            default -> throw unsupported("%" + code);
        };
    }

    private static IllegalArgumentException unsupported(String code) {
        return new IllegalArgumentException("access log pattern code " + code + " is not supported"
                + " (docs/deployment.md lists the codes)");
    }

    private static void field(List<String> values, StringBuilder s) {
        if (values.isEmpty()) {
            s.append('-');
            return;
        }
        AccessLogFormat.escape(String.join(", ", values), s);
    }

    /** The name is the client's own input: its UTF-8 bytes are escaped, and a space too (it would split the field). */
    private static void user(AccessRecord r, StringBuilder s) {
        String user = r.user();
        if (user == null || user.isEmpty()) {
            s.append('-');
            return;
        }
        String utf8 = new String(user.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        StringBuilder name = new StringBuilder();
        AccessLogFormat.escape(utf8, name);
        s.append(name.toString().replace(" ", "\\x20"));
    }

    @Override
    public void format(AccessRecord record, StringBuilder out) {
        for (Element e : elements) {
            e.append(record, out);
        }
    }
}
