package io.hawser.http1;

import static io.hawser.http1.HeadDelivery.assertRejected;
import static io.hawser.http1.HeadDelivery.get;
import static io.hawser.http1.HeadDelivery.get10;
import static io.hawser.http1.HeadDelivery.head;
import static io.hawser.http1.HeadDelivery.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.verifyNoMoreInteractions;

import io.hawser.api.ComplianceListener;
import io.hawser.api.ComplianceViolation;
import io.hawser.api.ConnectorConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fields that frame and keep a request, as {@link Http1Parser} applies them through
 * {@link FramingFields}: Host (RFC 9112 §3.2), Content-Length (RFC 9110 §8.6), Transfer-Encoding
 * (RFC 9112 §6.1, §6.3), Connection (§9.3), Expect (RFC 9110 §10.1.1) and the body size limit. Every
 * case is delivered whole and one byte per call ({@link HeadDelivery}).
 */
class FramingFieldsTest {
    private static final ConnectorConfig REPEATED_CL_ALLOWED =
            ConnectorConfig.builder().allow(ComplianceViolation.REPEATED_CONTENT_LENGTH).build();

    // ------------------------------------------------------------------ Host (RFC 9112 §3.2)

    @Test
    void rejectsHttp11RequestWithoutHost() {
        assertRejected(400, head("GET / HTTP/1.1"));
        assertRejected(400, head("GET / HTTP/1.1", "X-Host: a"));
        assertRejected(400, head("GET http://example.com/ HTTP/1.1"));
    }

    @Test
    void acceptsHttp10RequestWithoutHost() {
        RequestHead head = parse(get10());

        assertThat(head.contains("Host")).isFalse();
        assertThat(head.version()).isEqualTo(RequestHead.HTTP_1_0);
    }

    @Test
    void rejectsTwoHostLinesEvenWhenEqual() {
        assertRejected(400, get("Host: example.com"));
        assertRejected(400, get("host: other.example"));
        assertRejected(400, get10("Host: a", "Host: a"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"example.com", "EXAMPLE.com:8080", "127.0.0.1", "127.0.0.1:80", "[::1]", "[::1]:8080",
        "[2001:db8::ff00:42:8329]", "[v1.fe80::a]", "a-b_c~d.e", "%41b", "example.com:", ""})
    void acceptsValidHostValues(String host) {
        assertThat(parse(head("GET / HTTP/1.1", "Host: " + host)).get("host")).isEqualTo(host);
    }

    @ParameterizedTest
    @ValueSource(strings = {"user@example.com", "user:pass@example.com", "example.com/", "example.com/path",
        "example.com:80a", "example.com:-1", "example.com:80:90", "::1", "::1:8080", "2001:db8::1", "[::1", "::1]",
        "[]", "[::1]x", "[::1]:8o", "[::g]", "exa mple.com", "%zz", "%4", "example.com?q", "example.com#f",
        "http://example.com", "exam\"ple"})
    void rejectsInvalidHostValues(String host) {
        assertRejected(400, head("GET / HTTP/1.1", "Host: " + host));
    }

    // ------------------------------------------------------------------ Content-Length (RFC 9110 §8.6)

    @Test
    void readsContentLength() {
        assertThat(parse(get("Content-Length: 42")).contentLength()).isEqualTo(42);
        assertThat(parse(get("Content-Length: 0")).contentLength()).isZero();
        assertThat(parse(get("content-length:  7 \t")).contentLength()).isEqualTo(7);
        assertThat(parse(get("Content-Length: 1099511627776")).contentLength()).isEqualTo(1L << 40);
        assertThat(parse(get()).contentLength()).isEqualTo(-1);
    }

    @Test
    void acceptsLeadingZerosInContentLength() {
        assertThat(parse(get("Content-Length: 007")).contentLength()).isEqualTo(7);
        assertThat(parse(get("Content-Length: 000")).contentLength()).isZero();
        assertThat(parse(get("Content-Length: " + "0".repeat(40) + "12")).contentLength()).isEqualTo(12);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "+5", "-5", "5a", "a5", "0x5", "5 5", "5.0", "1e3", "\"5\"", "5;", "five",
        "9223372036854775808", "99999999999999999999", "18446744073709551621"})
    void rejectsContentLengthThatIsNotDigitsOrOverflows(String value) {
        assertRejected(400, get("Content-Length: " + value));
    }

