package io.hawser.deploy;

import io.hawser.deploy.WebXmlParser.Dom;
import jakarta.servlet.ServletContext;
import jakarta.servlet.SessionCookieConfig;
import jakarta.servlet.SessionTrackingMode;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.w3c.dom.Element;

/**
 * A web.xml {@code <session-config>} (Servlet 6.1 §7.1.1, §14.4): the session timeout, the session
 * cookie's {@code <cookie-config>} and the {@code <tracking-mode>}s. Only {@code COOKIE} tracking is
 * supported; {@code URL} and {@code SSL} are refused when read.
 *
 * @param timeout session-timeout in minutes, or {@code null}
 * @param cookieName cookie-config name, or {@code null}
 * @param domain cookie-config domain, or {@code null}
 * @param path cookie-config path, or {@code null}
 * @param httpOnly cookie-config http-only, or {@code null}
 * @param secure cookie-config secure, or {@code null}
 * @param maxAge cookie-config max-age in seconds, or {@code null}
 * @param attributes cookie-config attributes (e.g. {@code SameSite}), in declaration order
 * @param trackingModes the tracking-modes; empty when none is given
 */
record SessionConfigDecl(Integer timeout, String cookieName, String domain, String path, Boolean httpOnly,
        Boolean secure, Integer maxAge, Map<String, String> attributes, Set<SessionTrackingMode> trackingModes) {

    /** No session-config: every default. */
    static final SessionConfigDecl NONE = new SessionConfigDecl(null, null, null, null, null, null, null, Map.of(),
            Set.of());

    private static final String WHERE = WebXmlParser.FILE + " <session-config>";

    /**
     * @param e a {@code <session-config>} element
     * @return what it declares
     * @throws DeploymentException for a bad number or boolean, or a URL or SSL tracking mode
     */
    static SessionConfigDecl read(Element e) throws DeploymentException {
        String timeout = Dom.textOr(e, "session-timeout", null);
        Integer minutes = timeout == null ? null : WebXmlParser.integer(timeout, "<session-config> <session-timeout>");
        Set<SessionTrackingMode> modes = EnumSet.noneOf(SessionTrackingMode.class);
        for (Element m : Dom.children(e, "tracking-mode")) {
            String mode = Dom.text(m);
            if (!mode.equals("COOKIE")) {
                throw new DeploymentException(null, WHERE + " <tracking-mode>", mode.equals("URL") || mode.equals("SSL")
                        ? mode + " is not supported by Hawser (only COOKIE: session ids are never taken from URLs or"
                                + " TLS sessions). Use COOKIE, or remove the element"
                        : "\"" + mode + "\" is not COOKIE, URL or SSL", null);
            }
            modes.add(SessionTrackingMode.COOKIE);
        }
        Element cookie = Dom.children(e, "cookie-config").isEmpty() ? null : Dom.children(e, "cookie-config").get(0);
        if (cookie == null) {
            return new SessionConfigDecl(minutes, null, null, null, null, null, null, Map.of(), modes);
        }
        String where = "<session-config> <cookie-config>";
        String maxAge = Dom.textOr(cookie, "max-age", null);
        Map<String, String> attributes = new LinkedHashMap<>();
        for (Element a : Dom.children(cookie, "attribute")) {
            attributes.put(WebXmlParser.required(a, "attribute-name"), Dom.textOr(a, "attribute-value", ""));
        }
        return new SessionConfigDecl(minutes, Dom.textOr(cookie, "name", null), Dom.textOr(cookie, "domain", null),
                Dom.textOr(cookie, "path", null), bool(cookie, "http-only", where), bool(cookie, "secure", where),
                maxAge == null ? null : WebXmlParser.integer(maxAge, where + " <max-age>"), attributes, modes);
    }

    private static Boolean bool(Element parent, String child, String where) throws DeploymentException {
        String v = Dom.textOr(parent, child, null);
        if (v == null) {
            return null;
        }
        if (!v.equals("true") && !v.equals("false")) {
            throw new DeploymentException(null, WebXmlParser.FILE + " " + where + " <" + child + ">",
                    "\"" + v + "\" is not true or false", null);
        }
        return v.equals("true");
    }

    /**
     * Sets the cookie-config through {@link ServletContext#getSessionCookieConfig()} and the tracking
     * modes through {@link ServletContext#setSessionTrackingModes}, as the container does before
     * initializers and listeners run.
     *
     * @param context the web app's context, not yet started
     * @throws DeploymentException for a cookie name or attribute the cookie syntax does not allow
     */
    void applyTo(ServletContext context) throws DeploymentException {
        SessionCookieConfig c = context.getSessionCookieConfig();
        try {
            if (cookieName != null) {
                c.setName(cookieName);
            }
            if (domain != null) {
                c.setDomain(domain);
            }
            if (path != null) {
                c.setPath(path);
            }
            if (httpOnly != null) {
                c.setHttpOnly(httpOnly);
            }
            if (secure != null) {
                c.setSecure(secure);
            }
            if (maxAge != null) {
                c.setMaxAge(maxAge);
            }
            attributes.forEach(c::setAttribute);
        } catch (IllegalArgumentException e) {
            throw new DeploymentException(null, WHERE + " <cookie-config>", e.getMessage(), e);
        }
        if (!trackingModes.isEmpty()) {
            context.setSessionTrackingModes(trackingModes);
        }
    }
}
