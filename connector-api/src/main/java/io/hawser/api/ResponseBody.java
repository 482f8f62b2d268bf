package io.hawser.api;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The response's message body, buffered up to {@link #bufferSize()} bytes before the response is
 * committed (RFC 9110 §6.4; Servlet 6.1 §5.1).
 *
 * <p>Framing is chosen once, at commit (RFC 9112 §6): when the exchange ends before the buffer
 * overflows and nothing was flushed, the response gets a {@code Content-Length} and the status
 * line, fields and body go out in one gathering write; otherwise it is chunked on HTTP/1.1 (with
 * any trailer fields) and close-delimited on HTTP/1.0, unless the handler set {@code Content-Length}
 * itself.
 *
 * <p>A {@code Content-Length} in the response fields is the body's length from the moment it is set
 * (RFC 9112 §6.2): the write (or {@link #sendFile}) that would cross it throws {@link IOException}
 * and none of its bytes are buffered or sent, whatever the buffer size; so does a flush or the end
 * of a body that already holds more bytes than a length declared after them. A body that ends
 * shorter than declared cannot be completed: what was written goes out, then the connection closes
 * (no next response could be framed on it).
 *
 * <p>Writes block (parking a worker thread, never a selector loop) while the socket cannot take
 * the bytes, unless {@link #onWritable} has been called: from then on writes never block,
 * {@link #isReady()} tells whether another write may be issued, and the callback runs when the
 * pending bytes have been written (what a servlet {@code WriteListener} sits on).
 *
 * <p>{@link #close()} ends the body; {@link #flush()} commits and sends what is buffered.
 */
public abstract class ResponseBody extends OutputStream {

    /** For implementations. */
    protected ResponseBody() {
    }

    /**
     * @return the buffer size in bytes (default {@link ConnectorConfig#responseBufferSize()})
     */
    public abstract int bufferSize();

    /**
     * @param bytes the new buffer size in bytes, at least 0
     * @throws IllegalStateException when content has already been written or the response is
     *     committed (Servlet 6.1 §5.1)
     */
    public abstract void setBufferSize(int bytes);

    /**
     * Discards the buffered content, keeping status and fields.
     *
     * @throws IllegalStateException when the response is committed
     */
    public abstract void resetBuffer();

    /**
     * @return whether a write issued now is accepted without blocking (always {@code true} before
     *     {@link #onWritable} is called)
     */
    public abstract boolean isReady();

    /**
     * Switches to non-blocking writes and asks to be called back once when {@link #isReady()}
     * turns {@code true}. The callback runs on a worker thread (on the loop for a
     * {@link HttpHandler#isNonBlocking() non-blocking} handler); it runs at once if already ready.
     *
     * @param callback what to run
     */
    public abstract void onWritable(Runnable callback);

    /**
     * @return the number of body bytes the application has written so far
     */
    public abstract long bytesWritten();

    /**
     * Sends {@code count} bytes of {@code file} from {@code position}, after whatever is buffered;
     * blocks like {@link #write(byte[], int, int)}. When the response declares a
     * {@code Content-Length} and writes are blocking, the connector moves the bytes from the file to
     * the socket without copying them through the heap ({@link FileChannel#transferTo}); otherwise
     * (and in this default implementation) they are read into a buffer and written.
     *
     * @param file an open file
     * @param position where to start in the file, in bytes
     * @param count how many bytes to send
     * @throws java.io.EOFException when the file is shorter than {@code position + count}
     * @throws IOException when the connection fails, or more than a declared Content-Length would be sent
     */
    public void sendFile(FileChannel file, long position, long count) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(64 * 1024, Math.max(1, count)));
        long pos = position;
        long left = count;
        while (left > 0) {
            buffer.clear().limit((int) Math.min(buffer.capacity(), left));
            int n = file.read(buffer, pos);
            if (n < 0) {
                throw new java.io.EOFException("file ended " + left + " bytes early");
            }
            write(buffer.array(), 0, n);
            pos += n;
            left -= n;
        }
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }
}
