package io.hawser.servlet;

import io.hawser.api.ClientAbortException;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The {@link AsyncContext} of a request and its state machine (Servlet 6.1 §2.3.3.3,
 * {@code ServletRequest.startAsync} and {@code AsyncContext} javadoc). One per request, reused by
 * every async cycle. {@link #complete()} and {@link #dispatch} may be called from any thread.
 *
 * <pre>
 *  DISPATCHING --startAsync--&gt; STARTED --dispatch returns--&gt; WAITING --complete--&gt; COMPLETING (end)
 *       ^                        |  complete: COMPLETE_PENDING     |  dispatch: DISPATCHING (container thread)
 *       |                        |  dispatch: DISPATCH_PENDING     |  timeout: listeners, else 500 + end
 *       +---- pending dispatch runs when the dispatch returns -----+
 *  DISPATCHING --dispatch returns without startAsync--&gt; COMPLETING (end)
 * </pre>
 *
 * <p>Listener callbacks of non-blocking I/O that arrive while a dispatch is running wait for it to
 * return ({@link #runAfterDispatch}), so application code of one request never runs on two threads
 * at once through the container.
 */
final class AsyncState implements AsyncContext {
    private static final Logger LOG = System.getLogger(AsyncState.class.getName());

    enum Phase { DISPATCHING, STARTED, COMPLETE_PENDING, DISPATCH_PENDING, WAITING, COMPLETING }

    private record Registered(AsyncListener listener, ServletRequest request, ServletResponse response) {
    }

    private final RequestCycle cycle;
    private final ReentrantLock lock = new ReentrantLock();
    private Phase phase = Phase.DISPATCHING;
    private ServletRequest request;
    private ServletResponse response;
    private boolean original;
    // Both lists are made on first add (most requests register no listener and defer no callback).
    /** The listeners of the current async cycle, or {@code null}; guarded by {@link #lock}. */
    private List<Registered> listeners;
    /** Callbacks waiting for the running dispatch to return, or {@code null}; guarded by {@link #lock}. */
    private List<Runnable> deferred;
    private volatile long timeout;
    private ScheduledFuture<?> timer;
    private int generation;
    private AppDispatcher pending;

    /**
     * @param cycle the request
     * @param timeout the default timeout in milliseconds
     */
    AsyncState(RequestCycle cycle, long timeout) {
        this.cycle = cycle;
        this.timeout = timeout;
    }

    /** {@code startAsync} during a dispatch: a new async cycle begins. */
    void start(ServletRequest req, ServletResponse res, boolean isOriginal) {
        List<Registered> previous;
        lock.lock();
        try {
            if (phase != Phase.DISPATCHING) {
                throw new IllegalStateException("startAsync not allowed now (" + phase + ")");
            }
            phase = Phase.STARTED;
            request = req;
            response = res;
            original = isOriginal;
            previous = listeners == null ? List.of() : listeners;
            listeners = null;
        } finally {
            lock.unlock();
        }
        for (Registered r : previous) {
            try {
                r.listener().onStartAsync(new AsyncEvent(this, r.request(), r.response()));
            } catch (Throwable e) {
                LOG.log(Level.WARNING, "AsyncListener.onStartAsync failed", e);
            }
        }
    }

    /**
     * @return whether async is started and neither completed nor dispatched (isAsyncStarted); a
     *     complete or dispatch still pending until the container dispatch that started async returns
     *     counts as started, as on Tomcat and Jetty (Spring MVC checks it after its executor may
     *     already have dispatched)
     */
    boolean isStarted() {
        lock.lock();
        try {
            return phase == Phase.STARTED || phase == Phase.WAITING || phase == Phase.DISPATCH_PENDING
                    || phase == Phase.COMPLETE_PENDING;
        } finally {
            lock.unlock();
        }
    }

    /** Called on the thread whose container dispatch just returned. */
    void dispatchReturned() {
        List<Runnable> tasks = null;
        AppDispatcher next = null;
        boolean end = false;
        lock.lock();
        try {
            switch (phase) {
                case STARTED:
                    // The exchange must be async before anyone can see WAITING and complete it.
                    cycle.exchangeToAsync();
                    phase = Phase.WAITING;
                    armTimeout();
                    tasks = deferred;
                    deferred = null;
                    break;
                case DISPATCH_PENDING:
                    phase = Phase.DISPATCHING;
                    next = pending;
                    pending = null;
                    break;
                case DISPATCHING:
                case COMPLETE_PENDING:
                    phase = Phase.COMPLETING;
                    deferred = null;
                    end = true;
                    break;
                default:
                    break;
            }
        } finally {
            lock.unlock();
        }
        if (tasks != null) {
            tasks.forEach(Runnable::run);
        } else if (next != null) {
            cycle.asyncDispatch(next, request, response);
        } else if (end) {
            cycle.end();
        }
    }

    private void armTimeout() {
        int gen = ++generation;
        long ms = timeout;
        if (ms > 0) {
            // A Callable, not a Runnable: the scheduler then wraps no RunnableAdapter around it.
            timer = ContainerThreads.timer().schedule(() -> {
                ContainerThreads.workers().execute(() -> onTimeout(gen));
                return null;
            }, ms, TimeUnit.MILLISECONDS);
        }
    }

    private void disarm() {
        generation++;
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    /**
     * Runs {@code task} now, or when the running dispatch returns.
     *
     * @param task a listener callback
     */
    void runAfterDispatch(Runnable task) {
        lock.lock();
        try {
            if (phase != Phase.WAITING && phase != Phase.COMPLETING) {
                if (deferred == null) {
                    deferred = new ArrayList<>(2);
                }
                deferred.add(task);
                return;
            }
        } finally {
            lock.unlock();
        }
        task.run();
    }

    /** A timeout fired (a container thread): onTimeout, then a 500 error page and the end if nobody acted. */
    private void onTimeout(int gen) {
        lock.lock();
        try {
            if (phase != Phase.WAITING || gen != generation) {
                return;
            }
        } finally {
            lock.unlock();
        }
        cycle.runInContext(() -> fire(Event.TIMEOUT, null));
        boolean end;
        lock.lock();
        try {
            end = phase == Phase.WAITING && gen == generation;
            if (end) {
                phase = Phase.COMPLETING;
                disarm();
            }
        } finally {
            lock.unlock();
        }
        if (end) {
            cycle.runInContext(() -> {
                if (!cycle.exchange().isCommitted()) {
                    ErrorHandler.errorPage(cycle, 500, "async timeout", null, null);
                }
            });
            cycle.end();
        }
    }

    /** An exception escaped a dispatch after startAsync: onError, and the cycle completes when it returns. */
    void failedInDispatch(Throwable t) {
        boolean started;
        lock.lock();
        try {
            started = phase == Phase.STARTED || phase == Phase.DISPATCH_PENDING;
            if (started) {
                phase = Phase.COMPLETE_PENDING;
            }
        } finally {
            lock.unlock();
        }
        if (started) {
            fire(Event.ERROR, t);
        }
    }

    /**
     * A ReadListener or WriteListener callback threw {@code t}: the listener's {@code onError}
     * (what it throws is logged), then {@link #failed}.
     */
    void listenerFailed(java.util.function.Consumer<Throwable> onError, Throwable t) {
        try {
            onError.accept(t);
        } catch (Throwable e) {
            LOG.log(Level.WARNING, "onError of a ReadListener or WriteListener failed on " + cycle.requestLine(), e);
        }
        failed(t);
    }

    /**
     * Application code failed while waiting (a ReadListener, WriteListener or async task):
     * AsyncListener onError, a 500 page if nothing is committed, else the exchange is aborted (the
     * message cannot be completed), and the end. A {@code ClientAbortException} is logged at FINE
     * and aborts (no error page for a client that is gone).
     */
    void failed(Throwable t) {
        lock.lock();
        try {
            if (phase != Phase.WAITING) {
                return;
            }
            phase = Phase.COMPLETING;
            disarm();
        } finally {
            lock.unlock();
        }
        // A client that went away (reset, closed, stopped reading) is expected, not a failure, and
        // no one is left to read an error page (as RequestCycle does for a synchronous dispatch).
        boolean clientGone = ClientAbortException.isCause(t);
        LOG.log(clientGone ? Level.DEBUG : Level.WARNING,
                (clientGone ? "client closed the connection during async " : "async request failed: ") + cycle.requestLine(), t);
        fire(Event.ERROR, t);
        if (clientGone || cycle.exchange().isCommitted()) {
            cycle.exchange().abort(t);
        } else {
            cycle.runInContext(() -> ErrorHandler.errorPage(cycle, 500, null, t, null));
        }
        cycle.end();
    }

    /** Tells the listeners the request completed (from the end of the request). */
    void fireComplete() {
        fire(Event.COMPLETE, null);
    }

    private enum Event { COMPLETE, TIMEOUT, ERROR }

    private void fire(Event event, Throwable t) {
        List<Registered> copy;
        lock.lock();
        try {
            copy = listeners == null ? List.of() : new ArrayList<>(listeners);
        } finally {
            lock.unlock();
        }
        for (Registered r : copy) {
            AsyncEvent e = new AsyncEvent(this, r.request(), r.response(), t);
            try {
                switch (event) {
                    case COMPLETE:
                        r.listener().onComplete(e);
                        break;
                    case TIMEOUT:
                        r.listener().onTimeout(e);
                        break;
                    default:
                        r.listener().onError(e);
                }
            } catch (Throwable ex) {
                LOG.log(Level.WARNING, "AsyncListener.on" + event + " failed", ex);
            }
        }
    }

    // ------------------------------------------------------------------ AsyncContext

    @Override
    public ServletRequest getRequest() {
        return request;
    }

    @Override
    public ServletResponse getResponse() {
        return response;
    }

    @Override
    public boolean hasOriginalRequestAndResponse() {
        return original;
    }

    @Override
    public void dispatch() {
        String path;
        if (request instanceof HttpServletRequest && !original) {
            HttpServletRequest r = (HttpServletRequest) request;
            String uri = r.getRequestURI();
            path = uri.substring(Math.min(uri.length(), r.getContextPath().length()));
            if (r.getQueryString() != null) {
                path += "?" + r.getQueryString();
            }
        } else {
            ServletRequestView r = cycle.request();
            path = r.getHttpServletMapping() instanceof MappedPath ? ((MappedPath) r.getHttpServletMapping()).path() : "/";
            if (r.getQueryString() != null) {
                path += "?" + r.getQueryString();
            }
        }
        dispatch(path);
    }

    @Override
    public void dispatch(String path) {
        AppDispatcher target = path == null ? null : AppDispatcher.forPath(cycle.app(), path);
        if (target == null) {
            throw new IllegalArgumentException("no dispatch target for " + path);
        }
        boolean now = false;
        lock.lock();
        try {
            switch (phase) {
                case STARTED:
                    phase = Phase.DISPATCH_PENDING;
                    pending = target;
                    break;
                case WAITING:
                    phase = Phase.DISPATCHING;
                    disarm();
                    now = true;
                    break;
                default:
                    throw new IllegalStateException("dispatch not allowed now (" + phase + ")");
            }
        } finally {
            lock.unlock();
        }
        if (now) {
            ContainerThreads.workers().execute(() -> cycle.asyncDispatch(target, request, response));
        }
    }

    @Override
    public void dispatch(ServletContext context, String path) {
        if (context != cycle.app().context()) {
            throw new UnsupportedOperationException("cross-context async dispatch is not supported");
        }
        dispatch(path);
    }

    @Override
    public void complete() {
        lock.lock();
        try {
            switch (phase) {
                case STARTED:
                    phase = Phase.COMPLETE_PENDING;
                    return;
                case WAITING:
                    phase = Phase.COMPLETING;
                    disarm();
                    break;
                default:
                    throw new IllegalStateException("complete not allowed now (" + phase + ")");
            }
        } finally {
            lock.unlock();
        }
        cycle.end();
    }

    @Override
    public void start(Runnable run) {
        ContainerThreads.workers().execute(() -> cycle.runInContext(() -> {
            try {
                run.run();
            } catch (Throwable e) {
                // The request cannot be left to its timeout: it fails once the dispatch has returned.
                runAfterDispatch(() -> failed(e));
            }
        }));
    }

    @Override
    public void addListener(AsyncListener listener) {
        addListener(listener, request, response);
    }

    @Override
    public void addListener(AsyncListener listener, ServletRequest servletRequest, ServletResponse servletResponse) {
        lock.lock();
        try {
            if (phase != Phase.STARTED && phase != Phase.WAITING && phase != Phase.DISPATCH_PENDING
                    && phase != Phase.COMPLETE_PENDING) {
                // pending: still started (isStarted), so a filter may add one on its way out, as Spring's observation filter does
                throw new IllegalStateException("addListener not allowed now (" + phase + ")");
            }
            if (listeners == null) {
                listeners = new ArrayList<>(2);
            }
            listeners.add(new Registered(listener, servletRequest, servletResponse));
        } finally {
            lock.unlock();
        }
    }

    @Override
    public <T extends AsyncListener> T createListener(Class<T> type) throws ServletException {
        try {
            return type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new ServletException("cannot instantiate " + type.getName(), e);
        }
    }

    @Override
    public void setTimeout(long timeout) {
        this.timeout = timeout;
    }

    @Override
    public long getTimeout() {
        return timeout;
    }
}
