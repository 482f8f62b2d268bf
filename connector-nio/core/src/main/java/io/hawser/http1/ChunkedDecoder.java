package io.hawser.http1;

import io.hawser.api.BadMessageException;
import io.hawser.api.ComplianceViolation;
import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpFields;
import io.hawser.api.MutableHttpFields;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * An incremental decoder of the chunked transfer coding (RFC 9112 §7.1): chunk-size lines with
 * chunk extensions (§7.1.1), chunk data, the last chunk and the trailer section (§7.1.2). Resumable
 * at any byte; strict: hex digits only, no whitespace after the size unless a {@code ;} follows,
 * CRLF only, the CRLF after chunk data required, chunk extensions bounded and well-formed.
 */
public final class ChunkedDecoder {
    private static final long MAX_SIZE = Long.MAX_VALUE >> 4;

    private enum State {
        SIZE, SIZE_BWS, EXT_NAME_START, EXT_NAME, EXT_AFTER_NAME, EXT_VALUE_START, EXT_TOKEN, EXT_QUOTED,
        EXT_QUOTED_PAIR, EXT_AFTER_VALUE, SIZE_LF, DATA, DATA_CR, DATA_LF, TRAILER, TRAILER_LF, DONE
    }

    private final ConnectorConfig config;
    private final boolean bareLfAllowed;
    private State state = State.SIZE;
    private long chunkRemaining;
    private int sizeDigits;
    private int extensionLength;
    private long total;
    private byte[] trailer = new byte[0];
    private int trailerLength;
    private MutableHttpFields trailerFields;

    /**
     * @param config limits (chunk extensions, trailer section, body size) and compliance options
     */
    public ChunkedDecoder(ConnectorConfig config) {
        this.config = config;
        this.bareLfAllowed = config.allowed().contains(ComplianceViolation.BARE_LF);
    }

    /** Prepares for a new body. */
    public void reset() {
        state = State.SIZE;
        chunkRemaining = 0;
        sizeDigits = 0;
        extensionLength = 0;
        total = 0;
        trailerLength = 0;
        trailerFields = null;
    }

    /** @return whether the last chunk and the trailer section have been decoded */
    public boolean isDone() {
        return state == State.DONE;
    }

    /** @return the trailer fields once {@link #isDone()}, else empty */
    public HttpFields trailerFields() {
        return trailerFields == null ? HttpFields.EMPTY : trailerFields;
    }

    /**
     * Decodes from {@code src} (advancing its position) into {@code dst}.
     *
     * @return data bytes written to {@code dst} (0 when {@code src} ran out first), or -1 once the
     *     body is complete
     * @throws BadMessageException for malformed framing (400), oversized extensions (400), a trailer
     *     section over its limit (431), or a body over {@code maxRequestBodySize} (413)
     */
    public int decode(ByteBuffer src, byte[] dst, int off, int len) throws BadMessageException {
        int written = 0;
        while (src.hasRemaining()) {
            if (state == State.DATA) {
                if (written == len) {
                    return written;
                }
                int n = (int) Math.min(Math.min(chunkRemaining, src.remaining()), len - written);
                src.get(dst, off + written, n);
                written += n;
                chunkRemaining -= n;
                if (chunkRemaining == 0) {
                    state = State.DATA_CR;
                }
                continue;
            }
            if (state == State.DONE) {
                break;
            }
            step(src.get());
        }
        if (state == State.DONE && written == 0) {
            return -1;
        }
        return written;
    }

