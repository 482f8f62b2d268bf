package io.hawser.boot;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpHandler;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the requests handed to the servlet layer (for the {@code hawser.requests} meter: the
 * connector's own statistics count connections and timeouts only), then delegates. Blocking, as
 * the {@link io.hawser.servlet.ServletAdapter} it wraps.
 */
final class CountingHandler implements HttpHandler {
    private final HttpHandler delegate;
    private final LongAdder requests = new LongAdder();

    CountingHandler(HttpHandler delegate) {
        this.delegate = delegate;
    }

    @Override
    public void handle(HttpExchange exchange) throws Exception {
        requests.increment();
        delegate.handle(exchange);
    }

    @Override
    public boolean isNonBlocking() {
        return delegate.isNonBlocking();
    }

    /** @return requests handled since start */
    long requests() {
        return requests.sum();
    }
}
