package io.hawser.servlet;

import io.hawser.api.RequestBody;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The request body as a {@link ServletInputStream} (Servlet 6.1 §3.1, §5.7 non-blocking I/O),
 * straight over the connector's {@link RequestBody}.
 *
 * <p>Blocking until {@link #setReadListener}: reads park the calling thread (a worker). Afterwards
 * reads never block: {@link #isReady()} peeks with {@link RequestBody#readAvailable} into a small
 * look-ahead array (the only copy, made only in this mode) and, when nothing is there, asks the
 * connector for a callback ({@link RequestBody#demand}) that runs {@code onDataAvailable} on a
 * worker once the dispatch that set the listener has returned. Callbacks of one stream never
 * overlap. {@code onAllDataRead} follows the read that saw the end of the body.
 */
final class ServletInput extends ServletInputStream {
    private final RequestBody body;
    private final RequestCycle cycle;
    private ReadListener listener;
    private byte[] ahead;
    private int aheadPos;
    private int aheadEnd;
    private volatile boolean eof;
    private IOException failure;
    private boolean allDataReadSignalled;
    private final AtomicInteger firing = new AtomicInteger();

    /**
     * @param body the connector's request body
     * @param cycle the request, for the async state and the context class loader
     */
    ServletInput(RequestBody body, RequestCycle cycle) {
        this.body = body;
        this.cycle = cycle;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (listener == null) {
            int n = body.read(b, off, len);
            if (n < 0) {
                eof = true;
            }
            return n;
        }
        if (aheadPos < aheadEnd) {
            int n = Math.min(len, aheadEnd - aheadPos);
            System.arraycopy(ahead, aheadPos, b, off, n);
            aheadPos += n;
            return n;
        }
        if (failure != null) {
            throw failure;
        }
        if (eof) {
            return -1;
        }
        int n = readAvailable(b, off, len);
        if (n == 0) {
            throw new IllegalStateException("read() while isReady() is false (Servlet 6.1 ServletInputStream)");
        }
        return n;
    }

    private int readAvailable(byte[] b, int off, int len) throws IOException {
        int n;
        try {
            n = body.readAvailable(b, off, len);
        } catch (IOException e) {
            failure = e;
            throw e;
        }
        if (n < 0) {
            eof = true;
            if (firing.get() == 0) {
                // Seen outside a callback: let a callback deliver onAllDataRead.
                body.demand(this::onDemand);
            }
        }
        return n;
    }

    @Override
    public boolean isFinished() {
        return (eof || body.isFinished()) && aheadPos >= aheadEnd;
    }

    @Override
    public boolean isReady() {
        if (listener == null || aheadPos < aheadEnd || eof || failure != null) {
            return true;
        }
        try {
            int n = readAvailable(ahead, 0, ahead.length);
            if (n > 0) {
                aheadPos = 0;
                aheadEnd = n;
                return true;
            }
            if (n < 0) {
                return true;
            }
        } catch (IOException e) {
            return true;
        }
        body.demand(this::onDemand);
        return false;
    }

    @Override
    public void setReadListener(ReadListener readListener) {
        if (readListener == null) {
            throw new NullPointerException("readListener");
        }
        if (listener != null) {
            throw new IllegalStateException("a ReadListener is already set");
        }
        if (!cycle.isAsyncStarted()) {
            throw new IllegalStateException("setReadListener requires async mode (Servlet 6.1 §2.3.3.3)");
        }
        ahead = new byte[8192];
        listener = readListener;
        body.demand(this::onDemand);
    }

    /** The connector's demand callback (a worker): runs the listener once the dispatch has returned. */
    private void onDemand() {
        cycle.async().runAfterDispatch(this::fire);
    }

    /** Runs the listener; concurrent requests to fire are folded into one more round. */
    private void fire() {
        if (firing.getAndIncrement() != 0) {
            return;
        }
        do {
            cycle.runInContext(this::fireOnce);
        } while (firing.decrementAndGet() != 0);
    }

    private void fireOnce() {
        try {
            if (!eof && failure == null && aheadPos >= aheadEnd && !isReady()) {
                return;
            }
            if (failure != null) {
                throw failure;
            }
            if (aheadPos < aheadEnd) {
                listener.onDataAvailable();
            }
            if (eof && aheadPos >= aheadEnd && !allDataReadSignalled) {
                allDataReadSignalled = true;
                listener.onAllDataRead();
            }
        } catch (Throwable t) {
            cycle.async().listenerFailed(listener::onError, t);
        }
    }
}
