package io.hawser.http1;

import io.hawser.api.HttpFields;
import io.hawser.api.MutableHttpFields;
import java.util.Locale;
import java.util.Set;

/**
 * Which fields a response may carry in its trailer section (RFC 9110 §6.5.1: a sender must not
 * generate a trailer field unless its definition permits it there). Refused: fields that frame the
 * message or route it, request modifiers (controls, conditionals, range), authentication, response
 * control data, those that say how to process the content, and the connection's own (RFC 9110
 * §7.6.1, RFC 9112 §9.6).
 *
 * <p>A refused field is dropped, as Tomcat does: it is meaningless after the content and the body
 * has already gone out. A field that cannot be encoded (a null name or value, a name that is not a
 * token, a value with a control character) is an application fault, not a field to drop.
 */
public final class TrailerFields {
    private static final Set<String> REFUSED = Set.of(
            // message framing (§6.4.1, RFC 9112 §6) and routing (§7.2)
            "content-length", "transfer-encoding", "trailer", "host",
            // request modifiers: controls (§7.6, §10.1), conditionals (§13.1), range (§14.2)
            "cache-control", "expect", "max-forwards", "pragma", "range", "te", "if-match", "if-none-match",
            "if-modified-since", "if-unmodified-since", "if-range",
            // authentication (§11.6, §11.7) and cookies (RFC 6265 §4: header fields)
            "authorization", "proxy-authorization", "www-authenticate", "proxy-authenticate", "cookie", "set-cookie",
            // response control data (§10.2, §15) and caching (RFC 9111 §5)
            "age", "expires", "date", "location", "retry-after", "vary", "warning",
            // how to process the content (§8.3–§8.4, §14.4)
            "content-type", "content-encoding", "content-range",
            // the connection (§7.6.1)
            "connection", "keep-alive", "proxy-connection", "upgrade");

    private TrailerFields() {
    }

    /** @return whether a field named {@code name} may be sent in a trailer section */
    public static boolean isPermitted(String name) {
        return !REFUSED.contains(name.toLowerCase(Locale.ROOT));
    }

    /**
     * @param supplied trailer fields as the application supplied them; may be {@code null} (none)
     * @return the permitted fields, checked as {@link MutableHttpFields} checks every field line,
     *     or {@code null} when {@code supplied} is
     * @throws IllegalArgumentException for a field with a null, non-token or control-character
     *     name or value
     */
    public static MutableHttpFields permitted(HttpFields supplied) {
        if (supplied == null) {
            return null;
        }
        MutableHttpFields out = new MutableHttpFields();
        for (int i = 0, n = supplied.size(); i < n; i++) {
            String name = supplied.name(i);
            String value = supplied.value(i);
            if (name == null || value == null) {
                throw new IllegalArgumentException("trailer field " + i + " has a null name or value");
            }
            if (isPermitted(name)) {
                out.add(name, value);
            }
        }
        return out;
    }
}
