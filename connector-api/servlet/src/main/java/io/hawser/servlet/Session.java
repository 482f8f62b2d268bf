package io.hawser.servlet;

import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpSession;
import jakarta.servlet.http.HttpSessionBindingEvent;
import jakarta.servlet.http.HttpSessionBindingListener;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * An in-memory {@link HttpSession} (Servlet 6.1 §7). Carries its own links for the
 * {@link SessionList} of its max inactive interval; a session in no list points at itself.
 * Attributes are safe for concurrent requests of the same client.
 */
final class Session implements HttpSession {
    /** §7.4: valid, being invalidated (listeners see it), gone. */
    enum State { VALID, INVALIDATING, INVALID }

    // Links of the SessionList, guarded by the store's lock.
    Session prev = this;
    Session next = this;
    SessionList list;
    volatile long lastAccessNanos;

    private final SessionStore store;
    private final long creationTime;
    private volatile String id;
    private volatile long lastAccessedTime;
    private volatile int maxInactiveInterval;
    private volatile boolean fresh = true;
    private volatile State state = State.VALID;
    private final Map<String, Object> attributes = new ConcurrentHashMap<>();
    /**
     * The user signed in through FORM or {@code HttpServletRequest.login} (Servlet 6.1 §13.6.3,
     * §13.10), kept beside the attributes so the application cannot read or forge it; gone with
     * the session.
     */
    volatile io.hawser.security.AuthenticatedUser user;
    /** How {@link #user} signed in: {@code BASIC} or {@code FORM}. */
    volatile String authType;
    /** FORM: the request that was sent to the login page, replayed after the login (§13.6.3.1). */
    volatile FormLogin.SavedRequest savedRequest;

    /** Kept in a {@link SessionDataStore}: loaded for one request, written at its end ({@link PersistentSessions}). */
    final boolean persistent;
    /** Persistent: whether the store has it (false until the end of the request that created it). */
    volatile boolean stored;
    /** Persistent: names given to {@code setAttribute} since the last write. */
    final Set<String> written = ConcurrentHashMap.newKeySet();
    /** Persistent: names given to {@code removeAttribute} since the last write. */
    final Set<String> removedNames = ConcurrentHashMap.newKeySet();
    private Object[] savedLogin = new Object[3];

    /**
     * @param store the owning store
     * @param id the identifier
     * @param nowMillis creation time, epoch milliseconds
     * @param maxInactiveInterval seconds; &lt;= 0 never expires
     */
    Session(SessionStore store, String id, long nowMillis, int maxInactiveInterval) {
        this(store, id, nowMillis, maxInactiveInterval, false);
    }

    /**
     * @param store the owning store
     * @param id the identifier
     * @param nowMillis creation time, epoch milliseconds
     * @param maxInactiveInterval seconds; &lt;= 0 never expires
     * @param persistent whether it lives in a {@link SessionDataStore}
     */
    Session(SessionStore store, String id, long nowMillis, int maxInactiveInterval, boolean persistent) {
        this.persistent = persistent;
        this.store = store;
        this.id = id;
        this.creationTime = nowMillis;
        this.lastAccessedTime = nowMillis;
        this.maxInactiveInterval = maxInactiveInterval;
    }

    /** Marks an access by a request that carried the id (§7.6: the client has joined). */
    void accessed(long nowMillis) {
        lastAccessedTime = nowMillis;
        fresh = false;
    }

    /** A persistent session read from its store: last accessed at {@code millis}, the client has joined. */
    void restored(long millis) {
        lastAccessedTime = millis;
        fresh = false;
        stored = true;
    }

    /** Puts attributes read from the store, without telling listeners (they were bound before). */
    void restore(Map<String, Object> values) {
        attributes.putAll(values);
    }

    /** @return the live attributes (for writing them to the store) */
    Map<String, Object> attributeMap() {
        return attributes;
    }

    /** @return whether the signed-in user or the saved FORM request changed since {@link #loginSaved()} */
    boolean loginChanged() {
        Object[] s = savedLogin;
        return s[0] != user || s[1] != authType || s[2] != savedRequest;
    }

    /** Notes the login state as the store has it. */
    void loginSaved() {
        savedLogin = new Object[] {user, authType, savedRequest};
    }

    /** @return {@link #getCreationTime()} without the validity check */
    long creationTimeMillis() {
        return creationTime;
    }

