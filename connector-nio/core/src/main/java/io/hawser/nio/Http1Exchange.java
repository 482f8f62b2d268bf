package io.hawser.nio;

import io.hawser.api.BadMessageException;
import io.hawser.api.HttpExchange;
import io.hawser.api.HttpFields;
import io.hawser.api.MutableHttpFields;
import io.hawser.api.RequestBody;
import io.hawser.api.ResponseBody;
import io.hawser.http1.Http1Parser;
import io.hawser.http1.RequestHead;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The {@link HttpExchange} of one request on an {@link Http1Connection}; one instance per
 * connection, reset for each request. As a {@link Runnable} it runs the handler, ends the exchange,
 * and goes on with the next pipelined request when its head is already buffered.
 */
final class Http1Exchange implements HttpExchange, Runnable {
    private static final Logger LOG = System.getLogger(Http1Exchange.class.getName());

    /** The connection this exchange serves while it is borrowed from the pool; set by {@link #bind}. */
    Http1Connection connection;
    final Http1Parser parser;
    final RequestHead head;
    final Http1RequestBody requestBody;
    final Http1ResponseBody responseBody;
    private final MutableHttpFields responseFields = new MutableHttpFields();
    private final AtomicBoolean ended = new AtomicBoolean();
    /** The request's generation; bumped when it ends, so views of ended requests go stale. */
    volatile int generation;
    private ExchangeView view;
    private boolean viewWentAsync;
    /** The response ended with non-blocking output pending; the loop ends the exchange when it drains. */
    private final AtomicBoolean awaitingDrain = new AtomicBoolean();
    /**
     * Hand-off of an async exchange between the thread running the handler and {@link #complete()}:
     * a complete() that comes before the handler has returned leaves the end to that thread, so the
     * exchange is never finished twice nor while its handler still runs.
     */
    private final AtomicInteger handoff = new AtomicInteger();
    private static final int HANDLER_RUNNING = 0;
    private static final int HANDLER_RETURNED = 1;
    private static final int COMPLETED = 2;
    private int status;
    /** When this request's head was complete ({@code System.nanoTime()}): response times count from it. */
    long headNanos;
    /** When this request's response ended ({@code System.nanoTime()}, read by {@link Observability#completed}). */
    long endNanos;
    /** This exchange's JFR events: made the first time their type is recorded, then reused ({@link Observability}). */
    HawserEvents.RequestHeadReceived headEvent;
    HawserEvents.ResponseCommitted commitEvent;
    HawserEvents.ExchangeCompleted completionEvent;
    /** Which of them have begun for the current request (bits of {@link Observability}). */
    int eventsBegun;
    private Supplier<HttpFields> trailers;
    private volatile boolean async;
    private String path;
    private String query;
    /** The target {@link #path} and {@link #query} were split from (the parser reuses a repeated target). */
    private String splitFrom;
    /** The thread running the handler: the one that owns the cork. */
    private volatile Thread runner;
    /** Application code failed in a callback while the handler was still running (see {@link #onCallbackFailure}). */
    private final java.util.concurrent.atomic.AtomicReference<Throwable> callbackFailure =
            new java.util.concurrent.atomic.AtomicReference<>();
    /** The connection must close after this response (framing in doubt, or the peer asked). */
    boolean closeAfter;
    /** Set by {@link #upgrade}: the connection switches to {@link #upgradeProtocol} when the exchange ends. */
    private io.hawser.api.UpgradeHandler upgradeHandler;
    private String upgradeProtocol;

    /**
     * @param config the connector's configuration (parser limits and compliance)
     */
    Http1Exchange(io.hawser.api.ConnectorConfig config) {
        this.parser = new Http1Parser(config);
        this.head = new RequestHead();
        this.requestBody = new Http1RequestBody(this);
        this.responseBody = new Http1ResponseBody(this);
    }

    /**
     * Lends this exchange (parser, head, bodies) to {@code c} until its connection goes idle; an
     * idle connection keeps none of it.
     */
    void bind(Http1Connection c) {
        connection = c;
        requestBody.connection = c;
        responseBody.connection = c;
        parser.reset();
        head.reset();
    }

