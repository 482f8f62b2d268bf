package io.hawser.servlet;

import io.hawser.api.HttpFields;
import io.hawser.api.RequestBody;

/** A {@link RequestBody} over a byte array, all available at once. */
final class BytesRequestBody extends RequestBody {
    private final byte[] data;
    private final boolean chunked;
    private final HttpFields trailers;
    private int pos;

    BytesRequestBody(byte[] data, boolean chunked, HttpFields trailers) {
        this.data = data;
        this.chunked = chunked;
        this.trailers = trailers;
    }

    @Override
    public long contentLength() {
        return chunked ? -1 : data.length;
    }

    @Override
    public int readAvailable(byte[] b, int off, int len) {
        if (pos >= data.length) {
            return -1;
        }
        int n = Math.min(len, data.length - pos);
        System.arraycopy(data, pos, b, off, n);
        pos += n;
        return n;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        return len == 0 ? 0 : readAvailable(b, off, len);
    }

    @Override
    public boolean isFinished() {
        return pos >= data.length;
    }

    @Override
    public void demand(Runnable callback) {
        callback.run();
    }

    @Override
    public HttpFields trailerFields() {
        return chunked && isFinished() ? trailers : HttpFields.EMPTY;
    }
}
