package io.hawser.conformance;

import java.nio.charset.StandardCharsets;

/** Escaping for the XML reports (JUnit XML and the XHTML report): text, attributes and shown bytes. */
final class Markup {
    /** How many bytes of one direction a report shows; the rest is counted. */
    static final int BYTES_SHOWN = 64 * 1024;

    private Markup() {
    }

    /**
     * @return {@code text} safe in XML content and attribute values: {@code & < > " '} as entities,
     *     characters XML 1.0 forbids (C0 controls other than tab, LF and CR) as {@code \xNN}
     */
    static String escape(String text) {
        StringBuilder s = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> s.append("&amp;");
                case '<' -> s.append("&lt;");
                case '>' -> s.append("&gt;");
                case '"' -> s.append("&quot;");
                case '\'' -> s.append("&#39;");
                default -> {
                    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0xFFFE || c == 0xFFFF) {
                        s.append(String.format("\\x%02x", (int) c));
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        return s.toString();
    }

    /**
     * @return up to {@link #BYTES_SHOWN} of {@code data} readable: printable ASCII as is, CR and LF as
     *     {@code \r} and {@code \n} with a line break after {@code \n}, other bytes as {@code \xNN};
     *     a longer array ends with a count of the bytes not shown
     */
    static String bytes(byte[] data) {
        int n = Math.min(BYTES_SHOWN, data.length);
        StringBuilder s = new StringBuilder(n + 32);
        for (int i = 0; i < n; i++) {
            int b = data[i] & 0xFF;
            if (b == '\r') {
                s.append("\\r");
            } else if (b == '\n') {
                s.append("\\n\n");
            } else if (b == '\t') {
                s.append("\\t");
            } else if (b >= 0x20 && b < 0x7F && b != '\\') {
                s.append((char) b);
            } else {
                s.append(String.format("\\x%02x", b));
            }
        }
        if (n < data.length) {
            s.append("\n[").append(data.length - n).append(" more bytes, ").append(data.length).append(" in all]");
        }
        return s.toString();
    }

    /** @return {@code s} as UTF-8 */
    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
