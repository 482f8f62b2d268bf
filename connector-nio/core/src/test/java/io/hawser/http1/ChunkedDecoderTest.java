package io.hawser.http1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoMoreInteractions;

import io.hawser.api.BadMessageException;
import io.hawser.api.ComplianceListener;
import io.hawser.api.ComplianceViolation;
import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpFields;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The chunked transfer coding (RFC 9112 §7.1) as {@link ChunkedDecoder} decodes it. Every case is
 * delivered whole, byte by byte, and split in two at every byte boundary, into destination arrays
 * from one byte to large; every delivery must end the same way.
 */
class ChunkedDecoderTest {
    private static final ConnectorConfig STRICT = ConnectorConfig.defaults();
    private static final int[] TINY_DST = {1, 2, 3, 7};
    private static final int LARGE_DST = 1 << 16;

    /** How one delivery ended: decoded body, trailers and unconsumed bytes, or an error status. */
    record Result(boolean done, String body, List<List<String>> trailers, String leftover, int status) {
        static Result failed(int status) {
            return new Result(false, null, null, null, status);
        }
    }

    // ------------------------------------------------------------------ well-formed bodies

    @Test
    void decodesOneChunk() {
        assertDecodes("5\r\nhello\r\n0\r\n\r\n", "hello");
    }

    @Test
    void decodesSeveralChunks() {
        assertDecodes("5\r\nhello\r\n1\r\n \r\n6\r\nworld!\r\n0\r\n\r\n", "hello world!");
    }

    @Test
    void decodesHexSizesInEitherCase() {
        String sixteen = "0123456789abcdef";
        assertDecodes("10\r\n" + sixteen + "\r\na\r\n0123456789\r\nA\r\nabcdefghij\r\n0\r\n\r\n",
                sixteen + "0123456789abcdefghij");
        assertDecodes("1F\r\n" + "x".repeat(31) + "\r\n1f\r\n" + "y".repeat(31) + "\r\n0\r\n\r\n",
                "x".repeat(31) + "y".repeat(31));
    }

    @Test
    void decodesAnEmptyBody() {
        assertDecodes("0\r\n\r\n", "");
    }

    @Test
    void decodesChunkDataHoldingAnyBytes() {
        String data = "\r\n0\r\n\r\n\u0000\u00ff";
        assertDecodes("9\r\n" + data + "\r\n0\r\n\r\n", data);
    }

    @ParameterizedTest
    @ValueSource(strings = {";name", ";name=token", ";name=\"quoted; value with spaces\"", ";a;b=c;d=\"e\"",
        " ;a=b", " \t; a = b ;\tc", ";a=\"esc\\\"aped \\\\ \\; \"", ";a=\"\"", ";a=\"caf\u00e9\"", ";!#$%&'*+-.^_`|~=x"})
    void ignoresChunkExtensions(String extension) {
        assertDecodes("5" + extension + "\r\nhello\r\n0" + extension + "\r\n\r\n", "hello");
    }

    @Test
    void acceptsLeadingZerosInChunkSize() {
        assertDecodes("0005\r\nhello\r\n0\r\n\r\n", "hello");
        assertDecodes("0".repeat(40) + "5\r\nhello\r\n0\r\n\r\n", "hello");
    }

    @Test
    void acceptsManyZerosAsTheLastChunk() {
        assertDecodes("5\r\nhello\r\n00000\r\n\r\n", "hello");
        assertDecodes("0".repeat(100) + "\r\n\r\n", "");
    }

    @Test
    void returnsTheTrailerFields() {
        Result result = assertDecodes("5\r\nhello\r\n0\r\nX-Checksum: abc\r\nx-other:  v w \t\r\nEmpty:\r\n"
                + "X-Checksum: def\r\n\r\n", "hello");

        assertThat(result.trailers()).containsExactly(List.of("X-Checksum", "abc"), List.of("x-other", "v w"),
                List.of("Empty", ""), List.of("X-Checksum", "def"));
    }

    @Test
    void returnsTrailerFieldsForCaseInsensitiveLookup() throws BadMessageException {
        ChunkedDecoder decoder = new ChunkedDecoder(STRICT);
        decode(decoder, "0\r\nX-Sum: caf\u00e9\r\n\r\n");

        HttpFields trailers = decoder.trailerFields();
        assertThat(trailers.get("x-sum")).isEqualTo("caf\u00e9");
        assertThat(trailers.getAll("X-SUM")).containsExactly("caf\u00e9");
    }

