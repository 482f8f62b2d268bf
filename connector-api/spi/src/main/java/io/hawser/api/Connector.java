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
     * Whether the connector takes traffic, for a readiness probe (Kubernetes' readiness, a load
     * balancer's health check): {@link #READY} between start and a stop; {@link #DRAINING} from
     * the moment a stop begins ({@link ConnectorConfig#drainDelay()}, then the drain).
     */
    enum Readiness {
        /** Not started yet. */
        STARTING,
        /** Started, accepting and serving. */
        READY,
        /** Stopping: still serving what is in flight (and, during the drain delay, accepting); send no new traffic. */
        DRAINING,
        /** Stopped, or failed. */
        STOPPED
    }

    /** @return the connector's readiness; the default {@link Readiness#READY} */
    default Readiness readiness() {
        return Readiness.READY;
    }

    /**
     * Stops gracefully: turns {@link #readiness()} to {@link Readiness#DRAINING}, waits
     * {@link ConnectorConfig#drainDelay()} while still serving, then stops accepting, closes idle connections at once, lets exchanges in flight
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
