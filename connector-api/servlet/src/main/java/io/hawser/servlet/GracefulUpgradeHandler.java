package io.hawser.servlet;

import jakarta.servlet.http.HttpUpgradeHandler;

/**
 * An {@link HttpUpgradeHandler} that is told of the connector's graceful stop, so that it can end
 * its protocol cleanly first (WebSocket: a close frame with 1001, Going Away, RFC 6455 §7.4.1) —
 * Servlet 6.1 has no such call. Hawser's WebSocket support implements it; an application's own
 * handler may too.
 *
 * <p>Without this interface an upgraded connection is closed at once by a graceful stop, then
 * {@link #destroy()} is called. With it, {@link #serverStopping()} is called instead and the handler
 * closes its {@code WebConnection} when its protocol is done; a connection still open at the stop's
 * deadline is closed (and {@code destroy} called) then.
 */
public interface GracefulUpgradeHandler extends HttpUpgradeHandler {
    /**
     * The connector is stopping gracefully: end the protocol and close the {@code WebConnection}.
     * Called once, on a container thread, after {@code init} has returned, with the web app's class
     * loader as context class loader; it should not block for long (the stop waits for its deadline,
     * not for this call).
     */
    void serverStopping();
}
