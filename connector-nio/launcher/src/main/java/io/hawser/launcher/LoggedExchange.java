package io.hawser.launcher;

import io.hawser.api.BadMessageException;
import io.hawser.api.ForwardedRequest;
import io.hawser.api.HttpExchange;
import io.hawser.api.HttpExchangeWrapper;
import io.hawser.api.TrustedProxies;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An exchange passed on unchanged except that its end is noticed: the access log line is written
 * once, when the handler returns (synchronous exchanges), or when the application calls
 * {@link #complete()} or {@link #abort} after {@link #startAsync()}. The request line is read when
 * the exchange starts; the line is formatted (status, size, fields) just before the exchange is
 * passed on to end, because the connector reuses the exchange for the connection's next request
 * (and, at shutdown, the log may close as soon as the last exchange has ended). The user the application
 * authenticated ({@link #setRemoteUser}, called by the servlet adapter) is kept here for
 * {@code %u}, and also passed on. Behind trusted proxies the client address and server name are
 * the forwarded ones ({@link ForwardedRequest}, computed as the servlet layer does).
 */
final class LoggedExchange extends HttpExchangeWrapper {
    private final HttpExchange delegate;
    private final AccessLog log;
    private final long receivedMillis = System.currentTimeMillis();
    private final long startNanos = System.nanoTime();
    private final ForwardedRequest origin;
    private final String serverName;
    private final String method;
    private final String target;
    private final String path;
    private final String query;
    private final String protocol;
    private final InetSocketAddress local;
    private final boolean head;
    private final AtomicBoolean logged = new AtomicBoolean();
    private volatile String remoteUser;

    /**
     * @param delegate the connector's exchange
     * @param log where the line goes
     * @param proxies whose forwarded fields give {@code %h}/{@code %a}/{@code %v}
     * @param fields which forwarded fields
     */
    LoggedExchange(HttpExchange delegate, AccessLog log, TrustedProxies proxies, ForwardedRequest.Fields fields) {
        super(delegate);
        this.delegate = delegate;
        this.log = log;
        this.head = "HEAD".equals(delegate.method());
        this.method = delegate.method();
        this.target = delegate.requestTarget();
        this.path = delegate.path();
        this.query = delegate.query();
        this.protocol = delegate.protocol();
        this.local = delegate.localAddress();
        ForwardedRequest f;
        try {
            f = ForwardedRequest.of(delegate, proxies, fields);
        } catch (BadMessageException e) {
            f = ForwardedRequest.direct(delegate); // answered 400 by the servlet layer; the peer is logged
        }
        this.origin = f;
        this.serverName = f.host() != null ? f.host() : hostOf(delegate.requestFields().get("Host"));
    }

    private static String hostOf(String host) {
        if (host == null || host.isEmpty()) {
            return "-";
        }
        int end = host.startsWith("[") ? host.indexOf(']') + 1 : host.indexOf(':');
        return end <= 0 ? host : host.substring(0, end);
    }

    /**
     * Writes the log line, once.
     *
     * @param status the status to log when the connector answers instead of the application
     *     (500 after a handler threw before commit), or 0 for the exchange's own status
     */
    void logOnce(int status) {
        logOnce(status != 0 ? status : delegate.status(), delegate.responseBody().bytesWritten());
    }

    /**
     * Formats and queues the line while the exchange's field sections are still this request's
     * (before the connector ends and reuses the exchange), so nothing is copied.
     */
    private void logOnce(int status, long bytes) {
        if (logged.compareAndSet(false, true)) {
            // A HEAD response carries no content (RFC 9110 §9.3.2), whatever the servlet wrote to be counted.
            log.log(new AccessRecord(receivedMillis, System.nanoTime() - startNanos, origin.remoteAddress(),
                    origin.remotePort(), local.getAddress() == null ? "-" : local.getAddress().getHostAddress(),
                    local.getPort(), serverName, method, target, path, query, protocol, status, head ? 0 : bytes,
                    remoteUser, Thread.currentThread().getName(), delegate.requestFields(), delegate.responseFields()));
        }
    }

    @Override
    public void setRemoteUser(String name) {
        remoteUser = name;
        delegate.setRemoteUser(name);
    }

    @Override
    public String remoteUser() {
        return remoteUser;
    }

    @Override
    public void complete() {
        logOnce(delegate.status(), delegate.responseBody().bytesWritten());
        delegate.complete();
    }

    @Override
    public void abort(Throwable cause) {
        logOnce(delegate.status(), delegate.responseBody().bytesWritten());
        delegate.abort(cause);
    }
}
