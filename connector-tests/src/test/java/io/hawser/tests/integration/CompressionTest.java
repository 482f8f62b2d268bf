package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.Compression;
import io.hawser.api.CompressionHandler;
import io.hawser.api.HttpExchange;
import io.hawser.api.HttpHandler;
import io.hawser.nio.NioConnector;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Gzip over the wire: the negotiation table, what is never compressed, and the bytes decoded back. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CompressionTest {
    private static NioConnector server;

    /** {@code /?size=N&type=T&status=S&length=1&etag=1&encoding=E&flush=1&nocache=1&vary=V&random=1}: a body of N text (or random) bytes. */
    private static final HttpHandler APP = exchange -> {
        Map<String, String> q = query(exchange);
        int size = Integer.parseInt(q.getOrDefault("size", "2000"));
        exchange.setStatus(Integer.parseInt(q.getOrDefault("status", "200")));
        exchange.responseFields().set("Content-Type", q.getOrDefault("type", "text/plain;charset=UTF-8"));
        if (q.containsKey("etag")) {
            exchange.responseFields().set("ETag", "\"v1\"");
        }
        if (q.containsKey("encoding")) {
            exchange.responseFields().set("Content-Encoding", q.get("encoding"));
        }
        if (q.containsKey("nocache")) {
            exchange.responseFields().set("Cache-Control", "no-transform");
        }
        if (q.containsKey("vary")) {
            exchange.responseFields().set("Vary", q.get("vary"));
        }
        if (q.containsKey("length")) {
            exchange.responseFields().set("Content-Length", Integer.toString(size));
        }
        if (exchange.status() == 204 || exchange.status() == 304) {
            return;
        }
        byte[] body = q.containsKey("random") ? RawHttp.pattern(size, 7) : text(size);
        int half = size / 2;
        exchange.responseBody().write(body, 0, half);
        if (q.containsKey("flush")) {
            exchange.responseBody().flush();
        }
        exchange.responseBody().write(body, half, size - half);
    };

    @BeforeAll
    static void start() throws IOException {
        server = RawHttp.start(new CompressionHandler(APP, new Compression(1024, Compression.DEFAULT_MIME_TYPES, -1)));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Map<String, String> query(HttpExchange exchange) {
        Map<String, String> q = new HashMap<>();
        if (exchange.query() != null) {
            for (String p : exchange.query().split("&")) {
                int eq = p.indexOf('=');
                q.put(eq < 0 ? p : p.substring(0, eq), eq < 0 ? "" : p.substring(eq + 1).replace("%3B", ";"));
            }
        }
        return q;
    }

    static byte[] text(int size) {
        byte[] b = new byte[size];
        String words = "the quick brown fox jumps over the lazy dog ";
        for (int i = 0; i < size; i++) {
            b[i] = (byte) words.charAt(i % words.length());
        }
        return b;
    }

    private static RawHttp.Response get(String target, String... fields) throws IOException {
        return request("GET", target, fields);
    }

    private static RawHttp.Response request(String method, String target, String... fields) throws IOException {
        StringBuilder s = new StringBuilder(method + " " + target + " HTTP/1.1\r\nHost: t\r\n");
        for (String f : fields) {
            s.append(f).append("\r\n");
        }
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send(s.append("\r\n").toString());
            return method.equals("HEAD") ? c.readHead() : c.read();
        }
    }

    static byte[] gunzip(byte[] b) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(b))) {
            return in.readAllBytes();
        }
    }

    @ParameterizedTest(name = "Accept-Encoding: {0} → {1}")
    @CsvSource(delimiter = '|', nullValues = "(none)", value = {
        "gzip|gzip",
        "GZIP|gzip",
        "x-gzip|gzip",
        "gzip;q=0.5|gzip",
        "gzip;q=0.001|gzip",
        "gzip;q=0|identity",
        "gzip;q=0.000|identity",
        "gzip; q=0, *|identity",
        "*|gzip",
        "*;q=0.1|gzip",
        "*;q=0|identity",
        "*;q=0, gzip|gzip",
        "br|identity",
        "identity|identity",
        "identity;q=0, gzip|gzip",
        "deflate, gzip;q=1.0|gzip",
        "gzip;q=2|identity",
        "gzip;q=abc|identity",
        "(none)|identity",
        "''|identity",
    })
    void negotiation(String acceptEncoding, String expected) throws IOException {
        RawHttp.Response r = acceptEncoding == null ? get("/") : get("/", "Accept-Encoding: " + acceptEncoding);
        assertThat(r.status).isEqualTo(200);
        assertThat(r.header("Vary")).isEqualTo("Accept-Encoding");
        if (expected.equals("gzip")) {
            assertThat(r.header("Content-Encoding")).isEqualTo("gzip");
            assertThat(gunzip(r.body)).isEqualTo(text(2000));
            assertThat(r.body.length).isLessThan(2000);
        } else {
            assertThat(r.header("Content-Encoding")).isNull();
            assertThat(r.body).isEqualTo(text(2000));
        }
    }

    @ParameterizedTest(name = "{0} is not compressed")
    @CsvSource(delimiter = '|', value = {
        "/?size=1023|below the minimum size",
        "/?size=1023&length=1|a declared length below the minimum",
        "/?type=image/png|a media type not listed",
        "/?type=application/octet-stream|octet-stream",
        "/?encoding=br|already encoded",
        "/?status=206|a 206",
        "/?nocache=1|Cache-Control: no-transform",
    })
    void neverCompressed(String target, String why) throws IOException {
        RawHttp.Response r = get(target, "Accept-Encoding: gzip");
        assertThat(r.header("Content-Encoding")).as(why).isNotEqualTo("gzip");
        int size = target.contains("size=1023") ? 1023 : 2000;
        assertThat(r.body).as(why).isEqualTo(text(size));
    }

    @Test
    void noBodyStatusesAndHeadAreLeftAlone() throws IOException {
        assertThat(get("/?status=204", "Accept-Encoding: gzip").header("Content-Encoding")).isNull();
        assertThat(get("/?status=304", "Accept-Encoding: gzip").header("Content-Encoding")).isNull();
        RawHttp.Response head = request("HEAD", "/", "Accept-Encoding: gzip");
        assertThat(head.header("Content-Encoding")).isNull();
        assertThat(head.header("Content-Length")).isEqualTo("2000");
    }

    @Test
    void aRangeRequestIsNeverCompressed() throws IOException {
        RawHttp.Response r = get("/", "Accept-Encoding: gzip", "Range: bytes=0-9");
        assertThat(r.header("Content-Encoding")).isNull();
        assertThat(r.body).isEqualTo(text(2000));
    }

    @Test
    void aCompressedVariantsEtagIsWeakAndItsLengthIsTheCompressedOne() throws IOException {
        RawHttp.Response r = get("/?etag=1&length=1", "Accept-Encoding: gzip");
        assertThat(r.header("Content-Encoding")).isEqualTo("gzip");
        assertThat(r.header("ETag")).isEqualTo("W/\"v1\"");
        assertThat(r.header("Content-Length")).isEqualTo(Integer.toString(r.body.length));
        assertThat(gunzip(r.body)).isEqualTo(text(2000));
        assertThat(get("/?etag=1", "Accept-Encoding: identity").header("ETag")).isEqualTo("\"v1\"");
    }

    @Test
    void anExistingVaryIsKept() throws IOException {
        RawHttp.Response r = get("/?vary=Origin", "Accept-Encoding: gzip");
        assertThat(r.fields.stream().filter(f -> f[0].equalsIgnoreCase("Vary")).map(f -> f[1]))
                .containsExactly("Origin", "Accept-Encoding");
    }

    @Test
    void aLargeStreamedBodyIsChunkedAndAFlushIsASyncFlush() throws IOException {
        RawHttp.Response big = get("/?size=300000&random=1", "Accept-Encoding: gzip");
        assertThat(big.chunked).isTrue();
        assertThat(gunzip(big.body)).isEqualTo(RawHttp.pattern(300000, 7));
        RawHttp.Response flushed = get("/?size=100&flush=1", "Accept-Encoding: gzip");
        assertThat(flushed.header("Content-Encoding")).isEqualTo("gzip");
        assertThat(gunzip(flushed.body)).isEqualTo(text(100));
        assertThat(new String(gunzip(flushed.body), StandardCharsets.US_ASCII)).startsWith("the quick");
        assertThat(Arrays.copyOf(flushed.body, 2)).containsExactly(0x1f, 0x8b);
    }
}
