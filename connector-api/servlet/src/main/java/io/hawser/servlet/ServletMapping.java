package io.hawser.servlet;

import jakarta.servlet.http.MappingMatch;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The url-pattern table of one context and the mapping rules of Servlet 6.1 §12.1–§12.2, tried in
 * order: the context root ({@code ""} matches {@code /} exactly), an exact match, the longest path
 * prefix ({@code /foo/*}, segment by segment), an extension ({@code *.bop}, on the last segment
 * only), then the default servlet ({@code /}). Patterns are added while the context is being set
 * up and read concurrently by requests.
 */
final class ServletMapping {
    enum Kind { CONTEXT_ROOT, DEFAULT, EXACT, PATH, EXTENSION }

    private final Map<String, ServletHolder> exact = new ConcurrentHashMap<>();
    /** The match of each exact pattern, built once (a MappedPath is immutable), so mapping allocates nothing. */
    private final Map<String, MappedPath> exactMatches = new ConcurrentHashMap<>();
    /** Keyed by the pattern without its trailing {@code /*}: {@code /foo/*} → {@code /foo}, {@code /*} → {@code ""}. */
    private final Map<String, ServletHolder> prefix = new ConcurrentHashMap<>();
    /** Keyed by the extension without its dot. */
    private final Map<String, ServletHolder> extension = new ConcurrentHashMap<>();
    private volatile ServletHolder defaultServlet;
    private volatile ServletHolder contextRoot;

    /**
     * @param pattern a url-pattern
     * @return its kind
     * @throws IllegalArgumentException for a pattern §12.2 does not allow (not starting with
     *     {@code /} or {@code *.}, or {@code null})
     */
    static Kind kindOf(String pattern) {
        if (pattern == null) {
            throw new IllegalArgumentException("null url-pattern");
        }
        if (pattern.isEmpty()) {
            return Kind.CONTEXT_ROOT;
        }
        if (pattern.equals("/")) {
            return Kind.DEFAULT;
        }
        if (pattern.startsWith("*.") && pattern.length() > 2 && pattern.indexOf('/') < 0) {
            return Kind.EXTENSION;
        }
        if (pattern.startsWith("/")) {
            return pattern.endsWith("/*") ? Kind.PATH : Kind.EXACT;
        }
        throw new IllegalArgumentException("invalid url-pattern (Servlet 6.1 §12.2): " + pattern);
    }

    /**
     * @param pattern a url-pattern
     * @return the servlet it is mapped to, or {@code null}
     */
    ServletHolder get(String pattern) {
        switch (kindOf(pattern)) {
            case CONTEXT_ROOT:
                return contextRoot;
            case DEFAULT:
                return defaultServlet;
            case EXTENSION:
                return extension.get(pattern.substring(2));
            case PATH:
                return prefix.get(pattern.substring(0, pattern.length() - 2));
            default:
                return exact.get(pattern);
        }
    }

    /**
     * Maps a pattern to a servlet, replacing an earlier mapping of the same pattern.
     *
     * @param pattern a url-pattern
     * @param servlet the servlet
     * @throws IllegalArgumentException for an invalid pattern
     */
    void put(String pattern, ServletHolder servlet) {
        switch (kindOf(pattern)) {
            case CONTEXT_ROOT:
                contextRoot = servlet;
                break;
            case DEFAULT:
                defaultServlet = servlet;
                break;
            case EXTENSION:
                extension.put(pattern.substring(2), servlet);
                break;
            case PATH:
                prefix.put(pattern.substring(0, pattern.length() - 2), servlet);
                break;
            default:
                exact.put(pattern, servlet);
                exactMatches.put(pattern, new MappedPath(servlet, pattern, null, MappingMatch.EXACT, pattern,
                        pattern.substring(1)));
        }
    }

    /**
     * Maps a context-relative path (§12.2).
     *
     * @param path a canonical path starting with {@code /}, e.g. {@code /catalog/racecar.bop}
     * @return the match, or {@code null} when nothing matches (no default servlet)
     */
    MappedPath map(String path) {
        ServletHolder servlet;
        if (path.equals("/") && (servlet = contextRoot) != null) {
            return new MappedPath(servlet, "", "/", MappingMatch.CONTEXT_ROOT, "", "");
        }
        MappedPath exactMatch = exactMatches.get(path);
        if (exactMatch != null) {
            return exactMatch;
        }
        MappedPath byPrefix = longestPrefix(path);
        if (byPrefix != null) {
            return byPrefix;
        }
        int slash = path.lastIndexOf('/');
        int dot = path.lastIndexOf('.');
        if (dot > slash) {
            String ext = path.substring(dot + 1);
            if ((servlet = extension.get(ext)) != null) {
                return new MappedPath(servlet, path, null, MappingMatch.EXTENSION, "*." + ext,
                        path.substring(1, dot));
            }
        }
        if ((servlet = defaultServlet) != null) {
            return new MappedPath(servlet, path, null, MappingMatch.DEFAULT, "/", "");
        }
        return null;
    }

    /** Tries {@code path} itself, then each parent at a {@code /} boundary, then {@code /*}. */
    private MappedPath longestPrefix(String path) {
        if (prefix.isEmpty()) {
            return null;
        }
        String candidate = path;
        while (true) {
            ServletHolder servlet = prefix.get(candidate);
            if (servlet != null) {
                String pathInfo = candidate.length() == path.length() ? null : path.substring(candidate.length());
                String matchValue = pathInfo == null ? "" : pathInfo.substring(1);
                return new MappedPath(servlet, candidate, pathInfo, MappingMatch.PATH, candidate + "/*", matchValue);
            }
            if (candidate.isEmpty()) {
                return null;
            }
            candidate = candidate.substring(0, candidate.lastIndexOf('/'));
        }
    }
}
