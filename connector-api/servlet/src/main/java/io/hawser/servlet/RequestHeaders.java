package io.hawser.servlet;

import io.hawser.api.HttpDate;
import io.hawser.api.HttpFields;
import jakarta.servlet.http.Cookie;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;

/**
 * Typed views of the request's field section, read in place from the connector's
 * {@link HttpFields} (no copy): int and date values, cookies (RFC 6265), locales
 * ({@code Accept-Language}) and the {@code Host} authority, each parsed on first use.
 */
final class RequestHeaders {
    private final HttpFields fields;
    private Cookie[] cookies;
    private List<Locale> locales;
    private HostAuthority authority;
    private boolean authorityParsed;

    /** @param fields the request's field section */
    RequestHeaders(HttpFields fields) {
        this.fields = fields;
    }

    HttpFields fields() {
        return fields;
    }

    Enumeration<String> values(String name) {
        return Collections.enumeration(fields.getAll(name));
    }

    Enumeration<String> names() {
        return Collections.enumeration(RequestAddresses.distinctNames(fields));
    }

    /** @return the value as an int, -1 when absent. @throws NumberFormatException when not a number */
    int intValue(String name) {
        String value = fields.get(name);
        return value == null ? -1 : Integer.parseInt(value.trim());
    }

    /** @return the HTTP-date as epoch ms, -1 when absent. @throws IllegalArgumentException when not a date */
    long dateValue(String name) {
        String value = fields.get(name);
        if (value == null) {
            return -1;
        }
        long date = HttpDate.parse(value);
        if (date < 0) {
            throw new IllegalArgumentException("not an HTTP-date: " + name);
        }
        return date;
    }

    /** @return the cookies, or {@code null} when there are none (as {@code getCookies}) */
    Cookie[] cookies() {
        if (cookies == null) {
            cookies = CookieHeader.parse(fields.getAll("Cookie")).toArray(new Cookie[0]);
        }
        return cookies.length == 0 ? null : cookies.clone();
    }

    /** @return the preferred locale, the server's default when none is given */
    Locale locale() {
        List<Locale> l = localeList();
        return l.isEmpty() ? Locale.getDefault() : l.get(0);
    }

    Enumeration<Locale> locales() {
        List<Locale> l = localeList();
        return Collections.enumeration(l.isEmpty() ? List.of(Locale.getDefault()) : l);
    }

    private List<Locale> localeList() {
        if (locales == null) {
            locales = AcceptLanguage.parse(fields.getAll("Accept-Language"));
        }
        return locales;
    }

    /**
     * @param requestTarget the request-target as received
     * @return the authority the request is for: an absolute-form target's (RFC 9112 §3.2.2: the
     *     Host field is then ignored), else the Host field's; {@code null} when absent or malformed
     */
    HostAuthority authority(String requestTarget) {
        if (!authorityParsed) {
            authorityParsed = true;
            String absolute = absoluteFormAuthority(requestTarget);
            authority = HostAuthority.parse(absolute != null ? absolute : fields.get("Host"));
        }
        return authority;
    }

    /** @return the authority of an {@code http://} or {@code https://} target, else {@code null} */
    static String absoluteFormAuthority(String target) {
        if (target == null || target.startsWith("/")) {
            return null;
        }
        int start = target.regionMatches(true, 0, "http://", 0, 7) ? 7
                : target.regionMatches(true, 0, "https://", 0, 8) ? 8 : -1;
        if (start < 0) {
            return null;
        }
        int end = start;
        while (end < target.length() && "/?#".indexOf(target.charAt(end)) < 0) {
            end++;
        }
        return target.substring(start, end);
    }
}
