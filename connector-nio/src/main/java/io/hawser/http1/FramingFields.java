package io.hawser.http1;

import io.hawser.api.BadMessageException;
import io.hawser.api.ComplianceViolation;
import io.hawser.api.ConnectorConfig;

/**
 * The fields that decide how a request is framed and kept: Host (RFC 9112 §3.2), Content-Length
 * (RFC 9110 §8.6), Transfer-Encoding (RFC 9112 §6.1), Connection (RFC 9112 §9.3) and Expect
 * (RFC 9110 §10.1.1). Each is read as its line completes, matched by name without building strings,
 * and the message body length is decided at the end of the head (RFC 9112 §6.3).
 */
final class FramingFields {
    private final ConnectorConfig config;
    private final boolean repeatedContentLengthAllowed;
    private int hostCount;
    private boolean hostInvalid;
    private int contentLengthLines;
    private boolean transferEncoding;
    private boolean chunkedSeen;
    /** A coding follows chunked, or chunked appears twice: framing is broken (400). */
    private boolean chunkedNotFinal;
    /** A coding other than chunked: not implemented (501). */
    private boolean unknownCoding;

    FramingFields(ConnectorConfig config) {
        this.config = config;
        this.repeatedContentLengthAllowed = config.allowed().contains(ComplianceViolation.REPEATED_CONTENT_LENGTH);
    }

    void reset() {
        hostCount = 0;
        hostInvalid = false;
        contentLengthLines = 0;
        transferEncoding = false;
        chunkedSeen = false;
        chunkedNotFinal = false;
        unknownCoding = false;
    }

    void onField(byte[] buf, int nameStart, int nameEnd, int valueStart, int valueEnd, RequestHead head)
            throws BadMessageException {
        switch (nameEnd - nameStart) {
            case 4:
                if (Ascii.equalsIgnoreCase(buf, nameStart, "host")) {
                    hostCount++;
                    hostInvalid |= !Authority.isValid(buf, valueStart, valueEnd, false);
                }
                break;
            case 6:
                if (Ascii.equalsIgnoreCase(buf, nameStart, "expect")) {
                    onExpect(buf, valueStart, valueEnd, head);
                }
                break;
            case 10:
                if (Ascii.equalsIgnoreCase(buf, nameStart, "connection")) {
                    onConnection(buf, valueStart, valueEnd, head);
                }
                break;
            case 14:
                if (Ascii.equalsIgnoreCase(buf, nameStart, "content-length")) {
                    onContentLength(buf, valueStart, valueEnd, head);
                }
                break;
            case 17:
                if (Ascii.equalsIgnoreCase(buf, nameStart, "transfer-encoding")) {
                    onTransferEncoding(buf, valueStart, valueEnd);
                }
                break;
            default:
                break;
        }
    }

    /** RFC 9112 §3.2 (Host) and §6.3 (message body length), at the end of the field section. */
    void onHeadEnd(RequestHead head) throws BadMessageException {
        if (hostCount > 1) {
            throw new BadMessageException(400, "more than one Host field line");
        }
        if (hostCount == 0 && head.version == RequestHead.HTTP_1_1) {
            throw new BadMessageException(400, "missing Host");
        }
        if (hostInvalid) {
            throw new BadMessageException(400, "invalid Host");
        }
        if (transferEncoding) {
            if (head.version == RequestHead.HTTP_1_0) {
                throw new BadMessageException(400, "Transfer-Encoding in an HTTP/1.0 request");
            }
            if (contentLengthLines > 0) {
                throw new BadMessageException(400, "both Transfer-Encoding and Content-Length");
            }
            if (!chunkedSeen || chunkedNotFinal) {
                // RFC 9112 §6.3: without chunked as the final coding the length cannot be determined.
                throw new BadMessageException(400, "chunked is not the final transfer coding");
            }
            if (unknownCoding) {
                // RFC 9112 §6.1: a transfer coding the server does not understand → 501.
                throw new BadMessageException(501, "transfer coding not implemented");
            }
            head.chunked = true;
        }
        long max = config.maxRequestBodySize();
        if (max >= 0 && head.contentLength > max) {
            throw new BadMessageException(413, "Content-Length above " + max + " bytes");
        }
    }

