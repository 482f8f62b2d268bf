package io.hawser.http1;

import io.hawser.api.HttpFields;

/**
 * How a response's body is delimited and whether the connection closes after it, decided once per
 * response, at commit, from what is known then (RFC 9112 §6.1–§6.3, §9.3, §9.6; RFC 9110 §6.4.1).
 * A pure function: no I/O, no state, no allocation ({@link #decide} returns one of eight shared
 * values).
 *
 * <p>The rules, first match wins:
 * <ol>
 * <li>1xx, 204 and 304 have no content (RFC 9110 §6.4.1, §15.3.5, §15.4.5; RFC 9112 §6.3 rule 1):
 *     {@link Framing#NONE}, and no Content-Length is sent.
 * <li>A Content-Length the application declared is kept (RFC 9112 §6.2), for HEAD too, where it
 *     announces the length a GET would have had (RFC 9110 §9.3.2): {@link Framing#LENGTH}.
 * <li>The body ended before the commit, so its length is known: {@link Framing#LENGTH} with the
 *     bytes written; unless trailers are to follow on HTTP/1.1, which only a chunked body can carry
 *     (RFC 9112 §7.1.2). HTTP/1.0 has no trailers: they are dropped.
 * <li>HEAD with no length known: {@link Framing#NONE} (nothing follows the head, and nothing is
 *     announced).
 * <li>HTTP/1.1: {@link Framing#CHUNKED} (RFC 9112 §7.1).
 * <li>HTTP/1.0, which has no chunked coding (RFC 9112 §6.1): {@link Framing#CLOSE_DELIMITED}, the
 *     body ends with the connection (RFC 9112 §6.3 rule 8), which therefore closes.
 * </ol>
 *
 * <p>The connection closes after the response (and the head says {@code Connection: close}, RFC 9112
 * §9.6) when the exchange already decided so (the request's {@code close} option, an HTTP/1.0
 * request without {@code keep-alive} (§9.3), {@code maxRequestsPerConnection}, a stop, a fault),
 * when the body ends while an unread request body cannot be skipped, when the response's own
 * Connection field lists {@code close} (RFC 9110 §7.6.1), or when the body is close-delimited. A
 * persistent HTTP/1.0 response says {@code Connection: keep-alive} (RFC 9112 §C.2.2).
 *
 * @param framing how the body is delimited
 * @param closeAfter whether the connection closes once this response is written
 */
public record ResponseFraming(Framing framing, boolean closeAfter) {

    /** How a response body is delimited (RFC 9112 §6). */
    public enum Framing {
        /** No body follows the head. */
        NONE,
        /** {@code Content-Length} (RFC 9112 §6.2). */
        LENGTH,
        /** {@code Transfer-Encoding: chunked} (RFC 9112 §7.1), HTTP/1.1 only. */
        CHUNKED,
        /** The body ends when the connection closes (RFC 9112 §6.3 rule 8), HTTP/1.0 only. */
        CLOSE_DELIMITED
    }

    private static final ResponseFraming[] DECISIONS = new ResponseFraming[Framing.values().length * 2];

    static {
        for (Framing f : Framing.values()) {
            DECISIONS[f.ordinal() * 2] = new ResponseFraming(f, false);
            DECISIONS[f.ordinal() * 2 + 1] = new ResponseFraming(f, true);
        }
    }

    /**
     * Decides the framing and the close after a final response.
     *
     * @param status the response status
     * @param head whether the request method is HEAD
     * @param http10 whether the request is HTTP/1.0 (else HTTP/1.1)
     * @param declaredLength the Content-Length the application set ({@link #declaredLength(String)}), or -1
     * @param ended whether the body already ended (the whole response is buffered)
     * @param trailers whether the application supplies trailer fields
     * @param closeAfter whether the exchange already decided to close the connection after this response
     * @param unreadBodyCloses whether the unread rest of the request body could not be skipped if the
     *     exchange ended now (it then closes when the body has {@code ended})
     * @param responseListsClose whether the response's Connection field lists {@code close}
     * @return one of the eight shared decisions
     */
    public static ResponseFraming decide(int status, boolean head, boolean http10, long declaredLength,
            boolean ended, boolean trailers, boolean closeAfter, boolean unreadBodyCloses,
            boolean responseListsClose) {
        Framing framing;
        if (status < 200 || status == 204 || status == 304) {
            framing = Framing.NONE;
        } else if (declaredLength >= 0) {
            framing = Framing.LENGTH;
        } else if (ended && (!trailers || http10)) {
            framing = Framing.LENGTH;
        } else if (head) {
            framing = Framing.NONE;
        } else if (!http10) {
            framing = Framing.CHUNKED;
        } else {
            framing = Framing.CLOSE_DELIMITED;
        }
        boolean close = closeAfter || (ended && unreadBodyCloses) || responseListsClose
                || framing == Framing.CLOSE_DELIMITED;
        return DECISIONS[framing.ordinal() * 2 + (close ? 1 : 0)];
    }

    /**
     * @return whether a response to this request with this status carries content at all (RFC 9110
     *     §6.4.1: not for HEAD, 1xx, 204 and 304); whatever the application writes otherwise is dropped
     */
    public static boolean hasContent(int status, boolean head) {
        return !head && status >= 200 && status != 204 && status != 304;
    }

    /**
     * @param declaredLength as given to {@link #decide}
     * @param written the body bytes written
     * @return the Content-Length to send: the declared one, else the bytes written; -1 unless {@link Framing#LENGTH}
     */
    public long contentLength(long declaredLength, long written) {
        if (framing != Framing.LENGTH) {
            return -1;
        }
        return declaredLength >= 0 ? declaredLength : written;
    }

    /**
     * @param value a Content-Length field value the application set, or {@code null}
     * @return its length, or -1 for none or for anything but 1–18 digits (such a field is dropped)
     */
    public static long declaredLength(String value) {
        if (value == null || value.isEmpty() || value.length() > 18) {
            return -1;
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return -1;
            }
        }
        return Long.parseLong(value);
    }

    /** @return whether a Connection field of {@code fields} lists {@code close} (RFC 9110 §7.6.1) */
    public static boolean listsClose(HttpFields fields) {
        for (int i = 0, n = fields.size(); i < n; i++) {
            if (fields.name(i).equalsIgnoreCase("Connection") && ConnectionField.listsClose(fields.value(i))) {
                return true;
            }
        }
        return false;
    }
}