    /**
     * Resets for the request whose head was just parsed.
     *
     * @param now when the head was complete ({@code System.nanoTime()}; the loop's batch time, or
     *     for a pipelined head already buffered the end of the response before it): no clock read here
     */
    void begin(long now) {
        headNanos = now;
        status = 200;
        responseFields.clear();
        trailers = null;
        async = false;
        upgradeHandler = null;
        upgradeProtocol = null;
        if (head.target() != splitFrom) {
            path = null;
            query = null;
        }
        closeAfter = !head.isPersistent() || connection.connector.isStopping();
        int max = connection.connector.config().maxRequestsPerConnection();
        if (max > 0 && ++connection.requestsServed >= max) {
            closeAfter = true;
        }
        connection.requestSeq++;
        requestBody.begin();
        responseBody.begin();
        // Plain (release) stores suffice: no other thread sees this request before the exchange is
        // handed to its handler's thread, a hand-off that publishes them; a volatile store costs a fence each.
        handoff.lazySet(HANDLER_RUNNING);
        callbackFailure.lazySet(null);
        ended.lazySet(false);
        if (view == null || viewWentAsync) {
            view = new ExchangeView(this);
            viewWentAsync = false;
        }
        view.generation = generation;
        Observability.headReceived(this);
    }

    @Override
    public void run() {
        runner = Thread.currentThread();
        boolean more = true;
        while (more) {
            invokeHandler();
            if (async && handoff.compareAndSet(HANDLER_RUNNING, HANDLER_RETURNED)) {
                Throwable t = callbackFailure.getAndSet(null);
                if (t != null) {
                    endFailed(t);
                }
                return;
            }
            Throwable t = callbackFailure.getAndSet(null);
            if (t != null) {
                onHandlerFailure(t);
            }
            more = finish();
        }
    }

    private void invokeHandler() {
        try {
            if ("CONNECT".equals(head.method())) {
                // RFC 9110 §9.3.6: an origin server that does not tunnel refuses CONNECT.
                sendError(501, "CONNECT is not supported");
            } else if (head.hasUnsupportedExpectation()) {
                // RFC 9110 §10.1.1: an expectation other than 100-continue MAY get 417.
                closeAfter = true;
                sendError(417, "only 100-continue is supported");
            } else {
                connection.connector.handler().handle(view);
            }
        } catch (Throwable t) {
            async = false;
            onHandlerFailure(t);
        }
    }

    private void onHandlerFailure(Throwable t) {
        upgradeHandler = null; // a failed handler's upgrade does not happen
        if (connection.isClosed()) {
            return;
        }
        int errorStatus = 500;
        // The handler's state is unknown: answer, then close (the HttpHandler contract).
        closeAfter = true;
        if (t instanceof BadMessageException) {
            errorStatus = ((BadMessageException) t).status();
        } else {
            LOG.log(Level.WARNING, "handler failed on " + head.method() + " " + head.target(), t);
        }
        if (responseBody.isCommitted()) {
            abort(t);
            return;
        }
        try {
            sendError(errorStatus, t instanceof BadMessageException ? t.getMessage() : "internal server error");
        } catch (IOException e) {
            abort(e);
        }
    }

    /**
     * Application code failed outside {@code handle} (a body demand or writability callback, on
     * any thread): the exchange of generation {@code gen} ends, with a 500 if nothing is
     * committed, else aborted; a later request on the connection is never touched. While the
     * handler still runs, the failure is left to the thread running it, when it returns.
     */
    void onCallbackFailure(Throwable t, int gen) {
        if (gen != generation || ended.get() || connection.isClosed()) {
            LOG.log(Level.DEBUG, "callback failed after its exchange ended", t);
            return;
        }
        callbackFailure.set(t);
        if (handoff.get() != HANDLER_RUNNING) {
            Throwable claimed = callbackFailure.getAndSet(null);
            if (claimed != null) {
                endFailed(claimed);
            }
        }
    }

    /** Ends an async exchange whose handler has returned after application code failed. */
    private void endFailed(Throwable t) {
        onHandlerFailure(t);
        if (!ended.get()) {
            complete();
        }
    }

    /** Replaces whatever was buffered with a short plain-text error response. */
    void sendError(int errorStatus, String reason) throws IOException {
        responseBody.resetBuffer();
        responseFields.clear();
        trailers = null;
        status = errorStatus;
        responseFields.set("Content-Type", "text/plain;charset=iso-8859-1");
        responseBody.write((errorStatus + " " + reason + "\n").getBytes(StandardCharsets.ISO_8859_1));
    }