    @Test
    void rejectsContentLengthListsAndRepeatedLinesByDefault() {
        ComplianceListener listener = mock(ComplianceListener.class);
        ConnectorConfig config = ConnectorConfig.builder().complianceListener(listener).build();

        assertRejected(config, 400, get("Content-Length: 5, 5"));
        assertRejected(config, 400, get("Content-Length: 5", "Content-Length: 5"));

        verify(listener, times(4)).onViolation(eq(ComplianceViolation.REPEATED_CONTENT_LENGTH), eq(false),
                anyString());
        verifyNoMoreInteractions(listener);
    }

    @Test
    void acceptsEqualRepeatedContentLengthsWhenAllowedAndTellsTheListener() {
        ComplianceListener listener = mock(ComplianceListener.class);
        ConnectorConfig config = REPEATED_CL_ALLOWED.toBuilder().complianceListener(listener).build();

        assertThat(parse(config, get("Content-Length: 5,5 ,\t5")).contentLength()).isEqualTo(5);
        assertThat(parse(config, get("Content-Length: 5", "content-length: 005")).contentLength()).isEqualTo(5);

        verify(listener, times(4)).onViolation(eq(ComplianceViolation.REPEATED_CONTENT_LENGTH), eq(true),
                anyString());
        verifyNoMoreInteractions(listener);
    }

    @Test
    void rejectsDifferingContentLengthsEvenWhenRepetitionIsAllowed() {
        assertRejected(REPEATED_CL_ALLOWED, 400, get("Content-Length: 5, 6"));
        assertRejected(REPEATED_CL_ALLOWED, 400, get("Content-Length: 5", "Content-Length: 6"));
        assertRejected(REPEATED_CL_ALLOWED, 400, get("Content-Length: 5,"));
        assertRejected(REPEATED_CL_ALLOWED, 400, get("Content-Length: ,5"));
        assertRejected(REPEATED_CL_ALLOWED, 400, get("Content-Length: 5,,5"));
    }

    @Test
    void tellsTheListenerNothingForOneContentLength() {
        ComplianceListener listener = mock(ComplianceListener.class);

        parse(ConnectorConfig.builder().complianceListener(listener).build(), get("Content-Length: 5"));

        verifyNoInteractions(listener);
    }

    // ------------------------------------------------------------------ request body size (→ 413)

    @Test
    void answers413ToContentLengthAboveTheBodyLimit() {
        ConnectorConfig config = ConnectorConfig.builder().maxRequestBodySize(100).build();

        assertThat(parse(config, get("Content-Length: 100")).contentLength()).isEqualTo(100);
        assertRejected(config, 413, get("Content-Length: 101"));
        assertRejected(ConnectorConfig.builder().maxRequestBodySize(0).build(), 413, get("Content-Length: 1"));
    }

    @Test
    void leavesTheChunkedBodyLimitToTheDecoder() {
        ConnectorConfig config = ConnectorConfig.builder().maxRequestBodySize(0).build();

        assertThat(parse(config, get("Transfer-Encoding: chunked")).isChunked()).isTrue();
    }

    @Test
    void hasNoBodyLimitByDefault() {
        assertThat(parse(get("Content-Length: 922337203685477579")).contentLength()).isEqualTo(922337203685477579L);
    }

    // ------------------------------------------------------------------ Transfer-Encoding (RFC 9112 §6.1, §6.3)

    @ParameterizedTest
    @ValueSource(strings = {"chunked", "CHUNKED", "Chunked", "chunked ", ", chunked", "chunked,", " , ,chunked, ,",
        "\tchunked\t"})
    void readsChunkedAsTheFinalCoding(String value) {
        RequestHead head = parse(head("POST / HTTP/1.1", "Host: a", "Transfer-Encoding: " + value));

        assertThat(head.isChunked()).isTrue();
        assertThat(head.contentLength()).isEqualTo(-1);
    }

    @Test
    void readsChunkedFromTheLastOfSeveralLines() {
        assertThat(parse(get("Transfer-Encoding: ", "Transfer-Encoding: chunked")).isChunked()).isTrue();
    }

    @Test
    void rejectsContentLengthWithTransferEncoding() {
        assertRejected(400, get("Content-Length: 5", "Transfer-Encoding: chunked"));
        assertRejected(400, get("Transfer-Encoding: chunked", "Content-Length: 5"));
        assertRejected(400, get("Transfer-Encoding: chunked", "Content-Length: 0"));
        assertRejected(REPEATED_CL_ALLOWED, 400, get("Transfer-Encoding: chunked", "Content-Length: 5, 5"));
    }

