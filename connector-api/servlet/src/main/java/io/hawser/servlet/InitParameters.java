package io.hawser.servlet;

import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The init parameters of a servlet or filter registration (Servlet 6.1 §4.4.2.1): set until the
 * web app starts, never overwritten, read through {@code ServletConfig}/{@code FilterConfig}.
 */
final class InitParameters {
    private final WebApp app;
    private final Map<String, String> values = new LinkedHashMap<>();

    InitParameters(WebApp app) {
        this.app = app;
    }

    /**
     * @return {@code false} when a parameter of that name exists (it is kept)
     * @throws IllegalArgumentException for a null name or value
     * @throws IllegalStateException once the web app has started
     */
    boolean set(String name, String value) {
        if (name == null || value == null) {
            throw new IllegalArgumentException("init parameter name and value must not be null");
        }
        app.checkConfigurable();
        return values.putIfAbsent(name, value) == null;
    }

    /**
     * Sets all of {@code parameters} unless any of them exists already.
     *
     * @return the names that exist already (nothing is set then)
     */
    Set<String> setAll(Map<String, String> parameters) {
        Set<String> conflicts = new LinkedHashSet<>();
        for (Map.Entry<String, String> e : parameters.entrySet()) {
            if (e.getKey() == null || e.getValue() == null) {
                throw new IllegalArgumentException("init parameter name and value must not be null");
            }
            if (values.containsKey(e.getKey())) {
                conflicts.add(e.getKey());
            }
        }
        if (conflicts.isEmpty()) {
            app.checkConfigurable();
            values.putAll(parameters);
        }
        return conflicts;
    }

    String get(String name) {
        return values.get(name);
    }

    Map<String, String> view() {
        return Collections.unmodifiableMap(values);
    }

    Enumeration<String> names() {
        return Collections.enumeration(values.keySet());
    }
}