    /**
     * Ends the response and decides what follows.
     *
     * @return {@code true} when the next pipelined exchange is ready to run on this thread
     */
    private boolean finish() {
        if (!ended.compareAndSet(false, true)) {
            // aborted: the connection is closed and the exchange goes back to the pool
            connection.retireExchange();
            return false;
        }
        generation++;
        if (upgradeHandler != null && !connection.isClosed()) {
            Upgraded.switchProtocols(this, upgradeProtocol, upgradeHandler);
            return false;
        }
        try {
            responseBody.end();
        } catch (Throwable t) {
            // Application code failed (a trailer supplier), or the buffered bytes exceed a
            // Content-Length declared after them: 500 if nothing is committed yet, else abort.
            // (A failed write has closed the connection already.)
            if (!connection.isClosed()) {
                onHandlerFailure(t);
            }
            if (!connection.isClosed()) {
                try {
                    responseBody.end();
                } catch (Throwable again) {
                    closeInOrder();
                }
            }
        }
        Observability.completed(this);
        if (connection.isClosed()) {
            connection.retireExchange();
            return false;
        }
        if (responseBody.hasPending()) {
            // Non-blocking output still waits for the channel: the exchange ends when it drains.
            awaitingDrain.set(true);
            if (responseBody.hasPending() || !awaitingDrain.compareAndSet(true, false)) {
                return false;
            }
        }
        return afterResponse();
    }

    /** On the loop: pending non-blocking output drained; ends an exchange that was waiting for it. */
    void onOutputDrained() {
        if (!awaitingDrain.compareAndSet(true, false)) {
            return;
        }
        if (connection.isClosed()) {
            connection.retireExchange();
            return;
        }
        connection.dispatch(this, this::afterResponseLater);
    }

    /**
     * {@link #afterResponse} some time after the response ended (its output drained, or the unread
     * body skipped): a head buffered meanwhile was complete by now at the latest, not by
     * {@link #endNanos}; runs the next exchange when it is ready.
     */
    private void afterResponseLater() {
        endNanos = System.nanoTime();
        if (afterResponse()) {
            run();
        }
    }

    /**
     * The response is fully written (or corked): skips what is left of the request body and
     * prepares the next request, or closes.
     *
     * @return {@code true} when the next pipelined exchange is ready to run on this thread
     */
    private boolean afterResponse() {
        int skip = closeAfter ? Http1RequestBody.MUST_CLOSE : requestBody.skipRest();
        if (skip == Http1RequestBody.SKIP_LATER) {
            // On the loop, the unread body still arriving: skip on as it comes (requestTimeout still
            // bounds it), then the next request.
            requestBody.demand(this::afterResponseLater);
            return false;
        }
        if (skip == Http1RequestBody.MUST_CLOSE) {
            // The client said it sends nothing more, and sent nothing more: a plain close. Else it
            // may still be sending, and a close with unread input would reset the response: linger.
            closeInOrder(!(requestBody.isFinished() && !head.isPersistent() && !connection.hasBufferedInput()));
            connection.retireExchange();
            return false;
        }
        return connection.next();
    }

    /**
     * Closes the connection after the finished responses held in the cork, written whole and in
     * order (exchange thread: the cork is that thread's).
     */
    private void closeInOrder() {
        closeInOrder(false);
    }

    /**
     * {@link #closeInOrder()}; {@code lingering}: a lingering close ({@link Http1Connection#closeLingering}),
     * for a close after a final response while the client may still be sending.
     */
    private void closeInOrder(boolean lingering) {
        try {
            responseBody.flushCork();
        } catch (IOException e) {
            // closing anyway
        }
        if (lingering) {
            connection.closeLingering();
        } else {
            connection.close();
        }
    }

    // ------------------------------------------------------------------ request

    @Override
    public String method() {
        return head.method();
    }

    @Override
    public String requestTarget() {
        return head.target();
    }

    @Override
    public String path() {
        if (path == null) {
            splitTarget();
        }
        return path;
    }

    @Override
    public String query() {
        if (path == null) {
            splitTarget();
        }
        return query;
    }

    private void splitTarget() {
        String target = head.target();
        int from = 0;
        if (target.charAt(0) != '/' && !"*".equals(target) && !"CONNECT".equals(head.method())) {
            int scheme = target.indexOf("://");
            from = scheme + 3;
            while (from < target.length() && "/?#".indexOf(target.charAt(from)) < 0) {
                from++;
            }
        }
        int q = target.indexOf('?', from);
        int fragment = target.indexOf('#', from);
        int pathEnd = q >= 0 ? q : fragment >= 0 ? fragment : target.length();
        String p = target.substring(from, pathEnd);
        path = p.isEmpty() ? "/" : p;
        query = q >= 0 ? target.substring(q + 1, fragment > q ? fragment : target.length()) : null;
        splitFrom = target;
    }

