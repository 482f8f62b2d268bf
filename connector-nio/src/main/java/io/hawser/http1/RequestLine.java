package io.hawser.http1;

import io.hawser.api.BadMessageException;
import java.nio.charset.StandardCharsets;

/** The parts of the request-line (RFC 9112 §3): method, request-target forms, HTTP-version. */
final class RequestLine {
    private static final String[] METHODS = {"GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"};
    private static final byte[][] METHOD_BYTES = new byte[METHODS.length][];

    static {
        for (int i = 0; i < METHODS.length; i++) {
            METHOD_BYTES[i] = METHODS[i].getBytes(StandardCharsets.US_ASCII);
        }
    }

    private RequestLine() {
    }

    /** @return the method, a shared constant for the registered ones (RFC 9110 §9) */
    static String method(byte[] buf, int start, int end) {
        int len = end - start;
        outer:
        for (int m = 0; m < METHOD_BYTES.length; m++) {
            byte[] c = METHOD_BYTES[m];
            if (c.length != len) {
                continue;
            }
            for (int j = 0; j < len; j++) {
                if (c[j] != buf[start + j]) {
                    continue outer;
                }
            }
            return METHODS[m];
        }
        return new String(buf, start, len, StandardCharsets.US_ASCII);
    }

    /**
     * HTTP-version = "HTTP/" DIGIT "." DIGIT (RFC 9112 §2.3), case-sensitive. A higher 1.x minor
     * version is served as 1.1 (RFC 9110 §2.5); another major version gets 505.
     *
     * @return {@link RequestHead#HTTP_1_0} or {@link RequestHead#HTTP_1_1}
     */
    static int version(byte[] buf, int start, int end) throws BadMessageException {
        if (end - start != 8 || buf[start] != 'H' || buf[start + 1] != 'T' || buf[start + 2] != 'T'
                || buf[start + 3] != 'P' || buf[start + 4] != '/' || buf[start + 6] != '.') {
            throw new BadMessageException(400, "invalid HTTP-version");
        }
        int major = buf[start + 5] - '0';
        int minor = buf[start + 7] - '0';
        if (major < 0 || major > 9 || minor < 0 || minor > 9) {
            throw new BadMessageException(400, "invalid HTTP-version");
        }
        if (major != 1) {
            throw new BadMessageException(505, "HTTP version not supported");
        }
        return minor == 0 ? RequestHead.HTTP_1_0 : RequestHead.HTTP_1_1;
    }

    /**
     * Checks the request-target's form against the method (RFC 9112 §3.2): asterisk-form only for
     * OPTIONS, authority-form only (and always) for CONNECT, else origin-form or absolute-form with
     * an http or https authority. The parser has already checked every byte against RFC 3986 except
     * where {@code [} and {@code ]} stand: only around an IP-literal host (§3.2.2).
     *
     * @param bracket whether the target has a {@code [} or {@code ]}
     */
    static void checkTargetForm(RequestHead head, boolean bracket) throws BadMessageException {
        String target = head.target;
        char first = target.charAt(0);
        boolean connect = "CONNECT".equals(head.method);
        if (connect) {
            if (first == '/' || target.indexOf("://") >= 0 || !Authority.isValid(target, true)) {
                throw new BadMessageException(400, "CONNECT needs an authority-form request-target");
            }
            return;
        }
        if (first == '/') {
            if (bracket) {
                throw new BadMessageException(400, "'[' or ']' in the path or query of the request-target");
            }
            return;
        }
        if (target.equals("*")) {
            if (!"OPTIONS".equals(head.method)) {
                throw new BadMessageException(400, "asterisk-form is only for OPTIONS");
            }
            return;
        }
        int authorityEnd = absoluteAuthorityEnd(target);
        if (authorityEnd < 0) {
            throw new BadMessageException(400, "invalid request-target");
        }
        if (bracket && (target.indexOf('[', authorityEnd) >= 0 || target.indexOf(']', authorityEnd) >= 0)) {
            throw new BadMessageException(400, "'[' or ']' in the path or query of the request-target");
        }
    }

    /**
     * @return for an absolute-form {@code http://authority/path?query} target, the index where the
     *     authority ends; -1 when the target is not in absolute-form with an http or https scheme
     */
    static int absoluteAuthorityEnd(String target) {
        int schemeEnd;
        if (target.regionMatches(true, 0, "http://", 0, 7)) {
            schemeEnd = 7;
        } else if (target.regionMatches(true, 0, "https://", 0, 8)) {
            schemeEnd = 8;
        } else {
            return -1;
        }
        int end = schemeEnd;
        while (end < target.length() && target.charAt(end) != '/' && target.charAt(end) != '?'
                && target.charAt(end) != '#') {
            end++;
        }
        if (end == schemeEnd || !Authority.isValid(target.substring(schemeEnd, end), false)) {
            return -1;
        }
        return end;
    }
}
