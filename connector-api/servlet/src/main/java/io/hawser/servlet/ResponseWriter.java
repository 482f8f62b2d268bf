package io.hawser.servlet;

import java.io.IOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;

/**
 * Encodes characters into the {@link ServletOutput} on every write, so the response buffer is the
 * only buffer (a {@code flush} of the {@code PrintWriter} commits, as Servlet 6.1 §5.1 expects, and
 * {@code resetBuffer} discards everything written). Unmappable characters become the charset's
 * replacement; a high surrogate at the end of one write waits for the next.
 */
final class ResponseWriter extends Writer {
    private final ServletOutput out;
    private final CharsetEncoder encoder;
    private final ByteBuffer scratch = ByteBuffer.allocate(1024);
    private char carry;

    /**
     * @param out where the bytes go
     * @param charset the response character encoding
     */
    ResponseWriter(ServletOutput out, Charset charset) {
        this.out = out;
        this.encoder = charset.newEncoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        encode(CharBuffer.wrap(cbuf, off, len));
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        encode(CharBuffer.wrap(str, off, off + len));
    }

    @Override
    public void write(int c) throws IOException {
        encode(CharBuffer.wrap(new char[] {(char) c}));
    }

    private void encode(CharBuffer in) throws IOException {
        if (carry != 0 && in.hasRemaining()) {
            CharBuffer pair = CharBuffer.wrap(new char[] {carry, in.get()});
            carry = 0;
            encodeAll(pair);
        }
        encodeAll(in);
        if (in.remaining() == 1 && Character.isHighSurrogate(in.get(in.position()))) {
            carry = in.get();
        }
    }

    private void encodeAll(CharBuffer in) throws IOException {
        while (true) {
            CoderResult result = encoder.encode(in, scratch, false);
            drain();
            if (result.isUnderflow()) {
                return;
            }
        }
    }

    private void drain() throws IOException {
        if (scratch.position() > 0) {
            out.write(scratch.array(), 0, scratch.position());
            scratch.clear();
        }
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
