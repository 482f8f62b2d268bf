package io.hawser.servlet;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One session as a {@link SessionDataStore} holds it: its id, times (epoch milliseconds, as
 * {@code HttpSession.getCreationTime} and {@code getLastAccessedTime}), max inactive interval
 * (seconds, &lt;= 0: never expires, Servlet 6.1 §7.5) and attributes already serialized by the servlet
 * layer (name → bytes; the names are opaque to a store). Immutable.
 */
public final class SessionData {
    private final String id;
    private final long creationTime;
    private final long lastAccessedTime;
    private final int maxInactiveInterval;
    private final Map<String, byte[]> attributes;

    /**
     * @param id the session id (24 base64url characters from Hawser)
     * @param creationTime epoch milliseconds
     * @param lastAccessedTime epoch milliseconds
     * @param maxInactiveInterval seconds; &lt;= 0 never expires
     * @param attributes name → serialized value (copied; order kept)
     * @throws NullPointerException for a {@code null} id or attributes
     */
    public SessionData(String id, long creationTime, long lastAccessedTime, int maxInactiveInterval,
                       Map<String, byte[]> attributes) {
        this.id = Objects.requireNonNull(id, "id");
        this.creationTime = creationTime;
        this.lastAccessedTime = lastAccessedTime;
        this.maxInactiveInterval = maxInactiveInterval;
        this.attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    }

    /** @return the session id */
    public String id() {
        return id;
    }

    /** @return the creation time, epoch milliseconds */
    public long creationTime() {
        return creationTime;
    }

    /** @return the last access, epoch milliseconds */
    public long lastAccessedTime() {
        return lastAccessedTime;
    }

    /** @return the max inactive interval in seconds; &lt;= 0 never expires */
    public int maxInactiveInterval() {
        return maxInactiveInterval;
    }

    /**
     * @return when the session expires, epoch milliseconds: last access + max inactive interval, or
     *     {@link Long#MAX_VALUE} when it never expires
     */
    public long expiry() {
        return maxInactiveInterval <= 0 ? Long.MAX_VALUE : lastAccessedTime + maxInactiveInterval * 1000L;
    }

    /** @return name → serialized value (read-only) */
    public Map<String, byte[]> attributes() {
        return attributes;
    }
}
