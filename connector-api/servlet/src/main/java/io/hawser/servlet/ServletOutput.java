package io.hawser.servlet;

import io.hawser.api.ResponseBody;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The response body as a {@link ServletOutputStream}: writes go straight into the connector's
 * {@link ResponseBody} and its buffer (no second buffer). Output is discarded while the response is
 * suspended ({@code sendError}, {@code sendRedirect}) or closed (a forward has returned, or the
 * declared Content-Length has been written, Servlet 6.1 §5.7).
 *
 * <p>After {@link #setWriteListener} writes never block: {@link #isReady()} is the connector's, and
 * when it is {@code false} the connector calls back once the pending bytes are out;
 * {@code onWritePossible} then runs on a worker, never overlapping another callback of this stream
 * and never before the dispatch that set the listener has returned.
 */
final class ServletOutput extends ServletOutputStream {
    private static final VarHandle FIRING;

    static {
        try {
            FIRING = MethodHandles.lookup().findVarHandle(ServletOutput.class, "firing", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ResponseBody body;
    private final ServletResponseView response;
    private WriteListener listener;
    private boolean closed;
    /**
     * Pending {@code onWritePossible} calls; only the caller that moves it from 0 runs them (a field
     * with a {@link VarHandle}, no per-stream atomic object).
     */
    private volatile int firing;

    /**
     * @param body the connector's response body
     * @param response the response, for its suspended state and declared length
     */
    ServletOutput(ResponseBody body, ServletResponseView response) {
        this.body = body;
        this.response = response;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (closed || response.isSuspended()) {
            return;
        }
        body.write(b, off, len);
        long declared = response.declaredLength();
        if (declared >= 0 && body.bytesWritten() >= declared) {
            close();
        }
    }

    /**
     * Sends part of a file through the connector's {@link io.hawser.api.ResponseBody#sendFile}
     * (zero-copy when the response has a Content-Length), with the same rules as {@link #write}.
     */
    void sendFile(java.nio.channels.FileChannel file, long position, long count) throws IOException {
        if (closed || response.isSuspended()) {
            return;
        }
        body.sendFile(file, position, count);
        long declared = response.declaredLength();
        if (declared >= 0 && body.bytesWritten() >= declared) {
            close();
        }
    }

    @Override
    public void flush() throws IOException {
        if (!closed && !response.isSuspended()) {
            body.flush();
        }
    }

    /** Ends the response body: it is committed and sent, and later writes are ignored. */
    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            if (!response.isSuspended()) {
                body.close();
            }
        }
    }

    /** @return whether the output has been closed */
    boolean isClosed() {
        return closed;
    }

    @Override
    public boolean isReady() {
        if (listener == null) {
            return true;
        }
        boolean ready = body.isReady();
        if (!ready) {
            body.onWritable(this::onWritable);
        }
        return ready;
    }

    @Override
    public void setWriteListener(WriteListener writeListener) {
        if (writeListener == null) {
            throw new NullPointerException("writeListener");
        }
        if (listener != null) {
            throw new IllegalStateException("a WriteListener is already set");
        }
        RequestCycle cycle = response.cycle();
        if (!cycle.isAsyncStarted()) {
            throw new IllegalStateException("setWriteListener requires async mode (Servlet 6.1 §2.3.3.3)");
        }
        listener = writeListener;
        body.onWritable(this::onWritable);
    }

    private void onWritable() {
        response.cycle().async().runAfterDispatch(this::fire);
    }

    private void fire() {
        if ((int) FIRING.getAndAdd(this, 1) != 0) {
            return;
        }
        do {
            response.cycle().runInContext(this::fireOnce);
        } while ((int) FIRING.getAndAdd(this, -1) - 1 != 0);
    }

    private void fireOnce() {
        if (response.cycle().isCompleted()) {
            return;
        }
        try {
            if (body.isReady()) {
                listener.onWritePossible();
            } else {
                body.onWritable(this::onWritable);
            }
        } catch (Throwable t) {
            response.cycle().async().listenerFailed(listener::onError, t);
        }
    }
}
