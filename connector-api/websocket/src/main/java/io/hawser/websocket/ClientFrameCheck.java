package io.hawser.websocket;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.IOException;

/**
 * The client's byte stream of a WebSocket connection, checked frame header by frame header before
 * Tyrus reads it: a client frame that is not masked (RFC 6455 §5.1: "a server MUST close the
 * connection upon receiving a frame that is not masked"), or one whose 64-bit payload length has
 * its most significant bit set (§5.2), is a protocol error — Tyrus 2.2.0 accepts both. On one,
 * {@code onViolation} runs (it closes the session with 1002) and the read fails, so nothing of that
 * frame or after it reaches Tyrus.
 *
 * <p>Only headers are looked at: the masking key and payload are skipped by count, never copied.
 * Every other call goes to the connection's own stream.
 */
final class ClientFrameCheck extends ServletInputStream {
    private static final int FIRST = 0; // FIN, RSV1-3, opcode
    private static final int SECOND = 1; // MASK, payload length
    private static final int EXTENDED = 2; // 16- or 64-bit payload length
    private static final int SKIP = 3; // masking key and payload

    private final ServletInputStream in;
    private final Runnable onViolation;
    private int state = FIRST;
    private int lengthBytes;
    private long length;
    private long skip;
    private String violation;

    /**
     * @param in the upgraded connection's input
     * @param onViolation closes the session with 1002; called once, on the reading thread
     */
    ClientFrameCheck(ServletInputStream in, Runnable onViolation) {
        this.in = in;
        this.onViolation = onViolation;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (violation != null) {
            throw new IOException(violation);
        }
        int n = in.read(b, off, len);
        if (n > 0) {
            check(b, off, off + n);
        }
        return n;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n <= 0 ? -1 : one[0] & 0xff;
    }

    private void check(byte[] b, int from, int to) throws IOException {
        int i = from;
        while (i < to) {
            switch (state) {
                case FIRST -> {
                    i++;
                    state = SECOND;
                }
                case SECOND -> {
                    int x = b[i++];
                    if ((x & 0x80) == 0) {
                        fail("a client frame that is not masked (RFC 6455 §5.1)");
                    }
                    int code = x & 0x7f;
                    if (code < 126) {
                        skip = 4 + code;
                        state = SKIP;
                    } else {
                        lengthBytes = code == 126 ? 2 : 8;
                        length = 0;
                        state = EXTENDED;
                    }
                }
                case EXTENDED -> {
                    length = (length << 8) | (b[i++] & 0xff);
                    if (--lengthBytes == 0) {
                        if (length < 0) {
                            fail("a payload length with its most significant bit set (RFC 6455 §5.2)");
                        }
                        skip = 4 + length;
                        state = SKIP;
                    }
                }
                default -> {
                    long take = Math.min(skip, to - i);
                    i += (int) take;
                    skip -= take;
                    if (skip == 0) {
                        state = FIRST;
                    }
                }
            }
        }
    }

    private void fail(String what) throws IOException {
        violation = what;
        onViolation.run();
        throw new IOException(what);
    }

    @Override
    public boolean isFinished() {
        return in.isFinished();
    }

    @Override
    public boolean isReady() {
        return violation == null && in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
        in.setReadListener(listener);
    }

    @Override
    public int available() throws IOException {
        return violation != null ? 0 : in.available();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
