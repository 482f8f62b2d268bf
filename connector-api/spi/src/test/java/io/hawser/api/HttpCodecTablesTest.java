package io.hawser.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HttpCodecTablesTest {
    @Test
    void reasonPhrasesComeFromTheRegistry() {
        assertThat(HttpStatus.reasonPhrase(200)).isEqualTo("OK");
        assertThat(HttpStatus.reasonPhrase(406)).isEqualTo("Not Acceptable");
        assertThat(HttpStatus.reasonPhrase(413)).isEqualTo("Content Too Large");
        assertThat(HttpStatus.reasonPhrase(451)).isEqualTo("Unavailable For Legal Reasons");
        assertThat(HttpStatus.reasonPhrase(511)).isEqualTo("Network Authentication Required");
    }

    @Test
    void anUnregisteredStatusHasAnEmptyReasonPhrase() {
        assertThat(HttpStatus.reasonPhrase(299)).isEmpty();
        assertThat(HttpStatus.reasonPhrase(599)).isEmpty();
        assertThat(HttpStatus.reasonPhrase(-1)).isEmpty();
        assertThat(HttpStatus.reasonPhrase(1000)).isEmpty();
    }

    @Test
    void httpDateParsesTheThreeFormsAndFormatsImfFixdate() {
        long t = 784111777000L;
        assertThat(HttpDate.parse("Sun, 06 Nov 1994 08:49:37 GMT")).isEqualTo(t);
        assertThat(HttpDate.parse(" Sun, 06 Nov 1994 08:49:37 GMT ")).isEqualTo(t);
        assertThat(HttpDate.parse("Sunday, 06-Nov-94 08:49:37 GMT")).isEqualTo(t);
        assertThat(HttpDate.parse("Sun Nov  6 08:49:37 1994")).isEqualTo(t);
        assertThat(HttpDate.parse("yesterday")).isEqualTo(-1);
        assertThat(HttpDate.parse("Sun, 06 Nov 1994 08:49:37 UTC")).isEqualTo(-1);
        assertThat(HttpDate.format(t)).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
        assertThat(HttpDate.format(t + 999)).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
    }

    @Test
    void tcharIsExactlyTheRfc9110Set() {
        String tchars = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        for (int c = -1; c <= 256; c++) {
            assertThat(Tokens.isTchar(c)).as("char %d", c).isEqualTo(c >= 0 && c < 128 && tchars.indexOf(c) >= 0);
        }
        assertThat(Tokens.isToken("JSESSIONID")).isTrue();
        assertThat(Tokens.isToken("")).isFalse();
        assertThat(Tokens.isToken("a b")).isFalse();
        assertThat(Tokens.isToken("a=b")).isFalse();
        assertThat(Tokens.isToken("caf\u00e9")).isFalse();
    }
}