    @Test
    void leavesTheBytesAfterTheBodyUnconsumed() {
        String next = "GET /next HTTP/1.1\r\nHost: a\r\n\r\n";
        Result result = deliverEveryWay(STRICT, "3\r\nabc\r\n0\r\n\r\n" + next);

        assertThat(result).isEqualTo(new Result(true, "abc", List.of(), next, 0));
    }

    @Test
    void staysIncompleteUntilTheFinalCrlf() {
        for (String partial : new String[] {"5\r\nhel", "5\r\nhello", "5\r\nhello\r\n", "5\r\nhello\r\n0\r\n",
            "5\r\nhello\r\n0\r\n\r", "5\r\nhello\r\n0\r\nX: y\r\n", "5;a=\"b"}) {
            Result result = deliverEveryWay(STRICT, partial);
            assertThat(result.done()).as(HeadDelivery.printable(partial)).isFalse();
            assertThat(result.status()).isZero();
        }
    }

    @Test
    void returnsMinusOneOnceCompleteAndZeroWhenItNeedsMore() throws BadMessageException {
        ChunkedDecoder decoder = new ChunkedDecoder(STRICT);
        byte[] dst = new byte[16];

        assertThat(decoder.decode(buffer("5\r\nhe"), dst, 0, 16)).isEqualTo(2);
        assertThat(decoder.decode(buffer(""), dst, 0, 16)).isZero();
        ByteBuffer rest = buffer("llo\r\n0\r\n\r\nNEXT");
        assertThat(decoder.decode(rest, dst, 0, 0)).isZero();
        assertThat(rest.position()).isZero();
        // the last data and the framing after it are consumed in one call; the end is told by the next
        assertThat(decoder.decode(rest, dst, 0, 16)).isEqualTo(3);
        assertThat(new String(dst, 0, 3, StandardCharsets.ISO_8859_1)).isEqualTo("llo");
        assertThat(decoder.isDone()).isTrue();
        assertThat(decoder.decode(rest, dst, 0, 16)).isEqualTo(-1);
        assertThat(decoder.decode(rest, dst, 0, 16)).isEqualTo(-1);
        assertThat(rest.remaining()).isEqualTo(4);
    }

    @Test
    void startsAfreshAfterReset() throws BadMessageException {
        ChunkedDecoder decoder = new ChunkedDecoder(STRICT);
        assertThat(decode(decoder, "3\r\nabc\r\n0\r\nX: 1\r\n\r\n")).isEqualTo("abc");
        assertThat(decoder.trailerFields().size()).isEqualTo(1);

        decoder.reset();

        assertThat(decoder.isDone()).isFalse();
        assertThat(decoder.trailerFields().size()).isZero();
        assertThat(decode(decoder, "2\r\nde\r\n0\r\n\r\n")).isEqualTo("de");
        assertThat(decoder.trailerFields().size()).isZero();
    }

    // ------------------------------------------------------------------ malformed framing (→ 400)

    @ParameterizedTest
    @ValueSource(strings = {
        "0x5\r\nhello\r\n0\r\n\r\n",       // 0x prefix
        "\r\nhello\r\n0\r\n\r\n",          // missing size
        ";ext\r\nhello\r\n0\r\n\r\n",      // extension without size
        " 5\r\nhello\r\n0\r\n\r\n",        // whitespace before size
        "-1\r\n",                          // negative
        "+5\r\nhello\r\n",
        "5g\r\nhello\r\n0\r\n\r\n",        // bad hex
        "g\r\n",
        "_5\r\nhello\r\n",                 // underscore
        "5_\r\nhello\r\n",
        "5 \r\nhello\r\n0\r\n\r\n",        // whitespace after size without ;
        "5\t\r\nhello\r\n",
        "5 5\r\nhello\r\n",
        "5\nhello\r\n0\r\n\r\n",           // bare LF after size
        "5\rhello\r\n0\r\n\r\n",           // bare CR after size
        "5\r\nhello\n0\r\n\r\n",           // bare LF after data
        "5\r\nhello\r0\r\n\r\n",           // bare CR after data
        "5\r\nhelloX\r\n0\r\n\r\n",        // data longer than the size
        "5\r\nhelloX0\r\n\r\n",            // a byte between the data and a well-formed last chunk
        "3\r\nabcd3\r\nefg\r\n0\r\n\r\n",
        "5\r\nhell\r\n0\r\n\r\n",          // data shorter than the size
        "5\r\nhello0\r\n\r\n",             // no CRLF after data
        "0\r\n\n",                         // bare LF ending the trailer section
        "0\r\n\rX\r\n\r\n",                // bare CR starting a trailer line
        "0\r\nX: y\n\r\n",                 // bare LF in a trailer line
        "0\r\nX: a\rb\r\n\r\n",            // bare CR in a trailer value
        "10000000000000000\r\n",           // 2^64: would wrap to 0
        "ffffffffffffffff\r\n",            // would wrap negative
        "8000000000000000\r\n",
        "1" + "0000000000000000000000000000000\r\n"})
    void rejectsMalformedFraming(String wire) {
        assertRejected(STRICT, 400, wire);
    }

