package io.hawser.api;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.function.Supplier;

/**
 * One request and its response on a connection, as the connector hands it to a {@link HttpHandler}.
 *
 * <p>Request values are as received: the request-target is not decoded or normalised (that belongs
 * to the application layer, e.g. the servlet adapter per Servlet 6.1 §3.5). Response status and
 * fields can be changed until the response is committed: by the first flush, by the buffer
 * overflowing, by {@link #sendInterim} never (interim responses do not commit), or by the end of the
 * exchange.
 *
 * <p>Application faults: a {@code RuntimeException} or {@code Error} thrown by application code at
 * any point of the exchange (the handler, a {@link RequestBody#demand} or
 * {@link ResponseBody#onWritable} callback, a trailer supplier, including when the body ends on
 * {@link #complete()}) ends this exchange: a {@code 500} response (and a close) when nothing is
 * committed, else the connection is aborted. Either way the connection and what it holds are
 * released, finished responses pipelined before it are written first, and no other exchange or
 * connection is affected.
 *
 * <p>Threading: an exchange is used by one thread at a time (the worker running the handler, or
 * after {@link #startAsync()} whichever thread the application hands it to); {@link #complete()}
 * may be called from any thread.
 */
public interface HttpExchange {

    /**
     * @return the method token (RFC 9110 §9), case-sensitive, e.g. {@code GET}
     */
    String method();

    /**
     * @return the request-target exactly as received (RFC 9112 §3.2): origin-form
     *     {@code /a/b?q}, absolute-form {@code http://h/a}, asterisk-form {@code *} (OPTIONS only)
     *     or authority-form {@code host:port} (CONNECT only)
     */
    String requestTarget();

    /**
     * @return the raw path of the request-target, not decoded: for absolute-form the path of the
     *     URI ({@code /} when empty); {@code *} for asterisk-form; the authority for CONNECT
     */
    String path();

    /**
     * @return the raw query (after {@code ?}, not decoded), or {@code null} when there is none
     */
    String query();

    /**
     * @return {@code HTTP/1.1} or {@code HTTP/1.0}
     */
    String protocol();

    /**
     * @return the request's field section, in arrival order
     */
    HttpFields requestFields();

    /**
     * @return the request body (empty when there is none); see {@link RequestBody}
     */
    RequestBody requestBody();

    /**
     * @return the client's address
     */
    InetSocketAddress remoteAddress();

    /**
     * @return the local address the request arrived on
     */
    InetSocketAddress localAddress();

    /**
     * @return whether the request arrived over TLS (a {@linkplain Listener#secure() secure}
     *     listener); the default {@code false}
     */
    default boolean isSecure() {
        return false;
    }

    /**
     * @return what the TLS connection negotiated (protocol, suite, the client's certificates), or
     *     {@code null} on cleartext; the default {@code null}
     */
    default TlsInfo tlsInfo() {
        return null;
    }

    /**
     * @return the response status code, default 200
     */
    int status();

    /**
     * @param status a final status code, 200 to 599 (RFC 9110 §15)
     * @throws IllegalArgumentException outside that range
     * @throws IllegalStateException when the response is committed
     */
    void setStatus(int status);

    /**
     * The response fields, written at commit. The connector manages {@code Date},
     * {@code Transfer-Encoding} and {@code Connection: keep-alive}; a {@code Content-Length} set here
     * is honoured, and the body held to it from the moment it is set (see {@link ResponseBody});
     * {@code Connection: close} set here closes the connection
     * after the response.
     *
     * @return the mutable response fields; changes after commit are ignored
     */
    MutableHttpFields responseFields();

    /**
     * Sends an interim response (RFC 9110 §15.2) at once: {@code 100 (Continue)} or
     * {@code 103 (Early Hints)}. Ignored for HTTP/1.0 requests, which cannot receive 1xx.
     *
     * @param status 100 or 103
     * @param fields fields to send with it (e.g. {@code Link} for 103); may be empty
     * @throws IllegalArgumentException for another status
     * @throws IllegalStateException when the final response is committed
     * @throws IOException when the connection fails
     */
    void sendInterim(int status, HttpFields fields) throws IOException;

