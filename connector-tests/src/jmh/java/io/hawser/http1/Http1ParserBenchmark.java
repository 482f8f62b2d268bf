package io.hawser.http1;

import io.hawser.api.BadMessageException;
import io.hawser.api.ConnectorConfig;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Throughput of {@link Http1Parser} on complete request heads held in one array, with the default
 * {@link ConnectorConfig}: the work {@code Http1Connection} does per request once the head's bytes
 * are in its buffer ({@code head.reset(); parser.reset(); parser.parse(...)}), without the socket.
 *
 * <p>Shapes ({@code shape}):
 * <ul>
 *   <li>{@code browser}: a Chrome-like navigation GET, 585 bytes, of which 536 are the 11 field
 *       lines (Host, Connection, User-Agent, Accept, Sec-Fetch-Site/Mode/User/Dest,
 *       Accept-Encoding, Accept-Language, Cookie), all names that {@link FieldNames} knows.
 *   <li>{@code fields4}, {@code fields16}, {@code fields32}: {@code GET /index.html}, a Host line
 *       and 3, 15 or 31 lines {@code X-Header-NN: value-NN-abcdefghijklmnop} (40 bytes each, names
 *       that are not among the common ones): 171, 651 and 1,291 bytes.
 *   <li>{@code wrk}: the head wrk sends in the end-to-end benchmark's keepalive and pipelined
 *       workloads ({@code GET /plaintext} and a Host line, nothing else): 50 bytes. What the
 *       connector must do per request there that the limit loop, which parses nothing, does not.
 * </ul>
 *
 * <p>Variants:
 * <ul>
 *   <li>{@code parse}: parse only. Names and values stay offsets, no strings are made.
 *   <li>{@code parseReadAll}: parse, then read the method, the target and every field name and
 *       value through the {@link io.hawser.api.HttpFields} API (what a servlet touching every
 *       header costs: the lazy strings get made).
 *   <li>{@code parsePipelined16}: 16 copies of the head back to back in one array, parsed one after
 *       the other from their offsets (what a pipelining client's burst costs); one operation is one
 *       request ({@code @OperationsPerInvocation(16)}).
 * </ul>
 *
 * <p>The same target repeats in every operation, so {@link RequestHead}'s previous-target reuse
 * applies and the target string is not allocated (as for a client repeating one URL on a
 * keep-alive connection). The setup parses each input once and checks the length, the field
 * count and the request-line.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class Http1ParserBenchmark {
    static final int PIPELINED = 16;

    static final String BROWSER_TARGET = "/products/list?page=2&sort=price";

    static final String BROWSER = "GET " + BROWSER_TARGET + " HTTP/1.1\r\n"
            + "Host: shop.example.com\r\n"
            + "Connection: keep-alive\r\n"
            + "User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
            + " Chrome/124.0.0.0 Safari/537.36\r\n"
            + "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,"
            + "image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7\r\n"
            + "Sec-Fetch-Site: same-origin\r\n"
            + "Sec-Fetch-Mode: navigate\r\n"
            + "Sec-Fetch-User: ?1\r\n"
            + "Sec-Fetch-Dest: document\r\n"
            + "Accept-Encoding: gzip, deflate, br, zstd\r\n"
            + "Accept-Language: en-US,en;q=0.9\r\n"
            + "Cookie: sid=3f9a1c7e5b2d4a8f; theme=dark\r\n"
            + "\r\n";

    static final int BROWSER_FIELDS = 11;

    /** wrk's request for {@code http://127.0.0.1:28400/plaintext} (wrk.format: the request-line and Host). */
    static final String WRK = "GET /plaintext HTTP/1.1\r\nHost: 127.0.0.1:28400\r\n\r\n";

    @Param({"browser", "fields4", "fields16", "fields32", "wrk"})
    public String shape;

    private Http1Parser parser;
    private RequestHead head;
    private byte[] request;
    private byte[] pipelined;

    /** @return a head with a Host line and {@code fields - 1} lines of 40 bytes each */
    static String withFields(int fields) {
        StringBuilder sb = new StringBuilder("GET /index.html HTTP/1.1\r\nHost: www.example.com\r\n");
        for (int i = 1; i < fields; i++) {
            String n = String.format("%02d", i);
            sb.append("X-Header-").append(n).append(": value-").append(n).append("-abcdefghijklmnop\r\n");
        }
        return sb.append("\r\n").toString();
    }

    @Setup
    public void setup() throws BadMessageException {
        String text;
        int fields;
        String target;
        switch (shape) {
            case "browser" -> {
                text = BROWSER;
                fields = BROWSER_FIELDS;
                target = BROWSER_TARGET;
            }
            case "fields4", "fields16", "fields32" -> {
                fields = Integer.parseInt(shape.substring("fields".length()));
                text = withFields(fields);
                target = "/index.html";
            }
            case "wrk" -> {
                text = WRK;
                fields = 1;
                target = "/plaintext";
            }
            default -> throw new IllegalArgumentException("shape " + shape);
        }
        request = text.getBytes(StandardCharsets.ISO_8859_1);
        pipelined = new byte[request.length * PIPELINED];
        for (int k = 0; k < PIPELINED; k++) {
            System.arraycopy(request, 0, pipelined, k * request.length, request.length);
        }
        parser = new Http1Parser(ConnectorConfig.defaults());
        head = new RequestHead();

        check(parse(), fields, target);
        check(parseReadAll(new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.")),
                fields, target);
        int total = parsePipelined16();
        if (total != PIPELINED * request.length) {
            throw new IllegalStateException(shape + ": pipelined heads took " + total + " bytes, not "
                    + PIPELINED * request.length);
        }
        check(request.length, fields, target);
        if (shape.startsWith("fields") && !head.value(fields - 1).equals(
                "value-" + String.format("%02d", fields - 1) + "-abcdefghijklmnop")) {
            throw new IllegalStateException("last value " + head.value(fields - 1));
        }
    }

    private void check(int length, int fields, String target) {
        if (length != request.length || head.headLength() != request.length || head.size() != fields
                || !"GET".equals(head.method()) || !target.equals(head.target())
                || head.version() != RequestHead.HTTP_1_1 || !head.isPersistent()
                || head.contentLength() != -1 || head.isChunked()) {
            throw new IllegalStateException(shape + ": parsed " + length + " of " + request.length + " bytes, "
                    + head.size() + " of " + fields + " fields, " + head.method() + " " + head.target());
        }
    }

    @Benchmark
    public int parse() throws BadMessageException {
        RequestHead h = head;
        h.reset();
        parser.reset();
        return parser.parse(request, 0, request.length, h);
    }

    @Benchmark
    public int parseReadAll(Blackhole bh) throws BadMessageException {
        RequestHead h = head;
        h.reset();
        parser.reset();
        int n = parser.parse(request, 0, request.length, h);
        bh.consume(h.method());
        bh.consume(h.target());
        for (int i = 0, size = h.size(); i < size; i++) {
            bh.consume(h.name(i));
            bh.consume(h.value(i));
        }
        return n;
    }

    /** @return the bytes consumed by the 16 heads (16 times the length of one) */
    @Benchmark
    @OperationsPerInvocation(PIPELINED)
    public int parsePipelined16() throws BadMessageException {
        RequestHead h = head;
        Http1Parser p = parser;
        byte[] buf = pipelined;
        int start = 0;
        for (int k = 0; k < PIPELINED; k++) {
            h.reset();
            p.reset();
            start += p.parse(buf, start, buf.length, h);
        }
        return start;
    }
}
