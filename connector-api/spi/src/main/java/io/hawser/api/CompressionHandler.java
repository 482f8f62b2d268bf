package io.hawser.api;

/**
 * Wraps a handler so that its responses are gzipped (RFC 9110 §8.4.1.3) when the client accepts
 * gzip ({@link AcceptEncoding}: q-values, {@code *}, {@code identity}) and the response qualifies:
 *
 * <ul>
 *   <li>never for HEAD, or for a request with {@code Range} (its 206 would range over the identity
 *       bytes); never for 1xx, 204, 206 or 304, a response that already has a
 *       {@code Content-Encoding} (a precompressed file, an application's own coding) or a
 *       {@code Content-Range}, or {@code Cache-Control: no-transform};</li>
 *   <li>only a media type in {@link Compression#mimeTypes()}, of at least
 *       {@link Compression#minSize()} bytes (a declared {@code Content-Length}, else what is
 *       written before the body ends; a flush before that compresses, the size unknown).</li>
 * </ul>
 *
 * A compressed response gets {@code Content-Encoding: gzip}, no {@code Content-Length} (the
 * connector frames it: a length when it ends within the buffer, else chunked) and a weak
 * {@code ETag} ({@code "x"} → {@code W/"x"}, RFC 9110 §8.8.1); every compressible response, compressed
 * or not, gets {@code Vary: Accept-Encoding} (§12.5.5) so caches keep the variants apart.
 * Streaming: bytes are deflated as they are written (nothing buffered beyond {@code minSize}
 * before the decision), and a flush is a DEFLATE sync flush. The access log's byte count, if it
 * wraps this handler, is then the compressed size.
 *
 * <p>Like Jetty 12's {@code CompressionHandler} (a core handler, below any servlet) and Tomcat's
 * connector-level {@code compression}, it sits between the connector and the application, so raw
 * handlers and the servlet adapter get the same rules.
 */
public final class CompressionHandler implements HttpHandler {
    private final HttpHandler next;
    private final Compression config;

    /**
     * @param next the handler whose responses are compressed
     * @param config what to compress
     */
    public CompressionHandler(HttpHandler next, Compression config) {
        this.next = java.util.Objects.requireNonNull(next, "next");
        this.config = java.util.Objects.requireNonNull(config, "config");
    }

    @Override
    public void handle(HttpExchange exchange) throws Exception {
        if ("HEAD".equals(exchange.method()) || exchange.requestFields().contains("Range")) {
            next.handle(exchange);
            return;
        }
        CompressingExchange c = new CompressingExchange(exchange, config,
                AcceptEncoding.accepts(exchange.requestFields(), "gzip"));
        try {
            next.handle(c);
        } catch (Exception | Error e) {
            c.failed();
            throw e;
        }
        if (!c.isAsyncStarted()) {
            c.endBody();
        }
    }

    @Override
    public boolean isNonBlocking() {
        return next.isNonBlocking();
    }
}
