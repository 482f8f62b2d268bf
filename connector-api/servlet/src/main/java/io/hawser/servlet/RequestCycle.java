package io.hawser.servlet;

import io.hawser.api.BadMessageException;
import io.hawser.api.ClientAbortException;
import io.hawser.api.ForwardedRequest;
import io.hawser.api.HttpExchange;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.UnavailableException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One request's way through a web app: the REQUEST dispatch, any ASYNC dispatches, error handling,
 * and the end of the request (Servlet 6.1 §2.3.3, §6.2, §10.9).
 *
 * <p>Threads: the first dispatch runs inside {@link io.hawser.api.HttpHandler#handle} on the
 * connector's worker. If the application starts async and the dispatch returns, the exchange is put
 * in async mode ({@link HttpExchange#startAsync()}) before the async state is published, and the
 * request ends on whichever thread completes it, which then calls {@link HttpExchange#complete()}.
 * The end runs exactly once.
 */
final class RequestCycle {
    private static final Logger LOG = System.getLogger(ServletAdapter.class.getName());
    private static final AtomicLong IDS = new AtomicLong();
    private static final VarHandle ENDED;
    private static final VarHandle ID;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            ENDED = lookup.findVarHandle(RequestCycle.class, "ended", boolean.class);
            ID = lookup.findVarHandle(RequestCycle.class, "id", String.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final WebApp app;
    private final HttpExchange exchange;
    /** The original request as trusted proxies describe it; {@code null} until asked when no proxy is trusted. */
    private ForwardedRequest forwarded;
    private final boolean relativeRedirects;
    private final ServletResponseView response;
    /** Set once, by the first {@link #end()} (a field with a {@link VarHandle}, not a per-request {@code AtomicBoolean}). */
    private volatile boolean ended;
    /**
     * {@code getRequestId}: a number from {@link #IDS} taken on first use (unique for the container's
     * life), set once even when two threads ask first at the same time.
     */
    private String id;
    private ServletRequestView request;
    private volatile AsyncState async;
    private volatile boolean exchangeAsync;
    private List<Runnable> onEnd;
    private boolean inErrorPage;

    /**
     * @param app the web app the request was routed to
     * @param exchange the exchange
     * @param forwarded the original request as trusted proxies describe it, or {@code null} for the
     *     connection's own values (made on first use: no proxy is trusted)
     * @param relativeRedirects whether redirects leave out scheme and authority ({@link ServletAdapter.Options})
     */
    RequestCycle(WebApp app, HttpExchange exchange, ForwardedRequest forwarded, boolean relativeRedirects) {
        this.app = app;
        this.exchange = exchange;
        this.forwarded = forwarded;
        this.relativeRedirects = relativeRedirects;
        this.response = new ServletResponseView(this);
    }

    /** @return the original request as trusted proxies describe it, or the connection's own values */
    ForwardedRequest forwarded() {
        ForwardedRequest f = forwarded;
        if (f == null) {
            f = ForwardedRequest.direct(exchange);
            forwarded = f;
        }
        return f;
    }

    /** @return the path prefix a trusted proxy removed, or {@code ""}; without making the connection's own values */
    String forwardedPrefix() {
        ForwardedRequest f = forwarded;
        return f == null ? "" : f.prefix();
    }

    /** @return whether {@code sendRedirect} sends a relative location */
    boolean relativeRedirects() {
        return relativeRedirects;
    }

    WebApp app() {
        return app;
    }

    HttpExchange exchange() {
        return exchange;
    }

    ServletRequestView request() {
        return request;
    }

    ServletResponseView response() {
        return response;
    }

    String requestId() {
        String i = id;
        if (i == null) {
            String made = Long.toString(IDS.incrementAndGet());
            i = (String) ID.compareAndExchange(this, (String) null, made);
            if (i == null) {
                i = made;
            }
        }
        return i;
    }

    /** @return the request line, for logs: method, target and protocol */
    String requestLine() {
        return exchange.method() + " " + exchange.requestTarget() + " " + exchange.protocol();
    }

    /**
     * Runs the request: {@code requestInitialized}, the REQUEST dispatch, then the end of the
     * request unless it went async. Called on the connector's worker inside {@code handle}.
     *
     * @param mapped where the request maps
     */
    void run(MappedPath mapped) {
        run(mapped, mapped.path());
    }

    /**
     * Runs the request as {@link #run(MappedPath)}, with the security constraints checked
     * ({@link AppSecurity#admit}) after {@code requestInitialized} and before any filter, on
     * {@code path} and, when a welcome file changed it, on the mapped path too.
     *
     * @param mapped where the request maps
     * @param path the canonical context-relative path of the request
     */
    void run(MappedPath mapped, String path) {
        request = new ServletRequestView(this, mapped);
        ClassLoader previous = swapLoader(app.loader());
        try {
            app.listeners().requestInitialized(request);
            if (admitted(mapped, path)) {
                containerDispatch(DispatcherType.REQUEST, request, response, mapped.servlet(), mapped.path());
            } else {
                end();
            }
        } finally {
            restoreLoader(previous);
        }
    }

    /** @return whether the constraints let the request through; when not, it has been answered */
    private boolean admitted(MappedPath mapped, String path) {
        AppSecurity security = app.security();
        if (security == null) {
            return true;
        }
        try {
            return security.admit(this, path) && (path.equals(mapped.path()) || security.admit(this, mapped.path()));
        } catch (Throwable t) {
            failed(t, mapped.servlet().getName());
            return false;
        }
    }

    /**
     * A dispatch made by the container (REQUEST or ASYNC): runs the chain, turns a failure into an
     * error page, then lets the async state decide what follows.
     */
    void containerDispatch(DispatcherType type, HttpServletRequest req, HttpServletResponse res,
                           ServletHolder servlet, String path) {
        try {
            invoke(type, req, res, servlet, path);
        } catch (Throwable t) {
            failed(t, servlet.getName());
        }
        AsyncState a = async;
        if (a == null) {
            end();
        } else {
            a.dispatchReturned();
        }
    }

    /**
     * Runs the filters mapped for {@code type} and the servlet (§6.2.5); failures propagate.
     *
     * @param path the context-relative path the filters are matched against, {@code null} for a named dispatch
     */
    void invoke(DispatcherType type, ServletRequest req, ServletResponse res, ServletHolder servlet, String path)
            throws IOException, ServletException {
        List<FilterHolder> filters = app.filterMappings().match(type, path, servlet.getName());
        // No filter: the servlet directly, and no chain object (escape analysis does not always remove it).
        AppFilterChain chain = filters.isEmpty() ? null : new AppFilterChain(filters, servlet);
        boolean fresh = type == DispatcherType.REQUEST || type == DispatcherType.ASYNC;
        ServletHolder previousServlet = request.currentServlet();
        boolean previousAsyncSupported = request.isAsyncSupported();
        request.enter(servlet, chain == null ? servlet.isAsyncSupported() : chain.isAsyncSupported(), fresh);
        try {
            if (chain == null) {
                servlet.servlet().service(req, res);
            } else {
                chain.doFilter(req, res);
            }
        } finally {
            request.leave(previousServlet, previousAsyncSupported);
        }
    }

    /**
     * A dispatch failed (§10.9.2): a refused request gets its status; a client that went away
     * ({@link ClientAbortException}) is logged at FINE and the exchange aborted; anything else is logged once
     * with the request line and becomes the error page for its type (500 by default, 503 for
     * {@link UnavailableException}); after commit the connection is aborted, as the message cannot
     * be completed.
     */
    void failed(Throwable t, String servletName) {
        AsyncState a = async;
        if (a != null) {
            a.failedInDispatch(t);
        }
        if (t instanceof BadRequestException) {
            if (!exchange.isCommitted()) {
                ErrorHandler.errorPage(this, ((BadRequestException) t).status(), t.getMessage(), null, servletName);
            }
            return;
        }
        if (ClientAbortException.isCause(t)) {
            // The client went away (reset, closed, stopped reading): expected, and no one is left to answer.
            LOG.log(Level.DEBUG, "client closed the connection during " + requestLine(), t);
            exchange.abort(t);
            return;
        }
        BadMessageException malformed = malformedRequest(t);
        if (malformed != null) {
            // The request body broke its framing (or a limit): answer with its status; the
            // connector closes the connection after it (RFC 9112 §6.3, §7.1).
            if (exchange.isCommitted()) {
                exchange.abort(t);
            } else {
                ErrorHandler.errorPage(this, malformed.status(), malformed.getMessage(), null, servletName);
            }
            return;
        }
        if (exchange.isCommitted()) {
            LOG.log(t instanceof IOException ? Level.DEBUG : Level.WARNING,
                    "servlet '" + servletName + "' failed after commit on " + requestLine(), t);
            exchange.abort(t);
            return;
        }
        LOG.log(Level.WARNING, "servlet '" + servletName + "' failed on " + requestLine(), t);
        int status = t instanceof UnavailableException || SessionStoreUnavailableException.isCause(t) ? 503 : 500;
        ErrorHandler.errorPage(this, status, null, t, servletName);
    }

    /** @return the connector's {@link BadMessageException} in {@code t}'s cause chain, or {@code null} */
    private static BadMessageException malformedRequest(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof BadMessageException) {
                return (BadMessageException) c;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return null;
    }

    /**
     * Ends the request, once: the error page of a pending {@code sendError}, {@code onComplete} of
     * async listeners, the session's end of access, {@code requestDestroyed}, clean-up; then, when
     * the exchange went async, {@link HttpExchange#complete()}.
     */
    void end() {
        if (!ENDED.compareAndSet(this, false, true)) {
            return;
        }
        try {
            ClassLoader previous = swapLoader(app.loader());
            try {
                if (response.errorStatus() > 0 && !exchange.isCommitted()) {
                    ErrorHandler.errorPage(this, response.errorStatus(), response.errorMessage(), null,
                            request.getHttpServletMapping().getServletName());
                }
                AsyncState a = async;
                if (a != null) {
                    a.fireComplete();
                }
                saveSession();
                app.listeners().requestDestroyed(request);
                if (onEnd != null) {
                    for (Runnable r : onEnd) {
                        r.run();
                    }
                }
            } finally {
                restoreLoader(previous);
            }
        } finally {
            if (exchangeAsync) {
                exchange.complete();
            }
        }
    }

    /**
     * Writes the session to its store before the response completes; when that fails, the response
     * is replaced by 503 (or 500 for an attribute that cannot be serialized) while it can be, and the
     * exchange is aborted when it cannot: a client never sees a complete response whose session was lost.
     */
    private void saveSession() {
        if (!request.usedSessions()) {
            return; // nothing looked a session up, so none was accessed
        }
        try {
            request.sessions().endOfRequest();
        } catch (SessionStoreUnavailableException | IllegalArgumentException e) {
            if (exchange.isCommitted()) {
                LOG.log(Level.WARNING, "the session of " + requestLine() + " could not be saved after commit", e);
                exchange.abort(e);
            } else {
                LOG.log(Level.WARNING, "the session of " + requestLine() + " could not be saved", e);
                ErrorHandler.errorPage(this, e instanceof SessionStoreUnavailableException ? 503 : 500, null, e,
                        request.getHttpServletMapping().getServletName());
            }
        }
    }

    /** @return whether the request has ended */
    boolean isCompleted() {
        return ended;
    }

    /** Puts the exchange in async mode; called by the async state before it publishes WAITING. */
    void exchangeToAsync() {
        if (!exchangeAsync) {
            exchangeAsync = true;
            exchange.startAsync();
        }
    }

    /** @param task run when the request ends (temp file clean-up) */
    void onEnd(Runnable task) {
        if (onEnd == null) {
            onEnd = new ArrayList<>(2);
        }
        onEnd.add(task);
    }

    /** @return whether an error page dispatch is running (no nested error pages) */
    boolean isInErrorPage() {
        return inErrorPage;
    }

    void setInErrorPage(boolean inErrorPage) {
        this.inErrorPage = inErrorPage;
    }

    /** Runs {@code task} with the web app's class loader as context class loader. */
    void runInContext(Runnable task) {
        runWithLoader(app.loader(), task);
    }

    /** Runs {@code task} with {@code loader} as context class loader (then the previous one again). */
    static void runWithLoader(ClassLoader loader, Runnable task) {
        ClassLoader previous = swapLoader(loader);
        try {
            task.run();
        } finally {
            restoreLoader(previous);
        }
    }

    /**
     * Makes {@code loader} the current thread's context class loader (the request's own paths use
     * this pair with a {@code try}/{@code finally} rather than a {@link Runnable}, so no lambda is made per request).
     *
     * @return the previous one, for {@link #restoreLoader}
     */
    private static ClassLoader swapLoader(ClassLoader loader) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        return previous;
    }

    private static void restoreLoader(ClassLoader previous) {
        Thread.currentThread().setContextClassLoader(previous);
    }

    // ------------------------------------------------------------------ async (§2.3.3.3)

    AsyncContext startAsync(ServletRequest req, ServletResponse res, boolean original) {
        if (!request.isAsyncSupported()) {
            throw new IllegalStateException("a filter or servlet of this request does not support async (Servlet 6.1 §2.3.3.3)");
        }
        AsyncState a = async;
        if (a == null) {
            a = new AsyncState(this, app.limits().asyncTimeoutMillis());
            async = a;
        }
        a.start(req, res, original);
        return a;
    }

    boolean isAsyncStarted() {
        AsyncState a = async;
        return a != null && a.isStarted();
    }

    /** @return the async state; only called once async has started */
    AsyncState async() {
        return async;
    }

    AsyncContext asyncContext() {
        if (!isAsyncStarted()) {
            throw new IllegalStateException("request is not in async mode");
        }
        return async;
    }

    /**
     * An ASYNC dispatch (§2.3.3.3 {@code AsyncContext.dispatch}), on the calling container thread.
     *
     * @param target where to
     * @param req the async context's request
     * @param res the async context's response
     */
    void asyncDispatch(AppDispatcher target, ServletRequest req, ServletResponse res) {
        runInContext(() -> containerDispatch(DispatcherType.ASYNC,
                DispatchedRequest.of(DispatcherType.ASYNC, (HttpServletRequest) req, target),
                (HttpServletResponse) res, target.servlet(), target.path()));
    }
}
