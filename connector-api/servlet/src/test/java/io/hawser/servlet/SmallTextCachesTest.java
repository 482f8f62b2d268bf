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
