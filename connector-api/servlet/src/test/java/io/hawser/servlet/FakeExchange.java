package io.hawser.servlet;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpFields;
import io.hawser.api.MutableHttpFields;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Builds a mocked {@link HttpExchange}: the seam a servlet sees the wire through. Request and
 * response field sections are real {@link MutableHttpFields}, the bodies simple in-memory ones.
 */
final class FakeExchange {
    final MutableHttpFields requestFields = new MutableHttpFields();
    final MutableHttpFields responseFields = new MutableHttpFields();
    final CapturingResponseBody responseBody = new CapturingResponseBody();
    final AtomicInteger status = new AtomicInteger(200);
    final AtomicReference<Supplier<HttpFields>> trailers = new AtomicReference<>();
    final HttpExchange exchange = mock(HttpExchange.class);
    private String method = "GET";
    private String target = "/";
    private byte[] body = new byte[0];
    private boolean chunked;
    private HttpFields requestTrailers = HttpFields.EMPTY;
    private String protocol = "HTTP/1.1";
    private io.hawser.api.TlsInfo tls;

    static FakeExchange get(String target) {
        return new FakeExchange().method("GET").target(target).header("Host", "example.com:8080");
    }

    FakeExchange method(String m) {
        method = m;
        return this;
    }

    FakeExchange target(String t) {
        target = t;
        return this;
    }

    FakeExchange protocol(String p) {
        protocol = p;
        return this;
    }

    /** @param info what the TLS connection negotiated: the exchange is then secure; {@code null}: cleartext */
    FakeExchange tls(io.hawser.api.TlsInfo info) {
        tls = info;
        return this;
    }

    FakeExchange header(String name, String value) {
        requestFields.add(name, value);
        return this;
    }

    FakeExchange body(String text) {
        body = text.getBytes(StandardCharsets.UTF_8);
        requestFields.set("Content-Length", Integer.toString(body.length));
        return this;
    }

    FakeExchange chunkedBody(byte[] data, HttpFields trailerFields) {
        body = data;
        chunked = true;
        requestTrailers = trailerFields;
        requestFields.set("Transfer-Encoding", "chunked");
        return this;
    }

    /** @return the mock, stubbed */
    HttpExchange build() {
        int q = target.indexOf('?');
        when(exchange.method()).thenReturn(method);
        when(exchange.requestTarget()).thenReturn(target);
        when(exchange.path()).thenReturn(q < 0 ? target : target.substring(0, q));
        when(exchange.query()).thenReturn(q < 0 ? null : target.substring(q + 1));
        when(exchange.protocol()).thenReturn(protocol);
        when(exchange.requestFields()).thenReturn(requestFields);
        when(exchange.requestBody()).thenReturn(new BytesRequestBody(body, chunked, requestTrailers));
        when(exchange.responseFields()).thenReturn(responseFields);
        when(exchange.responseBody()).thenReturn(responseBody);
        when(exchange.remoteAddress()).thenReturn(new InetSocketAddress("127.0.0.1", 50123));
        when(exchange.localAddress()).thenReturn(new InetSocketAddress("127.0.0.1", 8080));
        when(exchange.isSecure()).thenReturn(tls != null);
        when(exchange.tlsInfo()).thenReturn(tls);
        when(exchange.status()).thenAnswer(inv -> status.get());
        doAnswer(inv -> {
            int s = inv.getArgument(0);
            if (s < 200 || s > 599) {
                throw new IllegalArgumentException("status " + s);
            }
            if (responseBody.committed) {
                throw new IllegalStateException("committed");
            }
            status.set(s);
            return null;
        }).when(exchange).setStatus(anyInt());
        when(exchange.isCommitted()).thenAnswer(inv -> responseBody.committed);
        doAnswer(inv -> {
            trailers.set(inv.getArgument(0));
            return null;
        }).when(exchange).setTrailerFields(any());
        return exchange;
    }

    String body() {
        return responseBody.text();
    }
}
