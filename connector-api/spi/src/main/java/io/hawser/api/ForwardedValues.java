package io.hawser.api;

import java.util.ArrayList;
import java.util.List;

/**
 * The value syntaxes of forwarded fields: comma lists, nodes (RFC 7239 §6: an IP literal with an
 * optional port; IPv6 in brackets, or bare as {@code X-Forwarded-For} often carries it), hosts
 * (RFC 3986 §3.2.2 with an optional port) and ports.
 */
final class ForwardedValues {
    private ForwardedValues() {
    }

    /**
     * An address node.
     *
     * @param address the literal, IPv6 without brackets
     * @param port the port, or 0 when none (or obfuscated)
     * @param bytes the address bytes
     */
    record Node(String address, int port, byte[] bytes) {
    }

    /** @return every element of every line of the field, trimmed, empty elements dropped (RFC 9110 §5.6.1) */
    static List<String> list(HttpFields in, String name) {
        List<String> out = new ArrayList<>(2);
        for (String line : in.getAll(name)) {
            for (String v : line.split(",")) {
                String t = v.strip();
                if (!t.isEmpty()) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    /**
     * @param s a node
     * @param what the field, for the error
     * @throws BadMessageException (400) when it is not an IP literal with an optional valid port
     */
    static Node node(String s, String what) throws BadMessageException {
        String address = s;
        String port = null;
        if (s.startsWith("[")) {
            int close = s.indexOf(']');
            if (close < 0) {
                throw bad(what);
            }
            address = s.substring(1, close);
            if (close + 1 < s.length()) {
                if (s.charAt(close + 1) != ':') {
                    throw bad(what);
                }
                port = s.substring(close + 2);
            }
        } else if (s.indexOf(':') == s.lastIndexOf(':') && s.indexOf(':') > 0) {
            address = s.substring(0, s.indexOf(':'));
            port = s.substring(s.indexOf(':') + 1);
        }
        byte[] bytes = TrustedProxies.parseLiteral(address);
        if (bytes == null) {
            throw bad(what);
        }
        int p = 0;
        if (port != null && !(port.startsWith("_") && isObfuscated(port))) {
            p = port(port, what);
        }
        return new Node(address.toLowerCase(java.util.Locale.ROOT), p, bytes);
    }

    /** @return whether it is an obfuscated identifier: {@code _} then ALPHA, DIGIT, {@code . _ -} (RFC 7239 §6.3) */
    static boolean isObfuscated(String s) {
        if (s.length() < 2 || s.charAt(0) != '_') {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_'
                    || c == '-')) {
                return false;
            }
        }
        return true;
    }

    /**
     * @return the port, 1..65535
     * @throws BadMessageException (400) otherwise
     */
    static int port(String s, String what) throws BadMessageException {
        if (s.isEmpty() || s.length() > 5 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw bad(what);
        }
        int p = Integer.parseInt(s);
        if (p < 1 || p > 65535) {
            throw bad(what);
        }
        return p;
    }

    /**
     * @param s {@code host[:port]}: a reg-name (unreserved and sub-delims, {@code %}), IPv4 or a
     *     bracketed IPv6 literal
     * @return {host, port or null}; the host lower-cased, IPv6 with its brackets
     * @throws BadMessageException (400) when malformed
     */
    static String[] hostAndPort(String s) throws BadMessageException {
        String host = s;
        String port = null;
        if (s.startsWith("[")) {
            int close = s.indexOf(']');
            if (close < 0 || TrustedProxies.parseLiteral(s.substring(1, close)) == null) {
                throw bad("forwarded host");
            }
            host = s.substring(0, close + 1);
            if (close + 1 < s.length()) {
                if (s.charAt(close + 1) != ':') {
                    throw bad("forwarded host");
                }
                port = s.substring(close + 2);
            }
        } else {
            int colon = s.indexOf(':');
            if (colon >= 0) {
                host = s.substring(0, colon);
                port = s.substring(colon + 1);
            }
            if (host.isEmpty()) {
                throw bad("forwarded host");
            }
            for (int i = 0; i < host.length(); i++) {
                char c = host.charAt(i);
                if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~!$&'()*+;=%".indexOf(c) >= 0)) {
                    throw bad("forwarded host");
                }
            }
        }
        if (port != null) {
            port(port, "forwarded host port");
        }
        return new String[] {host.toLowerCase(java.util.Locale.ROOT), port};
    }

    /** @return whether every character may appear in a URI path (RFC 3986 §3.3: pchar and {@code /}) */
    static boolean isPathChars(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~!$&'()*+,;=:@%/".indexOf(c) >= 0)) {
                return false;
            }
        }
        return true;
    }

    private static BadMessageException bad(String what) {
        return new BadMessageException(400, "malformed " + what);
    }
}
