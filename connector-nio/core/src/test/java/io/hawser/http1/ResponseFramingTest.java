package io.hawser.http1;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.MutableHttpFields;
import io.hawser.http1.ResponseFraming.Framing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link ResponseFraming#decide}, case by case, as Jetty's {@code HttpGeneratorServerTest} runs its
 * generator: one row per response, what the connector knows at commit → framing and close.
 */
class ResponseFramingTest {

    @ParameterizedTest(name = "{0} {1} {2} declared={3} ended={4} trailers={5} close={6} unreadBody={7} responseClose={8} → {9} close={10}")
    @CsvSource(delimiterString = "|", textBlock = """
            # status|method|version|declared|ended|trailers|closeAfter|unreadBodyCloses|responseListsClose|framing|close
            # RFC 9110 §6.4.1: 204 and 304 have no content, whatever was declared or written
            204 | GET  | 1.1 | -1  | true  | false | false | false | false | NONE            | false
            204 | GET  | 1.1 | 10  | true  | false | false | false | false | NONE            | false
            204 | GET  | 1.1 | -1  | false | true  | false | false | false | NONE            | false
            304 | GET  | 1.1 | 100 | false | false | false | false | false | NONE            | false
            304 | HEAD | 1.0 | -1  | false | false | false | false | false | NONE            | false
            204 | GET  | 1.0 | -1  | false | false | false | false | false | NONE            | false
            # 1xx never reaches a final commit (interim heads go out on their own), but has no content either
            103 | GET  | 1.1 | -1  | false | false | false | false | false | NONE            | false
            # RFC 9112 §6.2: a declared Content-Length is kept, ended or not, with trailers or not
            200 | GET  | 1.1 | 13  | true  | false | false | false | false | LENGTH          | false
            200 | GET  | 1.1 | 13  | false | false | false | false | false | LENGTH          | false
            200 | GET  | 1.1 | 13  | false | true  | false | false | false | LENGTH          | false
            200 | GET  | 1.0 | 0   | false | false | false | false | false | LENGTH          | false
            500 | POST | 1.1 | 5   | true  | false | false | false | false | LENGTH          | false
            # RFC 9110 §9.3.2: HEAD keeps the declared length (what a GET would have sent)
            200 | HEAD | 1.1 | 42  | false | false | false | false | false | LENGTH          | false
            200 | HEAD | 1.0 | 42  | true  | false | false | false | false | LENGTH          | false
            # ended before commit: the whole body is buffered, its length is known
            200 | GET  | 1.1 | -1  | true  | false | false | false | false | LENGTH          | false
            200 | GET  | 1.0 | -1  | true  | false | false | false | false | LENGTH          | false
            404 | GET  | 1.1 | -1  | true  | false | false | false | false | LENGTH          | false
            200 | HEAD | 1.1 | -1  | true  | false | false | false | false | LENGTH          | false
            # RFC 9112 §7.1.2: trailers need chunked on 1.1; HTTP/1.0 has none, so its length stays known
            200 | GET  | 1.1 | -1  | true  | true  | false | false | false | CHUNKED         | false
            200 | GET  | 1.0 | -1  | true  | true  | false | false | false | LENGTH          | false
            # HEAD with no length known: nothing follows, nothing is announced
            200 | HEAD | 1.1 | -1  | false | false | false | false | false | NONE            | false
            200 | HEAD | 1.1 | -1  | true  | true  | false | false | false | NONE            | false
            200 | HEAD | 1.0 | -1  | false | false | false | false | false | NONE            | false
            # RFC 9112 §7.1: a body still being written is chunked on 1.1
            200 | GET  | 1.1 | -1  | false | false | false | false | false | CHUNKED         | false
            200 | GET  | 1.1 | -1  | false | true  | false | false | false | CHUNKED         | false
            # RFC 9112 §6.1, §6.3 rule 8: 1.0 has no chunked coding, the close delimits the body
            200 | GET  | 1.0 | -1  | false | false | false | false | false | CLOSE_DELIMITED | true
            200 | GET  | 1.0 | -1  | false | true  | false | false | false | CLOSE_DELIMITED | true
            # RFC 9112 §9.6: the exchange's close (request close option, 1.0 without keep-alive, a stop, a fault)
            200 | GET  | 1.1 | -1  | true  | false | true  | false | false | LENGTH          | true
            200 | GET  | 1.1 | -1  | false | false | true  | false | false | CHUNKED         | true
            204 | GET  | 1.0 | -1  | true  | false | true  | false | false | NONE            | true
            200 | HEAD | 1.1 | -1  | false | false | true  | false | false | NONE            | true
            # RFC 9110 §7.6.1: the response's own Connection field lists close
            200 | GET  | 1.1 | -1  | true  | false | false | false | true  | LENGTH          | true
            200 | GET  | 1.1 | 13  | false | false | false | false | true  | LENGTH          | true
            304 | GET  | 1.1 | -1  | false | false | false | false | true  | NONE            | true
            # an unread request body that cannot be skipped closes when the body ends at commit, not before
            200 | POST | 1.1 | -1  | true  | false | false | true  | false | LENGTH          | true
            200 | POST | 1.1 | -1  | false | false | false | true  | false | CHUNKED         | false
            200 | POST | 1.1 | 13  | false | false | false | true  | false | LENGTH          | false
            """)
    void decidesFramingAndClose(int status, String method, String version, long declared, boolean ended,
            boolean trailers, boolean closeAfter, boolean unreadBodyCloses, boolean responseListsClose,
            Framing framing, boolean close) {
        ResponseFraming decision = ResponseFraming.decide(status, method.equals("HEAD"), version.equals("1.0"),
                declared, ended, trailers, closeAfter, unreadBodyCloses, responseListsClose);
        assertThat(decision).isEqualTo(new ResponseFraming(framing, close));
    }

