package io.hawser.servlet;

import jakarta.servlet.ServletContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The in-memory sessions of one context (Servlet 6.1 §7), by id, and their expiry.
 *
 * <p>Each max inactive interval has its own {@link SessionList}, so every list holds sessions of one
 * timeout length and stays ordered by deadline as sessions are touched (moved to the tail, O(1)).
 * {@link #sweep()} walks each list from its head and stops at the first live session: O(expired + number
 * of distinct intervals), usually one. A session whose interval is &lt;= 0 never expires and is in no
 * list. Lookups also check expiry, so an expired session is never handed out between sweeps.
 *
 * <p>With a {@link SessionDataStore} ({@link #persistIn}) new sessions live there instead, through
 * {@link PersistentSessions}: each request loads its own copy and writes it at its end. Sessions created
 * while the store was unreachable, with fallback on, stay in memory here.
 */
final class SessionStore {
    private static final System.Logger LOG = System.getLogger(SessionStore.class.getName());
    private final ServletContext context;
    private final ContextListeners listeners;
    private final SessionClock clock;
    private final SessionIds ids = new SessionIds();
    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    private final ReentrantLock lock = new ReentrantLock();
    /** Max inactive interval in seconds → its list; guarded by {@link #lock}. */
    private final Map<Integer, SessionList> lists = new HashMap<>();
    private volatile int defaultInterval = 30 * 60;
    private volatile PersistentSessions persistence;
    private volatile boolean distributable;
    private final java.util.concurrent.atomic.AtomicBoolean warned = new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * @param context the context sessions belong to
     * @param listeners told of session events
     * @param clock time source
     */
    SessionStore(ServletContext context, ContextListeners listeners, SessionClock clock) {
        this.context = context;
        this.listeners = listeners;
        this.clock = clock;
    }

    ServletContext context() {
        return context;
    }

    ContextListeners listeners() {
        return listeners;
    }

    /** @return the interval new sessions get, in seconds (web.xml session-timeout × 60); default 1800 */
    int defaultInterval() {
        return defaultInterval;
    }

    /** @param seconds the interval new sessions get; &lt;= 0 never expires */
    void setDefaultInterval(int seconds) {
        defaultInterval = seconds;
    }

    /**
     * Keeps new sessions in a store from now on.
     *
     * @param sessions the store's side, or {@code null} for memory
     * @throws IllegalStateException when sessions exist already
     */
    void persistIn(PersistentSessions sessions) {
        if (!this.sessions.isEmpty()) {
            throw new IllegalStateException("the session store must be chosen before the first session");
        }
        PersistentSessions old = persistence;
        persistence = sessions;
        if (old != null) {
            old.close();
        }
    }

    /** @param distributable whether the app is {@code <distributable/>} (§7.7.2: attributes must be Serializable) */
    void setDistributable(boolean distributable) {
        this.distributable = distributable;
    }

    /**
     * Refuses what a distributable app or a session store cannot carry (Servlet 6.1 §7.7.2).
     *
     * @throws IllegalArgumentException when the value is not {@link java.io.Serializable}
     */
    void checkStorable(String name, Object value) {
        if ((distributable || persistence != null) && !(value instanceof java.io.Serializable)) {
            throw new IllegalArgumentException("session attribute '" + name + "' is a " + value.getClass().getName()
                    + ", which is not Serializable: " + (persistence != null ? "the session store" : "a <distributable/> app")
                    + " needs Serializable attributes (Servlet 6.1 §7.7.2)");
        }
    }

    /** @return the number of live sessions */
    int size() {
        return sessions.size();
    }

    /**
     * Creates a session, counts its creation as an access, and fires {@code sessionCreated}.
     *
     * @return the new session
     */
    Session create() {
        PersistentSessions p = persistence;
        if (p != null) {
            Session session = new Session(this, ids.next(), clock.currentTimeMillis(), defaultInterval, true);
            listeners.sessionCreated(session);
            return session;
        }
        return createLocal();
    }

    private Session createLocal() {
        Session session;
        do {
            session = new Session(this, ids.next(), clock.currentTimeMillis(), defaultInterval);
        } while (sessions.putIfAbsent(session.getId(), session) != null);
        link(session, defaultInterval);
        listeners.sessionCreated(session);
        return session;
    }

    /**
     * @param id a requested session id
     * @return the live session with that id, or {@code null} (an expired one is ended on the spot)
     */
    Session find(String id) {
        PersistentSessions p = persistence;
        if (p != null && id != null) {
            try {
                Session s = p.load(id);
                if (s != null || sessions.isEmpty()) {
                    return s;
                }
            } catch (SessionStoreUnavailableException e) {
                fallBack(p, e);
            }
        }
        Session session = id == null ? null : sessions.get(id);
        if (session == null || !session.isValid()) {
            return null;
        }
        if (session.isExpired(clock.nanoTime())) {
            invalidate(session);
            return null;
        }
        return session;
    }

    /**
     * Records an access: the session moves to the tail of its list.
     *
     * @param session a live session
     */
    void access(Session session) {
        session.accessed(clock.currentTimeMillis());
        if (session.persistent) {
            return;
        }
        link(session, session.getMaxInactiveInterval());
    }

    /**
     * Restarts the inactivity count without counting an access (the end of a request that used it).
     *
     * @param session a live session
     */
    void touch(Session session) {
        if (!session.persistent) {
            link(session, session.getMaxInactiveInterval());
            return;
        }
        PersistentSessions p = persistence;
        try {
            p.save(session);
        } catch (SessionStoreUnavailableException e) {
            fallBack(p, e);
            adopt(session);
        }
    }

    /** Store unreachable: rethrows (503) unless the app falls back to memory, then logs a warning once. */
    private void fallBack(PersistentSessions p, SessionStoreUnavailableException e) {
        if (p == null || !p.fallsBack()) {
            throw e;
        }
        if (warned.compareAndSet(false, true)) {
            LOG.log(System.Logger.Level.WARNING, "session store unreachable, keeping sessions of '"
                    + context.getContextPath() + "' in this instance's memory (other instances will not see them): " + e);
        }
    }

    /** Fallback: a persistent session the store could not take lives on in memory. */
    private void adopt(Session persistentSession) {
        Session local = new Session(this, persistentSession.getId(), persistentSession.creationTimeMillis(),
                persistentSession.getMaxInactiveInterval());
        local.restored(persistentSession.lastAccessedMillis());
        local.restore(persistentSession.attributeMap());
        local.user = persistentSession.user;
        local.authType = persistentSession.authType;
        local.savedRequest = persistentSession.savedRequest;
        if (sessions.putIfAbsent(local.getId(), local) == null) {
            link(local, local.getMaxInactiveInterval());
        }
    }

    /** Re-files a session whose max inactive interval changed. */
    void intervalChanged(Session session, int seconds) {
        if (session.isValid() && !session.persistent) {
            link(session, seconds);
        }
    }

    private void link(Session session, int seconds) {
        long now = clock.nanoTime();
        lock.lock();
        try {
            if (session.list != null) {
                session.list.remove(session);
            }
            if (seconds > 0) {
                lists.computeIfAbsent(seconds, SessionList::new).append(session, now);
            } else {
                session.lastAccessNanos = now;
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Gives a session a new id (§7.1.4, {@code changeSessionId}) and fires {@code sessionIdChanged}.
     *
     * @param session a live session
     * @return the new id
     */
    String changeId(Session session) {
        String old = session.getId();
        String id;
        if (session.persistent) {
            id = ids.next();
            persistence.rename(session, id);
            session.setId(id);
            listeners.sessionIdChanged(session, old);
            return id;
        }
        do {
            id = ids.next();
        } while (sessions.putIfAbsent(id, session) != null);
        session.setId(id);
        sessions.remove(old, session);
        listeners.sessionIdChanged(session, old);
        return id;
    }

    /** @return the time source (also the login throttle's) */
    SessionClock clock() {
        return clock;
    }

    /** Ends a session: unlinked, forgotten, listeners told. Idempotent. */
    void invalidate(Session session) {
        if (session.persistent) {
            if (session.isValid()) {
                persistence.delete(session);
                session.end(listeners);
            }
            return;
        }
        lock.lock();
        try {
            if (session.list != null) {
                session.list.remove(session);
            }
        } finally {
            lock.unlock();
        }
        sessions.remove(session.getId(), session);
        session.end(listeners);
    }

    /**
     * Ends every session whose interval has passed.
     *
     * @return how many sessions expired
     */
    int sweep() {
        long now = clock.nanoTime();
        List<Session> expired = new ArrayList<>();
        lock.lock();
        try {
            for (SessionList list : lists.values()) {
                list.expire(now, expired::add);
            }
        } finally {
            lock.unlock();
        }
        for (Session s : expired) {
            invalidate(s);
        }
        PersistentSessions p = persistence;
        int stored = 0;
        if (p != null) {
            try {
                stored = p.expire();
            } catch (SessionStoreUnavailableException e) {
                LOG.log(System.Logger.Level.DEBUG, "session store expiry scan failed: " + e);
            }
        }
        return expired.size() + stored;
    }

    /** Ends every session of this instance's memory (web app stop); a store keeps its sessions. */
    void invalidateAll() {
        PersistentSessions p = persistence;
        if (p != null) {
            p.close();
        }
        for (Session s : List.copyOf(sessions.values())) {
            invalidate(s);
        }
    }
}
