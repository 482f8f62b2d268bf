package io.hawser.servlet;

import jakarta.servlet.http.MappingMatch;

/**
 * Welcome files (Servlet 6.1 §10.10): a request for a directory ({@code /} at the end) that only the
 * default servlet would take is served by the first welcome file that exists as a static resource
 * (the WAR's own file or a jar's {@code META-INF/resources}, §4.6),
 * else by the first one a servlet is mapped to by an exact or path pattern (an extension pattern
 * names no servlet for a file that does not exist; Tomcat's mapper decides the same), as if it had
 * been requested (the request URI stays the directory's; servlet path and path info are the
 * welcome file's).
 */
final class WelcomeFiles {
    private WelcomeFiles() {
    }

    /**
     * @param app the web app
     * @param path the canonical context-relative path
     * @return the mapping to use, or {@code null} when nothing matches
     */
    static MappedPath map(WebApp app, String path) {
        MappedPath direct = app.mapping().map(path);
        if (!path.endsWith("/") || direct == null || direct.match() != MappingMatch.DEFAULT
                || app.welcomeFiles().isEmpty()) {
            return direct;
        }
        for (String file : app.welcomeFiles()) {
            if (app.resources().isFile(path + file)) {
                return app.mapping().map(path + file);
            }
        }
        for (String file : app.welcomeFiles()) {
            MappedPath byServlet = app.mapping().map(path + file);
            if (byServlet != null && (byServlet.match() == MappingMatch.EXACT || byServlet.match() == MappingMatch.PATH)) {
                return byServlet;
            }
        }
        return direct;
    }
}