    /** @return {@link #getLastAccessedTime()} without the validity check */
    long lastAccessedMillis() {
        return lastAccessedTime;
    }

    void setId(String id) {
        this.id = id;
    }

    /** @return whether the session may still be used */
    boolean isValid() {
        return state == State.VALID;
    }

    /**
     * @param nowNanos monotonic nanoseconds
     * @return whether the max inactive interval has passed since the last access
     */
    boolean isExpired(long nowNanos) {
        int interval = maxInactiveInterval;
        return interval > 0 && nowNanos - lastAccessNanos >= interval * 1_000_000_000L;
    }

    /**
     * Ends the session (§7.4): {@code sessionDestroyed} while attributes are still readable, then
     * every attribute is unbound (binding and attribute listeners told), then it is invalid.
     *
     * @return whether this call ended it (false when already ending or ended)
     */
    boolean end(ContextListeners listeners) {
        synchronized (this) {
            if (state != State.VALID) {
                return false;
            }
            state = State.INVALIDATING;
        }
        try {
            listeners.sessionDestroyed(this);
            for (String name : List.copyOf(attributes.keySet())) {
                unbind(name, attributes.remove(name));
            }
        } finally {
            state = State.INVALID;
        }
        return true;
    }

    private void checkValid() {
        if (state == State.INVALID) {
            throw new IllegalStateException("session invalidated");
        }
    }

    @Override
    public long getCreationTime() {
        checkValid();
        return creationTime;
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public long getLastAccessedTime() {
        checkValid();
        return lastAccessedTime;
    }

    @Override
    public ServletContext getServletContext() {
        return store.context();
    }

    @Override
    public void setMaxInactiveInterval(int interval) {
        maxInactiveInterval = interval;
        store.intervalChanged(this, interval);
    }

    @Override
    public int getMaxInactiveInterval() {
        return maxInactiveInterval;
    }

    @Override
    public Object getAttribute(String name) {
        checkValid();
        return name == null ? null : attributes.get(name);
    }

    @Override
    public Enumeration<String> getAttributeNames() {
        checkValid();
        return Collections.enumeration(List.copyOf(attributes.keySet()));
    }

    @Override
    public void setAttribute(String name, Object value) {
        if (name == null) {
            throw new IllegalArgumentException("null attribute name");
        }
        checkValid();
        if (value == null) {
            removeAttribute(name);
            return;
        }
        store.checkStorable(name, value);
        if (persistent) {
            written.add(name);
            removedNames.remove(name);
        }
        if (value instanceof HttpSessionBindingListener) {
            ((HttpSessionBindingListener) value).valueBound(new HttpSessionBindingEvent(this, name, value));
        }
        Object old = attributes.put(name, value);
        if (old != null && old != value && old instanceof HttpSessionBindingListener) {
            ((HttpSessionBindingListener) old).valueUnbound(new HttpSessionBindingEvent(this, name, old));
        }
        store.listeners().sessionAttribute(this,
                old == null ? ContextListeners.Change.ADDED : ContextListeners.Change.REPLACED, name,
                old == null ? value : old);
    }

    @Override
    public void removeAttribute(String name) {
        checkValid();
        if (name != null) {
            if (persistent) {
                removedNames.add(name);
                written.remove(name);
            }
            unbind(name, attributes.remove(name));
        }
    }

    private void unbind(String name, Object old) {
        if (old == null) {
            return;
        }
        if (old instanceof HttpSessionBindingListener) {
            ((HttpSessionBindingListener) old).valueUnbound(new HttpSessionBindingEvent(this, name, old));
        }
        store.listeners().sessionAttribute(this, ContextListeners.Change.REMOVED, name, old);
    }

    @Override
    public void invalidate() {
        if (state != State.VALID) {
            throw new IllegalStateException("session already invalidated");
        }
        store.invalidate(this);
    }

    @Override
    public boolean isNew() {
        checkValid();
        return fresh;
    }

    /** Access from outside a request (e.g. a WebSocket endpoint) that counts as an access (Servlet 6.1 {@code HttpSession.Accessor}). */
    @Override
    public Accessor getAccessor() {
        String accessorId = id;
        return (Consumer<HttpSession> consumer) -> {
            Session s = store.find(accessorId);
            if (s == null) {
                throw new IllegalStateException("session invalidated or expired");
            }
            store.access(s);
            consumer.accept(s);
            store.touch(s);
        };
    }
}
