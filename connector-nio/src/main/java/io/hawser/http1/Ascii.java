package io.hawser.http1;

import io.hawser.api.Tokens;

/** Byte classes of RFC 9110 §5.6.2 and RFC 5234 Appendix B.1, as table lookups. */
final class Ascii {
    static final byte CR = '\r';
    static final byte LF = '\n';
    static final byte SP = ' ';
    static final byte HTAB = '\t';

    private static final boolean[] VCHAR_OR_OBS = new boolean[256];
    private static final byte[] HEX = new byte[256];
    private static final boolean[] TARGET_CHAR = new boolean[256];

    static {
        for (int c = 0x21; c <= 0xFF; c++) {
            VCHAR_OR_OBS[c] = c != 0x7F;
        }
        // pchar / "/" / "?" (RFC 3986 §3.3, §3.4) without pct-encoded, which the parser checks itself
        for (int c = 0; c < 256; c++) {
            TARGET_CHAR[c] = Tokens.isTchar(c) && "#%^`|".indexOf(c) < 0;
        }
        for (char c : "()+,;=:@/?".toCharArray()) {
            TARGET_CHAR[c] = true;
        }
        java.util.Arrays.fill(HEX, (byte) -1);
        for (int c = 0; c < 10; c++) {
            HEX['0' + c] = (byte) c;
        }
        for (int c = 0; c < 6; c++) {
            HEX['a' + c] = (byte) (10 + c);
            HEX['A' + c] = (byte) (10 + c);
        }
    }

    private Ascii() {
    }

    /** @return whether {@code b} is a tchar (token character, {@link Tokens#isTchar}) */
    static boolean isTchar(byte b) {
        return Tokens.isTchar(b & 0xFF);
    }

    /** @return whether {@code b} may appear in a field-value: VCHAR, obs-text, SP or HTAB */
    static boolean isFieldValueByte(byte b) {
        return VCHAR_OR_OBS[b & 0xFF] || b == SP || b == HTAB;
    }

    /**
     * @return whether {@code b} may appear as itself anywhere in a request-target: unreserved,
     *     sub-delims, {@code : @ / ?} (RFC 3986 §3.3, §3.4); not {@code %} (pct-encoded), nor
     *     {@code [ ]} (IP-literal only), nor {@code #} (no fragment, RFC 9112 §3.2)
     */
    static boolean isTargetChar(byte b) {
        return TARGET_CHAR[b & 0xFF];
    }

    /** @return the value of a hex digit, or -1 */
    static int hexValue(byte b) {
        return HEX[b & 0xFF];
    }

    /** @return whether the bytes at {@code start} equal {@code s} ignoring ASCII case */
    static boolean equalsIgnoreCase(byte[] a, int start, String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            int x = a[start + i] & 0xFF;
            int y = s.charAt(i);
            if (x != y) {
                int lx = x | 0x20;
                if (lx != (y | 0x20) || lx < 'a' || lx > 'z') {
                    return false;
                }
            }
        }
        return true;
    }
}
