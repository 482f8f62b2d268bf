package io.hawser.tests.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.Connector;
import io.hawser.conformance.Escapes;
import io.hawser.conformance.ParseResult;
import io.hawser.conformance.ParsedResponse;
import io.hawser.conformance.ResponseReader;
import io.hawser.api.ConnectorConfig;
import io.hawser.deploy.DeployedApp;
import io.hawser.deploy.Deployer;
import io.hawser.nio.NioConnector;
import io.hawser.samples.embedded.SampleHandler;
import io.hawser.servlet.ServletAdapter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Mutation fuzzing over loopback, bounded to a few seconds: valid requests (bodies by length and
 * chunked, pipelines, HTTP/1.0) with bytes flipped, inserted, deleted or lines repeated, sent to the
 * raw sample handler and to the echo WAR. Whatever arrives, the server must answer only with valid
 * HTTP/1.1 responses (framing a client can follow to the byte), never a 5xx of its own making, and
 * never hang: every connection ends within the short timeouts set here. Afterwards both servers
 * still answer and hold no connection.
 */
class MutatedRequestFuzzTest {
    private static final Pattern METHOD_AT_LINE_START = Pattern.compile("(?m)^([A-Z]+) \\S* HTTP/");
    private static final String[] SEEDS = {
        "GET /plaintext HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /echo?x=1&y=%20 HTTP/1.1\r\nHost: a\r\nAccept: */*\r\nUser-Agent: fuzz\r\n\r\n",
        "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Type: text/plain\r\n\r\nhello",
        "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n0\r\nX-T: 1\r\n\r\n",
        "GET /plaintext HTTP/1.1\r\nHost: a\r\n\r\nPOST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"
                + "GET /status/404 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
        "GET /stream HTTP/1.0\r\nHost: a\r\n\r\n",
        "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET http://a/plaintext HTTP/1.1\r\nHost: a\r\nConnection: keep-alive, close\r\n\r\n",
        "PUT /echo/x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok",
    };
    private static final byte[] INTERESTING = {'\r', '\n', ' ', '\t', 0, ':', '%', '#', '?', '/', ';', ',', '"',
        0x7F, (byte) 0x80, (byte) 0xFF, '0', '9', 'a', 'F', '-', '='};

    private static NioConnector raw;
    private static Connector servlet;
    private static DeployedApp echo;

