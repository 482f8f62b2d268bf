package io.hawser.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResponseReaderTest {

    private static final List<String> GET = List.of("GET");

    private static ParseResult parse(String raw, List<String> methods, boolean eof) {
        return ResponseReader.parse(raw.getBytes(StandardCharsets.ISO_8859_1), methods, eof);
    }

    private static String body(ParsedResponse r) {
        return new String(r.body(), StandardCharsets.ISO_8859_1);
    }

    /** The invariant checks of {@link Verdict} on a case that expects anything. */
    private static List<String> invariants(String request, String raw, boolean closed) {
        CaseFile c = CaseFileReader.parse("g/c", "expect-responses: any\n---\n" + request + "\n");
        byte[] bytes = raw.getBytes(StandardCharsets.ISO_8859_1);
        return Verdict.check(c, new CaseOutcome(ResponseReader.parse(bytes, c.requestMethods(), closed),
                new Observation(0, null, closed, false, 0, bytes)), false);
    }

    @Test
    void contentLengthResponsesArePipelined() {
        ParseResult r = parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-A:  v \t\r\n\r\nhello"
                + "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n", GET, false);
        assertThat(r.error()).isNull();
        assertThat(r.incomplete()).isFalse();
        assertThat(r.finals()).extracting(ParsedResponse::status).containsExactly(200, 404);
        ParsedResponse first = r.responses().get(0);
        assertThat(first.version()).isEqualTo("HTTP/1.1");
        assertThat(first.reason()).isEqualTo("OK");
        assertThat(first.framing()).isEqualTo(ParsedResponse.Framing.LENGTH);
        assertThat(body(first)).isEqualTo("hello");
        assertThat(first.headerValues("x-a")).containsExactly("v");
    }

    @Test
    void chunkedBodiesAreDecodedWithExtensionsAndTrailers() {
        ParseResult r = parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, Chunked\r\n\r\n"
                + "5;ext=1\r\nhello\r\n1 \r\n!\r\n0\r\nX-Trailer: t\r\n\r\n", GET, false);
        assertThat(r.error()).isNull();
        assertThat(r.incomplete()).isFalse();
        assertThat(r.responses()).singleElement().satisfies(resp -> {
            assertThat(resp.framing()).isEqualTo(ParsedResponse.Framing.CHUNKED);
            assertThat(body(resp)).isEqualTo("hello!");
        });
    }

    @Test
    void closeDelimitedBodyIsCompleteOnlyAtEof() {
        String raw = "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\npiece 1\n";
        assertThat(parse(raw, GET, false).incomplete()).isTrue();
        ParseResult done = parse(raw, GET, true);
        assertThat(done.incomplete()).isFalse();
        assertThat(done.error()).isNull();
        assertThat(body(done.responses().get(0))).isEqualTo("piece 1\n");
        assertThat(done.responses().get(0).framing()).isEqualTo(ParsedResponse.Framing.CLOSE);
    }

    @Test
    void headAndNoContentStatusesCarryNoBody() {
        ParseResult head = parse("HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", List.of("HEAD", "GET"), false);
        assertThat(head.error()).isNull();
        assertThat(head.finals()).hasSize(2);
        assertThat(head.responses().get(0).body()).isEmpty();
        assertThat(body(head.responses().get(1))).isEqualTo("ok");

        ParseResult noContent = parse("HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 304 Not Modified\r\n\r\n", GET, true);
        assertThat(noContent.error()).isNull();
        assertThat(noContent.finals()).extracting(ParsedResponse::status).containsExactly(204, 304);
    }

    @Test
    void interimResponsesPrecedeTheFinalOne() {
        ParseResult r = parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", GET, false);
        assertThat(r.error()).isNull();
        assertThat(r.interims()).extracting(ParsedResponse::status).containsExactly(100, 103);
        assertThat(r.finals()).extracting(ParsedResponse::status).containsExactly(200);
    }

    @Test
    void switchingProtocolsAndConnectTunnelsEndParsing() {
        ParseResult upgrade = parse("HTTP/1.1 101 Switching Protocols\r\n\r\n\u0081\u0005hello", GET, false);
        assertThat(upgrade.error()).isNull();
        assertThat(upgrade.responses()).singleElement()
                .extracting(ParsedResponse::framing).isEqualTo(ParsedResponse.Framing.SWITCH);

        ParseResult tunnel = parse("HTTP/1.1 200 OK\r\n\r\nanything", List.of("CONNECT"), false);
        assertThat(tunnel.error()).isNull();
        assertThat(tunnel.incomplete()).isFalse();
        assertThat(tunnel.responses()).singleElement()
                .extracting(ParsedResponse::framing).isEqualTo(ParsedResponse.Framing.TUNNEL);
    }

    @Test
    void partialResponsesNeedMoreBytesWhileOpenAndAreTruncatedAtEof() {
        assertThat(parse("HTTP/1.1 200 OK\r\nContent-Le", GET, false).incomplete()).isTrue();
        assertThat(parse("HT", GET, false).incomplete()).isTrue();
        assertThat(parse("HTTP/1.1 200 OK\r\nContent-Le", GET, true).error()).startsWith("truncated or unparseable");
        assertThat(parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhel", GET, false).incomplete()).isTrue();
        assertThat(parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhel", GET, true).error())
                .isEqualTo("response body shorter than its Content-Length (3 < 5)");
        assertThat(parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel", GET, true).error())
                .isEqualTo("truncated chunked response body");
    }

    @Test
    void invalidResponsesAreFlagged() {
        // HTTP/0.9-style answer: no status line at all
        assertThat(parse("method: GET\ntarget: /echo\n", GET, true).error())
                .startsWith("truncated or unparseable bytes after 0 response(s)");
        assertThat(parse("<html>", GET, false).error()).startsWith("unparseable bytes after 0 response(s)");
        assertThat(parse("HTTP/1.1 2000 OK\r\n\r\n", GET, true).error()).startsWith("bad status line");
        assertThat(parse("HTTP/1.1 200 OK\r\n folded\r\n\r\n", GET, true).error()).startsWith("obs-fold");
        assertThat(parse("HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n", GET, true).error())
                .startsWith("invalid response header name");
        assertThat(parse("HTTP/1.1 200 OK\r\nNoColon\r\n\r\n", GET, true).error())
                .startsWith("response header line without");
        assertThat(parse("HTTP/1.1 200 OK\r\nContent-Length: 3, 4\r\n\r\nabcd", GET, true).error())
                .startsWith("invalid Content-Length");
        assertThat(parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", GET, true).error())
                .startsWith("bad chunk size line");
    }

    @Test
    void bodyAfterHeadResponseIsGarbage() {
        ParseResult r = parse("HTTP/1.1 400 Bad Request\r\nContent-Length: 6\r\n\r\n<html>", List.of("HEAD"), true);
        assertThat(r.finals()).hasSize(1);
        assertThat(r.error()).startsWith("truncated or unparseable bytes after 1 response(s): b'<html>'");
    }

    @Test
    void contentLengthWithTransferEncodingIsFlagged() {
        assertThat(invariants("GET / HTTP/1.1\\r\\n\\r\\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "5\r\nhello\r\n0\r\n\r\n", false))
                .contains("a response carries both Transfer-Encoding and Content-Length (RFC 9112 6.2)");
    }

    @Test
    void framingFieldsOn1xxAnd204AreFlagged() {
        assertThat(invariants("GET / HTTP/1.1\\r\\n\\r\\n",
                "HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n", false))
                .contains("a 204 response carries Content-Length (RFC 9112 6.1 / RFC 9110 8.6)");
        assertThat(invariants("GET / HTTP/1.1\\r\\n\\r\\n",
                "HTTP/1.1 100 Continue\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", false))
                .contains("a 100 response carries Transfer-Encoding (RFC 9112 6.1 / RFC 9110 8.6)");
    }

    @Test
    void interimAndChunkedAnswersToHttp10AreFlagged() {
        assertThat(invariants("POST /echo HTTP/1.0\\r\\n\\r\\n", "HTTP/1.1 100 Continue\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", false))
                .containsExactly("a 1xx response was sent to an HTTP/1.0 request (RFC 9110 15.2)");
        assertThat(invariants("GET /echo HTTP/1.0\\r\\n\\r\\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", true))
                .containsExactly("a response to an HTTP/1.0 request uses Transfer-Encoding (RFC 9112 6.1)");
        assertThat(invariants("GET /echo HTTP/1.1\\r\\n\\r\\n", "HTTP/1.1 100 Continue\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", false)).isEmpty();
    }

    @Test
    void countHeadsIncludesInterimResponses() {
        byte[] raw = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nhel"
                .getBytes(StandardCharsets.ISO_8859_1);
        assertThat(ResponseReader.countHeads(raw, GET, false)).isEqualTo(1);
        assertThat(ResponseReader.countHeads(raw, GET, true)).isEqualTo(1);
        byte[] full = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
                .getBytes(StandardCharsets.ISO_8859_1);
        assertThat(ResponseReader.countHeads(full, GET, false)).isEqualTo(2);
    }
}
