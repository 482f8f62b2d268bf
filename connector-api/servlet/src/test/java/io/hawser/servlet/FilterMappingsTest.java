package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.DispatcherType;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Filter url-pattern matching and chain order (Servlet 6.1 §6.2.4). */
class FilterMappingsTest {
    private final WebApp app = WebApp.create("", null, null);

    private FilterHolder filter(String name) {
        return new FilterHolder(app, name, "x." + name, null, null);
    }

    @ParameterizedTest(name = "{0} ~ {1} = {2}")
    @CsvSource({
        "/*, /anything/at/all, true",
        "/, /x, true",
        "'', /, true",
        "'', /x, false",
        "/admin/*, /admin, true",
        "/admin/*, /admin/x, true",
        "/admin/*, /administrator, false",
        "*.do, /a/b.do, true",
        "*.do, /a.do/b, false",
        "*.do, /a/b.dox, false",
        "/exact, /exact, true",
        "/exact, /exact/more, false",
    })
    void matchesUrlPatterns(String pattern, String path, boolean expected) {
        assertThat(FilterMappings.matches(pattern, path)).isEqualTo(expected);
    }

    @Test
    void urlPatternMatchesComeBeforeServletNameMatchesEachInMappingOrder() {
        FilterMappings m = new FilterMappings();
        FilterHolder byName = filter("byName");
        FilterHolder late = filter("late");
        FilterHolder early = filter("early");
        FilterHolder forwardOnly = filter("forwardOnly");
        EnumSet<DispatcherType> request = EnumSet.of(DispatcherType.REQUEST);
        m.add(new FilterMappings.Entry(byName, List.of(), List.of("s"), request), true);
        m.add(new FilterMappings.Entry(late, List.of("/*"), List.of(), request), true);
        m.add(new FilterMappings.Entry(early, List.of("/a/*"), List.of(), request), false);
        m.add(new FilterMappings.Entry(forwardOnly, List.of("/*"), List.of(), EnumSet.of(DispatcherType.FORWARD)), true);
        m.add(new FilterMappings.Entry(late, List.of(), List.of("*"), request), true);
        assertThat(m.match(DispatcherType.REQUEST, "/a/b", "s")).containsExactly(early, late, byName);
        assertThat(m.match(DispatcherType.FORWARD, "/a/b", "s")).containsExactly(forwardOnly);
        assertThat(m.match(DispatcherType.REQUEST, null, "other")).containsExactly(late);
    }
}
