package io.hawser.http1;

import static io.hawser.http1.HeadDelivery.assertRejected;
import static io.hawser.http1.HeadDelivery.get;
import static io.hawser.http1.HeadDelivery.head;
import static io.hawser.http1.HeadDelivery.latin1;
import static io.hawser.http1.HeadDelivery.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.verifyNoMoreInteractions;

import io.hawser.api.BadMessageException;
import io.hawser.api.ComplianceListener;
import io.hawser.api.ComplianceViolation;
import io.hawser.api.ConnectorConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The request-line (RFC 9112 §3), field lines (§5), line endings (§2.2) and head limits of
 * {@link Http1Parser}. Every case is delivered whole and one byte per call ({@link HeadDelivery}).
 * Framing fields are in {@link FramingFieldsTest}.
 */
class Http1ParserTest {
    private static final ConnectorConfig BARE_LF_ALLOWED =
            ConnectorConfig.builder().allow(ComplianceViolation.BARE_LF).build();

    // ------------------------------------------------------------------ request-target forms (§3.2)

    @Test
    void parsesOriginForm() {
        String raw = "GET /where?q=now&x=%20 HTTP/1.1\r\nHost: example.com\r\n\r\n";
        RequestHead head = parse(raw);

        assertThat(head.method()).isEqualTo("GET");
        assertThat(head.target()).isEqualTo("/where?q=now&x=%20");
        assertThat(head.version()).isEqualTo(RequestHead.HTTP_1_1);
        assertThat(head.protocol()).isEqualTo("HTTP/1.1");
        assertThat(head.headLength()).isEqualTo(raw.length());
        assertThat(head.size()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://example.com/pub/WWW/", "https://example.com:8443/a?b=c", "HTTP://Example.COM/",
        "http://example.com", "http://127.0.0.1:8080/x", "http://[::1]:8080/x", "http://example.com?q"})
    void parsesAbsoluteForm(String target) {
        RequestHead head = parse(head("GET " + target + " HTTP/1.1", "Host: example.com"));

        assertThat(head.target()).isEqualTo(target);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ftp://example.com/", "http:///path", "http://user@example.com/",
        "http://example.com:80x/", "http:/example.com/", "index.html", "example.com/x", "mailto:a@b"})
    void rejectsOtherTargetsThatAreNotOriginForm(String target) {
        assertRejected(400, head("GET " + target + " HTTP/1.1", "Host: example.com"));
    }

    @Test
    void acceptsAsteriskFormForOptions() {
        RequestHead head = parse(head("OPTIONS * HTTP/1.1", "Host: example.com"));

        assertThat(head.method()).isEqualTo("OPTIONS");
        assertThat(head.target()).isEqualTo("*");
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "POST", "HEAD", "DELETE", "options"})
    void rejectsAsteriskFormForOtherMethods(String method) {
        assertRejected(400, head(method + " * HTTP/1.1", "Host: example.com"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"example.com:443", "127.0.0.1:8080", "[::1]:443", "[2001:db8::1]:1"})
    void acceptsAuthorityFormForConnect(String authority) {
        RequestHead head = parse(head("CONNECT " + authority + " HTTP/1.1", "Host: " + authority));

        assertThat(head.method()).isEqualTo("CONNECT");
        assertThat(head.target()).isEqualTo(authority);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "example.com", "example.com:", "http://example.com:443/", "*", "user@example.com:443",
        "::1:443", "[::1]", "example.com:44a"})
    void rejectsConnectWithoutAuthorityForm(String target) {
        assertRejected(400, head("CONNECT " + target + " HTTP/1.1", "Host: example.com:443"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "POST", "OPTIONS"})
    void rejectsAuthorityFormForOtherMethods(String method) {
        assertRejected(400, head(method + " example.com:443 HTTP/1.1", "Host: example.com:443"));
    }

    @Test
    void acceptsEveryCharacterRfc3986AllowsInPathAndQuery() {
        // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"; query adds "/" and "?" (RFC 3986 §3.3, §3.4)
        String target = "/AZaz09-._~!$&'()*+,;=:@//%20%7e%7E%aF?/?:@!$&'()*+,;=%00";
        assertThat(parse(head("GET " + target + " HTTP/1.1", "Host: a")).target()).isEqualTo(target);
        String absolute = "http://ex%41mple.com:8080/a%2Fb?c=%3D";
        assertThat(parse(head("GET " + absolute + " HTTP/1.1", "Host: a")).target()).isEqualTo(absolute);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/a#frag", "/a?b#", "/#", "http://example.com/#x", "/a?x=|", "/a|b", "/{", "/}", "/^",
        "/`", "/a\\b", "/\"\"", "/<a>", "/a?>", "/a[b]", "/a]", "/?[", "http://example.com/a[1]",
        "http://example.com?]"})
    void rejectsBytesRfc3986DoesNotAllowInTheTarget(String target) {
        assertRejected(400, head("GET " + target + " HTTP/1.1", "Host: a"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/%zz", "/%4", "/a?b=%", "/%", "/%g0", "/%0g", "/a%2", "/a%%41", "/%4 x", "http://a%zz.com/",
        "http://example.com/%x1"})
    void rejectsMalformedPercentEncoding(String target) {
        assertRejected(400, head("GET " + target + " HTTP/1.1", "Host: a"));
    }

    @Test
    void answers414ToATargetRunPastTheLimitAndKeeps400ForABadByteThere() {
        ConnectorConfig small = ConnectorConfig.builder().maxRequestLineLength(64).build();
        String line = "GET /" + "a".repeat(59);  // 64 bytes: the next byte is the 65th
        HeadDelivery.assertRejected(small, 414, line + "b HTTP/1.1\r\nHost: a\r\n\r\n");
        HeadDelivery.assertRejected(small, 414, line + "%41 HTTP/1.1\r\nHost: a\r\n\r\n");
        HeadDelivery.assertRejected(small, 400, line + "# HTTP/1.1\r\nHost: a\r\n\r\n");
        HeadDelivery.assertRejected(small, 400, "GET /" + "a".repeat(57) + "%z HTTP/1.1\r\nHost: a\r\n\r\n");
    }

    // ------------------------------------------------------------------ method (§3.1)

    @ParameterizedTest
    @ValueSource(strings = {"GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "PROPFIND", "M-SEARCH",
        "get", "X", "!#$%&'*+-.^_`|~09azAZ"})
    void acceptsAnyTokenAsMethodKeepingItsCase(String method) {
        assertThat(parse(head(method + " / HTTP/1.1", "Host: a")).method()).isEqualTo(method);
    }

    @ParameterizedTest
    @ValueSource(strings = {"GE(T", "GET@", "\"GET\"", "GE/T", "G\u00c9T", "GE\u0000T", "GET,", "GE{T}", "[GET]"})
    void rejectsMethodsThatAreNotTokens(String method) {
        assertRejected(400, head(method + " / HTTP/1.1", "Host: a"));
    }

    @ParameterizedTest
    @ValueSource(strings = {" GET / HTTP/1.1", "GET  / HTTP/1.1", "GET /  HTTP/1.1", "GET / HTTP/1.1 ", "GET\t/ HTTP/1.1",
        "GET /\tHTTP/1.1", "GET /", "GET / ", "GET", "/ HTTP/1.1", "GET /a b HTTP/1.1"})
    void rejectsRequestLinesNotSplitBySingleSpaces(String requestLine) {
        assertRejected(400, requestLine + "\r\nHost: a\r\n\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/a\u0000", "/a\u007f", "/caf\u00e9", "/a\u001b", "/a\u0080"})
    void rejectsControlAndNonAsciiBytesInTarget(String target) {
        assertRejected(400, head("GET " + target + " HTTP/1.1", "Host: a"));
    }

    // ------------------------------------------------------------------ HTTP-version (§2.3)

    @Test
    void parsesHttp10() {
        RequestHead head = parse(head("GET / HTTP/1.0"));

        assertThat(head.version()).isEqualTo(RequestHead.HTTP_1_0);
        assertThat(head.protocol()).isEqualTo("HTTP/1.0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/1.2", "HTTP/1.9"})
    void servesHigherMinorVersionsAsHttp11(String version) {
        RequestHead head = parse(head("GET / " + version, "Host: a"));

        assertThat(head.version()).isEqualTo(RequestHead.HTTP_1_1);
        assertThat(head.protocol()).isEqualTo("HTTP/1.1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/2.0", "HTTP/3.0", "HTTP/9.9", "HTTP/0.9"})
    void answers505ToOtherMajorVersions(String version) {
        assertRejected(505, head("GET / " + version, "Host: a"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"http/1.1", "Http/1.1", "HTTP/1", "HTTP/11", "HTTP/1.10", "HTTP/10.0", "HTTP/a.b", "HTTP/1,1",
        "HTTPS/1.1", "HTTP/ 1.1", "HTTP/1.", "HTTP /1.1", "HTTP/1.1.1", "HTTP/-1.1", "HTTP/1.x", "XTTP/1.1"})
    void rejectsMalformedVersions(String version) {
        assertRejected(400, head("GET / " + version, "Host: a"));
    }

    // ------------------------------------------------------------------ request-line length (§3)

    @Test
    void acceptsRequestLineOfExactlyTheLimit() {
        ConnectorConfig config = ConnectorConfig.builder().maxRequestLineLength(64).build();
        String line = "GET /" + "a".repeat(50) + " HTTP/1.1";
        assertThat(line).hasSize(64);

        assertThat(parse(config, head(line, "Host: a")).target()).hasSize(51);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 5, 8, 9, 10, 100})
    void answers414ToRequestLineLongerThanTheLimitWhereverTheExcessLies(int excess) {
        ConnectorConfig config = ConnectorConfig.builder().maxRequestLineLength(64).build();
        String line = "GET /" + "a".repeat(50 + excess) + " HTTP/1.1";

        assertRejected(config, 414, head(line, "Host: a"));
    }

    @Test
    void answers414ToLongMethodAndLongTarget() {
        assertRejected(414, head("G".repeat(100_000) + " / HTTP/1.1", "Host: a"));
        assertRejected(414, head("GET /" + "a".repeat(100_000) + " HTTP/1.1", "Host: a"));
    }

    @Test
    void acceptsDefaultLimitRequestLineOf8192() {
        String line = "GET /" + "a".repeat(8192 - 14) + " HTTP/1.1";

        assertThat(parse(head(line, "Host: a")).target()).hasSize(8192 - 13);
        assertRejected(414, head(line.replace("GET /", "GET /a"), "Host: a"));
    }

    // ------------------------------------------------------------------ leading empty lines (§2.2)

    @Test
    void ignoresEmptyLinesBeforeTheRequestLine() {
        RequestHead head = parse("\r\n\r\n" + get());

        assertThat(head.method()).isEqualTo("GET");
        assertThat(head.headLength()).isEqualTo(4 + get().length());
    }

    @Test
    void bindsTheNumberOfLeadingEmptyLines() {
        assertThat(parse("\r\n".repeat(64) + get()).method()).isEqualTo("GET");
        assertRejected(400, "\r\n".repeat(65) + get());
    }

    @Test
    void rejectsBareCrOrBareLfBeforeTheRequestLine() {
        assertRejected(400, "\n" + get());
        assertRejected(400, "\r" + get());
        assertRejected(400, "\r\n\n" + get());
        assertRejected(400, "\r\r\n" + get());
    }

    // ------------------------------------------------------------------ line endings (§2.2)

    @ParameterizedTest
    @ValueSource(strings = {
        "GET / HTTP/1.1\nHost: a\r\n\r\n",
        "GET / HTTP/1.1\rHost: a\r\n\r\n",
        "GET / HTTP/1.1\r\rHost: a\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\rX: b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX: b\rc\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\n\n",
        "GET / HTTP/1.1\r\nHost: a\r\n\rX",
        "GET / HTTP/1.1\r\nHost: a\r\r\n\r\n",
        "GET / HTTP/1.1\r\nHo\rst: a\r\n\r\n",
        "GET /\r HTTP/1.1\r\nHost: a\r\n\r\n"})
    void rejectsBareCrAndBareLf(String raw) {
        assertRejected(400, raw);
    }

    @Test
    void acceptsBareLfWhenAllowedAndTellsTheListener() {
        ComplianceListener listener = mock(ComplianceListener.class);
        ConnectorConfig config = BARE_LF_ALLOWED.toBuilder().complianceListener(listener).build();

        RequestHead head = parse(config, "\nGET /x HTTP/1.1\nHost: a\r\nX:  b \n\n");

        assertThat(head.target()).isEqualTo("/x");
        assertThat(HeadDelivery.Snapshot.of(head).fields()).containsExactly(List.of("Host", "a"), List.of("X", "b"));
        // four bare LFs, each seen once by each of the two deliveries
        verify(listener, times(8)).onViolation(eq(ComplianceViolation.BARE_LF), eq(true), anyString());
        verifyNoMoreInteractions(listener);
    }

    @Test
    void tellsTheListenerOfABareLfItRejects() {
        ComplianceListener listener = mock(ComplianceListener.class);
        ConnectorConfig config = ConnectorConfig.builder().complianceListener(listener).build();

        assertRejected(config, 400, "GET / HTTP/1.1\r\nHost: a\n\r\n");

        verify(listener, times(2)).onViolation(eq(ComplianceViolation.BARE_LF), eq(false), anyString());
        verifyNoMoreInteractions(listener);
    }

    @Test
    void tellsTheListenerNothingForAWellFormedHead() {
        ComplianceListener listener = mock(ComplianceListener.class);
        ConnectorConfig config = BARE_LF_ALLOWED.toBuilder().complianceListener(listener).build();

        parse(config, get("X: y"));

        verifyNoInteractions(listener);
    }

    @Test
    void rejectsBareCrEvenWhenBareLfIsAllowed() {
        assertRejected(BARE_LF_ALLOWED, 400, "GET / HTTP/1.1\rHost: a\n\n");
        assertRejected(BARE_LF_ALLOWED, 400, "GET / HTTP/1.1\nHost: a\rX: b\n\n");
    }

    // ------------------------------------------------------------------ field lines (§5)

    @Test
    void rejectsObsFold() {
        assertRejected(400, get("X: a", " b"));
        assertRejected(400, get("X: a", "\tb"));
        assertRejected(400, head("GET / HTTP/1.1", " Host: a"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Host : a", "X-A : b", "X-A\t: b", "X-A  :b"})
    void rejectsWhitespaceBetweenFieldNameAndColon(String line) {
        assertRejected(400, head("GET / HTTP/1.1", line, "Host: a"));
    }

    @ParameterizedTest
    @ValueSource(strings = {": a", "X(y: a", "X)y: a", "X@y: a", "X\"y: a", "X/y: a", "X[y]: a", "X{y: a", "X=y: a",
        "X,y: a", "X;y: a", "X?y: a", "X\\y: a", "X\u00e9: a", "X\u0000: a", "X\u007f: a", "no-colon", "\u0001X: a"})
    void rejectsFieldNamesThatAreNotTokens(String line) {
        assertRejected(400, get(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u0000", "\u0001", "\u0008", "\u000b", "\u000c", "\u001b", "\u001f", "\u007f"})
    void rejectsNulControlsAndDelInFieldValues(String control) {
        assertRejected(400, get("X: a" + control + "b"));
        assertRejected(400, get("X: " + control));
    }

    @Test
    void acceptsObsTextInFieldValues() {
        String value = "caf\u00e9 \u0080\u00ff\u00a0x";

        assertThat(parse(get("X: " + value)).get("X")).isEqualTo(value);
    }

    @Test
    void acceptsEveryVisibleAsciiByteInFieldValues() {
        StringBuilder value = new StringBuilder();
        for (char c = 0x21; c < 0x7f; c++) {
            value.append(c);
        }

        assertThat(parse(get("X: " + value)).get("X")).isEqualTo(value.toString());
    }

    @Test
    void trimsOptionalWhitespaceAroundValuesButKeepsInnerWhitespace() {
        RequestHead head = parse(get("A: \t a  b\t c \t ", "B:x", "C:\t\ty"));

        assertThat(head.get("A")).isEqualTo("a  b\t c");
        assertThat(head.get("B")).isEqualTo("x");
        assertThat(head.get("C")).isEqualTo("y");
    }

    @Test
    void keepsEmptyValues() {
        RequestHead head = parse(get("A:", "B:    ", "C: \t"));

        assertThat(head.size()).isEqualTo(4);
        assertThat(head.get("A")).isEmpty();
        assertThat(head.get("B")).isEmpty();
        assertThat(head.get("C")).isEmpty();
        assertThat(head.contains("B")).isTrue();
    }

    @Test
    void keepsRepeatedFieldsInArrivalOrder() {
        RequestHead head = parse(get("Accept: a", "X: 1", "accept: b", "ACCEPT: c"));

        assertThat(HeadDelivery.Snapshot.of(head).fields()).containsExactly(List.of("Host", "example.com"),
                List.of("Accept", "a"), List.of("X", "1"), List.of("accept", "b"), List.of("ACCEPT", "c"));
        assertThat(head.getAll("Accept")).containsExactly("a", "b", "c");
        assertThat(head.get("accept")).isEqualTo("a");
    }

    @Test
    void looksUpNamesCaseInsensitivelyAndKeepsTheirCase() {
        RequestHead head = parse(get("X-Custom-Thing: v", "content-TYPE: text/plain"));

        assertThat(head.get("x-custom-thing")).isEqualTo("v");
        assertThat(head.get("X-CUSTOM-THING")).isEqualTo("v");
        assertThat(head.contains("CONTENT-type")).isTrue();
        assertThat(head.get("HOST")).isEqualTo("example.com");
        assertThat(head.name(1)).isEqualTo("X-Custom-Thing");
        assertThat(head.name(2)).isEqualTo("content-TYPE");
        assertThat(head.get("X-Custom-Thin")).isNull();
        assertThat(head.get("X-Custom-Things")).isNull();
        assertThat(head.contains("X_Custom_Thing")).isFalse();
    }

    @Test
    void rejectsIndexesOutsideTheFields() {
        RequestHead head = parse(get());

        assertThatThrownBy(() -> head.name(1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> head.value(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    // ------------------------------------------------------------------ field section limits (→ 431)

    @Test
    void acceptsFieldSectionOfExactlyTheLimit() {
        ConnectorConfig config = ConnectorConfig.builder().maxFieldSectionSize(256).build();
        // "Host: a\r\n" (9) + "X: " + pad + "\r\n" (5 + pad): all field lines with their CRLFs
        String pad = "p".repeat(256 - 9 - 5);

        assertThat(parse(config, head("GET / HTTP/1.1", "Host: a", "X: " + pad)).get("X")).hasSize(242);
    }

    @Test
    void answers431ToFieldSectionLargerThanTheLimit() {
        ConnectorConfig config = ConnectorConfig.builder().maxFieldSectionSize(256).build();
        String pad = "p".repeat(256 - 9 - 5 + 1);

        assertRejected(config, 431, head("GET / HTTP/1.1", "Host: a", "X: " + pad));
        assertRejected(config, 431, head("GET / HTTP/1.1", "Host: a", "X:" + " ".repeat(300) + "v"));
    }

    @Test
    void answers431ToHugeFieldNameValueOrManyLines() {
        assertRejected(431, get("X-" + "n".repeat(100_000) + ": v"));
        assertRejected(431, get("X: " + "v".repeat(100_000)));
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 99; i++) {
            lines.add("X-Pad-" + i + ": " + "0123456789".repeat(9));
        }
        assertRejected(431, get(lines.toArray(new String[0])));
    }

    @Test
    void acceptsAsManyFieldLinesAsTheLimit() {
        ConnectorConfig config = ConnectorConfig.builder().maxFieldCount(5).build();

        assertThat(parse(config, get("A: 1", "B: 2", "C: 3", "D: 4")).size()).isEqualTo(5);
        assertRejected(config, 431, get("A: 1", "B: 2", "C: 3", "D: 4", "E: 5"));
    }

    @Test
    void answers431ToMoreThanTheDefaultHundredFieldLines() {
        String[] lines = new String[100];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = "X: " + i;
        }

        assertRejected(431, get(lines));
        assertThat(parse(get(java.util.Arrays.copyOf(lines, 99))).size()).isEqualTo(100);
    }

    // ------------------------------------------------------------------ resumption and reuse

    @Test
    void needsMoreBytesUntilTheEmptyLine() throws BadMessageException {
        byte[] bytes = latin1(get("X: y"));
        Http1Parser parser = new Http1Parser(HeadDelivery.STRICT);
        RequestHead head = new RequestHead();

        assertThat(parser.parse(bytes, 0, bytes.length - 1, head)).isEqualTo(-1);
        assertThat(parser.scanned()).isEqualTo(bytes.length - 1);
        assertThat(parser.parse(bytes, 0, bytes.length, head)).isEqualTo(bytes.length);
        assertThat(head.get("X")).isEqualTo("y");
    }

    @Test
    void parsesPipelinedHeadsFromOneBufferAfterReset() throws BadMessageException {
        String first = "POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\n";
        String second = "GET /b HTTP/1.1\r\nHost: b\r\n\r\n";
        byte[] bytes = latin1(first + "abc" + second);
        Http1Parser parser = new Http1Parser(HeadDelivery.STRICT);
        RequestHead head = new RequestHead();

        int n = parser.parse(bytes, 0, bytes.length, head);
        assertThat(n).isEqualTo(first.length());
        assertThat(head.contentLength()).isEqualTo(3);

        parser.reset();
        head.reset();
        int start = n + 3;
        assertThat(parser.parse(bytes, start, bytes.length, head)).isEqualTo(second.length());
        assertThat(head.method()).isEqualTo("GET");
        assertThat(head.target()).isEqualTo("/b");
        assertThat(head.get("Host")).isEqualTo("b");
        assertThat(head.contentLength()).isEqualTo(-1);
        assertThat(head.size()).isEqualTo(1);
    }

    @Test
    void readsEachTargetAfreshWhenTheHeadIsReused() throws BadMessageException {
        Http1Parser parser = new Http1Parser(HeadDelivery.STRICT);
        RequestHead head = new RequestHead();
        String[] targets = {"/a", "/a", "/b", "/ab", "/b", "*", "/a"};
        for (String target : targets) {
            String method = target.equals("*") ? "OPTIONS" : "GET";
            byte[] bytes = latin1(head(method + " " + target + " HTTP/1.1", "Host: a"));
            parser.reset();
            head.reset();
            parser.parse(bytes, 0, bytes.length, head);
            assertThat(head.target()).isEqualTo(target);
        }
    }

    @Test
    void keepsFieldValuesAfterTheBufferIsReused() throws BadMessageException {
        byte[] bytes = latin1(get("X-Name: value"));
        RequestHead head = new RequestHead();
        new Http1Parser(HeadDelivery.STRICT).parse(bytes, 0, bytes.length, head);

        java.util.Arrays.fill(bytes, (byte) '#');

        assertThat(head.get("x-name")).isEqualTo("value");
        assertThat(head.name(1)).isEqualTo("X-Name");
        assertThat(head.target()).isEqualTo("/");
    }

    @Test
    void resetEmptiesTheHead() {
        RequestHead head = parse(head("POST /x HTTP/1.1", "Host: a", "Content-Length: 5", "Connection: close",
                "Expect: 100-continue"));

        head.reset();

        assertThat(head.size()).isZero();
        assertThat(head.method()).isNull();
        assertThat(head.contentLength()).isEqualTo(-1);
        assertThat(head.isChunked()).isFalse();
        assertThat(head.expectsContinue()).isFalse();
        assertThat(head.get("Host")).isNull();
    }
}
