package io.hawser.servlet;

import io.hawser.api.UpgradedConnection;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;

/**
 * The output of a {@link jakarta.servlet.http.WebConnection} (Servlet 6.1 §2.3.3.5, §5.5): nothing
 * is buffered here; each write goes to the connection, which keeps what the socket does not take.
 * Until a {@link WriteListener} is set a write waits until it is all on the wire; then writes never
 * wait, {@link #isReady()} is {@code false} while output is kept, and the listener's
 * {@link WriteListener#onWritePossible} runs once it is written (what it throws goes to
 * {@link WriteListener#onError}). A write while {@link #isReady()} is {@code false} throws
 * {@link IllegalStateException}, as the spec says.
 */
final class UpgradedOutput extends ServletOutputStream {
    private final UpgradedConnection connection;
    private final ServletUpgrade owner;
    private volatile WriteListener listener;
    private volatile boolean closed;

    UpgradedOutput(UpgradedConnection connection, ServletUpgrade owner) {
        this.connection = connection;
        this.owner = owner;
    }

    @Override
    public boolean isReady() {
        if (connection.isWriteReady()) {
            return true;
        }
        if (listener != null) {
            connection.onWritable(this::onWritable);
        }
        return false;
    }

    @Override
    public void setWriteListener(WriteListener writeListener) {
        if (writeListener == null) {
            throw new NullPointerException("writeListener");
        }
        if (listener != null) {
            throw new IllegalStateException("a WriteListener is set already");
        }
        listener = writeListener;
        connection.onWritable(this::onWritable);
    }

    /** The kept output is written (a worker): tells the listener. */
    private void onWritable() {
        WriteListener l = listener;
        owner.callback(() -> {
            try {
                if (!connection.isOpen()) {
                    throw new IOException("connection closed");
                }
                l.onWritePossible();
            } catch (Throwable t) {
                l.onError(t);
            }
        });
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (closed) {
            throw new IOException("stream closed");
        }
        WriteListener l = listener;
        if (l != null && !connection.isWriteReady()) {
            throw new IllegalStateException("write while isReady() is false (Servlet 6.1 §5.5)");
        }
        boolean written = connection.write(ByteBuffer.wrap(b, off, len));
        if (!written && l == null) {
            awaitWritten();
        }
    }

    /** Blocking mode: waits until the connection wrote what it kept. */
    private void awaitWritten() throws IOException {
        CountDownLatch drained = new CountDownLatch(1);
        connection.onWritable(drained::countDown);
        try {
            drained.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing the upgraded connection");
        }
        if (!connection.isOpen()) {
            throw new IOException("connection closed");
        }
    }

    /** Nothing is buffered here: every write went to the connection already. */
    @Override
    public void flush() throws IOException {
        if (closed) {
            throw new IOException("stream closed");
        }
    }

    /** Ends this stream; the connection stays open until {@link jakarta.servlet.http.WebConnection#close()}. */
    @Override
    public void close() {
        closed = true;
    }
}