    private void onContentLength(byte[] buf, int start, int end, RequestHead head) throws BadMessageException {
        // Content-Length = 1*DIGIT (RFC 9110 §8.6); a list of equal values MAY be accepted.
        long value = -1;
        int i = start;
        boolean list = false;
        while (true) {
            long element = 0;
            int digits = 0;
            while (i < end && buf[i] >= '0' && buf[i] <= '9') {
                if (element > (Long.MAX_VALUE - 9) / 10) {
                    throw new BadMessageException(400, "Content-Length too large");
                }
                element = element * 10 + (buf[i] - '0');
                digits++;
                i++;
            }
            if (digits == 0) {
                throw new BadMessageException(400, "invalid Content-Length");
            }
            if (value >= 0 && element != value) {
                throw new BadMessageException(400, "Content-Length values differ");
            }
            value = element;
            if (i == end) {
                break;
            }
            while (i < end && (buf[i] == ' ' || buf[i] == '\t')) {
                i++;
            }
            if (i == end || buf[i] != ',') {
                throw new BadMessageException(400, "invalid Content-Length");
            }
            list = true;
            i++;
            while (i < end && (buf[i] == ' ' || buf[i] == '\t')) {
                i++;
            }
        }
        contentLengthLines++;
        if (contentLengthLines > 1 && head.contentLength != value) {
            throw new BadMessageException(400, "Content-Length lines differ");
        }
        if (list || contentLengthLines > 1) {
            config.complianceListener().onViolation(ComplianceViolation.REPEATED_CONTENT_LENGTH,
                    repeatedContentLengthAllowed, "repeated Content-Length");
            if (!repeatedContentLengthAllowed) {
                throw new BadMessageException(400, "repeated Content-Length");
            }
        }
        head.contentLength = value;
    }

    private void onTransferEncoding(byte[] buf, int start, int end) throws BadMessageException {
        // Transfer-Encoding = #transfer-coding (RFC 9112 §6.1); empty list elements are ignored (RFC 9110 §5.6.1).
        transferEncoding = true;
        int i = start;
        while (i <= end) {
            int elementStart = i;
            while (i < end && buf[i] != ',') {
                i++;
            }
            int elementEnd = i;
            while (elementStart < elementEnd && (buf[elementStart] == ' ' || buf[elementStart] == '\t')) {
                elementStart++;
            }
            while (elementEnd > elementStart && (buf[elementEnd - 1] == ' ' || buf[elementEnd - 1] == '\t')) {
                elementEnd--;
            }
            if (elementEnd > elementStart) {
                onTransferCoding(buf, elementStart, elementEnd);
            }
            i++;
        }
    }

    private void onTransferCoding(byte[] buf, int start, int end) throws BadMessageException {
        int tokenEnd = start;
        while (tokenEnd < end && Ascii.isTchar(buf[tokenEnd])) {
            tokenEnd++;
        }
        if (tokenEnd == start || (tokenEnd < end && buf[tokenEnd] != ';' && buf[tokenEnd] != ' ' && buf[tokenEnd] != '\t')) {
            throw new BadMessageException(400, "invalid transfer-coding");
        }
        if (chunkedSeen) {
            chunkedNotFinal = true;
        }
        if (tokenEnd - start == 7 && Ascii.equalsIgnoreCase(buf, start, "chunked")) {
            if (tokenEnd != end) {
                throw new BadMessageException(400, "chunked takes no parameters");
            }
            chunkedSeen = true;
        } else {
            unknownCoding = true;
        }
    }

    private static void onConnection(byte[] buf, int start, int end, RequestHead head) {
        int options = ConnectionField.options(buf, start, end);
        if ((options & ConnectionField.CLOSE) != 0) {
            head.connectionClose = true;
        }
        if ((options & ConnectionField.KEEP_ALIVE) != 0) {
            head.connectionKeepAlive = true;
        }
    }

    private static void onExpect(byte[] buf, int start, int end, RequestHead head) {
        if (end - start == 12 && Ascii.equalsIgnoreCase(buf, start, "100-continue")) {
            head.expectContinue = true;
        } else if (end > start) {
            head.expectUnsupported = true;
        }
    }
}
