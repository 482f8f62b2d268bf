package io.hawser.tests.integration;

import static io.hawser.tests.integration.RawHttp.pattern;
import static io.hawser.tests.integration.RawHttp.sha256Hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hawser.api.HttpExchange;
import io.hawser.api.HttpFields;
import io.hawser.api.HttpHandler;
import io.hawser.api.MutableHttpFields;
import io.hawser.api.ResponseBody;
import io.hawser.nio.NioConnector;
import io.hawser.samples.embedded.SampleHandler;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.AsyncRequestContent;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.CompletableResponseListener;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.InputStreamRequestContent;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The connector as a real HTTP/1.1 client (Jetty's) sees it. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JettyClientTest {
    private static final int MIB = 1024 * 1024;
    private static final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    private static NioConnector server;
    private static HttpClient client;
    private static String base;

    /** Test routes in front of the sample endpoints. */
    private static final HttpHandler ROUTES = new HttpHandler() {
        private final SampleHandler sample = new SampleHandler();

        @Override
        public void handle(HttpExchange exchange) throws Exception {
            clientPorts.add(exchange.remoteAddress().getPort());
            switch (exchange.path()) {
                case "/big":
                    big(exchange);
                    break;
                case "/trailers":
                    exchange.setTrailerFields(() -> new MutableHttpFields().add("X-Checksum", "abc123").add("X-Count", "2"));
                    exchange.responseBody().write("with trailers".getBytes(StandardCharsets.US_ASCII));
                    break;
                case "/request-trailers":
                    requestTrailers(exchange);
                    break;
                case "/throw-before-commit":
                    exchange.responseBody().write("x".getBytes(StandardCharsets.US_ASCII));
                    throw new IllegalStateException("failure before commit");
                case "/throw-after-commit":
                    throwAfterCommit(exchange);
                    break;
                case "/slow":
                    Thread.sleep(20);
                    exchange.responseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
                    break;
                default:
                    sample.handle(exchange);
            }
        }
    };

    /** {@code /big?size=N[&fixed]}: N bytes of {@link #pattern}, written in 64 KiB pieces. */
    private static void big(HttpExchange exchange) throws IOException {
        String q = exchange.query();
        int size = Integer.parseInt(q.replaceAll(".*size=(\\d+).*", "$1"));
        byte[] body = pattern(size, 42);
        if (q.contains("fixed")) {
            exchange.responseFields().set("Content-Length", Integer.toString(size));
        }
        ResponseBody out = exchange.responseBody();
        for (int off = 0; off < size; off += 64 * 1024) {
            out.write(body, off, Math.min(64 * 1024, size - off));
        }
    }

    private static void requestTrailers(HttpExchange exchange) throws IOException {
        byte[] all = exchange.requestBody().readAllBytes();
        HttpFields trailers = exchange.requestBody().trailerFields();
        StringBuilder s = new StringBuilder("length=" + all.length + "\n");
        for (int i = 0; i < trailers.size(); i++) {
            s.append(trailers.name(i)).append('=').append(trailers.value(i)).append('\n');
        }
        exchange.responseBody().write(s.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    private static void throwAfterCommit(HttpExchange exchange) throws IOException {
        if (exchange.query() != null && exchange.query().contains("fixed")) {
            exchange.responseFields().set("Content-Length", "200000");
        }
        exchange.responseBody().write(new byte[100_000]);
        exchange.responseBody().flush();
        throw new IllegalStateException("failure after commit");
    }

    @BeforeAll
    static void start() throws Exception {
        startWith(null);
    }

    /** @param tls the server's and client's certificate, or {@code null} for cleartext */
    static void startWith(io.hawser.nio.TestCertificates tls) throws Exception {
        if (tls == null) {
            server = RawHttp.start(ROUTES);
            client = new HttpClient();
        } else {
            server = RawHttp.start(RawHttp.local().port(-1).tlsPort(0).tls(io.hawser.api.TlsConfig.builder()
                    .certificate(tls.chainPem, tls.keyPem).build()).build(), ROUTES);
            org.eclipse.jetty.util.ssl.SslContextFactory.Client ssl = new org.eclipse.jetty.util.ssl.SslContextFactory.Client();
            ssl.setSslContext(tls.context);
            client = new HttpClient(new org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP(
                    new org.eclipse.jetty.io.ClientConnector() {
                        {
                            setSslContextFactory(ssl);
                        }
                    }));
        }
        client.setMaxConnectionsPerDestination(250);
        client.setIdleTimeout(30_000);
        client.setConnectTimeout(5_000);
        client.start();
        base = (tls == null ? "http" : "https") + "://127.0.0.1:" + server.port();
    }

    @AfterAll
    static void stop() throws Exception {
        client.stop();
        server.close();
    }

    @BeforeEach
    void forgetPorts() {
        clientPorts.clear();
    }

    private static Request get(String path) {
        return client.newRequest(base + path).timeout(20, TimeUnit.SECONDS);
    }

    @Test
    void servesPlaintextWithLengthAndDate() throws Exception {
        ContentResponse r = get("/plaintext").send();
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).isEqualTo("Hello, World!");
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isEqualTo("13");
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_TYPE)).isEqualTo("text/plain");
        assertThat(r.getHeaders().get(HttpHeader.DATE)).isNotBlank();
        assertThat(r.getHeaders().get(HttpHeader.TRANSFER_ENCODING)).isNull();
    }

    @Test
    void echoesAPostWithContentLength() throws Exception {
        byte[] body = pattern(50_000, 1);
        ContentResponse r = get("/echo").method(HttpMethod.POST).body(new BytesRequestContent(body)).send();
        assertThat(r.getStatus()).isEqualTo(200);
        String echo = r.getContentAsString();
        assertThat(echo).contains("header: Content-Length: 50000\n");
        assertThat(echo).contains("body-length: 50000\n");
        assertThat(echo).contains("body-sha256: " + sha256Hex(body) + "\n");
    }

    @Test
    void echoesAChunkedPost() throws Exception {
        byte[] body = pattern(70_000, 2);
        ContentResponse r = get("/echo").method(HttpMethod.POST)
                .body(new InputStreamRequestContent(new ByteArrayInputStream(body))).send();
        assertThat(r.getStatus()).isEqualTo(200);
        String echo = r.getContentAsString();
        assertThat(echo).containsIgnoringCase("Transfer-Encoding: chunked\n");
        assertThat(echo).contains("body-length: 70000\n");
        assertThat(echo).contains("body-sha256: " + sha256Hex(body) + "\n");
    }

    @Test
    void echoesAChunkedPostWrittenInPiecesOverTime() throws Exception {
        byte[] body = pattern(40_000, 3);
        AsyncRequestContent content = new AsyncRequestContent();
        CompletableFuture<ContentResponse> response = new CompletableResponseListener(
                get("/echo").method(HttpMethod.POST).body(content)).send();
        for (int off = 0; off < body.length; off += 4_000) {
            content.write(ByteBuffer.wrap(body, off, 4_000), Callback.NOOP);
            Thread.sleep(5);
        }
        content.close();
        ContentResponse r = response.get(20, TimeUnit.SECONDS);
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).contains("body-sha256: " + sha256Hex(body) + "\n");
    }

    @Test
    void reusesOneConnectionForSequentialRequests() throws Exception {
        for (int i = 0; i < 50; i++) {
            ContentResponse r = get("/echo?i=" + i).send();
            assertThat(r.getStatus()).isEqualTo(200);
            assertThat(r.getContentAsString()).contains("target: /echo?i=" + i + "\n");
        }
        // jetty-client may already hold connections from earlier tests; sequential requests need one
        assertThat(clientPorts).hasSize(1);
    }

    @Test
    void answersHeadWithoutBodyAndWithTheLengthOfGet() throws Exception {
        ContentResponse get = get("/plaintext").send();
        ContentResponse head = get("/plaintext").method(HttpMethod.HEAD).send();
        assertThat(head.getStatus()).isEqualTo(200);
        assertThat(head.getContent()).isEmpty();
        assertThat(head.getHeaders().get(HttpHeader.CONTENT_LENGTH))
                .isEqualTo(get.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isEqualTo("13");
        // the connection is still in sync afterwards
        assertThat(get("/plaintext").send().getContentAsString()).isEqualTo("Hello, World!");
    }

    @Test
    void sendsContinueAndReadsTheBodyOfAnExpectContinueRequest() throws Exception {
        byte[] body = pattern(100_000, 4);
        ContentResponse r = get("/echo").method(HttpMethod.POST)
                .headers(h -> h.put(HttpHeader.EXPECT, "100-continue"))
                .body(new BytesRequestContent(body)).send();
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).contains("header: Expect: 100-continue\n");
        assertThat(r.getContentAsString()).contains("body-sha256: " + sha256Hex(body) + "\n");
    }

    @Test
    void aFinalResponseToExpectContinueWithoutReadingLeavesTheClientInSync() throws Exception {
        // jetty-client completes such an exchange as failed ("Expectation failed") but with the response
        CompletableFuture<Result> done = new CompletableFuture<>();
        get("/status/403").method(HttpMethod.POST)
                .headers(h -> h.put(HttpHeader.EXPECT, "100-continue"))
                .body(new BytesRequestContent(pattern(100_000, 5))).send(done::complete);
        Result result = done.get(20, TimeUnit.SECONDS);
        assertThat(result.getResponse().getStatus()).isEqualTo(403);
        for (int i = 0; i < 3; i++) {
            assertThat(get("/plaintext").send().getStatus()).isEqualTo(200);
        }
    }

    @Test
    void echoesTenMebibytesSentWithContentLength() throws Exception {
        byte[] body = pattern(10 * MIB, 6);
        ContentResponse r = get("/echo").method(HttpMethod.POST).body(new BytesRequestContent(body)).send();
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).contains("body-length: " + body.length + "\n")
                .contains("body-sha256: " + sha256Hex(body) + "\n");
    }

    @Test
    void echoesTenMebibytesSentChunked() throws Exception {
        byte[] body = pattern(10 * MIB, 7);
        ContentResponse r = get("/echo").method(HttpMethod.POST)
                .body(new InputStreamRequestContent(new ByteArrayInputStream(body))).send();
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).containsIgnoringCase("Transfer-Encoding: chunked\n")
                .contains("body-length: " + body.length + "\n")
                .contains("body-sha256: " + sha256Hex(body) + "\n");
    }

    @Test
    void sendsTenMebibytesChunked() throws Exception {
        ContentResponse r = new CompletableResponseListener(get("/big?size=" + 10 * MIB), 11 * MIB).send()
                .get(30, TimeUnit.SECONDS);
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getHeaders().get(HttpHeader.TRANSFER_ENCODING)).isEqualTo("chunked");
        assertThat(r.getContent()).hasSize(10 * MIB);
        assertThat(sha256Hex(r.getContent())).isEqualTo(sha256Hex(pattern(10 * MIB, 42)));
    }

    @Test
    void sendsTenMebibytesWithContentLength() throws Exception {
        ContentResponse r = new CompletableResponseListener(get("/big?size=" + 10 * MIB + "&fixed"), 11 * MIB).send()
                .get(30, TimeUnit.SECONDS);
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isEqualTo(Integer.toString(10 * MIB));
        assertThat(r.getHeaders().get(HttpHeader.TRANSFER_ENCODING)).isNull();
        assertThat(r.getContent()).hasSize(10 * MIB);
        assertThat(sha256Hex(r.getContent())).isEqualTo(sha256Hex(pattern(10 * MIB, 42)));
    }

    @Test
    void servesTwoHundredConcurrentRequests() throws Exception {
        long start = System.nanoTime();
        List<CompletableFuture<ContentResponse>> all = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            all.add(new CompletableResponseListener(get("/slow?i=" + i)).send());
        }
        for (CompletableFuture<ContentResponse> f : all) {
            ContentResponse r = f.get(30, TimeUnit.SECONDS);
            assertThat(r.getStatus()).isEqualTo(200);
            assertThat(r.getContentAsString()).isEqualTo("ok");
        }
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)).isLessThan(30);
        assertThat(clientPorts.size()).as("connections used").isGreaterThan(10);
    }

    @Test
    void sendsResponseTrailers() throws Exception {
        ContentResponse r = get("/trailers").headers(h -> h.put(HttpHeader.TE, "trailers")).send();
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).isEqualTo("with trailers");
        assertThat(r.getHeaders().get(HttpHeader.TRANSFER_ENCODING)).isEqualTo("chunked");
        assertThat(r.getTrailers()).isNotNull();
        assertThat(r.getTrailers().get("X-Checksum")).isEqualTo("abc123");
        assertThat(r.getTrailers().get("X-Count")).isEqualTo("2");
    }

    @Test
    void handsRequestTrailersToTheHandler() throws Exception {
        byte[] body = pattern(20_000, 8);
        AsyncRequestContent content = new AsyncRequestContent(ByteBuffer.wrap(body));
        content.close();
        ContentResponse r = get("/request-trailers").method(HttpMethod.POST).body(content)
                .trailersSupplier(() -> org.eclipse.jetty.http.HttpFields.build().put("X-Digest", sha256Hex(body)))
                .send();
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).isEqualTo("length=20000\nX-Digest=" + sha256Hex(body) + "\n");
    }

    @Test
    void answers500WhenTheHandlerThrowsAndServesTheNextRequest() throws Exception {
        ContentResponse r = get("/throw-before-commit").send();
        assertThat(r.getStatus()).isEqualTo(500);
        assertThat(r.getContentAsString()).doesNotContain("x\n").contains("500");
        ContentResponse next = get("/plaintext").send();
        assertThat(next.getStatus()).isEqualTo(200);
        assertThat(next.getContentAsString()).isEqualTo("Hello, World!");
    }

    @Test
    void abortsAChunkedResponseWhenTheHandlerThrowsAfterCommit() throws Exception {
        Request request = get("/throw-after-commit");
        assertThatThrownBy(request::send).isInstanceOf(ExecutionException.class);
        assertThat(get("/plaintext").send().getStatus()).isEqualTo(200);
    }

    @Test
    void abortsAFixedLengthResponseWhenTheHandlerThrowsAfterCommit() throws Exception {
        Request request = get("/throw-after-commit?fixed");
        assertThatThrownBy(request::send).isInstanceOf(ExecutionException.class);
        assertThat(get("/plaintext").send().getStatus()).isEqualTo(200);
    }
}
