package io.hawser.api;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The canonical URI path of Servlet 6.1 §3.5.2, computed from the raw path of a request-target
 * (query and fragment already split off by the connector).
 *
 * <p>Steps, in the spec's order: split into segments at {@code /}; drop each segment's path
 * parameters ({@code ;...}); percent-decode each segment as UTF-8; drop empty segments other than
 * the last; remove {@code .} segments and let {@code ..} remove the segment before it. The request
 * is rejected with 400 for the spec's "errors and suspicious sequences": a path not starting with
 * {@code /}, a decode error, an encoded {@code /} ({@code %2F}), a {@code ..} that would leave the
 * root, a dot segment with parameters or with encoded dots, an empty non-last segment with
 * parameters, a backslash or a control character (encoded or not), a non-ASCII character.
 *
 * <p>An already-canonical path (the common case) is checked in one scan and returned as is,
 * allocating nothing. The servlet layer maps requests and dispatcher paths with it; a raw
 * handler can use it before resolving a path against files.
 */
public final class CanonicalPath {
    private CanonicalPath() {
    }

    /**
     * @param raw the raw path, e.g. {@code /a;v=1/./b%20c/}, or {@code null}
     * @return the decoded canonical path, starting with {@code /}, e.g. {@code /a/b c/};
     *     {@code raw} itself when it is already canonical
     * @throws BadMessageException (status 400, with a short reason that never echoes the path)
     *     when the spec rejects the path, or for {@code null} or a path not starting with {@code /}
     */
    public static String of(String raw) throws BadMessageException {
        if (raw == null || raw.isEmpty() || raw.charAt(0) != '/') {
            throw reject("path must start with /");
        }
        if (isCanonical(raw)) {
            return raw; // the common case: nothing to decode, drop or reject, so nothing to allocate
        }
        return canonicalize(raw);
    }

    /** The full §3.5.2 steps, for a path starting with {@code /} ({@link #of} skips them when nothing would change). */
    static String canonicalize(String raw) throws BadMessageException {
        if (containsIgnoreCase(raw, "%2f")) {
            throw reject("encoded / in path");
        }
        List<String> segments = new ArrayList<>();
        int start = 1;
        int length = raw.length();
        while (start <= length) {
            int end = raw.indexOf('/', start);
            boolean last = end < 0;
            if (last) {
                end = length;
            }
            addSegment(raw.substring(start, end), last, segments);
            start = end + 1;
        }
        if (segments.isEmpty()) {
            return "/";
        }
        StringBuilder path = new StringBuilder(raw.length());
        for (String segment : segments) {
            path.append('/').append(segment);
        }
        return path.toString();
    }

    /**
     * @param raw a path starting with {@code /}
     * @return whether {@code raw} is its own canonical form: no {@code %}, {@code ;}, backslash or
     *     control character, no empty segment but the last, no {@code .} or {@code ..} segment
     */
    static boolean isCanonical(String raw) {
        int n = raw.length();
        int segmentStart = 1;
        for (int i = 1; i <= n; i++) {
            char c = i < n ? raw.charAt(i) : '/';
            if (c == '/') {
                int len = i - segmentStart;
                if (len == 0 && i < n) {
                    return false;
                }
                if (raw.charAt(i - 1) == '.' && (len == 1 || len == 2 && raw.charAt(segmentStart) == '.')) {
                    return false;
                }
                segmentStart = i + 1;
            } else if (c == '%' || c == ';' || c == '\\' || c < 0x20 || c == 0x7f) {
                return false;
            }
        }
        return true;
    }

    private static void addSegment(String rawSegment, boolean last, List<String> segments)
            throws BadMessageException {
        int semi = rawSegment.indexOf(';');
        String name = semi >= 0 ? rawSegment.substring(0, semi) : rawSegment;
        if (semi >= 0) {
            if (name.isEmpty() && !last) {
                throw reject("empty segment with parameters");
            }
            if (name.equals(".") || name.equals("..")) {
                throw reject("dot segment with parameters");
            }
        }
        String segment = name;
        if (name.indexOf('%') >= 0) {
            segment = decode(name);
            if (segment.equals(".") || segment.equals("..")) {
                throw reject("encoded dot segment");
            }
        }
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw reject("control character in path");
            }
            if (c == '\\') {
                throw reject("backslash in path");
            }
        }
        if (segment.equals(".")) {
            return;
        }
        if (segment.equals("..")) {
            if (segments.isEmpty()) {
                throw reject("path leaves the root");
            }
            segments.remove(segments.size() - 1);
            return;
        }
        if (segment.isEmpty() && !last) {
            return;
        }
        segments.add(segment);
    }

    /**
     * Percent-decodes as UTF-8 (RFC 3986 §2.1), rejecting bad escapes and malformed UTF-8.
     *
     * @param s text with {@code %XX} escapes
     * @return the decoded text
     * @throws BadMessageException (400) on a malformed escape or byte sequence
     */
    static String decode(String s) throws BadMessageException {
        byte[] bytes = new byte[s.length()];
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 2 >= s.length()) {
                    throw reject("bad percent-encoding");
                }
                int hi = Character.digit(s.charAt(i + 1), 16);
                int lo = Character.digit(s.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw reject("bad percent-encoding");
                }
                bytes[n++] = (byte) (hi << 4 | lo);
                i += 2;
            } else if (c > 0x7f) {
                throw reject("non-ASCII character in path");
            } else {
                bytes[n++] = (byte) c;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, 0, n)).toString();
        } catch (CharacterCodingException e) {
            throw reject("path is not UTF-8");
        }
    }

    private static boolean containsIgnoreCase(String s, String lower) {
        for (int i = 0; i + lower.length() <= s.length(); i++) {
            if (s.regionMatches(true, i, lower, 0, lower.length())) {
                return true;
            }
        }
        return false;
    }

    private static BadMessageException reject(String reason) {
        return new BadMessageException(400, reason);
    }
}
