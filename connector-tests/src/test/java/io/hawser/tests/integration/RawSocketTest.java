package io.hawser.tests.integration;

import static io.hawser.tests.integration.RawHttp.ascii;
import static io.hawser.tests.integration.RawHttp.chunked;
import static io.hawser.tests.integration.RawHttp.concat;
import static io.hawser.tests.integration.RawHttp.pattern;
import static io.hawser.tests.integration.RawHttp.sha256Hex;
import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.HttpFields;
import io.hawser.api.HttpHandler;
import io.hawser.nio.NioConnector;
import io.hawser.samples.embedded.SampleHandler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The connector seen through a plain socket: bytes written exactly as given (pipelined, byte by byte,
 * malformed), responses parsed from the wire.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@org.junit.jupiter.api.TestInstance(org.junit.jupiter.api.TestInstance.Lifecycle.PER_CLASS)
class RawSocketTest {
    private static final int LIMITED_BODY = 1024;
    private NioConnector sample;
    private NioConnector limited;

    /** @return whether the sample runs non-blocking, on the selector loop ({@link NonBlockingRawSocketTest}) */
    boolean nonBlocking() {
        return false;
    }

    @BeforeAll
    void startServers() throws IOException {
        sample = RawHttp.start(new SampleHandler(nonBlocking()));
        limited = RawHttp.start(RawHttp.local().maxRequestBodySize(LIMITED_BODY).build(), new SampleHandler(nonBlocking()));
    }

    @AfterAll
    void stopServers() {
        sample.close();
        limited.close();
    }

    // ------------------------------------------------------------------ pipelining and slow clients

