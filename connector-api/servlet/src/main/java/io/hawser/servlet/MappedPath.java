package io.hawser.servlet;

import jakarta.servlet.http.HttpServletMapping;
import jakarta.servlet.http.MappingMatch;

/**
 * The outcome of mapping a context-relative path to a servlet (Servlet 6.1 §12.2, §3.6): the
 * servlet, the split into servlet path and path info, and the {@link HttpServletMapping} values.
 *
 * @param servlet the servlet chosen
 * @param servletPath the servlet path: {@code ""} for a {@code /*} or context-root match
 * @param pathInfo the path info, or {@code null}
 * @param match how the pattern matched
 * @param pattern the url-pattern that matched, e.g. {@code /foo/*} or {@code *.bop}
 * @param matchValue the part of the path that matched, per the {@link HttpServletMapping} table
 */
record MappedPath(ServletHolder servlet, String servletPath, String pathInfo, MappingMatch match,
                  String pattern, String matchValue) implements HttpServletMapping {

    /** @return servlet path and path info joined: the context-relative path */
    String path() {
        return pathInfo == null ? servletPath : servletPath + pathInfo;
    }

    @Override
    public String getMatchValue() {
        return matchValue;
    }

    @Override
    public String getPattern() {
        return pattern;
    }

    @Override
    public String getServletName() {
        return servlet.getName();
    }

    @Override
    public MappingMatch getMappingMatch() {
        return match;
    }
}
