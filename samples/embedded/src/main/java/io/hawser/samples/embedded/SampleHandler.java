package io.hawser.samples.embedded;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpFields;
import io.hawser.api.HttpHandler;
import io.hawser.api.RequestBody;
import io.hawser.api.ResponseBody;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The endpoints of the conformance contract, written against the raw handler SPI:
 * {@code GET /plaintext}, {@code /echo} (any method), {@code /status/NNN} and {@code /stream}.
 * Anything else answers 404.
 *
 * <p>Two ways to run, answering the same bytes: blocking (the default: on worker threads, the body
 * read with {@code read}), or non-blocking ({@link #isNonBlocking()}: on the selector loop itself,
 * the fastest path of the SPI — the body read with {@link RequestBody#readAvailable} and
 * {@link RequestBody#demand}, {@code /stream} written only while {@link ResponseBody#isReady()}).
 */
public final class SampleHandler implements HttpHandler {
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
    private final boolean nonBlocking;

    /** The blocking handler (on worker threads). */
    public SampleHandler() {
        this(false);
    }

    /** @param nonBlocking whether it runs on the selector loop, never blocking */
    public SampleHandler(boolean nonBlocking) {
        this.nonBlocking = nonBlocking;
    }

    @Override
    public boolean isNonBlocking() {
        return nonBlocking;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        String path = exchange.path();
        if (path.equals("/plaintext")) {
            plaintext(exchange);
        } else if (path.equals("/echo") || path.startsWith("/echo/")) {
            if (nonBlocking) {
                new NonBlockingEcho(exchange).start();
            } else {
                echo(exchange);
            }
        } else if (path.startsWith("/status/")) {
            status(exchange, path.substring("/status/".length()));
        } else if (path.equals("/stream")) {
            if (nonBlocking) {
                new NonBlockingStream(exchange).start();
            } else {
                stream(exchange);
            }
        } else {
            text(exchange, 404, "not found\n");
        }
    }

    private static void plaintext(HttpExchange exchange) throws IOException {
        if (!exchange.method().equals("GET") && !exchange.method().equals("HEAD")) {
            exchange.responseFields().set("Allow", "GET, HEAD");
            text(exchange, 405, "method not allowed\n");
            return;
        }
        exchange.responseFields().set("Content-Type", "text/plain");
        exchange.responseBody().write(HELLO);
    }

    private static void echo(HttpExchange exchange) throws IOException {
        MessageDigest sha256 = sha256();
        long length = 0;
        byte[] chunk = new byte[16 * 1024];
        RequestBody body = exchange.requestBody();
        for (int n; (n = body.read(chunk, 0, chunk.length)) >= 0; ) {
            sha256.update(chunk, 0, n);
            length += n;
        }
        echoed(exchange, length, sha256);
    }

    /** /echo without blocking: reads what is there, asks to be called back for more, answers at the end. */
    private static final class NonBlockingEcho implements Runnable {
        private final HttpExchange exchange;
        private final MessageDigest sha256 = sha256();
        private final byte[] chunk = new byte[16 * 1024];
        private long length;

        NonBlockingEcho(HttpExchange exchange) {
            this.exchange = exchange;
        }

        void start() {
            exchange.startAsync();
            run();
        }

        @Override
        public void run() {
            try {
                RequestBody body = exchange.requestBody();
                int n;
                while ((n = body.readAvailable(chunk, 0, chunk.length)) > 0) {
                    sha256.update(chunk, 0, n);
                    length += n;
                }
                if (n == 0) {
                    body.demand(this);
                    return;
                }
                echoed(exchange, length, sha256); // a few hundred bytes: within the response buffer
                exchange.complete();
            } catch (IOException e) {
                failed(exchange, e);
            }
        }
    }

    /** /stream without blocking: a piece at a time while the connection takes them. */
    private static final class NonBlockingStream implements Runnable {
        private final HttpExchange exchange;
        private int piece = 1;

        NonBlockingStream(HttpExchange exchange) {
            this.exchange = exchange;
        }

        void start() {
            exchange.startAsync();
            exchange.responseFields().set("Content-Type", "text/plain");
            run();
        }

        @Override
        public void run() {
            try {
                ResponseBody out = exchange.responseBody();
                while (piece <= 5 && out.isReady()) {
                    out.write(("piece " + piece++ + "\n").getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                }
                if (piece <= 5) {
                    out.onWritable(this);
                } else {
                    exchange.complete();
                }
            } catch (IOException e) {
                failed(exchange, e);
            }
        }
    }

    /**
     * A callback failed: bad framing gets its status (400, 413 ...) and a close when nothing is
     * committed yet, as a handler that throws it gets from the connector; anything else aborts.
     */
    private static void failed(HttpExchange exchange, IOException e) {
        if (e instanceof io.hawser.api.BadMessageException bad && !exchange.isCommitted()) {
            try {
                exchange.responseFields().set("Connection", "close");
                text(exchange, bad.status(), bad.getMessage() + "\n");
                exchange.complete();
                return;
            } catch (IOException | RuntimeException again) {
                e.addSuppressed(again);
            }
        }
        exchange.abort(e);
    }

    private static void echoed(HttpExchange exchange, long length, MessageDigest sha256) throws IOException {
        StringBuilder out = new StringBuilder(256);
        out.append("method: ").append(exchange.method()).append('\n');
        out.append("target: ").append(exchange.path());
        if (exchange.query() != null) {
            out.append('?').append(exchange.query());
        }
        out.append('\n');
        out.append("protocol: ").append(exchange.protocol()).append('\n');
        HttpFields fields = exchange.requestFields();
        for (int i = 0; i < fields.size(); i++) {
            out.append("header: ").append(fields.name(i)).append(": ").append(fields.value(i)).append('\n');
        }
        out.append("body-length: ").append(length).append('\n');
        out.append("body-sha256: ").append(hex(sha256.digest())).append('\n');
        exchange.responseFields().set("Content-Type", "text/plain;charset=iso-8859-1");
        exchange.responseBody().write(out.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    private static void status(HttpExchange exchange, String code) throws IOException {
        int status;
        try {
            status = Integer.parseInt(code);
        } catch (NumberFormatException e) {
            status = -1;
        }
        if (status < 200 || status > 599) {
            text(exchange, 404, "no such status\n");
            return;
        }
        exchange.setStatus(status);
        if (status != 204 && status != 304) {
            text(exchange, status, "status " + status + "\n");
        }
    }

    private static void stream(HttpExchange exchange) throws IOException {
        exchange.responseFields().set("Content-Type", "text/plain");
        ResponseBody out = exchange.responseBody();
        for (int i = 1; i <= 5; i++) {
            out.write(("piece " + i + "\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }
    }

    private static void text(HttpExchange exchange, int status, String text) throws IOException {
        exchange.setStatus(status);
        exchange.responseFields().set("Content-Type", "text/plain");
        exchange.responseBody().write(text.getBytes(StandardCharsets.US_ASCII));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            s.append(Character.forDigit(b >> 4 & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return s.toString();
    }
}
