package io.hawser.tests.conformance;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpFields;
import io.hawser.api.HttpHandler;
import io.hawser.api.MutableHttpFields;
import io.hawser.api.ResponseBody;
import io.hawser.samples.embedded.SampleHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The echo WAR's routes that the kit's jetty-client scenarios use ({@code /big}, {@code /trailers},
 * {@code /request-trailers}, {@code /throw-before-commit}, {@code /throw-after-commit}, {@code /slow})
 * as a raw {@link HttpHandler} in front of the embedded sample ({@code /plaintext}, {@code /echo},
 * {@code /status/NNN}, {@code /stream}), with the same answers as the WAR's servlets
 * ({@code samples/echo}), so the kit checks the connector without the servlet layer too.
 */
final class KitRoutes implements HttpHandler {
    private static final Pattern SIZE = Pattern.compile("(?:^|&)size=(\\d{1,9})(?:&|$)");
    private static final Pattern MS = Pattern.compile("(?:^|&)ms=(\\d{1,5})(?:&|$)");
    private final SampleHandler sample = new SampleHandler();

    @Override
    public void handle(HttpExchange exchange) throws Exception {
        String q = exchange.query() == null ? "" : exchange.query();
        switch (exchange.path()) {
            case "/big" -> big(exchange, q);
            case "/trailers" -> {
                exchange.setTrailerFields(() -> new MutableHttpFields().add("X-Checksum", "abc123").add("X-Count", "2"));
                exchange.responseBody().write("with trailers".getBytes(StandardCharsets.US_ASCII));
            }
            case "/request-trailers" -> requestTrailers(exchange);
            case "/throw-before-commit" -> {
                exchange.responseBody().write("x".getBytes(StandardCharsets.US_ASCII));
                throw new IllegalStateException("failure before commit");
            }
            case "/throw-after-commit" -> {
                if (q.contains("fixed")) {
                    exchange.responseFields().set("Content-Length", "200000");
                }
                exchange.responseBody().write(new byte[100_000]);
                exchange.responseBody().flush();
                throw new IllegalStateException("failure after commit");
            }
            case "/slow" -> {
                Matcher m = MS.matcher(q);
                Thread.sleep(m.find() ? Math.min(10_000, Long.parseLong(m.group(1))) : 20);
                exchange.responseFields().set("Content-Type", "text/plain")
                        .set("X-Remote-Port", Integer.toString(exchange.remoteAddress().getPort()));
                exchange.responseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
            }
            default -> sample.handle(exchange);
        }
    }

    /** {@code /big?size=N[&fixed]}: N bytes of {@code new Random(42).nextBytes}, written in 64 KiB pieces. */
    private static void big(HttpExchange exchange, String q) throws IOException {
        Matcher m = SIZE.matcher(q);
        if (!m.find()) {
            exchange.setStatus(400);
            return;
        }
        int size = Integer.parseInt(m.group(1));
        byte[] body = new byte[size];
        new Random(42).nextBytes(body);
        if (q.contains("fixed")) {
            exchange.responseFields().set("Content-Length", Integer.toString(size));
        }
        ResponseBody out = exchange.responseBody();
        for (int off = 0; off < size; off += 64 * 1024) {
            out.write(body, off, Math.min(64 * 1024, size - off));
        }
    }

    /** {@code length=N}, then one {@code name=value} line per request trailer field, names lower case, sorted. */
    private static void requestTrailers(HttpExchange exchange) throws IOException {
        byte[] all = exchange.requestBody().readAllBytes();
        HttpFields trailers = exchange.requestBody().trailerFields();
        Map<String, String> sorted = new TreeMap<>();
        for (int i = 0; i < trailers.size(); i++) {
            sorted.put(trailers.name(i).toLowerCase(Locale.ROOT), trailers.value(i));
        }
        StringBuilder s = new StringBuilder("length=" + all.length + "\n");
        sorted.forEach((k, v) -> s.append(k).append('=').append(v).append('\n'));
        exchange.responseBody().write(s.toString().getBytes(StandardCharsets.ISO_8859_1));
    }
}
