package io.hawser.boot;

import io.hawser.nio.NioConnector;
import io.hawser.servlet.WebApp;
import java.io.IOException;
import java.net.BindException;
import java.time.Duration;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.web.server.GracefulShutdownCallback;
import org.springframework.boot.web.server.GracefulShutdownResult;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.WebServerException;

/**
 * A Spring Boot {@link WebServer}: a started {@link WebApp} and the {@link NioConnector} serving it.
 * {@link #start()} binds the port, {@link #shutDownGracefully} stops accepting and lets in-flight
 * requests finish ({@link NioConnector#stop(Duration)} with the factory's shutdown timeout),
 * {@link #stop()} closes every connection at once and stops the web app (sessions invalidated,
 * servlets and filters destroyed, context listeners told). While started, a non-daemon thread
 * {@code hawser-await} keeps the JVM alive (the connector's own threads are daemons), until
 * {@link #stop()}. Thread-safe.
 */
public final class HawserWebServer implements WebServer {
    private static final Log LOG = LogFactory.getLog(HawserWebServer.class);
    private final NioConnector connector;
    private final CountingHandler handler;
    private final WebApp app;
    private final int configuredPort;
    private final Duration gracefulTimeout;
    private final TlsFiles tlsFiles;
    private final boolean secure;
    private boolean started;
    private boolean stopped;
    private Thread graceful;
    /** Keeps the JVM alive while serving (the connector's threads are daemons), as Boot's Tomcat does. */
    private final java.util.concurrent.CountDownLatch stoppedLatch = new java.util.concurrent.CountDownLatch(1);

    /**
     * @param connector the connector, or {@code null} when {@code server.port} is -1 (no connector)
     * @param handler the connector's handler, counting requests
     * @param app the started web app
     * @param configuredPort the port asked for
     * @param gracefulTimeout the graceful shutdown timeout, or {@code null} for immediate shutdown
     * @param tlsFiles temporary copies of TLS files, deleted on {@link #stop()}
     * @param secure whether the port asked for is the connector's TLS port ({@code server.ssl.enabled})
     */
    HawserWebServer(NioConnector connector, CountingHandler handler, WebApp app, int configuredPort,
                    Duration gracefulTimeout, TlsFiles tlsFiles, boolean secure) {
        this.tlsFiles = tlsFiles;
        this.secure = secure;
        this.connector = connector;
        this.handler = handler;
        this.app = app;
        this.configuredPort = configuredPort;
        this.gracefulTimeout = gracefulTimeout;
    }

    /**
     * Binds the port and starts serving. Idempotent.
     *
     * @throws PortInUseException when the port is taken
     * @throws WebServerException when the connector cannot start otherwise
     */
    @Override
    public synchronized void start() {
        if (started || connector == null) {
            return;
        }
        try {
            connector.start();
            started = true;
            Thread await = new Thread(this::awaitStop, "hawser-await");
            await.setDaemon(false);
            await.start();
            LOG.info("Hawser started on port " + getPort() + (secure() ? " (https)" : " (http)")
                    + " with context path '" + app.contextPath() + "'");
        } catch (IOException | RuntimeException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof BindException) {
                    throw new PortInUseException(configuredPort, e);
                }
            }
            throw new WebServerException("Unable to start embedded Hawser on port " + configuredPort + ": " + e, e);
        }
    }

    /** Closes every connection at once (after a graceful shutdown, if one is running) and stops the web app. Idempotent. */
    @Override
    public void stop() {
        Thread running;
        synchronized (this) {
            if (stopped) {
                return;
            }
            stopped = true;
            running = graceful;
        }
        try {
            if (running != null) {
                running.join(gracefulTimeout.toMillis() + 1000);
            }
            if (connector != null && started) {
                connector.stop(Duration.ZERO);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            app.stop();
            tlsFiles.close();
            stoppedLatch.countDown();
        }
    }

    private void awaitStop() {
        try {
            stoppedLatch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * With {@code server.shutdown=graceful}: stops accepting, closes idle connections and waits, at
     * most the shutdown timeout, for in-flight requests to finish; the callback is then told
     * {@link GracefulShutdownResult#IDLE}, or {@link GracefulShutdownResult#REQUESTS_ACTIVE} when the
     * timeout cut requests off. Without it, or before start, the callback is told
     * {@link GracefulShutdownResult#IMMEDIATE} at once.
     *
     * @param callback told when done, on the thread {@code hawser-shutdown}
     */
    @Override
    public synchronized void shutDownGracefully(GracefulShutdownCallback callback) {
        if (gracefulTimeout == null || !started || stopped || graceful != null) {
            callback.shutdownComplete(GracefulShutdownResult.IMMEDIATE);
            return;
        }
        graceful = new Thread(() -> {
            long begin = System.nanoTime();
            try {
                connector.stop(gracefulTimeout);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            boolean cutOff = System.nanoTime() - begin >= gracefulTimeout.toNanos();
            callback.shutdownComplete(cutOff ? GracefulShutdownResult.REQUESTS_ACTIVE : GracefulShutdownResult.IDLE);
        }, "hawser-shutdown");
        graceful.start();
    }

    /**
     * @return the bound port once started (the TLS port with {@code server.ssl.enabled}), else the
     *     port asked for (-1 for no connector)
     */
    @Override
    public synchronized int getPort() {
        if (!started) {
            return configuredPort;
        }
        try {
            return secure() ? connector.tlsPort() : connector.port();
        } catch (IllegalStateException closed) {
            return configuredPort;
        }
    }

    private boolean secure() {
        return secure;
    }

    /** @return the connector, or {@code null} when {@code server.port} is -1 (for metrics) */
    public NioConnector getConnector() {
        return connector;
    }

    /** @return requests handed to the web app since start (for metrics) */
    public long getRequestCount() {
        return handler.requests();
    }

    /** @return the temporary copies of TLS files this server deletes on {@link #stop()} */
    TlsFiles tlsFiles() {
        return tlsFiles;
    }

    /** @return the web app */
    public WebApp getWebApp() {
        return app;
    }
}
