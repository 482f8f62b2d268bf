package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The caches that spare the servlet layer an allocation per request give the same text as computing it. */
class SmallTextCachesTest {
    @Test
    void decimalTextMatchesLongToStringAndReusesSmallValues() {
        for (long v : new long[] {0, 1, 9, 10, 13, 4095, 4096, 65_536, Long.MAX_VALUE, -1}) {
            assertThat(Decimal.toString(v)).isEqualTo(Long.toString(v));
        }
        assertThat(Decimal.toString(13)).isSameAs(Decimal.toString(13));
        assertThat(Decimal.toString(4096)).isNotSameAs(Decimal.toString(4096));
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

    @Test
    void anExactMappingGivesTheSameMatchEveryTime() {
        ServletMapping mapping = new ServletMapping();
        ServletHolder holder = org.mockito.Mockito.mock(ServletHolder.class);
        mapping.put("/plaintext", holder);
        MappedPath first = mapping.map("/plaintext");
        assertThat(first.servletPath()).isEqualTo("/plaintext");
        assertThat(first.pathInfo()).isNull();
        assertThat(first.match()).isEqualTo(jakarta.servlet.http.MappingMatch.EXACT);
        assertThat(mapping.map("/plaintext")).isSameAs(first);
    }
}
