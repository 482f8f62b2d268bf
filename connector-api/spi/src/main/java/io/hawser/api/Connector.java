package io.hawser.api;

import java.io.IOException;
import java.time.Duration;

/**
 * A running HTTP/1.1 server connector: it accepts connections on its listeners (one address or
 * more, cleartext or TLS) and hands each request to one {@link HttpHandler}.
 */
public interface Connector extends AutoCloseable {

    /**
     * Binds the listening socket and starts the acceptor and selector loops.
     *
     * @throws IOException when the address cannot be bound
     * @throws IllegalStateException when already started
     */
    void start() throws IOException;

    /**
     * @return the first listener's bound port (the one chosen by the system when configured with port 0)
     * @throws IllegalStateException before {@link #start()}
     */
    int port();

    /**
     * @return the bound port of the first {@linkplain Listener#secure() TLS} listener, or -1 when
     *     there is none; the default -1
     * @throws IllegalStateException before {@link #start()}
     */
    default int tlsPort() {
        return -1;
    }

    /**
     * Stops gracefully: stops accepting, closes idle connections at once, lets exchanges in flight
     * finish (their responses carry {@code Connection: close}), and closes whatever is left when the
     * deadline passes. Returns when every loop and worker has stopped.
     *
     * @param deadline how long exchanges in flight may still run; {@link Duration#ZERO} closes all at once
     * @throws InterruptedException when interrupted while waiting
     */
    void stop(Duration deadline) throws InterruptedException;

    /** Stops at once: {@code stop(Duration.ZERO)}, interrupt status preserved. */
    @Override
    default void close() {
        try {
            stop(Duration.ZERO);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
