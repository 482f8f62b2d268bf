package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.ResponseBody;
import io.hawser.nio.NioConnector;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The default response buffer is 32 KiB (Jetty's {@code outputBufferSize}): a body that fits it is
 * sent whole with a Content-Length, one past it is chunked, every byte arrives in order on a reused
 * connection, and the buffers of either pool (the page a small body starts in, the 32 KiB one a
 * larger body moves to) are all given back.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ResponseBufferDefaultTest {
    private static final byte[] PATTERN = RawHttp.pattern(1 << 20, 7);
    private static NioConnector server;

    @BeforeAll
    static void start() throws IOException {
        server = RawHttp.start(exchange -> {
            // GET /?size=N&piece=P: N pattern bytes in writes of P, then the body ends
            String[] q = exchange.query().split("[=&]");
            int size = Integer.parseInt(q[1]);
            int piece = Integer.parseInt(q[3]);
            ResponseBody body = exchange.responseBody();
            exchange.responseFields().set("X-Buffer-Size", Integer.toString(body.bufferSize()));
            for (int at = 0; at < size; at += piece) {
                body.write(PATTERN, at, Math.min(piece, size - at));
            }
        });
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void theDefaultIsJettysThirtyTwoKibibytes() {
        assertThat(ConnectorConfig.builder().build().responseBufferSize()).isEqualTo(32 * 1024);
    }

    @Test
    void aBodyThatFitsTheBufferIsSentWholeWithItsLengthAndALargerOneIsChunked() throws Exception {
        try (RawHttp c = RawHttp.connect(server.port())) {
            c.send("GET /?size=30000&piece=4096 HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /?size=40000&piece=4096 HTTP/1.1\r\nHost: t\r\n\r\n");
            RawHttp.Response fits = c.read();
            assertThat(fits.header("X-Buffer-Size")).isEqualTo("32768");
            assertThat(fits.header("Content-Length")).isEqualTo("30000");
            assertThat(fits.header("Transfer-Encoding")).isNull();
            assertThat(fits.body).isEqualTo(java.util.Arrays.copyOf(PATTERN, 30000));
            RawHttp.Response past = c.read();
            assertThat(past.header("Transfer-Encoding")).isEqualTo("chunked");
            assertThat(past.body).isEqualTo(java.util.Arrays.copyOf(PATTERN, 40000));
        }
    }

    @Test
    void bodiesOfEverySizeArriveWholeAndEveryBufferGoesBack() throws Exception {
        int[][] cases = {{13, 13}, {8192, 8192}, {8193, 1}, {65536, 16384}, {65536, 65536}, {1 << 20, 16384},
                {100_000, 7000}, {20_000, 4096}};
        try (RawHttp c = RawHttp.connect(server.port())) {
            for (int[] k : cases) {
                c.send("GET /?size=" + k[0] + "&piece=" + k[1] + " HTTP/1.1\r\nHost: t\r\n\r\n");
                RawHttp.Response r = c.read();
                assertThat(r.status).as("size %d in writes of %d", k[0], k[1]).isEqualTo(200);
                assertThat(r.body).as("size %d in writes of %d", k[0], k[1])
                        .isEqualTo(java.util.Arrays.copyOf(PATTERN, k[0]));
            }
        }
        RawHttp.assertNothingLent(server);
    }
}
