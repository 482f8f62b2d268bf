package io.hawser.servlet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link SessionDataStore} in this process's memory, holding serialized sessions: the reference
 * implementation of the SPI's contract (and what its tests run against). Without a store a web app
 * keeps live session objects in memory, which is faster; this one is for testing the serialized path
 * and as a template for a store of your own. Nothing survives the process.
 */
public final class MemorySessionDataStore implements SessionDataStore {
    private final Map<String, Map<String, Stored>> contexts = new ConcurrentHashMap<>();

    private record Stored(SessionData meta, Map<String, byte[]> attributes) {
    }

    private Map<String, Stored> of(String context) {
        return contexts.computeIfAbsent(context, c -> new ConcurrentHashMap<>());
    }

    @Override
    public SessionData load(String context, String id, long nowMillis) {
        Stored s = of(context).get(id);
        if (s == null || s.meta.expiry() <= nowMillis) {
            return null;
        }
        synchronized (s) {
            SessionData m = s.meta;
            return new SessionData(id, m.creationTime(), m.lastAccessedTime(), m.maxInactiveInterval(), s.attributes);
        }
    }

    @Override
    public boolean save(String context, SessionData data, Set<String> removed, boolean isNew) {
        Map<String, Stored> sessions = of(context);
        Stored s = isNew ? sessions.computeIfAbsent(data.id(), id -> new Stored(data, new LinkedHashMap<>()))
                : sessions.get(data.id());
        if (s == null) {
            return false;
        }
        synchronized (s) {
            Stored now = new Stored(data, s.attributes);
            now.attributes.putAll(data.attributes());
            now.attributes.keySet().removeAll(removed);
            return sessions.replace(data.id(), s, now) || isNew;
        }
    }

    @Override
    public boolean delete(String context, String id) {
        return of(context).remove(id) != null;
    }

    @Override
    public boolean rename(String context, String oldId, String newId, long nowMillis) {
        Map<String, Stored> sessions = of(context);
        synchronized (sessions) {
            Stored s = sessions.get(oldId);
            if (s == null || s.meta.expiry() <= nowMillis || sessions.putIfAbsent(newId, s) != null) {
                return false;
            }
            return sessions.remove(oldId, s);
        }
    }

    @Override
    public List<SessionData> expire(String context, long nowMillis, int max) {
        List<SessionData> out = new ArrayList<>();
        Map<String, Stored> sessions = of(context);
        for (Map.Entry<String, Stored> e : sessions.entrySet()) {
            Stored s = e.getValue();
            if (out.size() < max && s.meta.expiry() <= nowMillis && sessions.remove(e.getKey(), s)) {
                SessionData m = s.meta;
                out.add(new SessionData(e.getKey(), m.creationTime(), m.lastAccessedTime(), m.maxInactiveInterval(),
                        s.attributes));
            }
        }
        return out;
    }

    @Override
    public void close() {
        // nothing to release
    }

    @Override
    public String toString() {
        return "memory session store";
    }
}
