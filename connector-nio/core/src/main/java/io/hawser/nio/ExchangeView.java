package io.hawser.nio;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpFields;
import io.hawser.api.MutableHttpFields;
import io.hawser.api.RequestBody;
import io.hawser.api.ResponseBody;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.function.Supplier;

/**
 * What a handler holds for one request: the connection's reused {@link Http1Exchange}, bound to the
 * request's generation. After the request has ended, {@link #complete()} and {@link #abort} are
 * no-ops and everything else throws {@link IllegalStateException}, so an application that keeps a
 * reference (a late {@code complete()} from a timeout path, say) can never touch the next request
 * on the connection. A view is reused for the next request unless it went async (only then can it
 * outlive its request), so synchronous requests allocate nothing here.
 */
final class ExchangeView implements HttpExchange {
    private final Http1Exchange exchange;
    int generation;

    ExchangeView(Http1Exchange exchange) {
        this.exchange = exchange;
    }

    private Http1Exchange live() {
        if (exchange.generation != generation) {
            throw new IllegalStateException("this exchange has ended");
        }
        return exchange;
    }

    @Override
    public String method() {
        return live().method();
    }

    @Override
    public String requestTarget() {
        return live().requestTarget();
    }

    @Override
    public String path() {
        return live().path();
    }

    @Override
    public String query() {
        return live().query();
    }

    @Override
    public String protocol() {
        return live().protocol();
    }

    @Override
    public HttpFields requestFields() {
        return live().requestFields();
    }

    @Override
    public RequestBody requestBody() {
        return live().requestBody();
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return live().remoteAddress();
    }

    @Override
    public InetSocketAddress localAddress() {
        return live().localAddress();
    }

    @Override
    public boolean isSecure() {
        return live().isSecure();
    }

    @Override
    public io.hawser.api.TlsInfo tlsInfo() {
        return live().tlsInfo();
    }

    @Override
    public int status() {
        return live().status();
    }

    @Override
    public void setStatus(int status) {
        live().setStatus(status);
    }

    @Override
    public MutableHttpFields responseFields() {
        return live().responseFields();
    }

    @Override
    public void sendInterim(int status, HttpFields fields) throws IOException {
        live().sendInterim(status, fields);
    }

    @Override
    public ResponseBody responseBody() {
        return live().responseBody();
    }

    @Override
    public void setTrailerFields(Supplier<HttpFields> trailers) {
        live().setTrailerFields(trailers);
    }

    @Override
    public boolean isCommitted() {
        return live().isCommitted();
    }

    @Override
    public void startAsync() {
        live().startAsync();
    }

    @Override
    public void complete() {
        if (exchange.generation == generation) {
            exchange.complete();
        }
    }

    @Override
    public void abort(Throwable cause) {
        if (exchange.generation == generation) {
            exchange.abort(cause);
        }
    }

    @Override
    public String toString() {
        return "exchange #" + generation + (exchange.generation == generation ? "" : " (ended)");
    }

    @Override
    public void upgrade(String protocol, io.hawser.api.UpgradeHandler handler) {
        live().upgrade(protocol, handler);
    }
}
