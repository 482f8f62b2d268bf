package io.hawser.http1;

import io.hawser.api.BadMessageException;
import io.hawser.api.ComplianceViolation;
import io.hawser.api.ConnectorConfig;
import java.nio.charset.StandardCharsets;

/**
 * An incremental parser of HTTP/1.1 request heads (RFC 9112 §2–§5): bytes in, a {@link RequestHead}
 * out. It knows nothing of sockets; it can stop at any byte and resume when more bytes arrive, and
 * allocates nothing per byte or per field (strings are made only for the method, the
 * request-target and, lazily, for fields a caller asks for).
 *
 * <p>Strict by default: CRLF only, token field-names with no whitespace before the colon, no
 * obs-fold, no control bytes; exactly one valid Host on HTTP/1.1; message body length per §6.3.
 * Leniencies exist only as {@link ComplianceViolation}s allowed in the {@link ConnectorConfig}.
 * Errors throw {@link BadMessageException} with the status to answer (400, 414, 431, 501, 505).
 *
 * <p>Use: {@link #reset()}, then call {@link #parse} with the buffer holding the head from its first
 * byte at {@code start} until it returns a positive length. The bytes from {@code start} must stay in
 * place between calls (the connection keeps an incomplete head in its own buffer).
 */
public final class Http1Parser {
    private static final int MAX_LEADING_EMPTY_LINES = 64;

    private enum State {
        LEADING_EMPTY_LINES, METHOD, TARGET, TARGET_PCT_HEXDIG1, TARGET_PCT_HEXDIG2, VERSION, REQUEST_LINE_LF,
        FIELD_LINE_START, FIELD_NAME, FIELD_VALUE_OWS, FIELD_VALUE, FIELD_LINE_LF, HEAD_END_LF
    }

    private final ConnectorConfig config;
    private final FramingFields framing;
    private final boolean bareLfAllowed;
    private State state = State.LEADING_EMPTY_LINES;
    /** Bytes of the head consumed so far, relative to its start. */
    private int scanned;
    private int emptyLines;
    private int lineStart;
    private int methodEnd;
    private int targetStart;
    private int targetEnd;
    /** Whether the request-target has a {@code [} or {@code ]} (allowed only in an IP-literal authority). */
    private boolean targetBracket;
    private int versionStart;
    private int fieldSectionStart;
    private int nameEnd;
    private int valueStart;
    private int valueEnd;

    /**
     * @param config limits and compliance options
     */
    public Http1Parser(ConnectorConfig config) {
        this.config = config;
        this.framing = new FramingFields(config);
        this.bareLfAllowed = config.allowed().contains(ComplianceViolation.BARE_LF);
    }

    /** Prepares for a new request head. */
    public void reset() {
        state = State.LEADING_EMPTY_LINES;
        scanned = 0;
        emptyLines = 0;
        framing.reset();
    }

    /**
     * @return how many bytes of the current head have been consumed (relative to its start)
     */
    public int scanned() {
        return scanned;
    }

