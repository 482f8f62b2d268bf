package io.hawser.servlet;

import io.hawser.api.BadMessageException;
import io.hawser.api.CanonicalPath;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.ServletResponseWrapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * A {@link RequestDispatcher} (Servlet 6.1 §9): to a context-relative path (with an optional query,
 * whose parameters take precedence, §9.1.1) or to a named servlet (§9.1.2).
 *
 * <p>Forward (§9.4) clears the buffer, exposes the target's paths and the
 * {@code jakarta.servlet.forward.*} attributes, and closes the response when the target returns.
 * Include (§9.3) keeps the caller's paths, exposes {@code jakarta.servlet.include.*} and ignores
 * the target's status and field changes. A named dispatch changes neither paths nor attributes.
 */
final class AppDispatcher implements RequestDispatcher {
    private final WebApp app;
    private final String uriPath;
    private final String query;
    private final MappedPath target;
    private final ServletHolder servlet;

    private AppDispatcher(WebApp app, String uriPath, String query, MappedPath target, ServletHolder servlet) {
        this.app = app;
        this.uriPath = uriPath;
        this.query = query;
        this.target = target;
        this.servlet = servlet;
    }

    /**
     * @param app the web app
     * @param pathAndQuery a context-relative path starting with {@code /}, e.g. {@code /a/b?x=1}
     * @return the dispatcher, or {@code null} when the path is not canonicalizable or maps nowhere
     */
    static AppDispatcher forPath(WebApp app, String pathAndQuery) {
        int q = pathAndQuery.indexOf('?');
        String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
        String query = q < 0 ? null : pathAndQuery.substring(q + 1);
        String canonical;
        try {
            canonical = CanonicalPath.of(path);
        } catch (BadMessageException e) {
            return null;
        }
        MappedPath mapped = app.mapping().map(canonical);
        return mapped == null ? null : new AppDispatcher(app, path, query, mapped, mapped.servlet());
    }

    /**
     * @param app the web app
     * @param servlet the servlet
     * @return a named dispatcher (§9.1.2)
     */
    static AppDispatcher named(WebApp app, ServletHolder servlet) {
        return new AppDispatcher(app, null, null, null, servlet);
    }

    /**
     * {@code ServletRequest.getRequestDispatcher}: a path without a leading {@code /} is relative to
     * the request's current path (§9.1.1).
     */
    static AppDispatcher relative(WebApp app, HttpServletRequest request, String path) {
        if (path == null) {
            return null;
        }
        if (path.startsWith("/")) {
            return forPath(app, path);
        }
        String current = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        return forPath(app, current.substring(0, current.lastIndexOf('/') + 1) + path);
    }

    /** @return the target's mapping, or {@code null} for a named dispatcher */
    MappedPath target() {
        return target;
    }

    /** @return the path as given (not decoded), or {@code null} for a named dispatcher */
    String uriPath() {
        return uriPath;
    }

    /** @return the query given with the path, or {@code null} */
    String query() {
        return query;
    }

    ServletHolder servlet() {
        return servlet;
    }

    /** @return the context-relative path filters are matched against, {@code null} for a named dispatch */
    String path() {
        return target == null ? null : target.path();
    }

    WebApp app() {
        return app;
    }

    @Override
    public void forward(ServletRequest request, ServletResponse response) throws ServletException, IOException {
        ServletResponseView view = unwrap(response);
        if (response.isCommitted()) {
            throw new IllegalStateException("cannot forward after the response is committed (Servlet 6.1 §9.4)");
        }
        response.resetBuffer();
        RequestCycle cycle = view.cycle();
        cycle.invoke(DispatcherType.FORWARD, DispatchedRequest.of(DispatcherType.FORWARD, (HttpServletRequest) request, this),
                response, servlet, path());
        if (!cycle.isAsyncStarted()) {
            view.closeAfterForward();
        }
    }

    @Override
    public void include(ServletRequest request, ServletResponse response) throws ServletException, IOException {
        ServletResponseView view = unwrap(response);
        view.cycle().invoke(DispatcherType.INCLUDE,
                DispatchedRequest.of(DispatcherType.INCLUDE, (HttpServletRequest) request, this),
                new IncludedResponse((HttpServletResponse) response), servlet, path());
    }

    private static ServletResponseView unwrap(ServletResponse response) {
        ServletResponse r = response;
        while (r instanceof ServletResponseWrapper) {
            r = ((ServletResponseWrapper) r).getResponse();
        }
        if (r instanceof ServletResponseView) {
            return (ServletResponseView) r;
        }
        throw new IllegalArgumentException("the response does not wrap the container's response (Servlet 6.1 §9.2)");
    }
}
