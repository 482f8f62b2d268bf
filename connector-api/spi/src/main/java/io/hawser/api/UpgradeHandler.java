package io.hawser.api;

/**
 * Takes over a connection once the connector has answered {@code 101 (Switching Protocols)} to a
 * request a handler upgraded with {@link HttpExchange#upgrade} (RFC 9110 §7.8, §15.2.2). From then
 * on the connection carries the new protocol's bytes (WebSocket, RFC 6455, for instance) and no
 * more HTTP/1.1: bytes the client sent after the upgrade request, even if they look like a
 * pipelined request, are the new protocol's first bytes.
 *
 * <p>Threads: {@link #onUpgrade} runs on a worker (on the loop when the connector's handler is
 * {@linkplain HttpHandler#isNonBlocking() non-blocking}), as do the callbacks given to
 * {@link UpgradedConnection#demand} and {@link UpgradedConnection#onWritable}. A
 * {@code RuntimeException} thrown by any of them closes the connection (and only it).
 */
public interface UpgradeHandler {
    /**
     * The {@code 101} response is written; the connection is the handler's.
     *
     * @param connection the connection's byte streams, valid until it closes
     * @throws Exception any failure: the connection is closed
     */
    void onUpgrade(UpgradedConnection connection) throws Exception;

    /**
     * The connector is stopping gracefully: the handler should end its protocol cleanly and close
     * (WebSocket: a close frame with 1001, Going Away, RFC 6455 §7.4.1). Connections still open at
     * the stop's deadline are closed. Called once, on the loop: it must not block. Default: closes
     * at once.
     *
     * @param connection the connection
     */
    default void onStop(UpgradedConnection connection) {
        connection.close();
    }

    /**
     * The connection closed: by {@link UpgradedConnection#close}, by the client, by the upgraded
     * idle timeout or writeTimeout, by a failed read or write, or at the end of a stop. Called once,
     * on any thread; it must not block. Default: nothing.
     */
    default void onClosed() {
    }
}
