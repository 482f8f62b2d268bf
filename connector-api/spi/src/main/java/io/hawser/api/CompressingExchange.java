package io.hawser.api;

import java.io.IOException;

/**
 * The exchange a {@link CompressionHandler} hands on: the connector's, except that its response
 * body is a {@link CompressingBody} and its end first ends the gzip stream.
 */
final class CompressingExchange extends HttpExchangeWrapper {
    private final HttpExchange delegate;
    private final CompressingBody body;

    CompressingExchange(HttpExchange delegate, Compression config, boolean accepted) {
        super(delegate);
        this.delegate = delegate;
        this.body = new CompressingBody(delegate, config, accepted);
    }

    /** Ends the gzip stream of a synchronous exchange whose handler returned. */
    void endBody() throws IOException {
        body.finish();
    }

    /** After the handler threw: no more output; a gzip coding set on an uncommitted response is taken back. */
    void failed() {
        body.release();
        if (body.encodingSet() && !delegate.isCommitted()) {
            delegate.responseFields().remove("Content-Encoding");
        }
    }

    @Override
    public ResponseBody responseBody() {
        return body;
    }

    @Override
    public void complete() {
        try {
            body.finish();
        } catch (IOException | RuntimeException e) {
            body.release();
            delegate.abort(e);
            return;
        }
        delegate.complete();
    }

    @Override
    public void abort(Throwable cause) {
        body.release();
        delegate.abort(cause);
    }
}
