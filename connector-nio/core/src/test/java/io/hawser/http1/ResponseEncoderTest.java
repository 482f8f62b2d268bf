package io.hawser.http1;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.BadMessageException;
import io.hawser.api.ConnectorConfig;
import io.hawser.api.MutableHttpFields;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The bytes {@link ResponseEncoder} writes: status-line (RFC 9112 §4), field lines (§5), chunk framing (§7.1). */
class ResponseEncoderTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "100|HTTP/1.1 100 Continue",
        "200|HTTP/1.1 200 OK",
        "204|HTTP/1.1 204 No Content",
        "304|HTTP/1.1 304 Not Modified",
        "400|HTTP/1.1 400 Bad Request",
        "404|HTTP/1.1 404 Not Found",
        "406|HTTP/1.1 406 Not Acceptable",
        "451|HTTP/1.1 451 Unavailable For Legal Reasons",
        "413|HTTP/1.1 413 Content Too Large",
        "414|HTTP/1.1 414 URI Too Long",
        "417|HTTP/1.1 417 Expectation Failed",
        "431|HTTP/1.1 431 Request Header Fields Too Large",
        "500|HTTP/1.1 500 Internal Server Error",
        "501|HTTP/1.1 501 Not Implemented",
        "505|HTTP/1.1 505 HTTP Version Not Supported",
        "599|'HTTP/1.1 599 '"})
    void writesStatusLinesWithTheirReasonPhrase(int status, String line) {
        assertThat(ascii(ResponseEncoder.statusLine(status))).isEqualTo(line + "\r\n");
    }

    @Test
    void writesAWellFormedStatusLineForEveryStatus() {
        for (int status = 100; status < 600; status++) {
            String line = ascii(ResponseEncoder.statusLine(status));
            // status-line = HTTP-version SP status-code SP [ reason-phrase ] CRLF; reason = *( HTAB / SP / VCHAR )
            assertThat(line).as("status %d", status).matches("HTTP/1\\.1 " + status + " [\\t\\x20-\\x7e]*\r\n");
        }
    }

    @Test
    void writesChunkSizesInLowercaseHexWithoutLeadingZeros() {
        assertThat(chunkSize(0)).isEqualTo("0\r\n");
        assertThat(chunkSize(1)).isEqualTo("1\r\n");
        assertThat(chunkSize(10)).isEqualTo("a\r\n");
        assertThat(chunkSize(15)).isEqualTo("f\r\n");
        assertThat(chunkSize(16)).isEqualTo("10\r\n");
        assertThat(chunkSize(255)).isEqualTo("ff\r\n");
        assertThat(chunkSize(256)).isEqualTo("100\r\n");
        assertThat(chunkSize(4096)).isEqualTo("1000\r\n");
        assertThat(chunkSize(65535)).isEqualTo("ffff\r\n");
        assertThat(chunkSize(0x1_0000_0000L)).isEqualTo("100000000\r\n");
        assertThat(chunkSize(0xF000_0000_0000_0000L >>> 1)).isEqualTo("7800000000000000\r\n");
        assertThat(chunkSize(Long.MAX_VALUE)).isEqualTo("7fffffffffffffff\r\n");
    }

    @Test
    void writesChunkSizesThatReadBackAsTheSameNumber() {
        Random random = new Random(42);
        for (int i = 0; i < 10_000; i++) {
            long size = random.nextLong() >>> (1 + random.nextInt(63));
            String line = chunkSize(size);
            String hex = line.substring(0, line.length() - 2);
            assertThat(line).endsWith("\r\n");
            assertThat(Long.parseUnsignedLong(hex, 16)).isEqualTo(size);
            assertThat(hex).isEqualTo(Long.toHexString(size));
        }
    }

    @Test
    void writesContentLengthDigits() {
        assertThat(contentLength(0)).isEqualTo("Content-Length: 0\r\n");
        assertThat(contentLength(7)).isEqualTo("Content-Length: 7\r\n");
        assertThat(contentLength(10)).isEqualTo("Content-Length: 10\r\n");
        assertThat(contentLength(100)).isEqualTo("Content-Length: 100\r\n");
        assertThat(contentLength(1234567890)).isEqualTo("Content-Length: 1234567890\r\n");
        assertThat(contentLength(Long.MAX_VALUE)).isEqualTo("Content-Length: 9223372036854775807\r\n");
        Random random = new Random(7);
        for (int i = 0; i < 10_000; i++) {
            long n = random.nextLong() >>> (1 + random.nextInt(63));
            assertThat(contentLength(n)).isEqualTo("Content-Length: " + n + "\r\n");
        }
    }

    @Test
    void writesDigitsAfterWhatIsAlreadyInTheBuffer() {
        ByteBuffer out = ByteBuffer.allocate(64);
        out.put("HTTP/1.1 200 OK\r\n".getBytes(StandardCharsets.US_ASCII));

        ResponseEncoder.putContentLength(out, 12345);
        ResponseEncoder.putDecimal(out, 9870);

        assertThat(written(out)).isEqualTo("HTTP/1.1 200 OK\r\nContent-Length: 12345\r\n9870");
    }

    @Test
    void writesFieldLinesAsLatin1AndCountsTheirBytes() {
        MutableHttpFields fields = new MutableHttpFields()
                .add("Content-Type", "text/plain;charset=utf-8")
                .add("X-Cafe", "caf\u00e9 cr\u00e8me")
                .add("Empty", "");
        ByteBuffer out = ByteBuffer.allocate(256);

        ResponseEncoder.putFields(out, fields);

        byte[] bytes = java.util.Arrays.copyOf(out.array(), out.position());
        assertThat(new String(bytes, StandardCharsets.ISO_8859_1)).isEqualTo(
                "Content-Type: text/plain;charset=utf-8\r\nX-Cafe: caf\u00e9 cr\u00e8me\r\nEmpty: \r\n");
        assertThat(bytes).contains((byte) 0xE9);
        assertThat(ResponseEncoder.fieldsLength(fields)).isEqualTo(bytes.length);
        assertThat(ResponseEncoder.fieldLength("Empty", "")).isEqualTo("Empty: \r\n".length());
    }

    @Test
    void writesCrlfAndTheLastChunk() {
        ByteBuffer out = ByteBuffer.allocate(8);
        ResponseEncoder.putCrlf(out);

        assertThat(written(out)).isEqualTo("\r\n");
        assertThat(ascii(ResponseEncoder.LAST_CHUNK)).isEqualTo("0\r\n\r\n");
    }

    @Test
    void writesChunkedBodiesThatTheDecoderReadsBack() throws BadMessageException {
        Random random = new Random(3);
        byte[] body = new byte[70_000];
        random.nextBytes(body);
        ByteBuffer out = ByteBuffer.allocate(body.length + 1024);
        for (int off = 0; off < body.length; ) {
            int n = Math.min(body.length - off, 1 + random.nextInt(5000));
            ResponseEncoder.putChunkSize(out, n);
            out.put(body, off, n);
            ResponseEncoder.putCrlf(out);
            off += n;
        }
        out.put(ResponseEncoder.LAST_CHUNK);
        out.flip();

        ChunkedDecoder decoder = new ChunkedDecoder(ConnectorConfig.defaults());
        ByteArrayOutputStream decoded = new ByteArrayOutputStream();
        byte[] dst = new byte[4096];
        int r;
        while ((r = decoder.decode(out, dst, 0, dst.length)) > 0) {
            decoded.write(dst, 0, r);
        }

        assertThat(r).isEqualTo(-1);
        assertThat(out.hasRemaining()).isFalse();
        assertThat(decoded.toByteArray()).isEqualTo(body);
    }

    private static String chunkSize(long size) {
        ByteBuffer out = ByteBuffer.allocate(32);
        ResponseEncoder.putChunkSize(out, size);
        return written(out);
    }

    private static String contentLength(long length) {
        ByteBuffer out = ByteBuffer.allocate(64);
        ResponseEncoder.putContentLength(out, length);
        return written(out);
    }

    private static String written(ByteBuffer out) {
        return new String(out.array(), 0, out.position(), StandardCharsets.ISO_8859_1);
    }

    private static String ascii(byte[] bytes) {
        return new String(bytes, StandardCharsets.US_ASCII);
    }
}
