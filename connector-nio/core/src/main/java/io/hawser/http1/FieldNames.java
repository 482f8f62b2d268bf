package io.hawser.http1;

import java.nio.charset.StandardCharsets;

/**
 * Common field-names as constants: a name received with exactly this spelling is returned as the
 * constant instead of a new string (RFC 9110 §5.1 names are case-insensitive; the original case is
 * kept).
 */
final class FieldNames {
    private static final String[] COMMON = {
        "Host", "host", "User-Agent", "user-agent", "Accept", "accept", "Accept-Encoding",
        "accept-encoding", "Accept-Language", "accept-language", "Connection", "connection",
        "Content-Length", "content-length", "Content-Type", "content-type", "Transfer-Encoding",
        "transfer-encoding", "Cookie", "cookie", "Cache-Control", "cache-control", "Upgrade-Insecure-Requests",
        "Referer", "referer", "Origin", "origin", "Expect", "expect", "Authorization", "authorization",
        "Pragma", "If-None-Match", "If-Modified-Since", "Sec-Fetch-Site", "Sec-Fetch-Mode", "Sec-Fetch-Dest",
        "Sec-Fetch-User", "DNT", "TE", "te",
    };
    private static final byte[][] COMMON_BYTES = new byte[COMMON.length][];

    static {
        for (int i = 0; i < COMMON.length; i++) {
            COMMON_BYTES[i] = COMMON[i].getBytes(StandardCharsets.ISO_8859_1);
        }
    }

    private FieldNames() {
    }

    /** @return the name in {@code a[start..end)}, a shared constant when it is a common one */
    static String lookup(byte[] a, int start, int end) {
        int len = end - start;
        outer:
        for (int i = 0; i < COMMON_BYTES.length; i++) {
            byte[] c = COMMON_BYTES[i];
            if (c.length != len) {
                continue;
            }
            for (int j = 0; j < len; j++) {
                if (c[j] != a[start + j]) {
                    continue outer;
                }
            }
            return COMMON[i];
        }
        return new String(a, start, len, StandardCharsets.ISO_8859_1);
    }
}
