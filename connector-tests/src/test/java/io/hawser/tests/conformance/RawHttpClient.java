package io.hawser.tests.conformance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A raw TCP client connection to a server on loopback: writes exactly the bytes it is given, and a
 * reader thread collects everything the server sends, noting end of input and resets (run-corpus's
 * {@code Conn}). Writes are bounded in time: a write that has not completed within the stall limit
 * is abandoned by shutting down the output side (run-corpus would block for ever there).
 */
final class RawHttpClient implements AutoCloseable {

    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "conformance-write-watchdog");
        t.setDaemon(true);
        return t;
    });

    private final SocketChannel channel;
    private final Thread reader;
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private boolean eof;
    private boolean reset;
    private boolean stopping;
    private long lastRxNanos = System.nanoTime();

    private RawHttpClient(SocketChannel channel) {
        this.channel = channel;
        this.reader = new Thread(this::readLoop, "conformance-reader");
        this.reader.setDaemon(true);
        this.reader.start();
    }

    /**
     * Connects to the first address of {@code host} that accepts, with TCP_NODELAY.
     *
     * @param connectTimeoutMillis per address
     * @throws IOException when no address accepts
     */
    static RawHttpClient connect(String host, int port, int connectTimeoutMillis) throws IOException {
        IOException last = null;
        for (InetAddress address : InetAddress.getAllByName(host)) {
            SocketChannel ch = SocketChannel.open();
            try {
                ch.socket().connect(new InetSocketAddress(address, port), connectTimeoutMillis);
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                return new RawHttpClient(ch);
            } catch (IOException e) {
                ch.close();
                last = e;
            }
        }
        throw last != null ? last : new IOException("no address for " + host);
    }

    private void readLoop() {
        ByteBuffer buf = ByteBuffer.allocate(65536);
        while (true) {
            buf.clear();
            int n;
            try {
                n = channel.read(buf);
            } catch (IOException e) {
                synchronized (this) {
                    if (!stopping) {
                        eof = true;
                        reset = true;
                    }
                    notifyAll();
                }
                return;
            }
            synchronized (this) {
                if (n < 0) {
                    eof = true;
                    notifyAll();
                    return;
                }
                received.write(buf.array(), 0, n);
                lastRxNanos = System.nanoTime();
                notifyAll();
            }
        }
    }

    /**
     * Writes all of {@code data}, blocking; gives up when that takes longer than {@code stallMillis}.
     *
     * @throws IOException when the connection fails or the write stalls
     */
    void sendAll(byte[] data, long stallMillis) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(data);
        while (buf.hasRemaining()) {
            AtomicBoolean stalled = new AtomicBoolean();
            ScheduledFuture<?> guard = WATCHDOG.schedule(() -> {
                stalled.set(true);
                try {
                    channel.shutdownOutput();
                } catch (IOException | RuntimeException ignored) {
                    // the write fails either way
                }
            }, stallMillis, TimeUnit.MILLISECONDS);
            try {
                channel.write(buf);
            } catch (IOException e) {
                if (stalled.get()) {
                    throw new IOException("write stalled for " + stallMillis + " ms", e);
                }
                throw e;
            } finally {
                guard.cancel(false);
            }
        }
    }

    /** Shuts down the client's write side: the server sees end of input. */
    void halfClose() {
        try {
            channel.shutdownOutput();
        } catch (IOException | RuntimeException ignored) {
            // as run-corpus: ignore
        }
    }

    /** A copy of what was received so far and whether input has ended. */
    record Snapshot(byte[] data, boolean eof) {
    }

    /** @return what was received so far and whether the connection has ended */
    synchronized Snapshot snapshot() {
        return new Snapshot(received.toByteArray(), eof);
    }

    /** @return whether the server has closed or reset the connection */
    synchronized boolean eof() {
        return eof;
    }

    /** @return whether the connection ended with an error (a reset) rather than a clean close */
    synchronized boolean reset() {
        return reset;
    }

    /** @return {@link System#nanoTime()} of the last received bytes (initially, of connecting) */
    synchronized long lastRxNanos() {
        return lastRxNanos;
    }

    /** Waits until bytes arrive or input ends, at most {@code nanos}; returns at once when it is 0 or less. */
    synchronized void await(long nanos) throws InterruptedException {
        if (nanos > 0) {
            TimeUnit.NANOSECONDS.timedWait(this, nanos);
        }
    }

    /** Closes both directions and the socket, and waits up to 2 s for the reader thread. */
    @Override
    public void close() {
        synchronized (this) {
            stopping = true;
        }
        try {
            channel.shutdownInput();
            channel.shutdownOutput();
        } catch (IOException | RuntimeException ignored) {
            // already closed
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing left to do
        }
        try {
            reader.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
