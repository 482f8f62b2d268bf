package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link PlainTransport#write} on the connector's own threads: a small write of heap buffers goes
 * out as one write from the thread's direct buffer, and what the peer receives, and where the
 * buffers' positions end, are what a gathering write gives, also when the socket takes only part.
 */
class PlainTransportTest {
    private ServerSocketChannel server;
    private SocketChannel client;
    private SocketChannel accepted;

    @BeforeEach
    void connect() throws IOException {
        server = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        client = SocketChannel.open(server.getLocalAddress());
        accepted = server.accept();
    }

    @AfterEach
    void close() throws IOException {
        client.close();
        accepted.close();
        server.close();
    }

    /** Runs {@code body} on a new {@link OutputThread} and returns what it threw, if anything. */
    private static void onOutputThread(ThrowingRunnable body) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        OutputThread t = new OutputThread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "test-output");
        t.start();
        t.join(10_000);
        assertThat(t.isAlive()).isFalse();
        if (failure.get() instanceof Exception) {
            throw (Exception) failure.get();
        } else if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    private byte[] readExactly(int n) throws IOException {
        ByteBuffer in = ByteBuffer.allocate(n);
        while (in.hasRemaining()) {
            if (client.read(in) < 0) {
                break;
            }
        }
        return java.util.Arrays.copyOf(in.array(), in.position());
    }

    private static ByteBuffer heap(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void aSmallResponseOfHeapBuffersArrivesWholeAndInOrderAndEveryBufferIsConsumed() throws Exception {
        ByteBuffer head = heap("HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n");
        ByteBuffer body = heap("Hello, World!");
        ByteBuffer[] parts = {null, head, body, null};
        long[] written = new long[1];
        onOutputThread(() -> written[0] = new PlainTransport(accepted).write(parts, 1, 2));
        String expected = "HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\nHello, World!";
        assertThat(written[0]).isEqualTo(expected.length());
        assertThat(head.hasRemaining()).isFalse();
        assertThat(body.hasRemaining()).isFalse();
        assertThat(new String(readExactly(expected.length()), StandardCharsets.ISO_8859_1)).isEqualTo(expected);
    }

    @Test
    void aBufferWithAPositionAndAnOffsetIsSentFromItsPositionOnly() throws Exception {
        byte[] backing = "xxxxHTTP/1.1 204 No Content\r\n\r\nyyyy".getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer slice = ByteBuffer.wrap(backing, 2, backing.length - 4).slice(); // array offset 2
        slice.position(2).limit(slice.limit() - 2);
        ByteBuffer[] parts = {slice};
        onOutputThread(() -> new PlainTransport(accepted).write(parts, 0, 1));
        String expected = "HTTP/1.1 204 No Content\r\n\r\n";
        assertThat(new String(readExactly(expected.length()), StandardCharsets.ISO_8859_1)).isEqualTo(expected);
        assertThat(slice.hasRemaining()).isFalse();
    }

    @Test
    void whenTheSocketTakesOnlyPartThePositionsMarkExactlyWhatWasWrittenAndTheRestFollowsIntact() throws Exception {
        accepted.setOption(StandardSocketOptions.SO_SNDBUF, 4096);
        client.setOption(StandardSocketOptions.SO_RCVBUF, 4096);
        accepted.configureBlocking(false);
        PlainTransport transport = new PlainTransport(accepted);
        Random random = new Random(20);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        ByteBuffer[] parts = new ByteBuffer[3];
        long[] written = new long[1];
        // Writes of 3 small parts each, with nobody reading, until the socket takes only part of one.
        onOutputThread(() -> {
            for (int round = 0; round < 10_000; round++) {
                long size = 0;
                for (int i = 0; i < 3; i++) {
                    byte[] b = new byte[100 + random.nextInt(2_000)];
                    random.nextBytes(b);
                    parts[i] = ByteBuffer.wrap(b);
                    expected.write(b);
                    size += b.length;
                }
                long n = transport.write(parts, 0, 3);
                written[0] += n;
                long consumed = 0;
                for (ByteBuffer p : parts) {
                    consumed += p.position();
                }
                assertThat(consumed).as("positions moved by what was written, round %d", round).isEqualTo(n);
                if (n < size) {
                    return;
                }
            }
            throw new AssertionError("the socket never took only part of a write");
        });
        assertThat(written[0]).isLessThan(expected.size());
        // The peer reads everything while the rest is written from the positions the short write left.
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        Thread reader = new Thread(() -> {
            try {
                received.write(readExactly(expected.size()));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        reader.start();
        onOutputThread(() -> {
            while (parts[2].hasRemaining()) {
                transport.write(parts, 0, 3);
            }
        });
        reader.join(10_000);
        assertThat(received.toByteArray()).isEqualTo(expected.toByteArray());
    }

    @Test
    void aWriteToAClosedSocketThrowsLeavesThePositionsAndTheThreadsNextWriteIsIntact() throws Exception {
        accepted.close();
        ByteBuffer head = heap("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n");
        ByteBuffer body = heap("hi");
        ByteBuffer[] parts = {head, body};
        String next = "HTTP/1.1 204 No Content\r\n\r\n";
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        try (SocketChannel other = SocketChannel.open(server.getLocalAddress()); SocketChannel peer = server.accept()) {
            // One thread: the failed write, then a write on another socket from the same direct buffer.
            onOutputThread(() -> {
                try {
                    new PlainTransport(accepted).write(parts, 0, 2);
                } catch (IOException e) {
                    thrown.set(e);
                }
                new PlainTransport(peer).write(new ByteBuffer[] {heap(next)}, 0, 1);
            });
            assertThat(thrown.get()).isInstanceOf(IOException.class);
            assertThat(head.position()).isZero();
            assertThat(body.position()).isZero();
            ByteBuffer in = ByteBuffer.allocate(next.length());
            while (in.hasRemaining() && other.read(in) >= 0) {
                // reads until the whole response is in
            }
            assertThat(new String(in.array(), 0, in.position(), StandardCharsets.ISO_8859_1)).isEqualTo(next);
        }
    }

    @Test
    void aWriteLargerThanTheDirectBufferIsSentWholeToo() throws Exception {
        byte[] big = new byte[OutputThread.DIRECT_OUT_SIZE + 1_000];
        new Random(7).nextBytes(big);
        ByteBuffer head = heap("HTTP/1.1 200 OK\r\n\r\n");
        ByteBuffer body = ByteBuffer.wrap(big);
        onOutputThread(() -> {
            ByteBuffer[] parts = {head, body};
            while (body.hasRemaining()) {
                new PlainTransport(accepted).write(parts, 0, 2);
            }
        });
        byte[] got = readExactly(19 + big.length);
        assertThat(new String(got, 0, 19, StandardCharsets.ISO_8859_1)).isEqualTo("HTTP/1.1 200 OK\r\n\r\n");
        assertThat(java.util.Arrays.copyOfRange(got, 19, got.length)).isEqualTo(big);
    }
}
