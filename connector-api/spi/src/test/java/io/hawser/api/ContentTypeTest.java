package io.hawser.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The media type and parameters of a Content-Type value (RFC 9110 §8.3). */
class ContentTypeTest {

    @Test
    void contentTypeReadsQuotedCharsetAndCanDropIt() {
        assertThat(ContentType.charset("text/html; charset=\"UTF-8\"")).isEqualTo("UTF-8");
        assertThat(ContentType.charset("text/html;a=\"x;y\";CHARSET=latin1")).isEqualTo("latin1");
        assertThat(ContentType.charset("text/html")).isNull();
        assertThat(ContentType.mediaType(" text/html ; charset=x")).isEqualTo("text/html");
        assertThat(ContentType.withoutCharset("text/html; charset=x; level=1")).isEqualTo("text/html;level=1");
    }

    @Test
    void aParameterIsFoundByNameWhateverItsCaseAndUnquoted() {
        String type = "multipart/form-data; Boundary=\"a;b\\\"c\"; charset=";
        assertThat(ContentType.parameter(type, "boundary")).isEqualTo("a;b\"c");
        assertThat(ContentType.parameter(type, "charset")).isNull();
        assertThat(ContentType.parameter(type, "missing")).isNull();
        assertThat(ContentType.parameter("text/plain; a=\"\\\\\"", "A")).isEqualTo("\\");
        assertThat(ContentType.parameter("text/plain; novalue; b=2", "b")).isEqualTo("2");
    }

    @Test
    void anAbsentFieldHasNoMediaTypeAndNoCharset() {
        assertThat(ContentType.mediaType(null)).isNull();
        assertThat(ContentType.charset(null)).isNull();
        assertThat(ContentType.parameter(null, "charset")).isNull();
        assertThatThrownBy(() -> ContentType.withoutCharset(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void contentTypeWithoutCharsetIsRightWhateverTheOrderOfCalls() {
        String[][] cases = {
            {"text/plain", "text/plain"},
            {" text/plain ", "text/plain"},
            {"text/html;charset=UTF-8", "text/html"},
            {"text/html; q=1; charset=\"utf-8\"", "text/html;q=1"},
            {"application/json;CHARSET=utf-8;v=2", "application/json;v=2"},
        };
        for (int round = 0; round < 3; round++) {
            for (String[] c : cases) {
                assertThat(ContentType.withoutCharset(c[0])).as(c[0]).isEqualTo(c[1]);
                assertThat(ContentType.withoutCharset(c[0])).as("again: " + c[0]).isEqualTo(c[1]);
            }
        }
        String plain = "text/plain";
        assertThat(ContentType.withoutCharset(plain)).isSameAs(plain);
    }
}
