package io.hawser.launcher;

import io.hawser.api.HttpFields;

/**
 * What the access log knows of one finished exchange, formatted by an {@link AccessLogFormat} on the
 * request's thread at once: the field sections are the exchange's own, valid only until the
 * connector ends and reuses it.
 *
 * @param receivedMillis when the handler got the request, epoch milliseconds
 * @param durationNanos handler start to the application's end of the exchange (before the connector's last write), nanoseconds
 * @param remoteAddress the client's IP address (a trusted proxy's forwarded one), or {@code -}
 * @param remotePort the client's port (0 when a proxy forwarded none)
 * @param localAddress the local IP address
 * @param localPort the local port
 * @param serverName the host the client addressed (forwarded, else the Host field's), or {@code -}
 * @param method the request method
 * @param target the request-target as received
 * @param path the path of the request-target, not decoded
 * @param query the query, or {@code null}
 * @param protocol {@code HTTP/1.1} or {@code HTTP/1.0}
 * @param status the final status sent
 * @param bytes content bytes sent, 0 for none (always 0 for HEAD)
 * @param user the authenticated user, or {@code null}
 * @param thread the name of the thread that ended the exchange
 * @param requestFields the request's field section
 * @param responseFields the response's field section
 */
record AccessRecord(long receivedMillis, long durationNanos, String remoteAddress, int remotePort, String localAddress,
        int localPort, String serverName, String method, String target, String path, String query, String protocol,
        int status, long bytes, String user, String thread, HttpFields requestFields, HttpFields responseFields) {

    /** @return method, request-target and protocol (the request line) */
    String requestLine() {
        return method + " " + target + " " + protocol;
    }
}
