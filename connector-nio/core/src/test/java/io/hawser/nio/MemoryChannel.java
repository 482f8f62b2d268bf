package io.hawser.nio;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * An in-memory {@link SocketChannel}, in one of two modes.
 *
 * <p>Repeating ({@link #MemoryChannel(byte[], InetSocketAddress, InetSocketAddress)}, for
 * connector-tests' {@code ConnectorPathBenchmark}): every {@link #read} delivers one copy of a fixed
 * request (as a client sending its next keep-alive request would), and every write copies the bytes
 * into a reused sink array (as the kernel copies them into the socket's send buffer), so the
 * connector's whole path runs without a socket and without allocating here. {@link #read} also
 * starts a new response: {@link #responseLength} then counts the bytes written for that request,
 * and {@link #sink} holds them (up to {@link #SINK_SIZE}).
 *
 * <p>Scripted ({@link #scripted()}, for the connection tests): reads deliver what the test
 * {@linkplain #feed fed}, then 0 (nothing yet) or -1 after {@link #endInput()}; every byte written
 * is kept in order ({@link #output()}), each write call that took bytes is counted
 * ({@link #writes}), and {@link #accept} bounds what the channel takes, as a full socket does.
 */
final class MemoryChannel extends InMemorySocketChannel {
    /** Most response bytes kept per request; more fails the write. */
    static final int SINK_SIZE = 64 * 1024;

    /** The request every read delivers, or {@code null} when scripted. */
    private final byte[] request;
    /** Scripted: the bytes fed and not yet read. */
    private final ArrayDeque<byte[]> input = new ArrayDeque<>();
    private boolean inputEnded;
    /** Scripted: every byte written. */
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    /** How many more bytes the writes take (a full socket takes none); unbounded by default. */
    private long writable = Long.MAX_VALUE;
    /** Write calls that took at least one byte. */
    int writes;
    /** The bytes written since the last read (the response to the last request). */
    final byte[] sink = new byte[SINK_SIZE];
    /** How many bytes of {@link #sink} were written since the last read. */
    int responseLength;
    /** Requests delivered so far. */
    long reads;
    /** Scripted: the room ({@code dst.remaining()}) of every read call that delivered bytes, in order. */
    final List<Integer> readRooms = new ArrayList<>();

    MemoryChannel(byte[] request, InetSocketAddress remote, InetSocketAddress local) {
        super(remote, local);
        this.request = request;
    }

    /** @return a scripted channel: reads deliver what is {@linkplain #feed fed} */
    static MemoryChannel scripted() {
        InetSocketAddress remote = new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 54321);
        return new MemoryChannel(null, remote, new InetSocketAddress(remote.getAddress(), 8080));
    }

    /** Scripted: the client sends {@code bytes} (ISO-8859-1), delivered by the next reads. */
    void feed(String bytes) {
        input.add(bytes.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Scripted: the client ends its output (FIN); reads return -1 once the fed bytes are read. */
    void endInput() {
        inputEnded = true;
    }

    /** From now on the writes take at most {@code bytes} more in all ({@link Long#MAX_VALUE}: no bound). */
    void accept(long bytes) {
        writable = bytes;
    }

    /** @return every byte written so far (scripted), as ISO-8859-1 */
    String output() {
        return output.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (request == null) {
            return readScripted(dst);
        }
        if (dst.remaining() < request.length) {
            throw new IOException("read buffer too small for the request");
        }
        dst.put(request);
        reads++;
        responseLength = 0;
        return request.length;
    }

    private int readScripted(ByteBuffer dst) {
        byte[] next = input.poll();
        if (next == null) {
            return inputEnded ? -1 : 0;
        }
        readRooms.add(dst.remaining());
        int n = Math.min(next.length, dst.remaining());
        dst.put(next, 0, n);
        if (n < next.length) {
            input.addFirst(java.util.Arrays.copyOfRange(next, n, next.length));
        }
        return n;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        int n = take(src);
        if (n > 0) {
            writes++;
        }
        return n;
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        long n = 0;
        for (int i = offset, end = offset + length; i < end; i++) {
            n += take(srcs[i]);
            if (srcs[i].hasRemaining()) {
                break;
            }
        }
        if (n > 0) {
            writes++;
        }
        return n;
    }

    private int take(ByteBuffer src) throws IOException {
        if (outputShutdown) {
            throw new IOException("output shut down");
        }
        int n = (int) Math.min(src.remaining(), writable);
        if (writable != Long.MAX_VALUE) {
            writable -= n;
        }
        if (request == null) {
            byte[] b = new byte[n];
            src.get(b);
            output.writeBytes(b);
            return n;
        }
        if (responseLength + n > SINK_SIZE) {
            throw new IOException("response larger than the sink");
        }
        src.get(sink, responseLength, n);
        responseLength += n;
        return n;
    }
}