    @BeforeContainer
    static void start() throws Exception {
        raw = new NioConnector(config(), new SampleHandler());
        raw.start();
        Path war = Paths.get(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target/wars/echo.war");
        echo = Deployer.deploy(war, "");
        servlet = new NioConnector(config(), new ServletAdapter(List.of(echo.webApp())));
        servlet.start();
    }

    private static ConnectorConfig config() {
        return ConnectorConfig.builder().host("127.0.0.1").port(0).headersTimeout(Duration.ofSeconds(2))
                .requestTimeout(Duration.ofSeconds(3)).keepAliveTimeout(Duration.ofSeconds(2)).build();
    }

    @AfterContainer
    static void stop() throws Exception {
        // Both servers still serve a plain request after everything above, and hold no connection.
        for (Connector c : new Connector[] {raw, servlet}) {
            Exchanged after = exchange(c.port(), "GET /plaintext HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            ParseResult r = ResponseReader.parse(after.received, List.of("GET"), true);
            assertThat(r.error()).isNull();
            assertThat(r.finals()).singleElement().extracting(ParsedResponse::status).isEqualTo(200);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (raw.openConnections() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(raw.openConnections()).as("connections left open on the raw server").isZero();
        raw.stop(Duration.ZERO);
        servlet.stop(Duration.ZERO);
        echo.close();
    }

    /** One mutation of a request's bytes. */
    record Mutation(int kind, double where, int span, byte value) {
        byte[] apply(byte[] in) {
            int at = (int) (where * in.length);
            ByteArrayOutputStream out = new ByteArrayOutputStream(in.length + span + 16);
            switch (kind) {
                case 0 -> { // overwrite one byte
                    byte[] copy = in.clone();
                    if (copy.length > 0) {
                        copy[Math.min(at, copy.length - 1)] = value;
                    }
                    return copy;
                }
                case 1 -> { // insert one byte
                    out.write(in, 0, at);
                    out.write(value);
                    out.write(in, at, in.length - at);
                }
                case 2 -> { // delete a span
                    int end = Math.min(in.length, at + span);
                    out.write(in, 0, at);
                    out.write(in, end, in.length - end);
                }
                case 3 -> { // repeat the line around the position
                    int start = lastLineStart(in, at);
                    int end = nextLineEnd(in, at);
                    out.write(in, 0, end);
                    out.write(in, start, end - start);
                    out.write(in, end, in.length - end);
                }
                default -> { // truncate
                    out.write(in, 0, at);
                }
            }
            return out.toByteArray();
        }

        private static int lastLineStart(byte[] in, int at) {
            int i = Math.min(at, in.length);
            while (i > 0 && in[i - 1] != '\n') {
                i--;
            }
            return i;
        }

        private static int nextLineEnd(byte[] in, int at) {
            int i = at;
            while (i < in.length && in[i] != '\n') {
                i++;
            }
            return Math.min(in.length, i + 1);
        }
    }

    @Provide
    Arbitrary<Mutation> mutation() {
        Arbitrary<Byte> value = Arbitraries.oneOf(Arbitraries.of(toBoxed(INTERESTING)), Arbitraries.bytes());
        return Combinators.combine(Arbitraries.integers().between(0, 4), Arbitraries.doubles().between(0, 1),
                Arbitraries.integers().between(1, 12), value).as(Mutation::new);
    }

    private static Byte[] toBoxed(byte[] bytes) {
        Byte[] out = new Byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = bytes[i];
        }
        return out;
    }

    @Property(tries = 3000, shrinking = ShrinkingMode.BOUNDED)
    void mutatedRequestsGetValidResponsesOrAClose(@ForAll("seeds") String seed,
            @ForAll("mutations") List<Mutation> mutations, @ForAll boolean toServlet) throws Exception {
        byte[] request = seed.getBytes(StandardCharsets.ISO_8859_1);
        for (Mutation m : mutations) {
            request = m.apply(request);
        }
        Exchanged ex = exchange((toServlet ? servlet : raw).port(), request);
        String shown = Escapes.show(request, 0, request.length);
        assertThat(ex.timedOut).as("no answer and no close within 10 s for %s", shown).isFalse();
        ParseResult r = ResponseReader.parse(ex.received, methods(request), true);
        assertThat(r.error()).as("responses to %s", shown).isNull();
        Statistics.label("first status").collect(r.finals().isEmpty() ? "none" : r.finals().get(0).status());
        Statistics.label("responses").collect(Math.min(3, r.finals().size()));
        for (ParsedResponse resp : r.responses()) {
            assertThat(resp.version()).isEqualTo("HTTP/1.1");
            assertThat(resp.status()).as("status for %s", shown).isNotIn(500, 502, 503, 504);
        }
    }

    @Provide
    Arbitrary<String> seeds() {
        return Arbitraries.of(SEEDS);
    }

    @Provide
    Arbitrary<List<Mutation>> mutations() {
        return mutation().list().ofMinSize(1).ofMaxSize(4);
    }

    private static List<String> methods(byte[] request) {
        List<String> methods = new ArrayList<>();
        Matcher m = METHOD_AT_LINE_START.matcher(new String(request, StandardCharsets.ISO_8859_1));
        while (m.find()) {
            methods.add(m.group(1));
        }
        if (methods.isEmpty()) {
            methods.add("GET");
        }
        return methods;
    }

    /** What came back: every byte until the server closed, or until 10 s passed without one. */
    record Exchanged(byte[] received, boolean timedOut) {
    }

    private static Exchanged exchange(int port, byte[] request) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            s.setSoTimeout(10_000);
            try {
                s.getOutputStream().write(request);
                s.shutdownOutput();
            } catch (SocketException e) {
                // the server answered and closed before the whole request was written
            }
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) >= 0; ) {
                    got.write(buf, 0, n);
                }
            } catch (SocketTimeoutException e) {
                return new Exchanged(got.toByteArray(), true);
            } catch (SocketException e) {
                // a reset after the server's last response (it closed with request bytes unread)
            }
            return new Exchanged(got.toByteArray(), false);
        }
    }
}
