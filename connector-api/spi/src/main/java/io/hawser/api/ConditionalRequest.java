package io.hawser.api;

import java.util.List;
import java.util.Objects;

/**
 * The conditional request fields of RFC 9110 §13.1 that a request carries, evaluated against the
 * selected representation's validators in the order of §13.2.2: {@code If-Match},
 * {@code If-Unmodified-Since}, {@code If-None-Match}, {@code If-Modified-Since}, then
 * {@code If-Range} for a {@code GET} with a {@code Range} field. The default servlet uses it for
 * static files; a raw handler builds one with {@link #of(String, HttpFields)}.
 *
 * <p>The caller evaluates it only for an existing representation whose response without the
 * preconditions would be a 2xx (§13.2.1), and answers {@link Outcome#NOT_MODIFIED} with 304 and
 * {@link Outcome#PRECONDITION_FAILED} with 412. A date that is not an HTTP-date
 * ({@link HttpDate#parse}) is ignored, as is every date field when the representation has no
 * modification time; the "already succeeded state change" exception of §13.2.2 steps 1 and 2 is
 * left to the caller.
 *
 * @param method the request method, case-sensitive (RFC 9110 §9.1), e.g. {@code GET}; not {@code null}
 * @param ifMatch the {@code If-Match} value, or {@code null}
 * @param ifUnmodifiedSince the {@code If-Unmodified-Since} value, or {@code null}
 * @param ifNoneMatch the {@code If-None-Match} value, or {@code null}
 * @param ifModifiedSince the {@code If-Modified-Since} value, or {@code null}
 * @param range the {@code Range} value, or {@code null}
 * @param ifRange the {@code If-Range} value, or {@code null}
 */
public record ConditionalRequest(String method, String ifMatch, String ifUnmodifiedSince, String ifNoneMatch,
        String ifModifiedSince, String range, String ifRange) {

    /** What the preconditions decide (RFC 9110 §13.2.2). */
    public enum Outcome {
        /** Step 6: perform the method and respond as without the preconditions; ignore any Range field. */
        PERFORM,
        /**
         * Step 5: a {@code GET} whose Range field applies (no {@code If-Range}, or one that matches):
         * perform it, answering the Range ({@link ByteRanges#parse}: 206, 416, or 200 when ignored).
         */
        PERFORM_RANGE,
        /** Step 3 or 4, {@code GET} or {@code HEAD}: answer 304 (Not Modified) with the validators. */
        NOT_MODIFIED,
        /** Step 1, 2 or 3: answer 412 (Precondition Failed). */
        PRECONDITION_FAILED
    }

    /**
     * @throws NullPointerException when {@code method} is {@code null}
     */
    public ConditionalRequest {
        Objects.requireNonNull(method, "method");
    }

    /**
     * @param method the request method, e.g. {@code GET}
     * @param fields the request's field section; repeated {@code If-Match} or {@code If-None-Match}
     *     lines are combined into one list (RFC 9110 §5.3), the other fields are read from their
     *     first line
     * @return the request's conditional fields
     */
    public static ConditionalRequest of(String method, HttpFields fields) {
        return new ConditionalRequest(method, list(fields, "If-Match"), fields.get("If-Unmodified-Since"),
                list(fields, "If-None-Match"), fields.get("If-Modified-Since"), fields.get("Range"),
                fields.get("If-Range"));
    }

    /**
     * @param etag the representation's entity-tag with its quotes, e.g. {@code "1f4-18c2b7a9e10"} or
     *     {@code W/"7"}, or {@code null} when it has none
     * @param lastModifiedMillis the representation's modification time in milliseconds since the
     *     epoch (compared in whole seconds, as an HTTP-date carries it), or negative when it has none
     * @return what to do; never {@code null}
     */
    public Outcome evaluate(String etag, long lastModifiedMillis) {
        long modified = lastModifiedMillis < 0 ? -1 : lastModifiedMillis - Math.floorMod(lastModifiedMillis, 1000L);
        if (ifMatch != null) {
            if (!EntityTags.strongMatch(ifMatch, etag)) {
                return Outcome.PRECONDITION_FAILED;
            }
        } else if (modified >= 0) {
            long since = date(ifUnmodifiedSince);
            if (since >= 0 && modified > since) {
                return Outcome.PRECONDITION_FAILED;
            }
        }
        boolean getOrHead = method.equals("GET") || method.equals("HEAD");
        if (ifNoneMatch != null) {
            if (EntityTags.weakMatch(ifNoneMatch, etag)) {
                return getOrHead ? Outcome.NOT_MODIFIED : Outcome.PRECONDITION_FAILED;
            }
        } else if (getOrHead && modified >= 0) {
            long since = date(ifModifiedSince);
            if (since >= 0 && modified <= since) {
                return Outcome.NOT_MODIFIED;
            }
        }
        if (method.equals("GET") && range != null && rangeApplies(etag, modified)) {
            return Outcome.PERFORM_RANGE;
        }
        return Outcome.PERFORM;
    }

    /**
     * RFC 9110 §13.1.5: no If-Range, a strong entity-tag equal to the representation's by the strong
     * comparison, or an HTTP-date equal to its modification time.
     */
    private boolean rangeApplies(String etag, long modified) {
        if (ifRange == null) {
            return true;
        }
        if (EntityTags.isEntityTag(ifRange)) {
            return !ifRange.trim().startsWith("W/") && EntityTags.strongMatch(ifRange, etag);
        }
        long date = HttpDate.parse(ifRange);
        return date >= 0 && modified >= 0 && date == modified;
    }

    /** @return the HTTP-date in milliseconds, or -1 when absent or invalid */
    private static long date(String value) {
        return value == null ? -1 : HttpDate.parse(value);
    }

    private static String list(HttpFields fields, String name) {
        List<String> lines = fields.getAll(name);
        return lines.isEmpty() ? null : lines.size() == 1 ? lines.get(0) : String.join(", ", lines);
    }
}