    /**
     * Parses more of a head.
     *
     * @param buf the bytes; the head starts at {@code start}
     * @param start index of the head's first byte in {@code buf}
     * @param limit index after the last valid byte
     * @param head receives the result; {@link RequestHead#reset()} it before a new head
     * @return the head's length in bytes (its bytes are then captured into {@code head}), or -1
     *     when more bytes are needed
     * @throws BadMessageException for a malformed head or an exceeded limit
     */
    public int parse(byte[] buf, int start, int limit, RequestHead head) throws BadMessageException {
        int i = start + scanned;
        while (i < limit) {
            byte b = buf[i];
            int rel = i - start;
            switch (state) {
                case LEADING_EMPTY_LINES:
                    // RFC 9112 §2.2: a server SHOULD ignore at least one empty line before the request-line.
                    if (b == Ascii.CR || b == Ascii.LF) {
                        if (b == Ascii.CR) {
                            if (i + 1 >= limit) {
                                scanned = rel;
                                return -1;
                            }
                            if (buf[i + 1] != Ascii.LF) {
                                throw bad("bare CR before the request-line");
                            }
                        }
                        if (b == Ascii.LF && (rel == 0 || buf[i - 1] != Ascii.CR)) {
                            bareLf("empty line");
                        }
                        if (b == Ascii.LF && ++emptyLines > MAX_LEADING_EMPTY_LINES) {
                            throw bad("too many empty lines before the request-line");
                        }
                        break;
                    }
                    lineStart = rel;
                    state = State.METHOD;
                    continue;
                case METHOD:
                    if (b == Ascii.SP) {
                        if (rel == lineStart) {
                            throw bad("empty method");
                        }
                        methodEnd = rel;
                        targetStart = rel + 1;
                        targetBracket = false;
                        state = State.TARGET;
                    } else if (!Ascii.isTchar(b)) {
                        throw bad("invalid byte in method");
                    }
                    checkRequestLine(rel);
                    break;
                case TARGET: {
                    // RFC 9112 §3.2, RFC 3986 §3: scan the run of plain target bytes at once; the
                    // request-line bound is checked once per run.
                    int lineEnd = start + lineStart + config.maxRequestLineLength();
                    int end = Math.min(limit, lineEnd);
                    int j = i;
                    while (j < end && Ascii.isTargetChar(buf[j])) {
                        j++;
                    }
                    if (j == limit) {
                        scanned = j - start;
                        return -1;
                    }
                    i = j;
                    b = buf[i];
                    rel = i - start;
                }
                    if (b == Ascii.SP) {
                        if (rel == targetStart) {
                            throw bad("empty request-target");
                        }
                        targetEnd = rel;
                        versionStart = rel + 1;
                        state = State.VERSION;
                    } else if (b == '%') {
                        state = State.TARGET_PCT_HEXDIG1;
                    } else if (b == '[' || b == ']') {
                        targetBracket = true;
                    } else if (!Ascii.isTargetChar(b)) {
                        throw bad(b == Ascii.CR || b == Ascii.LF ? "request-line without HTTP-version"
                                : b == '#' ? "fragment in request-target" : "invalid byte in request-target");
                    }
                    checkRequestLine(rel);
                    break;
                case TARGET_PCT_HEXDIG1:
                case TARGET_PCT_HEXDIG2:
                    // pct-encoded = "%" HEXDIG HEXDIG (RFC 3986 §2.1)
                    if (Ascii.hexValue(b) < 0) {
                        throw bad("malformed percent-encoding in request-target");
                    }
                    state = state == State.TARGET_PCT_HEXDIG1 ? State.TARGET_PCT_HEXDIG2 : State.TARGET;
                    checkRequestLine(rel);
                    break;
                case VERSION:
                    if (b == Ascii.CR) {
                        state = State.REQUEST_LINE_LF;
                    } else if (b == Ascii.LF) {
                        bareLf("request-line");
                        endRequestLine(buf, start, rel, head);
                    } else if (rel - versionStart >= 8) {
                        throw bad("invalid HTTP-version");
                    } else {
                        checkRequestLine(rel);
                    }
                    break;
                case REQUEST_LINE_LF:
                    if (b != Ascii.LF) {
                        throw bad("bare CR in request-line");
                    }
                    endRequestLine(buf, start, rel - 1, head);
                    break;
                case FIELD_LINE_START:
                    if (b == Ascii.CR) {
                        state = State.HEAD_END_LF;
                    } else if (b == Ascii.LF) {
                        bareLf("end of field section");
                        return complete(buf, start, rel + 1, head);
                    } else if (b == Ascii.SP || b == Ascii.HTAB) {
                        throw bad("obs-fold or whitespace at the start of a field line");
                    } else if (Ascii.isTchar(b)) {
                        checkFieldSection(rel);
                        lineStart = rel;
                        state = State.FIELD_NAME;
                    } else {
                        throw bad(b == ':' ? "empty field-name" : "invalid byte in field-name");
                    }
                    break;
                case FIELD_NAME: {
                    // Scan the run of tchars at once; the field section bound is checked once per run.
                    int sectionEnd = start + fieldSectionStart + config.maxFieldSectionSize();
                    int end = Math.min(limit, sectionEnd);
                    int j = i;
                    while (j < end && Ascii.isTchar(buf[j])) {
                        j++;
                    }
                    if (j == limit) {
                        scanned = j - start;
                        return -1;
                    }
                    if (j == sectionEnd) {
                        checkFieldSection(j - start);
                    }
                    i = j;
                    b = buf[i];
                    rel = i - start;
                }
                    if (b == ':') {
                        nameEnd = rel;
                        state = State.FIELD_VALUE_OWS;
                    } else if (b == Ascii.SP || b == Ascii.HTAB) {
                        throw bad("whitespace between field-name and colon");
                    } else if (b == Ascii.CR || b == Ascii.LF) {
                        throw bad("field line without colon");
                    } else if (!Ascii.isTchar(b)) {
                        throw bad("invalid byte in field-name");
                    }
                    checkFieldSection(rel);
                    break;
                case FIELD_VALUE_OWS:
                    if (b == Ascii.SP || b == Ascii.HTAB) {
                        checkFieldSection(rel);
                        break;
                    }
                    valueStart = rel;
                    valueEnd = rel;
                    state = State.FIELD_VALUE;
                    continue;
                case FIELD_VALUE: {
                    // Scan the run of field-value bytes at once, then trim trailing OWS (RFC 9112 §5.1).
                    int sectionEnd = start + fieldSectionStart + config.maxFieldSectionSize();
                    int end = Math.min(limit, sectionEnd);
                    int j = i;
                    while (j < end && Ascii.isFieldValueByte(buf[j])) {
                        j++;
                    }
                    int k = j;
                    int vs = start + valueStart;
                    while (k > vs && (buf[k - 1] == Ascii.SP || buf[k - 1] == Ascii.HTAB)) {
                        k--;
                    }
                    valueEnd = k - start;
                    if (j == limit) {
                        scanned = j - start;
                        return -1;
                    }
                    if (j == sectionEnd) {
                        checkFieldSection(j - start);
                    }
                    i = j;
                    b = buf[i];
                    rel = i - start;
                    if (b == Ascii.CR) {
                        state = State.FIELD_LINE_LF;
                    } else if (b == Ascii.LF) {
                        bareLf("field line");
                        endField(buf, start, head);
                    } else {
                        throw bad("invalid byte in field-value");
                    }
                    checkFieldSection(rel);
                    break;
                }
                case FIELD_LINE_LF:
                    if (b != Ascii.LF) {
                        throw bad("bare CR in field line");
                    }
                    endField(buf, start, head);
                    checkFieldSection(rel);
                    break;
                case HEAD_END_LF:
                    if (b != Ascii.LF) {
                        throw bad("bare CR at end of field section");
                    }
                    return complete(buf, start, rel + 1, head);
                default:
                    throw new IllegalStateException(state.name());
            }
            i++;
        }
        scanned = i - start;
        return -1;
    }

