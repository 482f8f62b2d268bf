package io.hawser.api;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.function.Supplier;

/**
 * An exchange that passes every call on to another (as the Servlet API's
 * {@code HttpServletRequestWrapper}): extend it to change a few methods of an exchange handed to
 * the next handler, e.g. a response body that compresses ({@link CompressionHandler}) or an end
 * that is noticed (an access log).
 */
public class HttpExchangeWrapper implements HttpExchange {
    private final HttpExchange delegate;
    private volatile boolean asyncStarted;

    /** @param delegate the exchange every call goes to */
    public HttpExchangeWrapper(HttpExchange delegate) {
        this.delegate = java.util.Objects.requireNonNull(delegate, "delegate");
    }

    /** @return the wrapped exchange */
    public HttpExchange delegate() {
        return delegate;
    }

    @Override
    public ResponseBody responseBody() {
        return delegate.responseBody();
    }

    /** Passes on, and remembers it for {@link #isAsyncStarted()}. */
    @Override
    public void startAsync() {
        asyncStarted = true;
        delegate.startAsync();
    }

    /** @return whether {@link #startAsync()} was called through this wrapper */
    public boolean isAsyncStarted() {
        return asyncStarted;
    }

    @Override
    public void complete() {
        delegate.complete();
    }

    @Override
    public void abort(Throwable cause) {
        delegate.abort(cause);
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
    public boolean isSecure() {
        return delegate.isSecure();
    }

    @Override
    public TlsInfo tlsInfo() {
        return delegate.tlsInfo();
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
    public void setTrailerFields(Supplier<HttpFields> trailers) {
        delegate.setTrailerFields(trailers);
    }

    @Override
    public boolean isCommitted() {
        return delegate.isCommitted();
    }

    @Override
    public void setRemoteUser(String name) {
        delegate.setRemoteUser(name);
    }

    @Override
    public String remoteUser() {
        return delegate.remoteUser();
    }
}
