package io.hawser.servlet;

import io.hawser.api.ResponseBody;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** A {@link ResponseBody} that keeps what is written: buffered until overflow or flush, then "sent". */
final class CapturingResponseBody extends ResponseBody {
    final ByteArrayOutputStream sent = new ByteArrayOutputStream();
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private int bufferSize = 8192;
    private long written;
    boolean committed;
    boolean ended;
    int flushes;

    @Override
    public int bufferSize() {
        return bufferSize;
    }

    @Override
    public void setBufferSize(int bytes) {
        if (committed || buffer.size() > 0) {
            throw new IllegalStateException("content already written");
        }
        bufferSize = bytes;
    }

    @Override
    public void resetBuffer() {
        if (committed) {
            throw new IllegalStateException("committed");
        }
        written -= buffer.size();
        buffer.reset();
    }

    @Override
    public boolean isReady() {
        return true;
    }

    @Override
    public void onWritable(Runnable callback) {
        callback.run();
    }

    @Override
    public long bytesWritten() {
        return written;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (ended) {
            throw new IOException("closed");
        }
        written += len;
        buffer.write(b, off, len);
        if (buffer.size() > bufferSize) {
            flush();
        }
    }

    @Override
    public void flush() {
        committed = true;
        flushes++;
        sent.writeBytes(buffer.toByteArray());
        buffer.reset();
    }

    @Override
    public void close() {
        if (!ended) {
            flush();
            ended = true;
        }
    }

    /** @return everything written that was not reset, sent or still buffered */
    String text() {
        return sent.toString(StandardCharsets.UTF_8) + buffer.toString(StandardCharsets.UTF_8);
    }

    byte[] bytes() {
        byte[] a = sent.toByteArray();
        byte[] b = buffer.toByteArray();
        byte[] all = new byte[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
