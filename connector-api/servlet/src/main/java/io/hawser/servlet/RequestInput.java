package io.hawser.servlet;

import io.hawser.api.ContentType;
import jakarta.servlet.ServletInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UnsupportedEncodingException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * The body side of one request (Servlet 6.1 §3.1, §3.12): the request character encoding
 * ({@code setCharacterEncoding}, else the Content-Type charset, else the context's request encoding;
 * ISO-8859-1 to decode when none), and the choice between {@code getInputStream} and
 * {@code getReader}, which exclude each other; and which body is read: the exchange's, or the one
 * a FORM login saved ({@link #replaceBody}), with its own {@code Content-Type}.
 */
final class RequestInput {
    private enum Mode { NONE, STREAM, READER }

    private final RequestCycle cycle;
    private Mode mode = Mode.NONE;
    private ServletInput stream;
    private BufferedReader reader;
    private String explicitEncoding;
    private boolean encodingLocked;
    private SavedBody saved;
    private String savedContentType;

    /** @param cycle the request */
    RequestInput(RequestCycle cycle) {
        this.cycle = cycle;
    }

    /**
     * Reads {@code body} from now on instead of the exchange's body (which the caller has read):
     * a FORM login saving a POST, or replaying it (Servlet 6.1 §13.6.3.1).
     *
     * @param contentType the body's Content-Type, or {@code null}
     * @param body the whole body
     */
    void replaceBody(String contentType, byte[] body) {
        saved = new SavedBody(body);
        savedContentType = contentType;
    }

    /** @return the body the application reads: the exchange's, or a saved one */
    io.hawser.api.RequestBody body() {
        return saved != null ? saved : cycle.exchange().requestBody();
    }

    /**
     * @param fromHeaders the request's own Content-Type
     * @return the saved body's Content-Type when the body was replaced, else {@code fromHeaders}
     */
    String contentType(String fromHeaders) {
        return saved != null ? savedContentType : fromHeaders;
    }

    /** @return whether a saved body replaced the exchange's */
    boolean isReplaced() {
        return saved != null;
    }

    /** @return the request character encoding, or {@code null} when none is known */
    String characterEncoding() {
        if (explicitEncoding != null) {
            return explicitEncoding;
        }
        String fromType = ContentType.charset(cycle.request().getContentType());
        return fromType != null ? fromType : cycle.app().context().getRequestCharacterEncoding();
    }

    /**
     * {@code setCharacterEncoding}: no effect once parameters were read or the reader taken.
     *
     * @throws UnsupportedEncodingException for an unknown charset
     */
    void setCharacterEncoding(String name) throws UnsupportedEncodingException {
        if (encodingLocked || mode == Mode.READER) {
            return;
        }
        if (name != null) {
            try {
                Charset.forName(name);
            } catch (IllegalArgumentException e) {
                throw new UnsupportedEncodingException(name);
            }
        }
        explicitEncoding = name;
    }

    /** Parameters have been read from the body: the encoding is fixed (§3.12). */
    void lockEncoding() {
        encodingLocked = true;
    }

    /** @return the charset to decode the body with: the request's, else ISO-8859-1 */
    Charset bodyCharset() {
        String name = characterEncoding();
        if (name == null) {
            return StandardCharsets.ISO_8859_1;
        }
        try {
            return Charset.forName(name);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(400, "unsupported request charset");
        }
    }

    /** @return whether neither the stream nor the reader has been taken */
    boolean isUnused() {
        return mode == Mode.NONE;
    }

    /** @return the stream, without choosing it (internal readers) */
    ServletInput stream() {
        if (stream == null) {
            stream = new ServletInput(body(), cycle);
        }
        return stream;
    }

    /** @throws IllegalStateException after {@link #reader()} */
    ServletInputStream inputStream() {
        if (mode == Mode.READER) {
            throw new IllegalStateException("getReader() has already been called (Servlet 6.1 §3.1)");
        }
        mode = Mode.STREAM;
        return stream();
    }

    /**
     * @throws IllegalStateException after {@link #inputStream()}
     * @throws UnsupportedEncodingException for an unknown request charset
     */
    BufferedReader reader() throws IOException {
        if (mode == Mode.STREAM) {
            throw new IllegalStateException("getInputStream() has already been called (Servlet 6.1 §3.1)");
        }
        if (reader == null) {
            String name = characterEncoding();
            Charset cs;
            try {
                cs = name == null ? StandardCharsets.ISO_8859_1 : Charset.forName(name);
            } catch (IllegalArgumentException e) {
                throw new UnsupportedEncodingException(name);
            }
            mode = Mode.READER;
            reader = new BufferedReader(new InputStreamReader(stream(), cs));
        }
        return reader;
    }
}
