package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.HttpHandler;
import io.hawser.nio.NioConnector;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A {@code Connection} field set by the application is a list of connection options
 * (RFC 9110 §7.6.1): the connection closes after the response exactly when one of them is
 * {@code close}, in any case (RFC 9112 §9.6).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ResponseConnectionFieldTest {
    private static NioConnector server;

    @BeforeAll
    static void start() throws IOException {
        // the query, %2C-decoded, is the Connection field value
        HttpHandler handler = exchange -> {
            exchange.responseFields().set("Connection", exchange.query().replace("%2C", ",").replace("%20", " "));
            exchange.responseBody().write(new byte[] {'o', 'k'});
        };
        server = RawHttp.start(handler);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"close", "Close", "CLOSE", "keep-alive%2C%20close", "x-foo%2Cclose", "%20close%20"})
    void closesWhenAnOptionIsClose(String value) throws IOException {
        try (RawHttp c = RawHttp.connect(server.port())) {
            RawHttp.Response r = c.send("GET /?" + value + " HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.header("Connection")).isEqualTo("close");
            assertThat(c.closeKind(5_000)).isEqualTo("FIN");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"closed", "x-close", "keep-alive", "close-later%2C%20upgrade", "enclose"})
    void staysOpenWhenNoOptionIsClose(String value) throws IOException {
        try (RawHttp c = RawHttp.connect(server.port())) {
            RawHttp.Response r = c.send("GET /?" + value + " HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.header("Connection")).isNull();
            RawHttp.Response next = c.send("GET /?keep-alive HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(next.bodyText()).isEqualTo("ok");
        }
    }
}
