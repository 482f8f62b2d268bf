package io.hawser.servlet;

import io.hawser.security.AuthenticatedUser;
import jakarta.servlet.http.HttpSessionActivationListener;
import jakarta.servlet.http.HttpSessionEvent;
import java.io.Serializable;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.security.Principal;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The sessions of one web app kept in a {@link SessionDataStore}: a session is loaded for the request
 * that names it and written at the end of that request (Servlet 6.1 §7.7.2), so every instance on the
 * store sees the same sessions. Attribute names are stored as {@code a:NAME}; the signed-in user (FORM or
 * {@code login()}) as {@code h:login}, out of the application's reach. Every store call runs on a
 * helper thread and is bounded by {@link SessionPersistence#callTimeout()}: the request thread never
 * waits longer. {@code HttpSessionActivationListener}s hear {@code sessionDidActivate} after a load and
 * {@code sessionWillPassivate} before their session is written.
 */
final class PersistentSessions {
    private static final Logger LOG = System.getLogger(PersistentSessions.class.getName());
    private static final String ATTRIBUTE = "a:";
    private static final String LOGIN = "h:login";
    private static final int EXPIRE_BATCH = 100;

    private final SessionStore sessions;
    private final SessionPersistence options;
    private final String context;
    private final SessionSerializer serializer;
    private final ExecutorService calls = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "hawser-session-store");
        t.setDaemon(true);
        return t;
    });

    /** What {@code h:login} holds: the user signed in, and the request FORM login will replay. */
    private record StoredLogin(String name, Principal principal, String[] roles, String authType,
                               FormLogin.SavedRequest saved) implements Serializable {
    }

    /**
     * @param sessions the app's session store (listeners, clock)
     * @param options the store and policy
     * @param context the context path
     * @param loader the app's class loader, for deserializing attributes
     */
    PersistentSessions(SessionStore sessions, SessionPersistence options, String context, ClassLoader loader) {
        this.sessions = sessions;
        this.options = options;
        this.context = context;
        this.serializer = new SessionSerializer(loader);
    }

    /** @return whether an unreachable store falls back to memory */
    boolean fallsBack() {
        return options.fallBackToMemory();
    }

    /**
     * @param id a requested id
     * @return the session loaded from the store (its activation listeners told), or {@code null}
     * @throws SessionStoreUnavailableException when the store fails or does not answer in time
     */
    Session load(String id) {
        long now = sessions.clock().currentTimeMillis();
        SessionData data = call("load", () -> options.store().load(context, id, now));
        return data == null ? null : restore(data, true);
    }

    private Session restore(SessionData data, boolean activate) {
        Session s = new Session(sessions, data.id(), data.creationTime(), data.maxInactiveInterval(), true);
        s.restored(data.lastAccessedTime());
        Map<String, Object> values = new LinkedHashMap<>();
        for (Map.Entry<String, byte[]> e : data.attributes().entrySet()) {
            String key = e.getKey();
            Object value = serializer.deserialize(key, e.getValue());
            if (key.startsWith(ATTRIBUTE)) {
                values.put(key.substring(ATTRIBUTE.length()), value);
            } else if (key.equals(LOGIN) && value instanceof StoredLogin login) {
                s.user = new AuthenticatedUser(login.principal() != null ? login.principal()
                        : AuthenticatedUser.of(login.name(), Set.of()).principal(), Set.of(login.roles()));
                s.authType = login.authType();
                s.savedRequest = login.saved();
            }
        }
        s.restore(values);
        s.loginSaved();
        if (activate) {
            HttpSessionEvent event = new HttpSessionEvent(s);
            for (Object v : values.values()) {
                if (v instanceof HttpSessionActivationListener l) {
                    l.sessionDidActivate(event);
                }
            }
        }
        return s;
    }

    /**
     * Writes the session at the end of a request: times, and the attributes the write policy names.
     *
     * @param s a persistent session, valid
     * @throws SessionStoreUnavailableException when the store fails or does not answer in time
     * @throws IllegalArgumentException when an attribute cannot be serialized
     */
    void save(Session s) {
        boolean all = options.writePolicy() == SessionWritePolicy.ALWAYS || !s.stored;
        Map<String, Object> live = s.attributeMap();
        Set<String> names = all ? live.keySet() : s.written;
        Map<String, byte[]> out = new HashMap<>();
        HttpSessionEvent event = new HttpSessionEvent(s);
        for (String name : Set.copyOf(names)) {
            Object value = live.get(name);
            if (value instanceof HttpSessionActivationListener l) {
                l.sessionWillPassivate(event);
            }
            if (value != null) {
                out.put(ATTRIBUTE + name, serializer.serialize(name, value));
            }
        }
        Set<String> removed = new HashSet<>();
        for (String name : s.removedNames) {
            if (!live.containsKey(name)) {
                removed.add(ATTRIBUTE + name);
            }
        }
        boolean loginChanged = s.loginChanged();
        StoredLogin login = all || loginChanged ? loginOf(s) : null;
        if (all || loginChanged) {
            if (login != null) {
                out.put(LOGIN, serializer.serialize(LOGIN, login));
            } else if (s.stored) {
                removed.add(LOGIN);
            }
        }
        SessionData data = new SessionData(s.getId(), s.creationTimeMillis(), s.lastAccessedMillis(),
                s.getMaxInactiveInterval(), out);
        boolean isNew = !s.stored;
        boolean written = call("save", () -> options.store().save(context, data, removed, isNew));
        if (!written) {
            LOG.log(Level.DEBUG, "session of '" + context + "' was ended elsewhere before this request saved it");
        }
        s.written.clear();
        s.removedNames.clear();
        s.stored = true;
        s.loginSaved();
    }

    /** @return the login state to store, or {@code null} when no one signed in and no request is saved */
    private static StoredLogin loginOf(Session s) {
        AuthenticatedUser user = s.user;
        FormLogin.SavedRequest saved = s.savedRequest;
        if (user == null && saved == null) {
            return null;
        }
        FormLogin.SavedRequest copy = saved == null ? null : new FormLogin.SavedRequest(saved.method(), saved.target(),
                saved.parameters() == null ? null : new LinkedHashMap<>(saved.parameters()), saved.contentType(),
                saved.body());
        Principal principal = user != null && user.principal() instanceof Serializable ? user.principal() : null;
        return new StoredLogin(user == null ? null : user.name(), principal,
                user == null ? new String[0] : user.roles().toArray(String[]::new), s.authType, copy);
    }

    /**
     * @param s a persistent session
     * @throws SessionStoreUnavailableException when the store fails or does not answer in time
     */
    void delete(Session s) {
        if (s.stored) {
            call("delete", () -> options.store().delete(context, s.getId()));
        }
    }

    /**
     * Renames the session in the store, atomically for every instance.
     *
     * @param s a persistent session
     * @param newId the new id
     * @throws IllegalStateException when another instance ended or renamed it first
     * @throws SessionStoreUnavailableException when the store fails or does not answer in time
     */
    void rename(Session s, String newId) {
        if (!s.stored) {
            return;
        }
        String old = s.getId();
        long now = sessions.clock().currentTimeMillis();
        if (!call("rename", () -> options.store().rename(context, old, newId, now))) {
            throw new IllegalStateException("the session was invalidated or its id changed by another request");
        }
    }

    /**
     * Ends the sessions the store found expired (each handed to one instance): {@code sessionDestroyed},
     * then every attribute unbound.
     *
     * @return how many
     */
    int expire() {
        long now = sessions.clock().currentTimeMillis();
        List<SessionData> expired = call("expire", () -> options.store().expire(context, now, EXPIRE_BATCH));
        for (SessionData d : expired) {
            try {
                restore(d, false).end(sessions.listeners());
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "an expired session of '" + context + "' could not be read to tell listeners", e);
            }
        }
        return expired.size();
    }

    /** Stops the helper threads (the store itself belongs to whoever opened it). */
    void close() {
        calls.shutdownNow();
    }

    private <T> T call(String what, Callable<T> task) {
        Future<T> f;
        try {
            f = calls.submit(task);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            throw new SessionStoreUnavailableException("session store " + options.store() + ": the web app has stopped", e);
        }
        try {
            return f.get(options.callTimeout().toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new SessionStoreUnavailableException("session store " + options.store() + " did not answer " + what
                    + " within " + options.callTimeout().toMillis() + " ms", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IllegalArgumentException || cause instanceof java.io.UncheckedIOException) {
                throw (RuntimeException) cause;
            }
            throw new SessionStoreUnavailableException("session store " + options.store() + " failed on " + what + ": "
                    + cause, cause);
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw new SessionStoreUnavailableException("interrupted waiting for session store " + options.store(), e);
        }
    }
}
