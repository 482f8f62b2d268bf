package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.HttpHandler;
import io.hawser.nio.NioConnector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The request-target grammar (RFC 9112 §3.2, RFC 3986) is the connector's: a raw handler never sees
 * a target outside it; the client gets 400 and the connection closes.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RequestTargetTest {
    private static final List<String> SEEN = new CopyOnWriteArrayList<>();
    private static NioConnector server;

    @BeforeAll
    static void start() throws IOException {
        HttpHandler recording = exchange -> {
            SEEN.add(exchange.requestTarget());
            exchange.responseBody().write(exchange.requestTarget().getBytes(StandardCharsets.ISO_8859_1));
        };
        server = RawHttp.start(recording);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void forget() {
        SEEN.clear();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/a#frag", "/%zz", "/%4", "/a?b=%", "/a?x=|", "/a{b}", "/a^b", "/a`b", "/a\\b", "/a\"b",
        "/a<b>", "/a[0]", "http://example.com/p#f", "http://example.com/%g1", "http://exa|mple.com/", "*"})
    void answers400AndClosesWithoutCallingTheHandler(String target) throws IOException {
        try (RawHttp c = RawHttp.connect(server.port())) {
            RawHttp.Response r = c.send("GET " + target + " HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(r.status).isEqualTo(400);
            assertThat(r.closes()).isTrue();
            assertThat(c.closeKind(5_000)).isEqualTo("FIN");
        }
        assertThat(SEEN).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/a%20b?c=%3D&d=/?:@!$&'()*+,;=", "/~user/a-b_c.d", "http://example.com/p?q",
        "http://[::1]:8080/p", "HTTPS://Example.COM"})
    void passesTargetsTheGrammarAllows(String target) throws IOException {
        try (RawHttp c = RawHttp.connect(server.port())) {
            RawHttp.Response r = c.send("GET " + target + " HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.bodyText()).isEqualTo(target);
        }
        assertThat(SEEN).containsExactly(target);
    }
}