    @Test
    void rejectsTransferEncodingInHttp10() {
        assertRejected(400, get10("Transfer-Encoding: chunked"));
        assertRejected(400, get10("Host: a", "Transfer-Encoding: chunked"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "identity", "chunked, gzip", "chunked, chunked", "chunked,chunked,gzip", "",
        " , ", "chunked;q=1", "chunked; foo=bar", "\"chunked\"", "chunked x", "chunk ed", "chunked/1",
        "x-chunked", "chunkedx", "@, chunked"})
    void rejectsTransferEncodingWithoutChunkedAsTheSingleFinalCoding(String value) {
        assertRejected(400, get("Transfer-Encoding: " + value));
    }

    @Test
    void rejectsChunkedTwiceAcrossLines() {
        assertRejected(400, get("Transfer-Encoding: chunked", "Transfer-Encoding: chunked"));
        assertRejected(400, get("Transfer-Encoding: chunked", "Transfer-Encoding: gzip"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"frobnicate, chunked", "gzip, chunked", "GZIP,chunked", "deflate;q=0.5, chunked",
        "x-custom , CHUNKED"})
    void answers501ToUnknownCodingsBeforeChunked(String value) {
        assertRejected(501, get("Transfer-Encoding: " + value));
    }

    @Test
    void answers501ToUnknownCodingOnAnEarlierLine() {
        assertRejected(501, get("Transfer-Encoding: frobnicate", "Transfer-Encoding: chunked"));
    }

    // ------------------------------------------------------------------ Connection (RFC 9112 §9.3)

    @Test
    void keepsHttp11ConnectionsUnlessClosed() {
        assertThat(parse(get()).isPersistent()).isTrue();
        assertThat(parse(get("Connection: keep-alive")).isPersistent()).isTrue();
        assertThat(parse(get("Connection: closed")).isPersistent()).isTrue();
        assertThat(parse(get("Connection: upgrade")).isPersistent()).isTrue();
        assertThat(parse(get("Connection: close")).isPersistent()).isFalse();
        assertThat(parse(get("Connection: CLOSE")).isPersistent()).isFalse();
        assertThat(parse(get("Connection: Upgrade, close")).isPersistent()).isFalse();
        assertThat(parse(get("Connection: keep-alive,close")).isPersistent()).isFalse();
        assertThat(parse(get("Connection: te", "Connection: close")).isPersistent()).isFalse();
    }

    @Test
    void closesHttp10ConnectionsUnlessKeptAlive() {
        assertThat(parse(get10()).isPersistent()).isFalse();
        assertThat(parse(get10("Connection: keep-alive")).isPersistent()).isTrue();
        assertThat(parse(get10("Connection: Keep-Alive")).isPersistent()).isTrue();
        assertThat(parse(get10("Connection: foo,  keep-alive ")).isPersistent()).isTrue();
        assertThat(parse(get10("Connection: keep-alive, close")).isPersistent()).isFalse();
        assertThat(parse(get10("Connection: keep-alive", "Connection: close")).isPersistent()).isFalse();
        assertThat(parse(get10("Connection: keep-alives")).isPersistent()).isFalse();
    }

    // ------------------------------------------------------------------ Expect (RFC 9110 §10.1.1)

    @Test
    void recognisesExpect100Continue() {
        RequestHead head = parse(get("Expect: 100-continue"));

        assertThat(head.expectsContinue()).isTrue();
        assertThat(head.hasUnsupportedExpectation()).isFalse();
        assertThat(parse(get("expect: 100-Continue")).expectsContinue()).isTrue();
    }

    @Test
    void ignores100ContinueFromHttp10() {
        RequestHead head = parse(get10("Expect: 100-continue"));

        assertThat(head.expectsContinue()).isFalse();
        assertThat(head.hasUnsupportedExpectation()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"foo", "100-continue-please", "200-ok", "100-continue, foo", "1OO-continue"})
    void flagsOtherExpectations(String value) {
        RequestHead head = parse(get("Expect: " + value));

        assertThat(head.expectsContinue()).isFalse();
        assertThat(head.hasUnsupportedExpectation()).isTrue();
    }

    @Test
    void expectsNothingWithoutOrWithEmptyExpect() {
        for (RequestHead head : new RequestHead[] {parse(get()), parse(get("Expect:"))}) {
            assertThat(head.expectsContinue()).isFalse();
            assertThat(head.hasUnsupportedExpectation()).isFalse();
        }
    }
}
