package io.hawser.conformance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLSocket;

/**
 * A raw client connection to a server, plain TCP or TLS: writes exactly the bytes it is given, and a
 * reader thread collects everything the server sends, noting end of input and resets (run-corpus's
 * {@code Conn}). Writes are bounded in time: a write that has not completed within the stall limit
 * is abandoned by shutting down the output side (run-corpus would block for ever there). Over TLS the
 * bytes are the plaintext inside the TLS records; a half-close is TLS 1.3's {@code close_notify}.
 */
final class RawHttpClient implements AutoCloseable {

    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "conformance-write-watchdog");
        t.setDaemon(true);
        return t;
    });

    private final Socket socket;
    /** The TCP socket below {@link #socket} (the same socket without TLS). */
    private final Socket tcp;
    private final InputStream in;
    private final OutputStream out;
    private final Thread reader;
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private boolean eof;
    private boolean reset;
    private boolean stopping;
    private long lastRxNanos = System.nanoTime();

    private RawHttpClient(Socket socket, Socket tcp) throws IOException {
        this.socket = socket;
        this.tcp = tcp;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
        this.reader = new Thread(this::readLoop, "conformance-reader");
        this.reader.setDaemon(true);
        this.reader.start();
    }

    /**
     * Connects to the first address of {@code host} that accepts, with TCP_NODELAY, and over TLS
     * completes the handshake (SNI and host name checks with {@code host}) before returning.
     *
     * @param tls the TLS socket factory, or null for plain TCP
     * @param connectTimeoutMillis per address, the TLS handshake included
     * @throws IOException when no address accepts or the handshake fails
     */
    static RawHttpClient connect(String host, int port, Tls tls, int connectTimeoutMillis)
            throws IOException {
        IOException last = null;
        for (InetAddress address : InetAddress.getAllByName(host)) {
            Socket s = new Socket();
            try {
                s.connect(new InetSocketAddress(address, port), connectTimeoutMillis);
                s.setTcpNoDelay(true);
                if (tls != null) {
                    SSLSocket ssl = tls.wrap(s, host, port);
                    ssl.setSoTimeout(connectTimeoutMillis);
                    ssl.startHandshake();
                    ssl.setSoTimeout(0);
                    return new RawHttpClient(ssl, s);
                }
                return new RawHttpClient(s, s);
            } catch (IOException e) {
                s.close();
                last = e;
            }
        }
        throw last != null ? last : new IOException("no address for " + host);
    }

    private void readLoop() {
        byte[] buf = new byte[65536];
        while (true) {
            int n;
            try {
                n = in.read(buf);
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
                received.write(buf, 0, n);
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
        AtomicBoolean stalled = new AtomicBoolean();
        ScheduledFuture<?> guard = WATCHDOG.schedule(() -> {
            stalled.set(true);
            try {
                // the TCP socket's: an SSLSocket's own would wait for the blocked write's lock
                tcp.shutdownOutput();
            } catch (IOException | RuntimeException ignored) {
                // the write fails either way
            }
        }, stallMillis, TimeUnit.MILLISECONDS);
        try {
            out.write(data);
            out.flush();
        } catch (IOException e) {
            if (stalled.get()) {
                throw new IOException("write stalled for " + stallMillis + " ms", e);
            }
            throw e;
        } finally {
            guard.cancel(false);
        }
    }

    /** Shuts down the client's write side: the server sees end of input. */
    void halfClose() {
        try {
            socket.shutdownOutput();
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
        if (!(socket instanceof SSLSocket)) {
            try {
                socket.shutdownInput();
                socket.shutdownOutput();
            } catch (IOException | RuntimeException ignored) {
                // already closed
            }
        }
        try {
            socket.close();
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
