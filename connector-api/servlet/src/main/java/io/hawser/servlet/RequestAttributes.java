package io.hawser.servlet;

import jakarta.servlet.ServletRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;

/**
 * The attributes of one request (Servlet 6.1 §3.10), created on first use, with
 * {@code ServletRequestAttributeListener} events. Used by one thread at a time, like the request.
 */
final class RequestAttributes {
    private final ServletRequest request;
    private final ContextListeners listeners;
    private Map<String, Object> map;

    /**
     * @param request the request the events name
     * @param listeners told of changes
     */
    RequestAttributes(ServletRequest request, ContextListeners listeners) {
        this.request = request;
        this.listeners = listeners;
    }

    Object get(String name) {
        return map == null || name == null ? null : map.get(name);
    }

    Enumeration<String> names() {
        return map == null ? Collections.emptyEnumeration() : Collections.enumeration(new ArrayList<>(map.keySet()));
    }

    /** {@code setAttribute}: a {@code null} value removes. @throws IllegalArgumentException for a null name */
    void set(String name, Object value) {
        if (name == null) {
            throw new IllegalArgumentException("null attribute name");
        }
        if (value == null) {
            remove(name);
            return;
        }
        if (map == null) {
            map = new HashMap<>();
        }
        Object old = map.put(name, value);
        listeners.requestAttribute(request, old == null ? ContextListeners.Change.ADDED
                : ContextListeners.Change.REPLACED, name, old == null ? value : old);
    }

    void remove(String name) {
        Object old = map == null || name == null ? null : map.remove(name);
        if (old != null) {
            listeners.requestAttribute(request, ContextListeners.Change.REMOVED, name, old);
        }
    }
}
