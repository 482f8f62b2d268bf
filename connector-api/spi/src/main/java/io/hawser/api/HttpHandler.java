package io.hawser.api;

/**
 * Application code the connector calls once per request: the whole seam between the wire and an
 * application (the servlet adapter is one implementation).
 *
 * <p>By default {@link #handle} runs on a worker thread (a pooled platform thread, or a virtual
 * thread when all are busy; see {@link ConnectorConfig#workerThreads()}), where it may block on request
 * body reads and on response writes. When it returns, the exchange ends (the response is completed
 * and any unread request body drained), unless {@link HttpExchange#startAsync()} was called.
 *
 * <p>An exception thrown before the response is committed becomes a {@code 500} with
 * {@code Connection: close}; after commit the connection is aborted (RFC 9112 §9.6 leaves no way to
 * signal an error inside a message already framed).
 */
@FunctionalInterface
public interface HttpHandler {

    /**
     * Handles one request.
     *
     * @param exchange the request and its response, valid until the exchange ends
     * @throws Exception any failure; see the class comment for what the client then sees
     */
    void handle(HttpExchange exchange) throws Exception;

    /**
     * Whether this handler never blocks. A non-blocking handler runs directly on the selector loop
     * (no hand-off to a worker), the fastest path; it must read the request body only with
     * {@link RequestBody#readAvailable} and {@link RequestBody#demand}, and must not write more than
     * {@link ResponseBody#isReady()} allows. Default {@code false}.
     *
     * @return {@code true} to run on the selector loop
     */
    default boolean isNonBlocking() {
        return false;
    }

    /**
     * Wraps a handler so that {@link #isNonBlocking()} is {@code true}.
     *
     * @param handler a handler that never blocks
     * @return the same handler, declared non-blocking
     */
    static HttpHandler nonBlocking(HttpHandler handler) {
        return new HttpHandler() {
            @Override
            public void handle(HttpExchange exchange) throws Exception {
                handler.handle(exchange);
            }

            @Override
            public boolean isNonBlocking() {
                return true;
            }
        };
    }
}
