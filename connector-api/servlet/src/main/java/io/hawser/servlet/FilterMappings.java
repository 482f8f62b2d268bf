package io.hawser.servlet;

import jakarta.servlet.DispatcherType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The filter-mappings of a context and the chain order of Servlet 6.1 §6.2.4: first the filters
 * whose url-pattern matches the request path, in mapping order, then those whose servlet-name
 * matches the target servlet, in mapping order; each filter at most once. Mappings added with
 * {@code isMatchAfter = false} come before those added with {@code true} (§4.4.2).
 */
final class FilterMappings {
    /**
     * One filter-mapping.
     *
     * @param filter the filter
     * @param urlPatterns url-patterns (§12.2 syntax), or empty
     * @param servletNames servlet names ({@code *} for all), or empty
     * @param types the dispatcher types it applies to (§6.2.5)
     */
    record Entry(FilterHolder filter, List<String> urlPatterns, List<String> servletNames, Set<DispatcherType> types) {
    }

    private final List<Entry> before = new CopyOnWriteArrayList<>();
    private final List<Entry> after = new CopyOnWriteArrayList<>();

    /**
     * @param entry the mapping
     * @param isMatchAfter {@code true} to place it after the mappings declared so far with {@code false}
     */
    void add(Entry entry, boolean isMatchAfter) {
        (isMatchAfter ? after : before).add(entry);
    }

    /**
     * @param type the dispatcher type of this dispatch
     * @param path the context-relative path ({@code servletPath + pathInfo}); {@code null} for a named dispatch
     * @param servletName the target servlet
     * @return the filters to run, in order
     */
    List<FilterHolder> match(DispatcherType type, String path, String servletName) {
        List<FilterHolder> chain = List.of(); // a list is made only when a filter matches
        if (path != null) {
            chain = addMatches(chain, before, type, path, null);
            chain = addMatches(chain, after, type, path, null);
        }
        chain = addMatches(chain, before, type, null, servletName);
        return addMatches(chain, after, type, null, servletName);
    }

    /** @return {@code chain} with the matching filters of {@code entries} added; a new list when it was the empty one */
    private static List<FilterHolder> addMatches(List<FilterHolder> chain, List<Entry> entries, DispatcherType type,
                                                 String path, String servletName) {
        for (Entry e : entries) {
            if (!e.types().contains(type) || chain.contains(e.filter())) {
                continue;
            }
            boolean matches = false;
            if (path != null) {
                for (String pattern : e.urlPatterns()) {
                    matches |= matches(pattern, path);
                }
            } else {
                for (String name : e.servletNames()) {
                    matches |= name.equals("*") || name.equals(servletName);
                }
            }
            if (matches) {
                if (chain.isEmpty()) {
                    chain = new ArrayList<>();
                }
                chain.add(e.filter());
            }
        }
        return chain;
    }

    /**
     * @param pattern a url-pattern
     * @param path a context-relative path starting with {@code /}
     * @return whether the pattern matches the path as a filter url-pattern: {@code ""} the context
     *     root only, {@code /} and {@code /*} everything, {@code /a/*} {@code /a} and below,
     *     {@code *.x} a last segment ending in {@code .x}, else the exact path
     */
    static boolean matches(String pattern, String path) {
        if (pattern.isEmpty()) {
            return path.equals("/");
        }
        if (pattern.equals("/") || pattern.equals("/*")) {
            return true;
        }
        if (pattern.endsWith("/*")) {
            String prefix = pattern.substring(0, pattern.length() - 2);
            return path.equals(prefix) || path.startsWith(prefix) && path.charAt(prefix.length()) == '/';
        }
        if (pattern.startsWith("*.")) {
            int slash = path.lastIndexOf('/');
            int dot = path.lastIndexOf('.');
            return dot > slash && path.regionMatches(dot + 1, pattern, 2, pattern.length() - 2)
                    && path.length() - dot - 1 == pattern.length() - 2;
        }
        return pattern.equals(path);
    }
}
