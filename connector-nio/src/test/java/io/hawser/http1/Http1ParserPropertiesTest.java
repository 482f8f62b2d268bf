package io.hawser.http1;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.BadMessageException;
import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpFields;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Properties of {@link Http1Parser} (named {@code *Test} so that Surefire's default includes run it).
 *
 * <p>A stream of valid pipelined requests parses to the requests that were sent, however the stream is
 * cut into pieces: heads with {@link Http1Parser}, bodies by Content-Length or with
 * {@link ChunkedDecoder}, unconsumed bytes kept and compacted to the front of one buffer before
 * more are appended, as a connection does.
 */
class Http1ParserPropertiesTest {
    private static final String TCHARS = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    private static final String PATH_CHARS =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/?%";
    private static final Set<String> FRAMING_NAMES =
            Set.of("host", "content-length", "transfer-encoding", "connection", "expect");
    private static final ConnectorConfig CONFIG = ConnectorConfig.defaults();

    // ------------------------------------------------------------------ the model

    record Field(String name, String value) {
    }

    /** A field line as sent: the value with the optional whitespace around it. */
    record WireField(String name, String before, String value, String after) {
        Field field() {
            return new Field(name, value);
        }
    }

    /** A chunk as sent: at most {@code size} bytes of the remaining data, then its size line's form. */
    record Chunk(int size, String extension, boolean upperCase, int leadingZeros) {
    }

    enum Framing { NONE, CONTENT_LENGTH, CHUNKED }

    /** A request and the cosmetic choices of its serialization. */
    record Request(int emptyLinesBefore, String method, String target, boolean http10, List<WireField> fields,
            int hostAt, int framingAt, Framing framing, byte[] body, List<Chunk> chunks, List<WireField> trailers) {

        List<Field> expectedFields() {
            List<Field> list = new ArrayList<>();
            for (WireField f : wireFields()) {
                list.add(f.field());
            }
            return list;
        }

        List<Field> expectedTrailers() {
            List<Field> list = new ArrayList<>();
            if (framing == Framing.CHUNKED) {
                for (WireField f : trailers) {
                    list.add(f.field());
                }
            }
            return list;
        }

        Parsed expected() {
            return new Parsed(method, target, http10 ? RequestHead.HTTP_1_0 : RequestHead.HTTP_1_1, expectedFields(),
                    framing == Framing.NONE ? "" : latin1(body), expectedTrailers());
        }

        /** The field lines in order: the generated ones with Host and the framing field inserted. */
        private List<WireField> wireFields() {
            List<WireField> list = new ArrayList<>(fields);
            if (framing == Framing.CONTENT_LENGTH) {
                list.add(framingAt % (list.size() + 1), new WireField("Content-Length", " ", "" + body.length, ""));
            } else if (framing == Framing.CHUNKED) {
                list.add(framingAt % (list.size() + 1), new WireField("Transfer-Encoding", "", "chunked", " "));
            }
            list.add(hostAt % (list.size() + 1), new WireField("Host", " ", "example.com:8080", ""));
            return list;
        }

        void writeTo(ByteArrayOutputStream out) {
            write(out, "\r\n".repeat(emptyLinesBefore));
            write(out, method + " " + target + " " + (http10 ? "HTTP/1.0" : "HTTP/1.1") + "\r\n");
            for (WireField f : wireFields()) {
                write(out, f.name() + ":" + f.before() + f.value() + f.after() + "\r\n");
            }
            write(out, "\r\n");
            if (framing == Framing.CONTENT_LENGTH) {
                out.writeBytes(body);
            } else if (framing == Framing.CHUNKED) {
                int off = 0;
                for (int i = 0; off < body.length; i++) {
                    Chunk c = chunks.get(i % chunks.size());
                    int n = Math.min(c.size(), body.length - off);
                    writeSizeLine(out, n, c);
                    out.write(body, off, n);
                    write(out, "\r\n");
                    off += n;
                }
                writeSizeLine(out, 0, chunks.get(0));
                for (WireField f : trailers) {
                    write(out, f.name() + ":" + f.before() + f.value() + f.after() + "\r\n");
                }
                write(out, "\r\n");
            }
        }

        private static void writeSizeLine(ByteArrayOutputStream out, int size, Chunk c) {
            String hex = Integer.toHexString(size);
            write(out, "0".repeat(c.leadingZeros()) + (c.upperCase() ? hex.toUpperCase(Locale.ROOT) : hex)
                    + c.extension() + "\r\n");
        }
    }

    /** What a server sees of one request. */
    record Parsed(String method, String target, int version, List<Field> fields, String body, List<Field> trailers) {
    }

    // ------------------------------------------------------------------ properties

    @Property(tries = 200)
    void parsesAWholeStreamToTheRequestsSent(@ForAll("requests") List<Request> requests) throws BadMessageException {
        byte[] stream = serialize(requests);

        assertThat(parseStream(stream, List.of(stream.length), 8192)).isEqualTo(expected(requests));
    }

    @Property(tries = 200)
    void parsesAnySplitOfTheStreamLikeTheWholeStream(@ForAll("requests") List<Request> requests,
            @ForAll @Size(min = 1, max = 20) List<@IntRange(min = 1, max = 64) Integer> pieceSizes,
            @ForAll @IntRange(min = 1, max = 40) int bodyReadSize) throws BadMessageException {
        byte[] stream = serialize(requests);

        List<Parsed> whole = parseStream(stream, List.of(stream.length), 8192);
        List<Parsed> split = parseStream(stream, pieceSizes, bodyReadSize);

        assertThat(split).isEqualTo(whole);
        assertThat(split).isEqualTo(expected(requests));
    }

    @Property(tries = 30)
    void parsesTheStreamDeliveredByteByByte(@ForAll("requests") List<Request> requests) throws BadMessageException {
        byte[] stream = serialize(requests);

        assertThat(parseStream(stream, List.of(1), 1)).isEqualTo(expected(requests));
    }

    // ------------------------------------------------------------------ the connection, reduced to its buffer

    /**
     * Parses {@code stream} delivered in pieces of the given sizes (cycled), as a connection does.
     *
     * @param readSize the destination size for each body read
     */
    static List<Parsed> parseStream(byte[] stream, List<Integer> pieceSizes, int readSize) throws BadMessageException {
        Http1Parser parser = new Http1Parser(CONFIG);
        RequestHead head = new RequestHead();
        ChunkedDecoder decoder = new ChunkedDecoder(CONFIG);
        List<Parsed> parsed = new ArrayList<>();
        ByteBuffer in = ByteBuffer.allocate(16);
        in.flip();
        byte[] dst = new byte[readSize];
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        boolean inBody = false;
        long remaining = 0;
        int fed = 0;
        int piece = 0;
        while (true) {
            boolean needMore = false;
            while (!needMore) {
                if (!inBody) {
                    int n = in.hasRemaining() ? parser.parse(in.array(), in.position(), in.limit(), head) : -1;
                    if (n < 0) {
                        needMore = true;
                        continue;
                    }
                    in.position(in.position() + n);
                    inBody = true;
                    body.reset();
                    remaining = Math.max(0, head.contentLength());
                    decoder.reset();
                } else if (head.isChunked()) {
                    int n = decoder.decode(in, dst, 0, dst.length);
                    if (n < 0) {
                        parsed.add(snapshot(head, body, decoder.trailerFields()));
                        inBody = false;
                    } else if (n == 0) {
                        needMore = true;
                    } else {
                        body.write(dst, 0, n);
                    }
                } else if (remaining == 0) {
                    parsed.add(snapshot(head, body, HttpFields.EMPTY));
                    inBody = false;
                } else if (!in.hasRemaining()) {
                    needMore = true;
                } else {
                    int n = (int) Math.min(Math.min(remaining, in.remaining()), dst.length);
                    in.get(dst, 0, n);
                    body.write(dst, 0, n);
                    remaining -= n;
                }
                if (!inBody && !needMore) {
                    parser.reset();
                    head.reset();
                }
            }
            if (fed == stream.length) {
                break;
            }
            int n = Math.min(pieceSizes.get(piece++ % pieceSizes.size()), stream.length - fed);
            in.compact();
            if (in.remaining() < n) {
                ByteBuffer bigger = ByteBuffer.allocate(Math.max(in.capacity() * 2, in.position() + n));
                in.flip();
                bigger.put(in);
                in = bigger;
            }
            in.put(stream, fed, n);
            in.flip();
            fed += n;
        }
        assertThat(inBody).as("stream ends inside a body").isFalse();
        assertThat(parser.scanned()).as("stream ends inside a head").isZero();
        assertThat(in.hasRemaining()).as("bytes left over").isFalse();
        return parsed;
    }

    private static Parsed snapshot(RequestHead head, ByteArrayOutputStream body, HttpFields trailers) {
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < head.size(); i++) {
            fields.add(new Field(head.name(i), head.value(i)));
        }
        List<Field> trailerList = new ArrayList<>();
        for (int i = 0; i < trailers.size(); i++) {
            trailerList.add(new Field(trailers.name(i), trailers.value(i)));
        }
        return new Parsed(head.method(), head.target(), head.version(), fields, latin1(body.toByteArray()), trailerList);
    }

    // ------------------------------------------------------------------ generators

    @Provide
    Arbitrary<List<Request>> requests() {
        return request().list().ofMinSize(1).ofMaxSize(10);
    }

    private Arbitrary<Request> request() {
        Arbitrary<String> method = Arbitraries.strings().withChars(TCHARS).ofMinLength(1).ofMaxLength(10)
                .filter(m -> !m.equals("CONNECT"));
        Arbitrary<String> target = Arbitraries.strings().withChars(PATH_CHARS).ofMaxLength(30)
                .map(p -> "/" + p.replace("%", "%25")); // pct-encoded = "%" HEXDIG HEXDIG (RFC 3986 §2.1)
        Arbitrary<Framing> framing = Arbitraries.of(Framing.class);
        Arbitrary<byte[]> body = Arbitraries.bytes().array(byte[].class).ofMaxSize(300);
        Arbitrary<Integer> position = Arbitraries.integers().between(0, 100);
        Arbitrary<Head> head = Combinators.combine(Arbitraries.integers().between(0, 2), method, target,
                Arbitraries.of(false, false, false, true), field().list().ofMaxSize(15), position, position)
                .as(Head::new);
        return Combinators.combine(head, framing, body, chunk().list().ofMinSize(1).ofMaxSize(8),
                field().list().ofMaxSize(3))
                .as((h, f, b, chunks, trailers) -> new Request(h.emptyLines, h.method, h.target, h.http10, h.fields,
                        h.hostAt, h.framingAt, h.http10 && f == Framing.CHUNKED ? Framing.CONTENT_LENGTH : f, b, chunks,
                        trailers));
    }

    /** The head's share of a {@link Request}, to stay within the arity of {@code combine}. */
    private record Head(int emptyLines, String method, String target, boolean http10, List<WireField> fields,
            int hostAt, int framingAt) {
    }

    private Arbitrary<WireField> field() {
        Arbitrary<String> name = Arbitraries.strings().withChars(TCHARS).ofMinLength(1).ofMaxLength(20)
                .filter(n -> !FRAMING_NAMES.contains(n.toLowerCase(Locale.ROOT)));
        Arbitrary<String> value = Arbitraries.strings().withCharRange('\u0021', '\u007e')
                .withCharRange('\u0080', '\u00ff').withChars(' ', '\t').ofMaxLength(40)
                .map(Http1ParserPropertiesTest::stripOws);
        Arbitrary<String> ows = Arbitraries.strings().withChars(' ', '\t').ofMaxLength(3);
        return Combinators.combine(name, ows, value, ows).as(WireField::new);
    }

    private Arbitrary<Chunk> chunk() {
        Arbitrary<String> extension = Arbitraries.of("", "", "", ";a", ";name=value", ";q=\"quoted; with spaces\"",
                " ; x = y", ";a;b=c;d=\"\\\"e\\\"\"", "\t;e=\"caf\u00e9\"");
        return Combinators.combine(Arbitraries.integers().between(1, 120), extension, Arbitraries.of(false, true),
                Arbitraries.integers().between(0, 2)).as(Chunk::new);
    }

    // ------------------------------------------------------------------ helpers

    private static byte[] serialize(List<Request> requests) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Request r : requests) {
            r.writeTo(out);
        }
        return out.toByteArray();
    }

    private static List<Parsed> expected(List<Request> requests) {
        List<Parsed> list = new ArrayList<>();
        for (Request r : requests) {
            list.add(r.expected());
        }
        return list;
    }

    private static String stripOws(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && (s.charAt(start) == ' ' || s.charAt(start) == '\t')) {
            start++;
        }
        while (end > start && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\t')) {
            end--;
        }
        return s.substring(start, end);
    }

    private static void write(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static String latin1(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
