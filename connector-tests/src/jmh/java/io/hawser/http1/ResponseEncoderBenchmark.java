package io.hawser.http1;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@link ResponseEncoder} and {@link DateField} writing into a reused heap {@link ByteBuffer}, as
 * {@code Http1ResponseBody} does into a pooled page.
 *
 * <ul>
 *   <li>{@code head}: a typical response head: status-line, the Date line for the current time
 *       ({@code System.currentTimeMillis()} included, as the connector calls it per response),
 *       Content-Type, Content-Length and 3 custom fields (Cache-Control, X-Request-Id, Vary), then
 *       the empty line: 244 bytes.
 *   <li>{@code dateLine}: only {@code DateField.line(System.currentTimeMillis())}, the share of
 *       the Date line (a cached array, re-encoded once per second).
 *   <li>{@code chunkSize}: one chunk-size line into a reused 20-byte buffer, as
 *       {@code Http1ResponseBody.send} does per chunk; one operation per line, over a fixed mix of
 *       8 sizes from 1 byte to 2 GiB - 1 ({@code @OperationsPerInvocation(8)}).
 * </ul>
 *
 * <p>The names and values are instance fields, not constants, so the JIT cannot fold them. The
 * setup encodes once and checks the bytes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class ResponseEncoderBenchmark {
    private final ByteBuffer out = ByteBuffer.allocate(4096);
    private final ByteBuffer chunkLine = ByteBuffer.allocate(20);
    private final long[] sizes = {1, 0x1a, 0x100, 0x1000, 0x2000, 0x8000, 0x10000, 0x7fffffffL};
    private int status = 200;
    private String contentType = "text/html;charset=UTF-8";
    private long contentLength = 5120;
    private String name1 = "Cache-Control";
    private String value1 = "no-cache, no-store, must-revalidate";
    private String name2 = "X-Request-Id";
    private String value2 = "7f3c2a9e-4b1d-4e8a-9c6f-1d2e3f4a5b6c";
    private String name3 = "Vary";
    private String value3 = "Accept-Encoding";

    @Setup
    public void setup() {
        int n = head();
        String text = new String(out.array(), 0, n, StandardCharsets.ISO_8859_1);
        String expected = "HTTP/1.1 200 OK\r\n"
                + new String(DateField.line(System.currentTimeMillis()), StandardCharsets.US_ASCII)
                + "Content-Type: text/html;charset=UTF-8\r\n"
                + "Content-Length: 5120\r\n"
                + "Cache-Control: no-cache, no-store, must-revalidate\r\n"
                + "X-Request-Id: 7f3c2a9e-4b1d-4e8a-9c6f-1d2e3f4a5b6c\r\n"
                + "Vary: Accept-Encoding\r\n"
                + "\r\n";
        // The Date line may have moved to the next second between the two calls: compare the rest.
        if (n != expected.length() || !text.startsWith("HTTP/1.1 200 OK\r\nDate: ")
                || !text.substring(54).equals(expected.substring(54))) {
            throw new IllegalStateException("encoded head:\n" + text + "expected:\n" + expected);
        }
        String[] lines = {"1", "1a", "100", "1000", "2000", "8000", "10000", "7fffffff"};
        for (int i = 0; i < sizes.length; i++) {
            chunkLine.clear();
            ResponseEncoder.putChunkSize(chunkLine, sizes[i]);
            String line = new String(chunkLine.array(), 0, chunkLine.position(), StandardCharsets.US_ASCII);
            if (!line.equals(lines[i] + "\r\n")) {
                throw new IllegalStateException("chunk-size line " + line);
            }
        }
        if (chunkSize() != 47) {
            throw new IllegalStateException("chunk-size lines do not add up to 47 bytes");
        }
    }

    /** @return the head's length in bytes */
    @Benchmark
    public int head() {
        ByteBuffer o = out;
        o.clear();
        o.put(ResponseEncoder.statusLine(status));
        o.put(DateField.line(System.currentTimeMillis()));
        ResponseEncoder.putField(o, "Content-Type", contentType);
        ResponseEncoder.putContentLength(o, contentLength);
        ResponseEncoder.putField(o, name1, value1);
        ResponseEncoder.putField(o, name2, value2);
        ResponseEncoder.putField(o, name3, value3);
        ResponseEncoder.putCrlf(o);
        return o.position();
    }

    @Benchmark
    public byte[] dateLine() {
        return DateField.line(System.currentTimeMillis());
    }

    /** @return the bytes of the 8 lines together (47) */
    @Benchmark
    @OperationsPerInvocation(8)
    public int chunkSize() {
        ByteBuffer o = chunkLine;
        long[] s = sizes;
        int total = 0;
        for (int i = 0; i < s.length; i++) {
            o.clear();
            ResponseEncoder.putChunkSize(o, s[i]);
            total += o.position();
        }
        return total;
    }
}
