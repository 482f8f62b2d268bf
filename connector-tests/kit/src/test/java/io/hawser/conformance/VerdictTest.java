package io.hawser.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class VerdictTest {

    private static final String REQUEST = "---\nGET /echo HTTP/1.1\\r\\nHost: localhost\\r\\n\\r\\n\n";
    private static final String OK_EMPTY = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n";
    private static final String BAD_REQUEST = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n";

    private static CaseOutcome outcome(CaseFile c, String raw, boolean closed) {
        byte[] bytes = raw.getBytes(StandardCharsets.ISO_8859_1);
        return new CaseOutcome(ResponseReader.parse(bytes, c.requestMethods(), closed),
                new Observation(bytes.length, null, closed, false, 1, bytes));
    }

    private static List<String> check(String header, String raw, boolean closed) {
        CaseFile c = CaseFileReader.parse("g/c", header + REQUEST);
        return Verdict.check(c, outcome(c, raw, closed), false);
    }

    private static String echo(String method, String target, String body, String... headers) {
        StringBuilder sb = new StringBuilder("method: " + method + "\ntarget: " + target + "\nprotocol: HTTP/1.1\n");
        for (String h : headers) {
            sb.append("header: ").append(h).append('\n');
        }
        byte[] b = body.getBytes(StandardCharsets.ISO_8859_1);
        sb.append("body-length: ").append(b.length).append("\nbody-sha256: ").append(EchoCheck.sha256(b)).append('\n');
        return "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + sb.length() + "\r\n\r\n" + sb;
    }

    @Test
    void expectedStatusAndCloseTogetherPass() {
        assertThat(check("expect-status: 400\nexpect-close: yes\n", BAD_REQUEST, true)).isEmpty();
    }

    @Test
    void wrongStatusFails() {
        assertThat(check("expect-status: 400\n", OK_EMPTY, false))
                .containsExactly("response 1 status 200, expected 400");
    }

    @Test
    void missingCloseFails() {
        assertThat(check("expect-status: 400\nexpect-close: yes\n", BAD_REQUEST, false))
                .containsExactly("connection still open, expected the server to close it");
    }

    @Test
    void unexpectedCloseFails() {
        assertThat(check("expect-close: no\n", OK_EMPTY, true))
                .containsExactly("server closed the connection, expected it to stay open");
    }

    @Test
    void noResponseFailsTheDefaultCount() {
        assertThat(check("expect-status: 400\n", "", true)).containsExactly("got 0 response(s), expected 1");
        assertThat(check("expect-responses: 0|1\n", "", true)).isEmpty();
    }

    @Test
    void garbageAndIncompleteResponsesFail() {
        assertThat(check("expect-status: any\n", "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nabc", false))
                .contains("response incomplete when the wait ended");
        assertThat(check("expect-status: any\n", OK_EMPTY + "junk", true))
                .contains("truncated or unparseable bytes after 1 response(s): b'junk'");
    }

    @Test
    void statusPatterns() {
        assertThat(Verdict.statusMatches(404, "4xx")).isTrue();
        assertThat(Verdict.statusMatches(404, "400")).isFalse();
        assertThat(Verdict.statusMatches(501, "400 | 501")).isTrue();
        assertThat(Verdict.statusMatches(302, "any")).isTrue();
        assertThat(Verdict.statusMatches(500, "4xx|200")).isFalse();
        // one pattern per response; responses beyond the list are not checked
        assertThat(check("expect-status: 4xx, 200\nexpect-responses: 3\n", BAD_REQUEST + OK_EMPTY + BAD_REQUEST, false))
                .isEmpty();
        assertThat(check("expect-status: 4xx, 200\nexpect-responses: 2\n", BAD_REQUEST + BAD_REQUEST, false))
                .containsExactly("response 2 status 400, expected 200");
    }

    @Test
    void responseAndInterimCounts() {
        assertThat(check("expect-responses: 1\n", OK_EMPTY + OK_EMPTY, false))
                .containsExactly("got 2 response(s), expected 1");
        assertThat(check("expect-interim: 1\n", OK_EMPTY, false))
                .containsExactly("got 0 interim (1xx) response(s), expected 1");
        assertThat(check("expect-interim: 0\n", "HTTP/1.1 100 Continue\r\n\r\n" + OK_EMPTY, false))
                .containsExactly("got 1 interim (1xx) response(s), expected 0");
    }

    @Test
    void strictModeUsesPreferredStatusAndClose() {
        CaseFile c = CaseFileReader.parse("g/c",
                "expect-status: 400|200\nprefer-status: 400\nprefer-close: yes\n" + REQUEST);
        CaseOutcome ok = outcome(c, OK_EMPTY, false);
        assertThat(Verdict.check(c, ok, false)).isEmpty();
        assertThat(Verdict.check(c, ok, true)).containsExactly("response 1 status 200, expected 400",
                "connection still open, expected the server to close it");
    }

    @Test
    void echoChecks() {
        String raw = echo("POST", "/echo?a=1", "hello",
                "Host: localhost", "X-Fold: first  second", "X-Dup: 1", "X-Dup: 2");
        assertThat(check("expect-echo: method=POST; target=/echo?a=1; body=hello; header=host: localhost\n"
                + "expect-echo.1: header~=X-Fold: first[ \t]+second; no-header=X-Missing; header-count=x-dup:2; "
                + "protocol=HTTP/1.1; body-length=5\n", raw, false)).isEmpty();
        assertThat(check("expect-echo: body=hell\n", raw, false)).singleElement().asString()
                .startsWith("response 1: echo body-length 5 (sha ");
        assertThat(check("expect-echo: method=GET; no-header=X-Dup\n", raw, false)).containsExactly(
                "response 1: echo method is 'POST', expected 'GET'",
                "response 1: echo has header X-Dup: ['1', '2'], expected none");
        assertThat(check("expect-echo: method=GET\n", OK_EMPTY, false))
                .containsExactly("response 1: response is not echo output: b''");
        // echo checks apply only to 200 responses; .N beyond the responses is not checked
        assertThat(check("expect-echo: method=GET\nexpect-echo.3: method=GET\nexpect-status: any\n",
                BAD_REQUEST, false))
                .isEmpty();
    }

    @Test
    void headerAndBodyChecks() {
        String raw = "HTTP/1.1 200 OK\r\nDate: Mon, 01 Jan 2024 00:00:00 GMT\r\nContent-Length: 13\r\n\r\n"
                + "Hello, World!";
        assertThat(check("expect-header: Date: (Mon|Tue), \\d\\d Jan \\d{4} .*\nexpect-body: Hello,\\sWorld!\n"
                + "expect-no-header: Transfer-Encoding\nexpect-header-if-present: Connection: close\n", raw, false))
                .isEmpty();
        assertThat(check("expect-header: Server: .*\nexpect-header-if-present.1: Date: Tue.*\n", raw, false))
                .containsExactly("response 1 lacks header Server",
                        "response 1 header Date ['Mon, 01 Jan 2024 00:00:00 GMT'] does not match /Tue.*/");
        assertThat(check("expect-body.1: Hello\nexpect-no-header: Date\n", raw, false)).containsExactly(
                "response 1 has header Date: ['Mon, 01 Jan 2024 00:00:00 GMT'], expected none",
                "response 1 body b'Hello, World!', expected b'Hello'");
    }

    @Test
    void describeSummarisesLikeRunCorpus() {
        CaseFile c = CaseFileReader.parse("g/c", REQUEST);
        String raw = "HTTP/1.1 100 Continue\r\n\r\n" + OK_EMPTY + OK_EMPTY + BAD_REQUEST;
        assertThat(Verdict.describe(outcome(c, raw, true)))
                .isEqualTo("got [100 200 x2 400], closed");
        assertThat(Verdict.describe(outcome(c, "", false))).isEqualTo("got no response, open");
    }

    @Test
    void failureMessageCarriesReasonsAndRawBytes() {
        CaseFile c = CaseFileReader.parse("g/c", "expect-status: 200\nexpect-close: no\n" + REQUEST);
        CaseOutcome o = outcome(c, BAD_REQUEST, true);
        CaseResult r = new CaseResult(c, CaseResult.Status.FAIL, Verdict.check(c, o, false), o);
        assertThat(r.failureMessage()).isEqualTo("FAIL g/c: response 1 status 400, expected 200; "
                + "server closed the connection, expected it to stay open  (got [400], closed)\n"
                + "     raw: b'HTTP/1.1 400 Bad Request\\r\\nContent-Length: 0\\r\\n\\r\\n'");
    }
}
