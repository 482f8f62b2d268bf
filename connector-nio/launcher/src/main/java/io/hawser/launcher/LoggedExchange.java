package io.hawser.launcher;

import io.hawser.api.BadMessageException;
import io.hawser.api.ForwardedRequest;
import io.hawser.api.HttpExchange;
import io.hawser.api.HttpExchangeWrapper;
import io.hawser.api.HttpFields;
import io.hawser.api.MutableHttpFields;
import io.hawser.api.TrustedProxies;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An exchange passed on unchanged except that its end is noticed: the access log line is written
 * once, when the handler returns (synchronous exchanges), or when the application calls
 * {@link #complete()} or {@link #abort} after {@link #startAsync()}. The request's values are
 * read when the exchange starts, and the status and size just before it ends, because the
 * connector reuses the exchange for the connection's next request. The user the application
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
    private final HttpFields requestFields;
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
        this.requestFields = copy(delegate.requestFields());
        ForwardedRequest f;
        try {
            f = ForwardedRequest.of(delegate, proxies, fields);
        } catch (BadMessageException e) {
            f = ForwardedRequest.direct(delegate); // answered 400 by the servlet layer; the peer is logged
        }
        this.origin = f;
        this.serverName = f.host() != null ? f.host() : hostOf(requestFields.get("Host"));
    }

    private static String hostOf(String host) {
        if (host == null || host.isEmpty()) {
            return "-";
        }
        int end = host.startsWith("[") ? host.indexOf(']') + 1 : host.indexOf(':');
        return end <= 0 ? host : host.substring(0, end);
    }

    private static HttpFields copy(HttpFields fields) {
        MutableHttpFields c = new MutableHttpFields();
        for (int i = 0, n = fields.size(); i < n; i++) {
            c.add(fields.name(i), fields.value(i));
        }
        return c;
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

    private void logOnce(int status, long bytes) {
        if (logged.compareAndSet(false, true)) {
            InetSocketAddress local = delegate.localAddress();
            // A HEAD response carries no content (RFC 9110 §9.3.2), whatever the servlet wrote to be counted.
            log.log(new AccessRecord(receivedMillis, System.nanoTime() - startNanos, origin.remoteAddress(),
                    origin.remotePort(), local.getAddress() == null ? "-" : local.getAddress().getHostAddress(),
                    local.getPort(), serverName, delegate.method(), delegate.requestTarget(), delegate.path(),
                    delegate.query(), delegate.protocol(), status, head ? 0 : bytes, remoteUser,
                    Thread.currentThread().getName(), requestFields, copy(delegate.responseFields())));
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
        int status = delegate.status();
        long bytes = delegate.responseBody().bytesWritten();
        delegate.complete();
        logOnce(status, bytes);
    }

    @Override
    public void abort(Throwable cause) {
        int status = delegate.status();
        long bytes = delegate.responseBody().bytesWritten();
        delegate.abort(cause);
        logOnce(status, bytes);
    }
}
