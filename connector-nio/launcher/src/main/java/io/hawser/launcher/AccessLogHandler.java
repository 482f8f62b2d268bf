package io.hawser.launcher;

import io.hawser.api.ForwardedRequest;
import io.hawser.api.HttpExchange;
import io.hawser.api.HttpHandler;
import io.hawser.api.TrustedProxies;

/**
 * Wraps a handler so that every exchange is written to an {@link AccessLog} after it ends: when the
 * handler returns, or, for an exchange the application made asynchronous, when it completes.
 */
final class AccessLogHandler implements HttpHandler {
    private final HttpHandler next;
    private final AccessLog log;
    private final TrustedProxies proxies;
    private final ForwardedRequest.Fields fields;

    /**
     * Logs the connection's peer as the client.
     *
     * @param next the handler that serves the requests
     * @param log where the lines go
     */
    AccessLogHandler(HttpHandler next, AccessLog log) {
        this(next, log, TrustedProxies.NONE, ForwardedRequest.Fields.X_FORWARDED);
    }

    /**
     * Logs the client a trusted proxy forwarded ({@code %h}, {@code %a}, {@code %v}), as the servlet
     * layer sees it.
     *
     * @param next the handler that serves the requests
     * @param log where the lines go
     * @param proxies the trusted proxies
     * @param fields which forwarded fields they send
     */
    AccessLogHandler(HttpHandler next, AccessLog log, TrustedProxies proxies, ForwardedRequest.Fields fields) {
        this.next = next;
        this.log = log;
        this.proxies = proxies;
        this.fields = fields;
    }

    @Override
    public void handle(HttpExchange exchange) throws Exception {
        LoggedExchange logged = new LoggedExchange(exchange, log, proxies, fields);
        try {
            next.handle(logged);
        } catch (Exception | Error e) {
            logged.logOnce(logged.isCommitted() ? 0 : 500);
            throw e;
        }
        if (!logged.isAsyncStarted()) {
            logged.logOnce(0);
        }
    }

    @Override
    public boolean isNonBlocking() {
        return next.isNonBlocking();
    }
}
