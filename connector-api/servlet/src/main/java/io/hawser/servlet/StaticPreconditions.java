package io.hawser.servlet;

import io.hawser.api.HttpDate;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The conditional request fields of RFC 9110 §13 for a static file, evaluated in the order of
 * §13.2.2: {@code If-Match}, {@code If-Unmodified-Since}, {@code If-None-Match},
 * {@code If-Modified-Since}; {@code If-Range} is asked separately by the range logic.
 */
final class StaticPreconditions {
    /** What the preconditions decide. */
    enum Outcome { PROCEED, NOT_MODIFIED, PRECONDITION_FAILED }

    private StaticPreconditions() {
    }

    /**
     * @param req the request (GET or HEAD)
     * @param file the existing file
     * @return whether to send it, answer 304, or answer 412
     */
    static Outcome evaluate(HttpServletRequest req, StaticResource file) {
        String etag = file.etag();
        String ifMatch = req.getHeader("If-Match");
        if (ifMatch != null) {
            if (!EtagMatch.anyMatches(ifMatch, etag, false)) {
                return Outcome.PRECONDITION_FAILED;
            }
        } else {
            long since = date(req.getHeader("If-Unmodified-Since"));
            if (since >= 0 && file.lastModifiedSeconds() > since) {
                return Outcome.PRECONDITION_FAILED;
            }
        }
        String ifNoneMatch = req.getHeader("If-None-Match");
        if (ifNoneMatch != null) {
            return EtagMatch.anyMatches(ifNoneMatch, etag, true) ? Outcome.NOT_MODIFIED : Outcome.PROCEED;
        }
        long modifiedSince = date(req.getHeader("If-Modified-Since"));
        if (modifiedSince >= 0 && file.lastModifiedSeconds() <= modifiedSince) {
            return Outcome.NOT_MODIFIED;
        }
        return Outcome.PROCEED;
    }

    /**
     * @param ifRange the If-Range value, or {@code null}
     * @param file the file
     * @return whether the Range field may be honoured (RFC 9110 §13.1.5): no If-Range, a strong
     *     entity-tag equal to the file's, or an HTTP-date equal to its modification time
     */
    static boolean rangeAllowed(String ifRange, StaticResource file) {
        if (ifRange == null) {
            return true;
        }
        if (EtagMatch.isEntityTag(ifRange)) {
            return !ifRange.trim().startsWith("W/") && EtagMatch.anyMatches(ifRange, file.etag(), false);
        }
        long date = HttpDate.parse(ifRange);
        return date >= 0 && date == file.lastModifiedSeconds();
    }

    /** @return the HTTP-date in milliseconds, or -1 when absent or invalid */
    private static long date(String value) {
        return value == null ? -1 : HttpDate.parse(value);
    }
}
