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
 */
public final class SampleHandler implements HttpHandler {
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        String path = exchange.path();
        if (path.equals("/plaintext")) {
            plaintext(exchange);
        } else if (path.equals("/echo") || path.startsWith("/echo/")) {
            echo(exchange);
        } else if (path.startsWith("/status/")) {
            status(exchange, path.substring("/status/".length()));
        } else if (path.equals("/stream")) {
            stream(exchange);
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
