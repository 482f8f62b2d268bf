package io.hawser.http1;

import io.hawser.api.BadMessageException;
import io.hawser.api.ConnectorConfig;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@link ChunkedDecoder} on a whole 64 KiB body sent as 8 chunks of 8 KiB and the last chunk
 * ({@code 0 CRLF CRLF}, no trailer), held in one heap buffer as the connection's read buffer would
 * hold it, decoded into a reused 8 KiB array (the size of a typical {@code InputStream.read}
 * buffer), as {@code Http1RequestBody} does for a servlet reading the body.
 *
 * <p>{@code extensions=false}: bare chunk-size lines ({@code 2000 CRLF}). {@code extensions=true}:
 * every data chunk's size line carries {@code ;sig=9f86d081884c7d65;part="n of 8"} (35 bytes),
 * which the decoder validates byte by byte. One operation is one whole body (65,536 data bytes);
 * the setup decodes it once and compares the result with the data.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class ChunkedDecoderBenchmark {
    static final int BODY = 64 * 1024;
    static final int CHUNK = 8 * 1024;
    static final int READ = 8 * 1024;

    @Param({"false", "true"})
    public boolean extensions;

    private ChunkedDecoder decoder;
    private ByteBuffer src;
    private final byte[] dst = new byte[READ];
    private byte[] data;

    @Setup
    public void setup() throws BadMessageException {
        data = new byte[BODY];
        new Random(42).nextBytes(data);
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        for (int off = 0, n = 1; off < BODY; off += CHUNK, n++) {
            String line = Integer.toHexString(CHUNK)
                    + (extensions ? ";sig=9f86d081884c7d65;part=\"" + n + " of " + BODY / CHUNK + "\"" : "")
                    + "\r\n";
            wire.writeBytes(line.getBytes(StandardCharsets.US_ASCII));
            wire.write(data, off, CHUNK);
            wire.writeBytes(new byte[] {'\r', '\n'});
        }
        wire.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        src = ByteBuffer.wrap(wire.toByteArray());
        decoder = new ChunkedDecoder(ConnectorConfig.defaults());

        // Check once: the decoded bytes are the data, and the benchmark's loop sees them all.
        byte[] out = new byte[BODY];
        int total = 0;
        decoder.reset();
        int n;
        while ((n = decoder.decode(src, dst, 0, dst.length)) >= 0) {
            if (n == 0 || total + n > BODY) {
                throw new IllegalStateException("decoder stalled or overran at " + total);
            }
            System.arraycopy(dst, 0, out, total, n);
            total += n;
        }
        if (total != BODY || !Arrays.equals(out, data) || !decoder.isDone() || src.hasRemaining()
                || decoder.trailerFields().size() != 0) {
            throw new IllegalStateException("decoded " + total + " bytes, equal: " + Arrays.equals(out, data));
        }
        if (decode() != BODY) {
            throw new IllegalStateException("benchmark loop decoded a different length");
        }
    }

    /** @return the data bytes decoded (65,536) */
    @Benchmark
    public int decode() throws BadMessageException {
        ByteBuffer in = src;
        byte[] out = dst;
        ChunkedDecoder d = decoder;
        in.clear();
        d.reset();
        int total = 0;
        int n;
        while ((n = d.decode(in, out, 0, out.length)) >= 0) {
            if (n == 0) {
                throw new IllegalStateException("body ended early");
            }
            total += n;
        }
        return total;
    }
}
