package io.hawser.conformance;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The case files' escape syntax, and a readable escaped form of raw bytes for failure messages. */
public final class Escapes {

    private Escapes() {
    }

    /**
     * Turns the escaped text of a case into bytes: {@code \r \n \t \0 \s \\} and {@code \xHH}; every
     * other character stands for itself, encoded as UTF-8.
     *
     * @param where names the text in error messages
     * @throws CaseFormatException on a dangling backslash, a bad {@code \x} or an unknown escape
     */
    static byte[] unescape(String text, String where) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
        int i = 0;
        int n = text.length();
        while (i < n) {
            int c = text.codePointAt(i);
            if (c != '\\') {
                out.writeBytes(new String(Character.toChars(c)).getBytes(StandardCharsets.UTF_8));
                i += Character.charCount(c);
                continue;
            }
            if (i + 1 >= n) {
                throw new CaseFormatException("dangling backslash in " + where);
            }
            char e = text.charAt(i + 1);
            switch (e) {
                case 'r' -> out.write('\r');
                case 'n' -> out.write('\n');
                case 't' -> out.write('\t');
                case '0' -> out.write(0);
                case '\\' -> out.write('\\');
                case 's' -> out.write(' ');
                case 'x' -> {
                    String hx = text.substring(i + 2, Math.min(n, i + 4));
                    if (hx.length() != 2 || !hx.matches("[0-9A-Fa-f]{2}")) {
                        throw new CaseFormatException("bad \\x escape in " + where + ": '"
                                + text.substring(i, Math.min(n, i + 4)) + "'");
                    }
                    out.write(Integer.parseInt(hx, 16));
                    i += 2;
                }
                default -> throw new CaseFormatException("unknown escape \\" + e + " in " + where);
            }
            i += 2;
        }
        return out.toByteArray();
    }

    /** @return at most {@code max} bytes of {@code data}, ASCII as is, everything else escaped */
    static String show(byte[] data, int max) {
        return show(data, 0, Math.min(data.length, max));
    }

    /** @return bytes {@code from..to} of {@code data}, quoted and escaped like Python's bytes repr */
    public static String show(byte[] data, int from, int to) {
        StringBuilder sb = new StringBuilder(to - from + 3);
        sb.append("b'");
        for (int i = Math.max(0, from); i < Math.min(to, data.length); i++) {
            int b = data[i] & 0xFF;
            switch (b) {
                case '\r' -> sb.append("\\r");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\\' -> sb.append("\\\\");
                case '\'' -> sb.append("\\'");
                default -> {
                    if (b < 0x20 || b >= 0x7F) {
                        sb.append(String.format("\\x%02x", b));
                    } else {
                        sb.append((char) b);
                    }
                }
            }
        }
        return sb.append('\'').toString();
    }

    /** @return {@code text} quoted with control and non-ASCII characters escaped */
    static String show(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 2).append('\'');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\r' -> sb.append("\\r");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\\' -> sb.append("\\\\");
                case '\'' -> sb.append("\\'");
                default -> {
                    if (c < 0x20 || (c >= 0x7F && c <= 0xA0)) {
                        sb.append(String.format("\\x%02x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('\'').toString();
    }

    /** @return the texts as a list of quoted, escaped strings, like Python's list repr */
    static String showAll(List<String> texts) {
        List<String> out = new ArrayList<>();
        texts.forEach(t -> out.add(show(t)));
        return "[" + String.join(", ", out) + "]";
    }
}
