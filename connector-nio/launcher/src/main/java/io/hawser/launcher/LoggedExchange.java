package io.hawser.launcher;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpFields;
import io.hawser.api.MutableHttpFields;
import io.hawser.api.RequestBody;
import io.hawser.api.ResponseBody;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.ZonedDateTime;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * An exchange passed on unchanged except that its end is noticed: the access log line is written
 * once, when the handler returns (synchronous exchanges), or when the application calls
 * {@link #complete()} or {@link #abort} after {@link #startAsync()}. The request's values are
 * read when the exchange starts, and the status and size just before it ends, because the
 * connector reuses the exchange for the connection's next request. The user the application
 * authenticated ({@link #setRemoteUser}, called by the servlet adapter) is kept here for
 * {@code %u}, and also passed on.
 */
final class LoggedExchange implements HttpExchange {
    private final HttpExchange delegate;
    private final AccessLog log;
    private final ZonedDateTime received = ZonedDateTime.now();
    private final String client;
    private final String requestLine;
    private final String referer;
    private final String userAgent;
    private final boolean head;
    private final AtomicBoolean logged = new AtomicBoolean();
    private volatile boolean async;
    private volatile String remoteUser;

    LoggedExchange(HttpExchange delegate, AccessLog log) {
        this.delegate = delegate;
        this.log = log;
        InetSocketAddress remote = delegate.remoteAddress();
        this.client = remote == null || remote.getAddress() == null ? "-" : remote.getAddress().getHostAddress();
        this.requestLine = delegate.method() + " " + delegate.requestTarget() + " " + delegate.protocol();
        this.head = "HEAD".equals(delegate.method());
        HttpFields fields = delegate.requestFields();
        this.referer = fields.get("Referer");
        this.userAgent = fields.get("User-Agent");
    }

    /** @return whether {@link #startAsync()} was called */
    boolean isAsync() {
        return async;
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
            // A HEAD response carries no content (RFC 9110 §9.3.2), whatever the servlet wrote to be counted.
            log.log(client, remoteUser, received, requestLine, status, head ? 0 : bytes, referer, userAgent);
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
    public String method() {
        return delegate.method();
    }

    @Override
    public String requestTarget() {
        return delegate.requestTarget();
    }

    @Override
    public String path() {
        return delegate.path();
    }

    @Override
    public String query() {
        return delegate.query();
    }

    @Override
    public String protocol() {
        return delegate.protocol();
    }

    @Override
    public HttpFields requestFields() {
        return delegate.requestFields();
    }

    @Override
    public RequestBody requestBody() {
        return delegate.requestBody();
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return delegate.remoteAddress();
    }

    @Override
    public InetSocketAddress localAddress() {
        return delegate.localAddress();
    }

    @Override
    public int status() {
        return delegate.status();
    }

    @Override
    public void setStatus(int status) {
        delegate.setStatus(status);
    }

    @Override
    public MutableHttpFields responseFields() {
        return delegate.responseFields();
    }

    @Override
    public void sendInterim(int status, HttpFields fields) throws IOException {
        delegate.sendInterim(status, fields);
    }

    @Override
    public ResponseBody responseBody() {
        return delegate.responseBody();
    }

    @Override
    public void setTrailerFields(Supplier<HttpFields> trailers) {
        delegate.setTrailerFields(trailers);
    }

    @Override
    public boolean isCommitted() {
        return delegate.isCommitted();
    }

    @Override
    public void startAsync() {
        async = true;
        delegate.startAsync();
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