    @ParameterizedTest
    @ValueSource(strings = {";", ";\r", "; ", ";=a", ";a=", ";a= ", ";a=\"unterminated", ";a b", ";a=b c", ";a=\"x\"y",
        ";a=\"\u0001\"", ";a=\"\\\u0000\"", ";a@b", ";a=b@", ";a=\u00e9", ";a;;b", ";a=\"x\"\"y\"", ";\u00e9"})
    void rejectsMalformedChunkExtensions(String extension) {
        assertRejected(STRICT, 400, "5" + extension + "\r\nhello\r\n0\r\n\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"X : a", " X: a", "\tX: a", "X", ": a", "X(: a", "X: a\u0000", "X: \u007f", "\u00e9: a"})
    void rejectsMalformedTrailerLines(String line) {
        assertRejected(STRICT, 400, "0\r\n" + line + "\r\n\r\n");
    }

    // ------------------------------------------------------------------ limits

    @Test
    void acceptsChunkExtensionsUpToTheLimit() {
        ConnectorConfig config = ConnectorConfig.builder().maxChunkExtensionLength(16).build();
        String ext = ";" + "a".repeat(15);
        String spaced = " ;" + "b".repeat(10) + "=\"c\"";

        assertDecodes(config, "5" + ext + "\r\nhello\r\n2" + spaced + "\r\n!!\r\n0" + ext + "\r\n\r\n", "hello!!", List.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {";aaaaaaaaaaaaaaaa", " ;aaaaaaaaaaaaaaa", ";a=bbbbbbbbbbbbbb", ";a=\"bbbbbbbbbbbb\"", ";a;b;c;d;e;f;g;hi"})
    void rejectsChunkExtensionsOverTheLimit(String extension) {
        ConnectorConfig config = ConnectorConfig.builder().maxChunkExtensionLength(16).build();
        assertThat(extension).hasSize(17);

        assertRejected(config, 400, "5" + extension + "\r\nhello\r\n0\r\n\r\n");
    }

    @Test
    void rejectsHugeChunkExtensionByDefault() {
        assertRejected(STRICT, 400, "5;a=" + "b".repeat(100_000) + "\r\nhello\r\n0\r\n\r\n");
        assertRejected(STRICT, 400, "5;a=\"" + "b".repeat(100_000) + "\"\r\nhello\r\n0\r\n\r\n");
    }

    @Test
    void acceptsTrailerSectionUpToTheLimit() {
        ConnectorConfig config = ConnectorConfig.builder().maxTrailerSectionSize(64).build();
        // "X: " + value + "\r\n" is 64 bytes: the trailer section without the final CRLF
        String value = "v".repeat(64 - 5);

        assertDecodes(config, "0\r\nX: " + value + "\r\n\r\n", "", List.of(List.of("X", value)));
    }

    @Test
    void answers431ToTrailerSectionOverTheLimit() {
        ConnectorConfig config = ConnectorConfig.builder().maxTrailerSectionSize(64).build();

        assertRejected(config, 431, "0\r\nX: " + "v".repeat(64 - 4) + "\r\n\r\n");
        assertRejected(config, 431, "0\r\n" + "X: 1\r\n".repeat(20) + "\r\n");
        assertRejected(STRICT, 431, "0\r\nX: " + "v".repeat(100_000) + "\r\n\r\n");
    }

    @Test
    void acceptsNoTrailerWhenTheTrailerLimitIsZero() {
        ConnectorConfig config = ConnectorConfig.builder().maxTrailerSectionSize(0).build();

        assertDecodes(config, "3\r\nabc\r\n0\r\n\r\n", "abc", List.of());
        assertRejected(config, 431, "3\r\nabc\r\n0\r\nX: y\r\n\r\n");
    }

    @Test
    void acceptsBodyUpToTheLimit() {
        ConnectorConfig config = ConnectorConfig.builder().maxRequestBodySize(10).build();

        assertDecodes(config, "5\r\nhello\r\n5\r\nworld\r\n0\r\n\r\n", "helloworld", List.of());
        assertDecodes(ConnectorConfig.builder().maxRequestBodySize(0).build(), "0\r\n\r\n", "", List.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "5\r\nhello\r\n6\r\nworld!\r\n0\r\n\r\n",
        "b\r\n",
        "5\r\nhello\r\n7fffffffffffffff\r\n",
        "7fffffffffffffff\r\n",
        "1\r\na\r\n7ffffffffffffff7\r\n",
        "5\r\nhello\r\n0000000000000000000000006\r\n"})
    void answers413ToBodyOverTheLimit(String wire) {
        assertRejected(ConnectorConfig.builder().maxRequestBodySize(10).build(), 413, wire);
    }

    @Test
    void answers413ToAnyChunkWhenTheLimitIsZero() {
        assertRejected(ConnectorConfig.builder().maxRequestBodySize(0).build(), 413, "1\r\na\r\n0\r\n\r\n");
    }

    // ------------------------------------------------------------------ BARE_LF leniency

    @Test
    void acceptsBareLfWhenAllowedAndTellsTheListener() throws BadMessageException {
        ComplianceListener listener = mock(ComplianceListener.class);
        ConnectorConfig config = ConnectorConfig.builder().allow(ComplianceViolation.BARE_LF)
                .complianceListener(listener).build();
        ChunkedDecoder decoder = new ChunkedDecoder(config);

        assertThat(decode(decoder, "5;a=b\nhello\n0\nX: y\n\n")).isEqualTo("hello");

        assertThat(decoder.trailerFields().get("X")).isEqualTo("y");
        verify(listener, times(5)).onViolation(eq(ComplianceViolation.BARE_LF), eq(true), anyString());
        verifyNoMoreInteractions(listener);
        assertDecodes(config, "5\nhello\r\n0\n\n", "hello", List.of());
    }

    @Test
    void tellsTheListenerOfABareLfItRejects() {
        ComplianceListener listener = mock(ComplianceListener.class);
        ChunkedDecoder decoder = new ChunkedDecoder(ConnectorConfig.builder().complianceListener(listener).build());

        assertThatThrownBy(() -> decode(decoder, "5\nhello\r\n0\r\n\r\n"))
                .isInstanceOfSatisfying(BadMessageException.class, e -> assertThat(e.status()).isEqualTo(400));

        verify(listener).onViolation(eq(ComplianceViolation.BARE_LF), eq(false), anyString());
        verifyNoMoreInteractions(listener);
    }

    @Test
    void rejectsBareCrEvenWhenBareLfIsAllowed() {
        ConnectorConfig config = ConnectorConfig.builder().allow(ComplianceViolation.BARE_LF).build();

        assertRejected(config, 400, "5\rhello\n0\n\n");
        assertRejected(config, 400, "5\nhello\rX");
    }

    // ------------------------------------------------------------------ delivery harness

    private static Result assertDecodes(String wire, String body) {
        return assertDecodes(STRICT, wire, body, null);
    }

    private static Result assertDecodes(ConnectorConfig config, String wire, String body, List<List<String>> trailers) {
        Result result = deliverEveryWay(config, wire);
        assertThat(result.status()).as("status for %s", HeadDelivery.printable(wire)).isZero();
        assertThat(result.done()).as("done for %s", HeadDelivery.printable(wire)).isTrue();
        assertThat(result.body()).isEqualTo(body);
        assertThat(result.leftover()).isEmpty();
        if (trailers != null) {
            assertThat(result.trailers()).isEqualTo(trailers);
        }
        return result;
    }

    private static void assertRejected(ConnectorConfig config, int status, String wire) {
        assertThat(deliverEveryWay(config, wire).status()).as("status for %s", HeadDelivery.printable(wire))
                .isEqualTo(status);
    }

    /**
     * Delivers {@code wire} whole, byte by byte, and in two pieces split at every boundary, with
     * large and tiny destination arrays; asserts every delivery ends the same way.
     *
     * @return that common end
     */
    private static Result deliverEveryWay(ConnectorConfig config, String wire) {
        byte[] bytes = wire.getBytes(StandardCharsets.ISO_8859_1);
        int n = bytes.length;
        Result expected = deliver(config, bytes, new int[] {n}, LARGE_DST);
        List<String> ways = new ArrayList<>();
        List<Result> results = new ArrayList<>();
        for (int dst : TINY_DST) {
            ways.add("whole, dst " + dst);
            results.add(deliver(config, bytes, new int[] {n}, dst));
        }
        int[] everyByte = new int[n];
        for (int i = 0; i < n; i++) {
            everyByte[i] = i + 1;
        }
        for (int dst : new int[] {1, 3, LARGE_DST}) {
            ways.add("byte by byte, dst " + dst);
            results.add(deliver(config, bytes, everyByte, dst));
        }
        int step = n <= 2000 ? 1 : n / 97;
        for (int k = 1; k < n; k += step) {
            int dst = k % 2 == 0 ? LARGE_DST : TINY_DST[k / 2 % TINY_DST.length];
            ways.add("split at " + k + ", dst " + dst);
            results.add(deliver(config, bytes, new int[] {k, n}, dst));
        }
        for (int i = 0; i < results.size(); i++) {
            assertThat(results.get(i)).as("%s of %s", ways.get(i), HeadDelivery.printable(wire)).isEqualTo(expected);
        }
        return expected;
    }

    /**
     * Feeds the decoder as a connection does: each piece is appended to the unconsumed bytes
     * (compacted to the front of one buffer), then decoded until the buffer runs dry or the body ends.
     *
     * @param cuts ascending indexes where each piece ends; the last is {@code bytes.length}
     */
    private static Result deliver(ConnectorConfig config, byte[] bytes, int[] cuts, int dstLength) {
        ChunkedDecoder decoder = new ChunkedDecoder(config);
        ByteBuffer src = ByteBuffer.allocate(bytes.length);
        src.flip();
        // the data goes to dst[1 .. dstLength]; the bytes either side must stay untouched
        byte[] dst = new byte[dstLength + 2];
        dst[0] = 'L';
        dst[dstLength + 1] = 'R';
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int from = 0;
        try {
            for (int cut : cuts) {
                src.compact();
                src.put(bytes, from, cut - from);
                src.flip();
                from = cut;
                while (true) {
                    int r = decoder.decode(src, dst, 1, dstLength);
                    if (dst[0] != 'L' || dst[dstLength + 1] != 'R') {
                        fail("wrote outside dst[1..%d]", dstLength);
                    }
                    if (r < 0) {
                        assertThat(decoder.isDone()).isTrue();
                        ByteArrayOutputStream rest = new ByteArrayOutputStream();
                        rest.write(src.array(), src.position(), src.remaining());
                        rest.write(bytes, from, bytes.length - from);
                        return new Result(true, latin1(body.toByteArray()), fields(decoder.trailerFields()),
                                latin1(rest.toByteArray()), 0);
                    }
                    if (r == 0) {
                        if (src.hasRemaining()) {
                            fail("returned 0 with %d source bytes left", src.remaining());
                        }
                        break;
                    }
                    if (r > dstLength) {
                        fail("returned %d for a %d-byte dst", r, dstLength);
                    }
                    body.write(dst, 1, r);
                }
            }
        } catch (BadMessageException e) {
            return Result.failed(e.status());
        }
        assertThat(decoder.isDone()).isFalse();
        return new Result(false, latin1(body.toByteArray()), List.of(), "", 0);
    }

    /** Decodes all of {@code wire} in one buffer with a large array; returns the body. */
    private static String decode(ChunkedDecoder decoder, String wire) throws BadMessageException {
        ByteBuffer src = buffer(wire);
        byte[] dst = new byte[LARGE_DST];
        StringBuilder body = new StringBuilder();
        int r;
        while ((r = decoder.decode(src, dst, 0, dst.length)) > 0) {
            body.append(new String(dst, 0, r, StandardCharsets.ISO_8859_1));
        }
        return body.toString();
    }

    private static ByteBuffer buffer(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static List<List<String>> fields(HttpFields fields) {
        List<List<String>> list = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            list.add(List.of(fields.name(i), fields.value(i)));
        }
        return list;
    }

    private static String latin1(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
