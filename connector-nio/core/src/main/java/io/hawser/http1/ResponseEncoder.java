package io.hawser.http1;

import io.hawser.api.HttpFields;
import io.hawser.api.HttpStatus;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Writes the bytes of a response head (RFC 9112 §4 status-line, §5 field lines), chunk framing
 * (§7.1) and the trailer section into caller-owned buffers. Status lines and the {@code Date} field
 * are pre-encoded; nothing else is allocated when the buffer is large enough.
 */
public final class ResponseEncoder {
    private static final byte[][] STATUS_LINES = new byte[600][];
    private static final byte[] CRLF = {'\r', '\n'};
    /** The last chunk with no trailer section: {@code 0 CRLF CRLF}. */
    public static final byte[] LAST_CHUNK = "0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    static {
        for (int s = 100; s < 600; s++) {
            STATUS_LINES[s] = ("HTTP/1.1 " + s + " " + HttpStatus.reasonPhrase(s) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        }
    }

    private ResponseEncoder() {
    }

    /**
     * @param status 100–599
     * @return the status-line with its CRLF, e.g. {@code HTTP/1.1 200 OK\r\n} (shared; do not modify)
     */
    public static byte[] statusLine(int status) {
        return STATUS_LINES[status];
    }

    /**
     * @return bytes needed to encode one field line
     */
    public static int fieldLength(String name, String value) {
        return name.length() + value.length() + 4;
    }

    /**
     * @return bytes needed to encode every line of {@code fields}
     */
    public static int fieldsLength(HttpFields fields) {
        int n = 0;
        for (int i = 0, size = fields.size(); i < size; i++) {
            n += fieldLength(fields.name(i), fields.value(i));
        }
        return n;
    }

    /** Puts {@code name: value CRLF}; characters are written as ISO-8859-1 bytes. */
    public static void putField(ByteBuffer out, String name, String value) {
        putLatin1(out, name);
        out.put((byte) ':').put((byte) ' ');
        putLatin1(out, value);
        out.put(CRLF);
    }

    /** Puts every field line of {@code fields}. */
    public static void putFields(ByteBuffer out, HttpFields fields) {
        for (int i = 0, size = fields.size(); i < size; i++) {
            putField(out, fields.name(i), fields.value(i));
        }
    }

    /** Puts {@code Content-Length: n CRLF}. */
    public static void putContentLength(ByteBuffer out, long length) {
        putLatin1(out, "Content-Length: ");
        putDecimal(out, length);
        out.put(CRLF);
    }

    /** Puts a CRLF. */
    public static void putCrlf(ByteBuffer out) {
        out.put(CRLF);
    }

    /** Puts a chunk-size line (no extensions) for {@code size} bytes of chunk data. */
    public static void putChunkSize(ByteBuffer out, long size) {
        int shift = 60;
        while (shift > 0 && (size >>> shift & 0xF) == 0) {
            shift -= 4;
        }
        for (; shift >= 0; shift -= 4) {
            out.put(HEX[(int) (size >>> shift & 0xF)]);
        }
        out.put(CRLF);
    }

    /** Puts the decimal digits of {@code value} (not negative): into a heap buffer, straight into its array. */
    static void putDecimal(ByteBuffer out, long value) {
        int digits = 1;
        for (long v = value; v >= 10; v /= 10) {
            digits++;
        }
        int pos = out.position();
        if (out.limit() - pos < digits) {
            throw new java.nio.BufferOverflowException();
        }
        if (out.hasArray()) {
            byte[] a = out.array();
            for (int i = out.arrayOffset() + pos + digits - 1; i >= out.arrayOffset() + pos; i--) {
                a[i] = (byte) ('0' + value % 10);
                value /= 10;
            }
        } else {
            for (int i = pos + digits - 1; i >= pos; i--) {
                out.put(i, (byte) ('0' + value % 10));
                value /= 10;
            }
        }
        out.position(pos + digits);
    }

    /**
     * Puts the low 8 bits of each character (field names and values are checked for CR, LF and NUL
     * where they are set). Into a heap buffer this is one bulk copy: for a Latin-1 string,
     * {@code String.getBytes(int, int, byte[], int)} copies its internal bytes with
     * {@code System.arraycopy}, twice as fast as a put per character for typical field lines
     * (ResponseEncoderBenchmark).
     */
    @SuppressWarnings("deprecation")
    private static void putLatin1(ByteBuffer out, String s) {
        int n = s.length();
        if (out.hasArray()) {
            int pos = out.position();
            if (out.limit() - pos < n) {
                throw new java.nio.BufferOverflowException();
            }
            s.getBytes(0, n, out.array(), out.arrayOffset() + pos);
            out.position(pos + n);
            return;
        }
        for (int i = 0; i < n; i++) {
            out.put((byte) s.charAt(i));
        }
    }
}
