package io.hawser.servlet;

import io.hawser.api.HttpExchange;
import io.hawser.api.UpgradeHandler;
import io.hawser.api.UpgradedConnection;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpUpgradeHandler;
import jakarta.servlet.http.WebConnection;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code HttpServletRequest.upgrade} (Servlet 6.1 §2.3.3.5) on the connector's upgrade seam
 * ({@link HttpExchange#upgrade}): the handler is made (injected and post-constructed like any
 * container-made instance) at the call; once the request's service and filters have returned,
 * the connector writes the 101 and this calls {@link HttpUpgradeHandler#init} with a
 * {@link WebConnection} whose streams read and write the upgraded connection; when it closes,
 * {@link HttpUpgradeHandler#destroy}. Every call into the application runs with the web app's
 * class loader as context class loader.
 */
final class ServletUpgrade implements UpgradeHandler, WebConnection {
    private final WebApp app;
    private final HttpUpgradeHandler handler;
    private final AtomicBoolean destroyed = new AtomicBoolean();
    /** Counted down once {@code init} returned: no listener is called before (as Tomcat does). */
    private final java.util.concurrent.CountDownLatch initialized = new java.util.concurrent.CountDownLatch(1);
    private UpgradedConnection connection;
    private UpgradedInput input;
    private UpgradedOutput output;

    private ServletUpgrade(WebApp app, HttpUpgradeHandler handler) {
        this.app = app;
        this.handler = handler;
    }

    /**
     * Upgrades the request of {@code cycle} to the protocol its {@code Upgrade} field names first.
     *
     * @return the new handler, made by the container
     * @throws ServletException when {@code type} cannot be instantiated
     * @throws IllegalStateException when the response is committed or the request is no HTTP/1.1
     *     upgrade request ({@code Upgrade} and {@code Connection: upgrade}, no body)
     */
    static <T extends HttpUpgradeHandler> T start(RequestCycle cycle, Class<T> type) throws ServletException {
        if (cycle.response().isCommitted()) {
            throw new IllegalStateException("response committed: too late to upgrade");
        }
        String offered = cycle.exchange().requestFields().get("Upgrade");
        if (offered == null) {
            throw new IllegalStateException("the request has no Upgrade field (RFC 9110 §7.8)");
        }
        String protocol = offered.split(",")[0].trim();
        T handler = cycle.app().lifecycle().create(type);
        cycle.exchange().upgrade(protocol, new ServletUpgrade(cycle.app(), handler));
        cycle.response().upgrading();
        return handler;
    }

    @Override
    public void onUpgrade(UpgradedConnection c) {
        connection = c;
        input = new UpgradedInput(c, this);
        output = new UpgradedOutput(c, this);
        try {
            inContext(() -> handler.init(this));
        } finally {
            initialized.countDown();
        }
    }

    /**
     * Graceful stop: a {@link GracefulUpgradeHandler} is told and closes when its protocol is done;
     * any other handler's connection closes at once.
     */
    @Override
    public void onStop(UpgradedConnection c) {
        if (handler instanceof GracefulUpgradeHandler graceful) {
            callback(graceful::serverStopping);
        } else {
            c.close();
        }
    }

    @Override
    public void onClosed() {
        if (destroyed.compareAndSet(false, true)) {
            callback(handler::destroy);
        }
    }

    /**
     * Runs a listener callback (a worker): once {@code init} has returned, since a handler sets its
     * listeners inside {@code init} and may not be ready for them before it returns; then as
     * {@link #inContext}.
     */
    void callback(Runnable task) {
        try {
            initialized.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        inContext(task);
    }

    /** Runs application code with the web app's class loader as context class loader. */
    void inContext(Runnable task) {
        RequestCycle.runWithLoader(app.loader(), task);
    }

    @Override
    public ServletInputStream getInputStream() {
        return input;
    }

    @Override
    public ServletOutputStream getOutputStream() {
        return output;
    }

    /** Closes the upgraded connection (its pending output first); {@code destroy} follows. */
    @Override
    public void close() {
        connection.close();
    }
}