    @Test
    void answersSixteenPipelinedRequestsInOrder() throws IOException {
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            all.append("GET /echo?i=").append(i).append(" HTTP/1.1\r\nHost: t\r\n\r\n");
        }
        try (RawHttp c = RawHttp.connect(sample.port())) {
            c.send(all.toString());
            for (int i = 0; i < 16; i++) {
                RawHttp.Response r = c.read();
                assertThat(r.status).isEqualTo(200);
                assertThat(r.echoed("target")).isEqualTo("/echo?i=" + i);
                assertThat(r.closes()).isFalse();
            }
            // the connection is still usable afterwards
            RawHttp.Response last = c.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(last.bodyText()).isEqualTo("Hello, World!");
        }
    }

    @Test
    void answersPipelinedRequestsWithBodiesInOrder() throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        List<String> hashes = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            byte[] body = pattern(1000 + i * 5000, i);
            hashes.add(sha256Hex(body));
            if (i % 2 == 0) {
                all.writeBytes(ascii("POST /echo?i=" + i + " HTTP/1.1\r\nHost: t\r\nContent-Length: " + body.length + "\r\n\r\n"));
                all.writeBytes(body);
            } else {
                all.writeBytes(ascii("POST /echo?i=" + i + " HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"));
                all.writeBytes(chunked(body, 777, ""));
            }
        }
        try (RawHttp c = RawHttp.connect(sample.port())) {
            c.send(all.toByteArray());
            for (int i = 0; i < 8; i++) {
                RawHttp.Response r = c.read();
                assertThat(r.status).isEqualTo(200);
                assertThat(r.echoed("target")).isEqualTo("/echo?i=" + i);
                assertThat(r.echoed("body-sha256")).isEqualTo(hashes.get(i));
            }
        }
    }

    @Test
    void parsesAGetDeliveredByteByByte() throws IOException {
        try (RawHttp c = RawHttp.connect(sample.port())) {
            c.sendByteByByte(ascii("GET /echo?x=1 HTTP/1.1\r\nHost: example.com\r\nX-Slow: yes, very\r\n\r\n"));
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.echoed("target")).isEqualTo("/echo?x=1");
            assertThat(r.bodyText()).contains("header: X-Slow: yes, very");
            // and a second one on the same connection
            c.sendByteByByte(ascii("GET /plaintext HTTP/1.1\r\nHost: example.com\r\n\r\n"));
            assertThat(c.read().bodyText()).isEqualTo("Hello, World!");
        }
    }

    @Test
    void parsesAHeadLargerThan2KiBDeliveredByteByByte() throws IOException {
        String big = "b".repeat(4000);
        try (RawHttp c = RawHttp.connect(sample.port())) {
            c.sendByteByByte(ascii("GET /echo HTTP/1.1\r\nHost: t\r\nX-Big: " + big + "\r\n\r\n"));
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.bodyText()).contains("header: X-Big: " + big + "\n");
        }
    }

    @Test
    void parsesALargeHeadArrivingInThreeSegments() throws Exception {
        // a 6 KB Cookie arriving in three TCP segments, as from a slow link
        String cookie = "c".repeat(6000);
        byte[] head = ascii("GET /echo HTTP/1.1\r\nHost: t\r\nCookie: " + cookie + "\r\n\r\n");
        try (RawHttp c = RawHttp.connect(sample.port())) {
            int third = head.length / 3;
            c.send(java.util.Arrays.copyOfRange(head, 0, 1000));
            Thread.sleep(50);
            c.send(java.util.Arrays.copyOfRange(head, 1000, 1000 + third));
            Thread.sleep(50);
            c.send(java.util.Arrays.copyOfRange(head, 1000 + third, head.length));
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.bodyText()).contains("header: Cookie: " + cookie + "\n");
        }
    }

    @Test
    void decodesAChunkedPostDeliveredByteByByte() throws IOException {
        byte[] body = pattern(600, 7);
        byte[] request = concat(
                ascii("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"),
                chunked(body, 97, "X-Trailer: t\r\n"));
        try (RawHttp c = RawHttp.connect(sample.port())) {
            c.sendByteByByte(request);
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.echoed("body-length")).isEqualTo("600");
            assertThat(r.echoed("body-sha256")).isEqualTo(sha256Hex(body));
            c.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(c.read().status).isEqualTo(200);
        }
    }

    // ------------------------------------------------------------------ every error status

    static Stream<Arguments> malformedRequests() {
        String longTarget = "/" + "a".repeat(9000);
        String hugeField = "X-Huge: " + "v".repeat(9000) + "\r\n";
        StringBuilder manyFields = new StringBuilder();
        for (int i = 0; i < 101; i++) {
            manyFields.append("X-F").append(i).append(": v\r\n");
        }
        return Stream.of(
                Arguments.of("bare LF", "GET /plaintext HTTP/1.1\nHost: t\n\n", 400),
                Arguments.of("bare LF in a field line", "GET /plaintext HTTP/1.1\r\nHost: t\nX: y\r\n\r\n", 400),
                Arguments.of("space before colon", "GET /plaintext HTTP/1.1\r\nHost : t\r\n\r\n", 400),
                Arguments.of("obs-fold", "GET /plaintext HTTP/1.1\r\nHost: t\r\nX-A: a\r\n b\r\n\r\n", 400),
                Arguments.of("Content-Length with Transfer-Encoding",
                        "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
                Arguments.of("Content-Length not digits", "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1x\r\n\r\n1x", 400),
                Arguments.of("Content-Length negative", "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n", 400),
                Arguments.of("Content-Length with plus", "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: +3\r\n\r\nabc", 400),
                Arguments.of("Content-Length values differ",
                        "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 400),
                Arguments.of("bad chunk size",
                        "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n", 400),
                Arguments.of("chunk data without CRLF",
                        "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n0\r\n\r\n", 400),
                Arguments.of("chunked not final",
                        "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked, gzip\r\n\r\n0\r\n\r\n", 400),
                Arguments.of("missing Host", "GET /plaintext HTTP/1.1\r\n\r\n", 400),
                Arguments.of("two Hosts", "GET /plaintext HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
                Arguments.of("long request-target", "GET " + longTarget + " HTTP/1.1\r\nHost: t\r\n\r\n", 414),
                Arguments.of("huge field", "GET /plaintext HTTP/1.1\r\nHost: t\r\n" + hugeField + "\r\n", 431),
                Arguments.of("too many fields", "GET /plaintext HTTP/1.1\r\nHost: t\r\n" + manyFields + "\r\n", 431),
                Arguments.of("unknown transfer coding",
                        "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: frobnicate, chunked\r\n\r\n0\r\n\r\n", 501),
                Arguments.of("HTTP/2.0 request-line", "GET /plaintext HTTP/2.0\r\nHost: t\r\n\r\n", 505),
                Arguments.of("unsupported expectation",
                        "GET /plaintext HTTP/1.1\r\nHost: t\r\nExpect: something-else\r\n\r\n", 417));
    }

    @ParameterizedTest(name = "{0} -> {2}")
    @MethodSource("malformedRequests")
    void rejectsMalformedRequestAndCloses(String name, String request, int status) throws IOException {
        try (RawHttp c = RawHttp.connect(sample.port())) {
            c.send(request);
            assertRejectedAndClosed(c, status);
        }
    }

    @ParameterizedTest(name = "{0} -> {2}")
    @MethodSource("malformedRequests")
    void rejectsMalformedRequestDeliveredByteByByte(String name, String request, int status) throws IOException {
        try (RawHttp c = RawHttp.connect(sample.port())) {
            try {
                c.sendByteByByte(ascii(request));
            } catch (IOException e) {
                // the server may answer and close before the last byte is written
            }
            assertRejectedAndClosed(c, status);
        }
    }

    @Test
    void rejectsABodyAboveTheLimitAnnouncedByContentLengthWith413() throws IOException {
        byte[] body = pattern(LIMITED_BODY * 2, 1);
        try (RawHttp c = RawHttp.connect(limited.port())) {
            c.send(concat(ascii("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: " + body.length + "\r\n\r\n"), body));
            assertRejectedAndClosed(c, 413);
        }
    }

    @Test
    void rejectsAChunkedBodyAboveTheLimitWith413() throws IOException {
        byte[] body = pattern(LIMITED_BODY * 2, 2);
        try (RawHttp c = RawHttp.connect(limited.port())) {
            c.send(concat(ascii("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"), chunked(body, 300, "")));
            assertRejectedAndClosed(c, 413);
        }
    }

    @Test
    void acceptsABodyAtTheLimit() throws IOException {
        byte[] body = pattern(LIMITED_BODY, 3);
        try (RawHttp c = RawHttp.connect(limited.port())) {
            c.send(concat(ascii("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"), chunked(body, 300, "")));
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.echoed("body-sha256")).isEqualTo(sha256Hex(body));
        }
    }

    @Test
    void refusesConnectWith501() throws IOException {
        try (RawHttp c = RawHttp.connect(sample.port())) {
            c.send("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(501);
            if (r.closes()) {
                assertThat(c.awaitClosedByPeer(5_000)).as("closed after Connection: close").isTrue();
            } else {
                // the connection persists: it must still be usable
                c.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n");
                assertThat(c.read().status).isEqualTo(200);
            }
        }
    }

    private static void assertRejectedAndClosed(RawHttp c, int status) throws IOException {
        RawHttp.Response r = c.read();
        assertThat(r.status).as("status of %s", r).isEqualTo(status);
        assertThat(r.header("Connection")).as("Connection field").isEqualToIgnoringCase("close");
        assertThat(r.header("Date")).isNotNull();
        assertThat(c.awaitClosedByPeer(5_000)).as("connection closed after %s", status).isTrue();
    }

    // ------------------------------------------------------------------ persistence

    @Test
    void closesAnHttp10ConnectionWithoutKeepAlive() throws IOException {
        try (RawHttp c = RawHttp.connect(sample.port())) {
            RawHttp.Response r = c.send("GET /plaintext HTTP/1.0\r\n\r\n").read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.version).isEqualTo("HTTP/1.1");
            assertThat(r.bodyText()).isEqualTo("Hello, World!");
            assertThat(r.header("Connection")).isNotEqualToIgnoringCase("keep-alive");
            assertThat(c.awaitClosedByPeer(5_000)).isTrue();
        }
    }

    @Test
    void keepsAnHttp10ConnectionWithKeepAliveOpen() throws IOException {
        try (RawHttp c = RawHttp.connect(sample.port())) {
            for (int i = 0; i < 3; i++) {
                RawHttp.Response r = c.send("GET /plaintext HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").read();
                assertThat(r.status).isEqualTo(200);
                assertThat(r.header("Connection")).isEqualToIgnoringCase("keep-alive");
                assertThat(r.header("Content-Length")).isEqualTo("13");
                assertThat(r.bodyText()).isEqualTo("Hello, World!");
            }
            // HTTP/1.0 without keep-alive on the same connection then closes it
            RawHttp.Response r = c.send("GET /plaintext HTTP/1.0\r\n\r\n").read();
            assertThat(r.status).isEqualTo(200);
            assertThat(c.awaitClosedByPeer(5_000)).isTrue();
        }
    }

    @Test
    void streamsFlushedPiecesAsChunksOnHttp11() throws IOException {
        try (RawHttp c = RawHttp.connect(sample.port())) {
            RawHttp.Response r = c.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.chunked).isTrue();
            assertThat(r.header("Content-Length")).isNull();
            assertThat(r.bodyText()).isEqualTo("piece 1\npiece 2\npiece 3\npiece 4\npiece 5\n");
            assertThat(c.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n").read().status).isEqualTo(200);
        }
    }

    @Test
    void delimitsAStreamedHttp10ResponseByClosing() throws IOException {
        try (RawHttp c = RawHttp.connect(sample.port())) {
            RawHttp.Response r = c.send("GET /stream HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.chunked).isFalse();
            assertThat(r.header("Content-Length")).isNull();
            assertThat(r.closes()).isTrue();
            // read to the end of the connection
            assertThat(r.bodyText()).isEqualTo("piece 1\npiece 2\npiece 3\npiece 4\npiece 5\n");
        }
    }

    @Test
    void sendsNoBodyWith204And304AndKeepsTheConnection() throws IOException {
        try (RawHttp c = RawHttp.connect(sample.port())) {
            c.send("GET /status/204 HTTP/1.1\r\nHost: t\r\n\r\nGET /status/304 HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n");
            RawHttp.Response r204 = c.read();
            assertThat(r204.status).isEqualTo(204);
            assertThat(r204.header("Content-Length")).isNull();
            assertThat(r204.header("Transfer-Encoding")).isNull();
            RawHttp.Response r304 = c.read();
            assertThat(r304.status).isEqualTo(304);
            assertThat(r304.header("Transfer-Encoding")).isNull();
            // a body after 204/304 would be read here as a broken status line
            RawHttp.Response next = c.read();
            assertThat(next.status).isEqualTo(200);
            assertThat(next.bodyText()).isEqualTo("Hello, World!");
        }
    }

    @Test
    void answersHeadWithTheFieldsOfGetAndNoBody() throws IOException {
        try (RawHttp c = RawHttp.connect(sample.port())) {
            c.send("HEAD /plaintext HTTP/1.1\r\nHost: t\r\n\r\nGET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n");
            RawHttp.Response head = c.readHead();
            assertThat(head.status).isEqualTo(200);
            assertThat(head.header("Content-Length")).isEqualTo("13");
            RawHttp.Response get = c.read();
            assertThat(get.bodyText()).isEqualTo("Hello, World!");
        }
    }

    @Test
    void honoursConnectionClose() throws IOException {
        try (RawHttp c = RawHttp.connect(sample.port())) {
            // the second pipelined request must not be answered
            RawHttp.Response r = c.send("GET /plaintext HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
                    + "GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.closes()).isTrue();
            assertThat(r.bodyText()).isEqualTo("Hello, World!");
            assertThat(c.closeKind(5_000)).isIn("FIN", "RST");
        }
    }

    @Test
    void keepsAnHttp11ConnectionOpenByDefault() throws IOException {
        try (RawHttp c = RawHttp.connect(sample.port())) {
            RawHttp.Response r = c.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(r.closes()).isFalse();
            assertThat(c.closeKind(300)).isEqualTo("OPEN");
            assertThat(c.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n").read().status).isEqualTo(200);
        }
    }

    @Test
    void drainsAnUnreadRequestBodyAndAnswersTheNextRequest() throws IOException {
        byte[] body = pattern(256 * 1024, 4);
        try (RawHttp c = RawHttp.connect(sample.port())) {
            c.send(concat(ascii("POST /status/404 HTTP/1.1\r\nHost: t\r\nContent-Length: " + body.length + "\r\n\r\n"), body));
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(404);
            assertThat(r.closes()).isFalse();
            RawHttp.Response next = c.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(next.status).isEqualTo(200);
            assertThat(next.bodyText()).isEqualTo("Hello, World!");
        }
    }

    @Test
    void drainsAnUnreadChunkedBodyFollowedByAPipelinedRequest() throws IOException {
        byte[] body = pattern(256 * 1024, 5);
        try (RawHttp c = RawHttp.connect(sample.port())) {
            c.send(concat(ascii("POST /status/404 HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"),
                    chunked(body, 8000, ""), ascii("GET /echo?after HTTP/1.1\r\nHost: t\r\n\r\n")));
            assertThat(c.read().status).isEqualTo(404);
            RawHttp.Response next = c.read();
            assertThat(next.status).isEqualTo(200);
            assertThat(next.echoed("target")).isEqualTo("/echo?after");
        }
    }

    @Test
    void sendsOneHundredContinueBeforeTheBodyIsRead() throws IOException {
        byte[] body = pattern(5000, 6);
        try (RawHttp c = RawHttp.connect(sample.port())) {
            c.send("POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: " + body.length + "\r\n\r\n");
            RawHttp.Response interim = c.readAny();
            assertThat(interim.status).isEqualTo(100);
            c.send(body);
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.echoed("body-sha256")).isEqualTo(sha256Hex(body));
        }
    }

    @Test
    void closesWithoutContinueWhenTheHandlerAnswersWithoutReading() throws IOException {
        try (RawHttp c = RawHttp.connect(sample.port())) {
            c.send("POST /status/403 HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 100000\r\n\r\n");
            RawHttp.Response r = c.readAny();
            assertThat(r.status).isEqualTo(403);
            // the body was never asked for, so the connection cannot be reused: the connector closes
            // it, and RFC 9110 §10.1.1 says it SHOULD say so in the response (RFC 9112 §9.6)
            assertThat(c.awaitClosedByPeer(5_000)).as("closed").isTrue();
            assertThat(r.header("Connection")).as("Connection field of a response that closes")
                    .isEqualToIgnoringCase("close");
        }
    }

    // ------------------------------------------------------------------ handler failures

    @Test
    void answers500WithConnectionCloseWhenTheHandlerThrowsBeforeCommit() throws IOException {
        NioConnector failing = RawHttp.start(exchange -> {
            exchange.responseBody().write("partial".getBytes(StandardCharsets.US_ASCII));
            throw new IllegalStateException("boom");
        });
        try (RawHttp c = RawHttp.connect(failing.port())) {
            RawHttp.Response r = c.send("GET /x HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(r.status).isEqualTo(500);
            assertThat(r.bodyText()).doesNotContain("partial");
            // HttpHandler's contract: "an exception thrown before the response is committed becomes a
            // 500 with Connection: close"
            assertThat(r.header("Connection")).as("Connection field of the 500").isEqualToIgnoringCase("close");
            assertThat(c.awaitClosedByPeer(5_000)).as("closed after the 500").isTrue();
        } finally {
            failing.close();
        }
    }

    // ------------------------------------------------------------------ trailers

    @Test
    void handsRequestTrailersToTheHandler() throws IOException {
        HttpHandler handler = exchange -> {
            byte[] all = exchange.requestBody().readAllBytes();
            HttpFields trailers = exchange.requestBody().trailerFields();
            StringBuilder s = new StringBuilder("length=" + all.length + "\n");
            for (int i = 0; i < trailers.size(); i++) {
                s.append(trailers.name(i)).append('=').append(trailers.value(i)).append('\n');
            }
            exchange.responseBody().write(s.toString().getBytes(StandardCharsets.ISO_8859_1));
        };
        NioConnector server = RawHttp.start(handler);
        try (RawHttp c = RawHttp.connect(server.port())) {
            byte[] body = pattern(3000, 8);
            c.send(concat(ascii("POST /t HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"),
                    chunked(body, 1000, "X-Checksum: " + sha256Hex(body) + "\r\nX-Count:  3 \r\n")));
            RawHttp.Response r = c.read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.bodyText()).isEqualTo("length=3000\nX-Checksum=" + sha256Hex(body) + "\nX-Count=3\n");
            // a request without trailers on the same connection sees none
            c.send(concat(ascii("POST /t HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"), chunked(body, 1000, "")));
            assertThat(c.read().bodyText()).isEqualTo("length=3000\n");
        } finally {
            server.close();
        }
    }

    @Test
    void sendsResponseTrailersInTheChunkedBody() throws IOException {
        NioConnector server = RawHttp.start(exchange -> {
            exchange.setTrailerFields(() -> new io.hawser.api.MutableHttpFields().add("X-Sum", "42"));
            exchange.responseBody().write("hi".getBytes(StandardCharsets.US_ASCII));
        });
        try (RawHttp c = RawHttp.connect(server.port())) {
            RawHttp.Response r = c.send("GET / HTTP/1.1\r\nHost: t\r\nTE: trailers\r\n\r\n").read();
            assertThat(r.chunked).isTrue();
            assertThat(r.bodyText()).isEqualTo("hi");
            assertThat(r.trailer("X-Sum")).isEqualTo("42");
            // HTTP/1.0 cannot carry trailers: a Content-Length response without them
            RawHttp.Response r10 = c.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").read();
            assertThat(r10.chunked).isFalse();
            assertThat(r10.bodyText()).isEqualTo("hi");
        } finally {
            server.close();
        }
    }

    /** RFC 9110 §6.5.1: fields whose definition does not permit them in trailers are not sent there. */
    @Test
    void dropsTrailerFieldsNotAllowedInATrailerSection() throws IOException {
        NioConnector server = RawHttp.start(exchange -> {
            exchange.setTrailerFields(() -> new io.hawser.api.MutableHttpFields().add("Content-Length", "99")
                    .add("X-Sum", "42").add("transfer-encoding", "gzip").add("Set-Cookie", "a=b")
                    .add("Connection", "close").add("Cache-Control", "no-store").add("Server-Timing", "db;dur=5"));
            exchange.responseBody().write("hi".getBytes(StandardCharsets.US_ASCII));
        });
        try (RawHttp c = RawHttp.connect(server.port())) {
            RawHttp.Response r = c.send("GET / HTTP/1.1\r\nHost: t\r\nTE: trailers\r\n\r\n").read();
            assertThat(r.bodyText()).isEqualTo("hi");
            assertThat(r.trailers).extracting(f -> f[0] + ": " + f[1]).containsExactly("X-Sum: 42", "Server-Timing: db;dur=5");
            // the connection is still in step
            assertThat(c.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n").read().bodyText()).isEqualTo("hi");
        } finally {
            server.close();
        }
    }

    // ------------------------------------------------------------------ back-pressure

    @Test
    void survivesAClientThatPipelinesThousandsOfRequestsWithoutReading() throws Exception {
        int count = 5_000;
        byte[] one = ascii("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n");
        byte[] all = new byte[one.length * count];
        for (int i = 0; i < count; i++) {
            System.arraycopy(one, 0, all, i * one.length, one.length);
        }
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try (RawHttp c = RawHttp.connect(sample.port())) {
            // the write may block once the server stops reading (its output is full): do it aside
            Future<?> written = writer.submit(() -> {
                c.send(all);
                return null;
            });
            // let the server face a client that does not read for a while
            try {
                written.get(1500, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException stillBlocked) {
                // expected when the server applies back-pressure
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            for (int i = 0; i < count; i++) {
                RawHttp.Response r = c.read();
                assertThat(r.status).isEqualTo(200);
                assertThat(r.body).hasSize(13);
                assertThat(System.nanoTime()).as("all responses within 30 s").isLessThan(deadline);
            }
            written.get(5, TimeUnit.SECONDS);
            // still in service
            assertThat(c.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n").read().status).isEqualTo(200);
        } finally {
            writer.shutdownNow();
        }
        try (RawHttp other = RawHttp.connect(sample.port())) {
            assertThat(other.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n").read().status).isEqualTo(200);
        }
    }
}