    @Override
    public String protocol() {
        return head.protocol();
    }

    @Override
    public HttpFields requestFields() {
        return head;
    }

    @Override
    public RequestBody requestBody() {
        return requestBody;
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return connection.remoteAddress();
    }

    @Override
    public InetSocketAddress localAddress() {
        return connection.localAddress();
    }

    @Override
    public boolean isSecure() {
        return connection.tls() != null;
    }

    @Override
    public io.hawser.api.TlsInfo tlsInfo() {
        return connection.tlsInfo();
    }

    // ------------------------------------------------------------------ response

    @Override
    public int status() {
        return status;
    }

    @Override
    public void setStatus(int status) {
        if (status < 200 || status > 599) {
            throw new IllegalArgumentException("not a final status: " + status);
        }
        if (responseBody.isCommitted()) {
            throw new IllegalStateException("response committed");
        }
        this.status = status;
    }

    @Override
    public MutableHttpFields responseFields() {
        return responseFields;
    }

    @Override
    public void sendInterim(int interimStatus, HttpFields fields) throws IOException {
        if (interimStatus != 100 && interimStatus != 103) {
            throw new IllegalArgumentException("interim status must be 100 or 103: " + interimStatus);
        }
        if (responseBody.isCommitted()) {
            throw new IllegalStateException("response committed");
        }
        if (head.version() == RequestHead.HTTP_1_0) {
            return;
        }
        HttpFields checked = fields;
        if (!(fields instanceof MutableHttpFields) && fields.size() > 0) {
            // A field section of the handler's own making gets the checks a MutableHttpFields makes as it
            // is built (RFC 9110 §5.1, §5.5): no CR, LF or other control character can split the response.
            MutableHttpFields copy = new MutableHttpFields();
            for (int i = 0; i < fields.size(); i++) {
                copy.add(fields.name(i), fields.value(i));
            }
            checked = copy;
        }
        if (interimStatus == 100) {
            requestBody.continueSent = true;
        }
        responseBody.writeInterim(interimStatus, checked);
    }

    @Override
    public ResponseBody responseBody() {
        return responseBody;
    }

    @Override
    public void setTrailerFields(Supplier<HttpFields> trailers) {
        if (responseBody.isCommitted()) {
            throw new IllegalStateException("response committed");
        }
        this.trailers = trailers;
    }

    Supplier<HttpFields> trailers() {
        return trailers;
    }

    @Override
    public boolean isCommitted() {
        return responseBody.isCommitted();
    }

    /**
     * Goes async. Responses corked behind this one go out now: the exchange no longer ends on the
     * thread that holds the cork, and an async request is nothing to wait for.
     */
    @Override
    public void startAsync() {
        viewWentAsync = true;
        async = true;
        if (runner == Thread.currentThread()) {
            try {
                responseBody.flushCork();
            } catch (IOException e) {
                connection.close();
            }
        }
    }

    @Override
    public void complete() {
        if (!async) {
            return;
        }
        if (handoff.compareAndSet(HANDLER_RUNNING, COMPLETED)) {
            return; // run() finishes once the handler returns
        }
        if (!handoff.compareAndSet(HANDLER_RETURNED, COMPLETED)) {
            return; // already completed
        }
        async = false;
        if (finish()) {
            try {
                connection.connector.workers().execute(this);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                connection.close();
            }
        }
    }

    @Override
    public void upgrade(String protocol, io.hawser.api.UpgradeHandler handler) {
        Upgraded.checkUpgradable(this, protocol, handler);
        upgradeProtocol = protocol;
        upgradeHandler = handler;
    }

    @Override
    public void abort(Throwable cause) {
        if (cause != null) {
            LOG.log(Level.DEBUG, "exchange aborted", cause);
        }
        ended.set(true);
        async = false;
        if (runner == Thread.currentThread()) {
            closeInOrder();
        } else {
            connection.close(); // the cork belongs to the thread running the handler
        }
        // Whoever ends the handler's run retires the exchange; when it had already returned
        // (async), nobody else will.
        if (!handoff.compareAndSet(HANDLER_RUNNING, COMPLETED) && handoff.compareAndSet(HANDLER_RETURNED, COMPLETED)) {
            connection.retireExchange();
        }
    }
}
