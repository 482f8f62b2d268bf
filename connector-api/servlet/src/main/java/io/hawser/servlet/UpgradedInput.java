package io.hawser.servlet;

import io.hawser.api.UpgradedConnection;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;

/**
 * The input of a {@link jakarta.servlet.http.WebConnection} (Servlet 6.1 §2.3.3.5, §5.7): blocking
 * reads until a {@link ReadListener} is set, then non-blocking ones. With a listener,
 * {@link #isReady()} returning {@code false} asks the connection for a callback:
 * {@link ReadListener#onDataAvailable} when bytes came, {@link ReadListener#onAllDataRead} (once)
 * when the client ended its input; what either throws goes to {@link ReadListener#onError}. A
 * read while {@link #isReady()} is {@code false} throws {@link IllegalStateException}, as the
 * spec says. One reader at a time.
 */
final class UpgradedInput extends ServletInputStream {
    private final UpgradedConnection connection;
    private final ServletUpgrade owner;
    /** Bytes taken from the connection and not yet read (read mode). */
    private final ByteBuffer chunk = ByteBuffer.allocate(8192).limit(0);
    private boolean ended;
    private volatile ReadListener listener;
    private boolean allDataReadTold;

    UpgradedInput(UpgradedConnection connection, ServletUpgrade owner) {
        this.connection = connection;
        this.owner = owner;
    }

    /** Takes what the connection has buffered into {@link #chunk} when it is empty. */
    private synchronized void fill() throws IOException {
        if (chunk.hasRemaining() || ended) {
            return;
        }
        chunk.clear();
        int n = connection.read(chunk);
        chunk.flip();
        if (n < 0) {
            ended = true;
        }
    }

    @Override
    public synchronized boolean isFinished() {
        return ended && !chunk.hasRemaining();
    }

    @Override
    public boolean isReady() {
        try {
            fill();
        } catch (IOException e) {
            return false;
        }
        synchronized (this) {
            if (chunk.hasRemaining()) {
                return true;
            }
        }
        if (listener != null) {
            connection.demand(this::onReadable); // at once when the input ended
        }
        return false;
    }

    @Override
    public void setReadListener(ReadListener readListener) {
        if (readListener == null) {
            throw new NullPointerException("readListener");
        }
        if (listener != null) {
            throw new IllegalStateException("a ReadListener is set already");
        }
        listener = readListener;
        connection.demand(this::onReadable);
    }

    /** Input arrived, or ended (a worker): tells the listener. */
    private void onReadable() {
        ReadListener l = listener;
        owner.callback(() -> {
            try {
                fill();
                boolean data;
                synchronized (this) {
                    data = chunk.hasRemaining();
                }
                if (data) {
                    l.onDataAvailable();
                } else if (ended) {
                    boolean tell;
                    synchronized (this) {
                        tell = !allDataReadTold;
                        allDataReadTold = true;
                    }
                    if (tell) {
                        l.onAllDataRead();
                    }
                } else {
                    connection.demand(this::onReadable);
                }
            } catch (Throwable t) {
                l.onError(t);
            }
        });
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        fill();
        while (true) {
            synchronized (this) {
                if (chunk.hasRemaining()) {
                    int n = Math.min(len, chunk.remaining());
                    chunk.get(b, off, n);
                    return n;
                }
                if (ended) {
                    return -1;
                }
            }
            if (listener != null) {
                throw new IllegalStateException("read while isReady() is false (Servlet 6.1 §5.7)");
            }
            awaitInput();
            fill();
        }
    }

    /** Blocking mode: waits for the connection's input callback. */
    private void awaitInput() throws IOException {
        CountDownLatch arrived = new CountDownLatch(1);
        connection.demand(arrived::countDown);
        try {
            arrived.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the upgraded connection");
        }
    }

    @Override
    public synchronized int available() {
        return chunk.remaining();
    }
}