    private void checkRequestLine(int rel) throws BadMessageException {
        if (rel - lineStart >= config.maxRequestLineLength()) {
            throw new BadMessageException(414, "request-line longer than " + config.maxRequestLineLength() + " bytes");
        }
    }

    private void checkFieldSection(int rel) throws BadMessageException {
        if (rel - fieldSectionStart >= config.maxFieldSectionSize()) {
            throw new BadMessageException(431, "field section larger than " + config.maxFieldSectionSize() + " bytes");
        }
    }

    private void bareLf(String where) throws BadMessageException {
        config.complianceListener().onViolation(ComplianceViolation.BARE_LF, bareLfAllowed, "bare LF in " + where);
        if (!bareLfAllowed) {
            throw bad("bare LF in " + where);
        }
    }

    private void endRequestLine(byte[] buf, int start, int versionEnd, RequestHead head) throws BadMessageException {
        head.version = RequestLine.version(buf, start + versionStart, start + versionEnd);
        head.method = RequestLine.method(buf, start + lineStart, start + methodEnd);
        head.target = head.sameTarget(buf, start + targetStart, start + targetEnd)
                ? head.previousTarget
                : new String(buf, start + targetStart, targetEnd - targetStart, StandardCharsets.ISO_8859_1);
        head.previousTarget = head.target;
        fieldSectionStart = versionEnd + (state == State.REQUEST_LINE_LF ? 2 : 1);
        state = State.FIELD_LINE_START;
    }

    private void endField(byte[] buf, int start, RequestHead head) throws BadMessageException {
        if (head.size() >= config.maxFieldCount()) {
            throw new BadMessageException(431, "more than " + config.maxFieldCount() + " field lines");
        }
        head.addField(lineStart, nameEnd, valueStart, valueEnd);
        framing.onField(buf, start + lineStart, start + nameEnd, start + valueStart, start + valueEnd, head);
        state = State.FIELD_LINE_START;
    }

    private int complete(byte[] buf, int start, int length, RequestHead head) throws BadMessageException {
        head.capture(buf, start, length);
        framing.onHeadEnd(head);
        RequestLine.checkTargetForm(head, targetBracket);
        scanned = length;
        return length;
    }

    private static BadMessageException bad(String reason) {
        return new BadMessageException(400, reason);
    }
}
