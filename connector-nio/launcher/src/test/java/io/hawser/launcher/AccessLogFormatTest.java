package io.hawser.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hawser.api.MutableHttpFields;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Access log lines: every pattern code, JSON parsed back, and a full queue dropping lines instead of blocking. */
class AccessLogFormatTest {
    /** 2026-12-01T15:49:37.123Z. */
    static final long AT = 1_796_140_177_123L;

    static AccessRecord record(String user, long bytes) {
        MutableHttpFields request = new MutableHttpFields().add("Host", "shop.example").add("Referer", "http://r/")
                .add("User-Agent", "curl/8 \"x\"").add("X-Multi", "a").add("X-Multi", "b");
        MutableHttpFields response = new MutableHttpFields().add("Content-Type", "text/html");
        return new AccessRecord(AT, 2_345_678_901L, "203.0.113.7", 50123, "10.0.0.1", 8080, "shop.example", "GET",
                "/shop/a?q=1", "/shop/a", "q=1", "HTTP/1.1", 200, bytes, user, "worker-1", request, response);
    }

    static String line(String pattern, AccessRecord r) {
        StringBuilder s = new StringBuilder();
        AccessLogFormat.of(pattern).format(r, s);
        return s.toString();
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "%h|203.0.113.7", "%a|203.0.113.7", "%A|10.0.0.1", "%p|8080", "%{local}p|8080", "%{remote}p|50123",
        "%l|-", "%u|-", "%m|GET", "%U|/shop/a", "%q|?q=1", "%H|HTTP/1.1", "%r|GET /shop/a?q=1 HTTP/1.1",
        "%s|200", "%>s|200", "%b|298", "%B|298", "%D|2345678", "%T|2", "%{ms}T|2345", "%{us}T|2345678", "%{s}T|2",
        "%v|shop.example", "%I|worker-1", "%{Referer}i|http://r/", "%{User-Agent}i|curl/8 \\x22x\\x22",
        "%{X-Multi}i|a, b", "%{Missing}i|-", "%{Content-Type}o|text/html", "%{Missing}o|-", "100%%|100%",
        "'[%m %U]'|'[GET /shop/a]'",
    })
    void everyCode(String pattern, String expected) {
        assertThat(line(pattern, record(null, 298))).isEqualTo(expected);
    }

    @Test
    void commonAndCombinedAreTheApacheFormats() {
        String time = AccessLogFormat.clfTime(AT);
        assertThat(time).matches("\\[01/Dec/2026:\\d\\d:\\d\\d:37 [+-]\\d{4}]");
        assertThat(line("common", record("al ice", 0)))
                .isEqualTo("203.0.113.7 - al\\x20ice " + time + " \"GET /shop/a?q=1 HTTP/1.1\" 200 -");
        assertThat(line("combined", record(null, 12))).isEqualTo("203.0.113.7 - - " + time
                + " \"GET /shop/a?q=1 HTTP/1.1\" 200 12 \"http://r/\" \"curl/8 \\x22x\\x22\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"%S", "%R", "%{x}c", "%{x}r", "%{begin}t", "%{x}p", "%", "%{Host", "%>"})
    void unsupportedCodesAreRefusedByName(String pattern) {
        assertThatThrownBy(() -> AccessLogFormat.of("%h " + pattern)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("access log pattern");
    }

    @Test
    void jsonLinesParseBack() throws Exception {
        String json = line("json", record("j\u00fcrgen\n\"x\"", 298));
        assertThat(json).doesNotContain("\n");
        JsonNode n = new ObjectMapper().readTree(json);
        assertThat(n.get("time").asText()).isEqualTo("2026-12-01T15:49:37.123Z");
        assertThat(n.get("remoteAddr").asText()).isEqualTo("203.0.113.7");
        assertThat(n.get("remotePort").asInt()).isEqualTo(50123);
        assertThat(n.get("user").asText()).isEqualTo("j\u00fcrgen\n\"x\"");
        assertThat(n.get("method").asText()).isEqualTo("GET");
        assertThat(n.get("target").asText()).isEqualTo("/shop/a?q=1");
        assertThat(n.get("protocol").asText()).isEqualTo("HTTP/1.1");
        assertThat(n.get("status").asInt()).isEqualTo(200);
        assertThat(n.get("bytes").asLong()).isEqualTo(298);
        assertThat(n.get("durationMicros").asLong()).isEqualTo(2_345_678);
        assertThat(n.get("host").asText()).isEqualTo("shop.example");
        assertThat(n.get("referer").asText()).isEqualTo("http://r/");
        assertThat(n.get("userAgent").asText()).isEqualTo("curl/8 \"x\"");
        assertThat(new ObjectMapper().readTree(line("json", record(null, 0))).get("user").isNull()).isTrue();
    }

    @Test
    void aFullQueueDropsAndSaysSoInsteadOfBlocking() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        StringWriter written = new StringWriter();
        Writer slowDisk = new Writer() {
            @Override
            public void write(char[] buf, int off, int len) throws IOException {
                entered.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new IOException(e);
                }
                written.write(buf, off, len);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        AccessLog log = new AccessLog(slowDisk, true, AccessLogFormat.of("%U"), 1);
        log.log(record(null, 0)); // taken by the writer, which then blocks on the disk
        entered.await(30, TimeUnit.SECONDS);
        for (int i = 0; i < 3; i++) {
            log.log(record(null, 0)); // one fits the queue, two are dropped: none of these calls blocks
        }
        assertThat(log.dropped()).isEqualTo(2);
        release.countDown();
        log.close();
        assertThat(written.toString()).isEqualTo("/shop/a\nhawser: access log queue full: 2 lines dropped\n/shop/a\n");
        assertThat(log.dropped()).isZero();
    }
}
