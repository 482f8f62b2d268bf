package io.hawser.servlet;

import io.hawser.api.Tokens;
import jakarta.servlet.SessionCookieConfig;
import jakarta.servlet.http.Cookie;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The session tracking cookie's configuration (Servlet 6.1 §7.1.1): name {@code JSESSIONID}, path
 * the context path ({@code /} for the root context), {@code HttpOnly}; {@code Secure} is added on
 * secure requests. Changeable until the web app starts (then setters throw
 * {@link IllegalStateException}); web.xml {@code <cookie-config>} is applied through these setters.
 * {@link #isTracked()} is false once the app set no tracking mode: no session cookie is read or sent.
 */
final class SessionCookie implements SessionCookieConfig {
    private final WebApp app;
    private String name = "JSESSIONID";
    private volatile boolean tracked = true;
    private final Map<String, String> attributes = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);

    /** @param app the web app */
    SessionCookie(WebApp app) {
        this.app = app;
        attributes.put("HttpOnly", "");
    }

    /**
     * @param id the session id
     * @param secure whether the request was secure
     * @return the cookie to send
     */
    Cookie cookie(String id, boolean secure) {
        Cookie cookie = new Cookie(name, id);
        String path = attributes.get("Path");
        cookie.setPath(path != null ? path : app.contextPath().isEmpty() ? "/" : app.contextPath());
        for (Map.Entry<String, String> e : attributes.entrySet()) {
            if (!e.getKey().equalsIgnoreCase("Path")) {
                cookie.setAttribute(e.getKey(), e.getValue());
            }
        }
        if (secure) {
            cookie.setSecure(true);
        }
        return cookie;
    }

    /** @param tracked whether sessions are tracked by this cookie (COOKIE is the effective mode) */
    void setTracked(boolean tracked) {
        this.tracked = tracked;
    }

    /** @return whether sessions are tracked by this cookie */
    boolean isTracked() {
        return tracked;
    }

    @Override
    public void setName(String name) {
        app.checkConfigurable();
        if (name == null || !Tokens.isToken(name)) {
            throw new IllegalArgumentException("invalid cookie name: " + name);
        }
        this.name = name;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public void setDomain(String domain) {
        setAttribute("Domain", domain);
    }

    @Override
    public String getDomain() {
        return attributes.get("Domain");
    }

    @Override
    public void setPath(String path) {
        setAttribute("Path", path);
    }

    @Override
    public String getPath() {
        return attributes.get("Path");
    }

    /** @deprecated RFC 6265 has no Comment attribute; ignored. */
    @Override
    @Deprecated
    @SuppressWarnings("removal")
    public void setComment(String comment) {
        app.checkConfigurable();
    }

    /** @deprecated always {@code null}. */
    @Override
    @Deprecated
    @SuppressWarnings("removal")
    public String getComment() {
        return null;
    }

    @Override
    public void setHttpOnly(boolean httpOnly) {
        setAttribute("HttpOnly", httpOnly ? "" : null);
    }

    @Override
    public boolean isHttpOnly() {
        return attributes.containsKey("HttpOnly");
    }

    @Override
    public void setSecure(boolean secure) {
        setAttribute("Secure", secure ? "" : null);
    }

    @Override
    public boolean isSecure() {
        return attributes.containsKey("Secure");
    }

    @Override
    public void setMaxAge(int maxAge) {
        setAttribute("Max-Age", String.valueOf(maxAge));
    }

    @Override
    public int getMaxAge() {
        String v = attributes.get("Max-Age");
        return v == null ? -1 : Integer.parseInt(v);
    }

    @Override
    public void setAttribute(String name, String value) {
        app.checkConfigurable();
        if (name == null || !Tokens.isToken(name)) {
            throw new IllegalArgumentException("invalid cookie attribute name: " + name);
        }
        if (value == null) {
            attributes.remove(name);
        } else {
            attributes.put(name, value);
        }
    }

    @Override
    public String getAttribute(String name) {
        return attributes.get(name);
    }

    @Override
    public Map<String, String> getAttributes() {
        return Collections.unmodifiableMap(attributes);
    }
}
