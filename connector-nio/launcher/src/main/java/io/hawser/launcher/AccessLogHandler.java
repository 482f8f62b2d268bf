package io.hawser.launcher;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpHandler;

/**
 * Wraps a handler so that every exchange is written to an {@link AccessLog} after it ends: when the
 * handler returns, or, for an exchange the application made asynchronous, when it completes.
 */
final class AccessLogHandler implements HttpHandler {
    private final HttpHandler next;
    private final AccessLog log;

    /**
     * @param next the handler that serves the requests
     * @param log where the lines go
     */
    AccessLogHandler(HttpHandler next, AccessLog log) {
        this.next = next;
        this.log = log;
    }

    @Override
    public void handle(HttpExchange exchange) throws Exception {
        LoggedExchange logged = new LoggedExchange(exchange, log);
        try {
            next.handle(logged);
        } catch (Exception | Error e) {
            logged.logOnce(logged.isCommitted() ? 0 : 500);
            throw e;
        }
        if (!logged.isAsync()) {
            logged.logOnce(0);
        }
    }

    @Override
    public boolean isNonBlocking() {
        return next.isNonBlocking();
    }
}