    @Test
    void neverChunksHttp10AndAlwaysClosesACloseDelimitedBody() {
        int[] statuses = {200, 204, 304, 404, 500};
        long[] lengths = {-1, 0, 7};
        for (int status : statuses) {
            for (long declared : lengths) {
                for (int bits = 0; bits < 64; bits++) {
                    boolean http10 = (bits & 1) != 0;
                    ResponseFraming d = ResponseFraming.decide(status, (bits & 2) != 0, http10, declared,
                            (bits & 4) != 0, (bits & 8) != 0, (bits & 16) != 0, false, (bits & 32) != 0);
                    if (http10) {
                        assertThat(d.framing()).isNotEqualTo(Framing.CHUNKED);
                    } else {
                        assertThat(d.framing()).isNotEqualTo(Framing.CLOSE_DELIMITED);
                    }
                    if (d.framing() == Framing.CLOSE_DELIMITED) {
                        assertThat(d.closeAfter()).isTrue();
                    }
                    assertThat(d).isSameAs(ResponseFraming.decide(status, (bits & 2) != 0, http10, declared,
                            (bits & 4) != 0, (bits & 8) != 0, (bits & 16) != 0, false, (bits & 32) != 0));
                }
            }
        }
    }

    @Test
    void contentLengthIsTheDeclaredOneElseTheBytesWritten() {
        ResponseFraming length = ResponseFraming.decide(200, false, false, -1, true, false, false, false, false);
        assertThat(length.contentLength(-1, 13)).isEqualTo(13);
        assertThat(length.contentLength(20, 13)).isEqualTo(20);
        assertThat(ResponseFraming.decide(200, false, false, -1, false, false, false, false, false)
                .contentLength(-1, 13)).isEqualTo(-1);
        assertThat(ResponseFraming.decide(204, false, false, 5, true, false, false, false, false)
                .contentLength(5, 0)).isEqualTo(-1);
    }

    @Test
    void hasContentExceptForHeadAndNoContentStatuses() {
        assertThat(ResponseFraming.hasContent(200, false)).isTrue();
        assertThat(ResponseFraming.hasContent(500, false)).isTrue();
        assertThat(ResponseFraming.hasContent(200, true)).isFalse();
        assertThat(ResponseFraming.hasContent(204, false)).isFalse();
        assertThat(ResponseFraming.hasContent(304, false)).isFalse();
        assertThat(ResponseFraming.hasContent(100, false)).isFalse();
    }

    @Test
    void aDeclaredLengthIsOneToEighteenDigits() {
        assertThat(ResponseFraming.declaredLength(null)).isEqualTo(-1);
        assertThat(ResponseFraming.declaredLength("")).isEqualTo(-1);
        assertThat(ResponseFraming.declaredLength("0")).isZero();
        assertThat(ResponseFraming.declaredLength("13")).isEqualTo(13);
        assertThat(ResponseFraming.declaredLength("999999999999999999")).isEqualTo(999_999_999_999_999_999L);
        assertThat(ResponseFraming.declaredLength("1000000000000000000")).isEqualTo(-1);
        assertThat(ResponseFraming.declaredLength(" 13")).isEqualTo(-1);
        assertThat(ResponseFraming.declaredLength("+13")).isEqualTo(-1);
        assertThat(ResponseFraming.declaredLength("1e3")).isEqualTo(-1);
    }

    @Test
    void listsCloseReadsEveryConnectionFieldByToken() {
        assertThat(ResponseFraming.listsClose(new MutableHttpFields().add("Connection", "keep-alive, Close"))).isTrue();
        assertThat(ResponseFraming.listsClose(new MutableHttpFields().add("connection", "x").add("CONNECTION", "close"))).isTrue();
        assertThat(ResponseFraming.listsClose(new MutableHttpFields().add("Connection", "closed"))).isFalse();
        assertThat(ResponseFraming.listsClose(new MutableHttpFields().add("X-Connection", "close"))).isFalse();
        assertThat(ResponseFraming.listsClose(new MutableHttpFields())).isFalse();
    }
}