    private void step(byte b) throws BadMessageException {
        switch (state) {
            case SIZE:
                int digit = Ascii.hexValue(b);
                if (digit >= 0) {
                    if (chunkRemaining > MAX_SIZE) {
                        throw new BadMessageException(400, "chunk-size too large");
                    }
                    chunkRemaining = chunkRemaining << 4 | digit;
                    sizeDigits++;
                    return;
                }
                if (sizeDigits == 0) {
                    throw bad("missing or invalid chunk-size");
                }
                if (b == ';') {
                    state = State.EXT_NAME_START;
                } else if (b == Ascii.SP || b == Ascii.HTAB) {
                    state = State.SIZE_BWS;
                } else {
                    endOfLine(b);
                }
                return;
            case SIZE_BWS:
                if (b == ';') {
                    state = State.EXT_NAME_START;
                } else if (b != Ascii.SP && b != Ascii.HTAB) {
                    throw bad("whitespace after chunk-size without a chunk extension");
                }
                countExtension();
                return;
            case EXT_NAME_START:
                countExtension();
                if (b == Ascii.SP || b == Ascii.HTAB) {
                    return;
                }
                if (!Ascii.isTchar(b)) {
                    throw bad("invalid chunk-ext-name");
                }
                state = State.EXT_NAME;
                return;
            case EXT_NAME:
            case EXT_AFTER_NAME:
                countExtension();
                if (Ascii.isTchar(b) && state == State.EXT_NAME) {
                    return;
                }
                if (b == Ascii.SP || b == Ascii.HTAB) {
                    state = State.EXT_AFTER_NAME;
                } else if (b == '=') {
                    state = State.EXT_VALUE_START;
                } else if (b == ';') {
                    state = State.EXT_NAME_START;
                } else {
                    endOfLine(b);
                }
                return;
            case EXT_VALUE_START:
                countExtension();
                if (b == Ascii.SP || b == Ascii.HTAB) {
                    return;
                }
                if (b == '"') {
                    state = State.EXT_QUOTED;
                } else if (Ascii.isTchar(b)) {
                    state = State.EXT_TOKEN;
                } else {
                    throw bad("invalid chunk-ext-val");
                }
                return;
            case EXT_TOKEN:
                countExtension();
                if (Ascii.isTchar(b)) {
                    return;
                }
                afterValue(b);
                return;
            case EXT_QUOTED:
                countExtension();
                if (b == '"') {
                    state = State.EXT_AFTER_VALUE;
                } else if (b == '\\') {
                    state = State.EXT_QUOTED_PAIR;
                } else if (!(b == Ascii.HTAB || b == Ascii.SP || Ascii.isFieldValueByte(b))) {
                    throw bad("invalid byte in quoted chunk-ext-val");
                }
                return;
            case EXT_QUOTED_PAIR:
                countExtension();
                if (!Ascii.isFieldValueByte(b)) {
                    throw bad("invalid quoted-pair in chunk extension");
                }
                state = State.EXT_QUOTED;
                return;
            case EXT_AFTER_VALUE:
                countExtension();
                afterValue(b);
                return;
            case SIZE_LF:
                if (b != Ascii.LF) {
                    throw bad("bare CR in chunk-size line");
                }
                endSizeLine();
                return;
            case DATA_CR:
                if (b == Ascii.CR) {
                    state = State.DATA_LF;
                } else if (b == Ascii.LF) {
                    bareLf();
                    state = State.SIZE;
                } else {
                    throw bad("chunk data not followed by CRLF");
                }
                return;
            case DATA_LF:
                if (b != Ascii.LF) {
                    throw bad("chunk data not followed by CRLF");
                }
                state = State.SIZE;
                return;
            case TRAILER:
                // + 2: room for the CRLF that ends the body, which is not part of the trailer section
                if (trailerLength >= config.maxTrailerSectionSize() + 2) {
                    throw new BadMessageException(431, "trailer section larger than "
                            + config.maxTrailerSectionSize() + " bytes");
                }
                if (trailerLength == trailer.length) {
                    trailer = java.util.Arrays.copyOf(trailer, Math.max(64, trailerLength * 2));
                }
                trailer[trailerLength++] = b;
                if (b == Ascii.LF) {
                    endTrailerLine();
                }
                return;
            default:
                throw new IllegalStateException(state.name());
        }
    }

    private void afterValue(byte b) throws BadMessageException {
        if (b == Ascii.SP || b == Ascii.HTAB) {
            state = State.EXT_AFTER_VALUE;
        } else if (b == ';') {
            state = State.EXT_NAME_START;
        } else {
            endOfLine(b);
        }
    }

    private void countExtension() throws BadMessageException {
        if (++extensionLength > config.maxChunkExtensionLength()) {
            throw bad("chunk extensions longer than " + config.maxChunkExtensionLength() + " bytes");
        }
    }

    private void endOfLine(byte b) throws BadMessageException {
        if (b == Ascii.CR) {
            state = State.SIZE_LF;
        } else if (b == Ascii.LF) {
            bareLf();
            endSizeLine();
        } else {
            throw bad("invalid byte in chunk-size line");
        }
    }

    private void endSizeLine() throws BadMessageException {
        extensionLength = 0;
        sizeDigits = 0;
        if (chunkRemaining == 0) {
            state = State.TRAILER;
            trailerLength = 0;
            return;
        }
        long max = config.maxRequestBodySize();
        if (max >= 0 && chunkRemaining > max - total) {
            throw new BadMessageException(413, "request body larger than " + max + " bytes");
        }
        total += chunkRemaining;
        state = State.DATA;
    }

    /** A trailer line ended with LF at {@code trailerLength - 1}; an empty line ends the section. */
    private void endTrailerLine() throws BadMessageException {
        int end = trailerLength - 1;
        int lineStart = end;
        while (lineStart > 0 && trailer[lineStart - 1] != Ascii.LF) {
            lineStart--;
        }
        if (end > lineStart && trailer[end - 1] == Ascii.CR) {
            end--;
        } else {
            bareLf();
        }
        if (end == lineStart) {
            state = State.DONE;
            return;
        }
        int colon = lineStart;
        while (colon < end && Ascii.isTchar(trailer[colon])) {
            colon++;
        }
        if (colon == lineStart || colon == end || trailer[colon] != ':') {
            throw bad("invalid trailer field line");
        }
        int vs = colon + 1;
        int ve = end;
        while (vs < ve && (trailer[vs] == Ascii.SP || trailer[vs] == Ascii.HTAB)) {
            vs++;
        }
        while (ve > vs && (trailer[ve - 1] == Ascii.SP || trailer[ve - 1] == Ascii.HTAB)) {
            ve--;
        }
        for (int i = vs; i < ve; i++) {
            if (!Ascii.isFieldValueByte(trailer[i])) {
                throw bad("invalid byte in trailer field-value");
            }
        }
        if (trailerFields == null) {
            trailerFields = new MutableHttpFields();
        }
        trailerFields.add(new String(trailer, lineStart, colon - lineStart, StandardCharsets.ISO_8859_1),
                new String(trailer, vs, ve - vs, StandardCharsets.ISO_8859_1));
    }

    private void bareLf() throws BadMessageException {
        config.complianceListener().onViolation(ComplianceViolation.BARE_LF, bareLfAllowed, "bare LF in chunked body");
        if (!bareLfAllowed) {
            throw bad("bare LF in chunked body");
        }
    }

    private static BadMessageException bad(String reason) {
        return new BadMessageException(400, reason);
    }
}