    /**
     * @return the response body; see {@link ResponseBody}
     */
    ResponseBody responseBody();

    /**
     * Asks for trailer fields (RFC 9110 §6.5) to be sent after the body; forces chunked framing on
     * HTTP/1.1, and is ignored on HTTP/1.0. The supplier is called once, when the body ends; it may
     * return {@code null} (no trailers). Fields not allowed in a trailer section (RFC 9110 §6.5.1:
     * framing, routing, request modifiers, authentication, cookies, response control data,
     * {@code Content-Type}/{@code -Encoding}/{@code -Range}, connection options) are dropped, as
     * Tomcat does. A supplier that throws, or a field with a null, non-token or control-character
     * name or value, is an application fault (see above): a 500 when the response was not yet
     * committed, else an abort; the last chunk is never sent then.
     *
     * @param trailers supplies the trailer fields
     * @throws IllegalStateException when the response is committed
     */
    void setTrailerFields(Supplier<HttpFields> trailers);

    /**
     * @return whether the status line and fields have been written or are being written
     */
    boolean isCommitted();

    /**
     * Keeps the exchange open after {@link HttpHandler#handle} returns, until {@link #complete()}
     * (Servlet 6.1 §2.3.3.3).
     */
    void startAsync();

    /**
     * Ends the exchange: ends the response body and releases the connection for the next request.
     * Idempotent; callable from any thread. Called by the connector when a handler returns without
     * {@link #startAsync()}.
     */
    void complete();

    /**
     * Aborts the exchange: the connection is closed at once, without completing the response.
     * Called on the thread running the handler, finished responses pipelined before this one are
     * written first. Idempotent; callable from any thread.
     *
     * @param cause why, for the log; may be {@code null}
     */
    void abort(Throwable cause);

    /**
     * Upgrades the connection to another protocol (RFC 9110 §7.8): when the exchange ends (the
     * handler returns, or {@link #complete()} after {@link #startAsync()}), the connector writes
     * {@code 101 (Switching Protocols)} with {@code Connection: Upgrade}, {@code Upgrade: protocol}
     * and the {@linkplain #responseFields() response fields} set (e.g. {@code Sec-WebSocket-Accept}),
     * then hands the connection to {@code handler} ({@link UpgradeHandler#onUpgrade}). Bytes sent
     * after the request are the new protocol's: none of them is parsed as HTTP.
     *
     * <p>The handler must write no response body: bytes written make the upgrade fail (the
     * connection closes without the 101). Connections being upgraded count in
     * {@link ConnectorConfig#maxConnections()} as any other.
     *
     * @param protocol the protocol switched to, the {@code Upgrade} field's value (RFC 9110 §7.8),
     *     e.g. {@code websocket}; a token, optionally {@code /version}
     * @param handler what takes the connection over
     * @throws IllegalStateException when the response is committed, the request is not HTTP/1.1,
     *     it has no {@code Upgrade} field or no {@code upgrade} connection option, or it has a body
     * @throws IllegalArgumentException when {@code protocol} is not a protocol token
     * @throws UnsupportedOperationException when the exchange cannot be upgraded (the default)
     */
    default void upgrade(String protocol, UpgradeHandler handler) {
        throw new UnsupportedOperationException("this exchange cannot be upgraded");
    }

    /**
     * Records the name of the user the application authenticated for this request, for logging
     * only (the access log's {@code %u}); the connector itself never authenticates. The servlet
     * adapter calls it when a request's user is established, and with {@code null} on logout.
     * The default does nothing: an exchange that does not log ignores it.
     *
     * @param name the user name, or {@code null} for none
     */
    default void setRemoteUser(String name) {
    }

    /**
     * @return the name last given to {@link #setRemoteUser}, or {@code null}; the default always
     *     {@code null}
     */
    default String remoteUser() {
        return null;
    }
}
