package io.hawser.servlet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The security constraints of one web app compiled for lookup (Servlet 6.1 §13.8): the
 * url-pattern that best matches a request path is chosen by the servlet mapping rules of §12.2
 * (the context root {@code ""} for {@code /} alone, an exact pattern, the longest path prefix,
 * an extension on the last segment, then {@code /}); only the constraints of that pattern apply
 * (§13.8.3), combined per HTTP method by {@link AccessRule#combine}. A method no constraint of
 * the pattern covers is uncovered (§13.8.4): unconstrained, or denied under
 * {@code deny-uncovered-http-methods}. Immutable once compiled; read by concurrent requests.
 */
final class ConstraintMap {
    /** The rules of one pattern: methods some collection names, and every other method. */
    private record Entry(Map<String, AccessRule> named, AccessRule others) {
        AccessRule rule(String method) {
            return named.containsKey(method) ? named.get(method) : others;
        }
    }

    /** No constraint at all. */
    static final ConstraintMap EMPTY = new ConstraintMap();

    private final Map<String, Entry> exact = new HashMap<>();
    /** Keyed by the pattern without {@code /*}: {@code /a/*} → {@code /a}, {@code /*} → {@code ""}. */
    private final Map<String, Entry> prefix = new HashMap<>();
    /** Keyed by the extension without its dot. */
    private final Map<String, Entry> extension = new HashMap<>();
    private Entry contextRoot;
    private Entry defaultPattern;
    /** Pattern → description of its uncovered methods, for the start-up warning. */
    private final Map<String, String> uncovered = new LinkedHashMap<>();

    private ConstraintMap() {
    }

    /**
     * @param constraints the constraints, descriptor and servlet-level alike
     * @param declaredRoles the declared roles ({@code *})
     * @param denyUncovered {@code deny-uncovered-http-methods}
     * @return the compiled map
     * @throws IllegalArgumentException for a url-pattern §12.2 does not allow
     */
    static ConstraintMap compile(List<SecurityConstraint> constraints, Set<String> declaredRoles, boolean denyUncovered) {
        Map<String, List<Object[]>> byPattern = new LinkedHashMap<>();
        for (SecurityConstraint c : constraints) {
            for (WebResourceCollection wrc : c.collections()) {
                for (String pattern : wrc.urlPatterns()) {
                    ServletMapping.kindOf(pattern);
                    byPattern.computeIfAbsent(pattern, k -> new ArrayList<>()).add(new Object[] {wrc, c});
                }
            }
        }
        ConstraintMap map = new ConstraintMap();
        byPattern.forEach((pattern, pairs) -> map.put(pattern, map.entry(pattern, pairs, declaredRoles, denyUncovered)));
        return map;
    }

    private Entry entry(String pattern, List<Object[]> pairs, Set<String> declaredRoles, boolean denyUncovered) {
        Set<String> named = new TreeSet<>();
        for (Object[] pair : pairs) {
            WebResourceCollection wrc = (WebResourceCollection) pair[0];
            named.addAll(wrc.httpMethods());
            named.addAll(wrc.httpMethodOmissions());
        }
        List<String> uncoveredMethods = new ArrayList<>();
        Map<String, AccessRule> rules = new HashMap<>();
        for (String method : named) {
            AccessRule rule = rule(pairs, method, declaredRoles);
            if (rule == null) {
                uncoveredMethods.add(method);
                rule = denyUncovered ? AccessRule.UNCOVERED_DENIED : null;
            }
            rules.put(method, rule);
        }
        // A method no collection names is covered exactly by the collections without an http-method list.
        AccessRule others = rule(pairs, null, declaredRoles);
        if (others == null) {
            uncovered.put(pattern, named.isEmpty() ? "every method" : "every method but " + String.join(", ", named)
                    + (uncoveredMethods.isEmpty() ? "" : " (and " + String.join(", ", uncoveredMethods) + ")"));
            others = denyUncovered ? AccessRule.UNCOVERED_DENIED : null;
        } else if (!uncoveredMethods.isEmpty()) {
            uncovered.put(pattern, String.join(", ", uncoveredMethods));
        }
        return new Entry(rules, others);
    }

    /** @param method a named method, or {@code null} for any method no collection names */
    private static AccessRule rule(List<Object[]> pairs, String method, Set<String> declaredRoles) {
        List<SecurityConstraint> applicable = new ArrayList<>();
        for (Object[] pair : pairs) {
            WebResourceCollection wrc = (WebResourceCollection) pair[0];
            if (method == null ? wrc.httpMethods().isEmpty() : wrc.covers(method)) {
                applicable.add((SecurityConstraint) pair[1]);
            }
        }
        return applicable.isEmpty() ? null : AccessRule.combine(applicable, declaredRoles);
    }

    private void put(String pattern, Entry entry) {
        switch (ServletMapping.kindOf(pattern)) {
            case CONTEXT_ROOT -> contextRoot = entry;
            case DEFAULT -> defaultPattern = entry;
            case EXTENSION -> extension.put(pattern.substring(2), entry);
            case PATH -> prefix.put(pattern.substring(0, pattern.length() - 2), entry);
            default -> exact.put(pattern, entry);
        }
    }

    /** @return whether no constraint was compiled */
    boolean isEmpty() {
        return contextRoot == null && defaultPattern == null && exact.isEmpty() && prefix.isEmpty() && extension.isEmpty();
    }

    /**
     * @param path the canonical context-relative path, starting with {@code /}
     * @param method the request method
     * @return the rule of the best-matching pattern for that method, or {@code null} when the
     *     request is unconstrained (no pattern matches, or the method is uncovered and allowed)
     */
    AccessRule match(String path, String method) {
        Entry entry = best(path);
        return entry == null ? null : entry.rule(method);
    }

    private Entry best(String path) {
        if (path.equals("/") && contextRoot != null) {
            return contextRoot;
        }
        Entry e = exact.get(path);
        if (e != null) {
            return e;
        }
        if (!prefix.isEmpty()) {
            String candidate = path;
            while (true) {
                e = prefix.get(candidate);
                if (e != null) {
                    return e;
                }
                if (candidate.isEmpty()) {
                    break;
                }
                candidate = candidate.substring(0, candidate.lastIndexOf('/'));
            }
        }
        int slash = path.lastIndexOf('/');
        int dot = path.lastIndexOf('.');
        if (dot > slash && (e = extension.get(path.substring(dot + 1))) != null) {
            return e;
        }
        return defaultPattern;
    }

    /**
     * @return constrained pattern → the methods left uncovered there (§13.8.4), in pattern order;
     *     empty when every method of every constrained pattern is covered
     */
    Map<String, String> uncovered() {
        return uncovered;
    }
}
