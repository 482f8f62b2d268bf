package io.hawser.servlet;

import io.hawser.api.HttpFields;
import io.hawser.api.RequestBody;

/**
 * A request body held in memory: the body of a POST saved by a FORM login, read again when the
 * request is replayed (Servlet 6.1 §13.6.3.1). Never blocks; {@link #demand} calls back at once.
 * Not thread-safe (one request's reads are sequential).
 */
final class SavedBody extends RequestBody {
    private final byte[] bytes;
    private int position;

    /** @param bytes the whole body (not copied) */
    SavedBody(byte[] bytes) {
        this.bytes = bytes;
    }

    /** @return the body's length: it is always known */
    @Override
    public long contentLength() {
        return bytes.length;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        return readAvailable(b, off, len);
    }

    /** @return bytes copied, 0 for {@code len} 0, -1 at the end */
    @Override
    public int readAvailable(byte[] b, int off, int len) {
        if (position == bytes.length) {
            return -1;
        }
        int n = Math.min(len, bytes.length - position);
        System.arraycopy(bytes, position, b, off, n);
        position += n;
        return n;
    }

    @Override
    public boolean isFinished() {
        return position == bytes.length;
    }

    /** Everything is already here: calls back at once. */
    @Override
    public void demand(Runnable callback) {
        callback.run();
    }

    /** @return empty: a saved body has no trailer section */
    @Override
    public HttpFields trailerFields() {
        return HttpFields.EMPTY;
    }
}
