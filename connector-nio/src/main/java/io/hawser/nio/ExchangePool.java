package io.hawser.nio;

import io.hawser.api.ConnectorConfig;

/**
 * Exchanges (parser, request head, body objects) lent to connections while they receive or serve a
 * request, and taken back when a connection goes idle: an idle connection holds none, and a busy
 * one allocates none after warm-up. A bounded stack shared by a connector's loops; exchanges
 * beyond the bound are left to the garbage collector.
 */
final class ExchangePool {
    private final ConnectorConfig config;
    private final Http1Exchange[] stack;
    private int count;
    /** Exchanges handed out and taken back, for tests: equal once no connection holds one. Guarded by this. */
    private int lent;
    private int returned;

    /**
     * @param config configuration of the exchanges made
     * @param maxPooled most idle exchanges kept
     */
    ExchangePool(ConnectorConfig config, int maxPooled) {
        this.config = config;
        this.stack = new Http1Exchange[maxPooled];
    }

    /** @return a pooled exchange, or a new one */
    Http1Exchange take() {
        synchronized (this) {
            lent++;
            if (count > 0) {
                Http1Exchange x = stack[--count];
                stack[count] = null;
                return x;
            }
        }
        return new Http1Exchange(config);
    }

    /** Takes back an exchange that no thread uses any more. */
    void give(Http1Exchange x) {
        synchronized (this) {
            returned++;
            if (count < stack.length) {
                stack[count++] = x;
            }
        }
    }

    /** @return exchanges handed out so far (a test seam) */
    synchronized int lent() {
        return lent;
    }

    /** @return exchanges taken back so far (a test seam) */
    synchronized int returned() {
        return returned;
    }
}
