package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.servlet.http.MappingMatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Servlet 6.1 §12.2 mapping rules, checked against the spec's example tables. */
class ServletMappingTest {
    private final WebApp app = WebApp.create("", null, null);

    private ServletHolder servlet(String name) {
        return new ServletHolder(app, name, "x." + name, null, null);
    }

    /** §12.2.2 example: /foo/bar/* servlet1, /baz/* servlet2, /catalog servlet3, *.bop servlet4, plus a default. */
    private ServletMapping specExample() {
        ServletMapping m = new ServletMapping();
        m.put("/foo/bar/*", servlet("servlet1"));
        m.put("/baz/*", servlet("servlet2"));
        m.put("/catalog", servlet("servlet3"));
        m.put("*.bop", servlet("servlet4"));
        m.put("/", servlet("default"));
        return m;
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "/foo/bar/index.html, servlet1",
        "/foo/bar/index.bop, servlet1",
        "/baz, servlet2",
        "/baz/index.html, servlet2",
        "/catalog, servlet3",
        "/catalog/index.html, default",
        "/catalog/racecar.bop, servlet4",
        "/index.bop, servlet4",
    })
    void mapsTheSpecsExampleRequests(String path, String servlet) {
        assertThat(specExample().map(path).getServletName()).isEqualTo(servlet);
    }

    /** §3.6 example: context /catalog with /lawn/*, /garden/* and *.jsp. */
    @ParameterizedTest(name = "{0}: servletPath={1} pathInfo={2}")
    @CsvSource(nullValues = "null", value = {
        "/lawn/index.html, /lawn, /index.html",
        "/garden/implements/, /garden, /implements/",
        "/help/feedback.jsp, /help/feedback.jsp, null",
    })
    void splitsServletPathAndPathInfoAsTheSpecsRequestPathExample(String path, String servletPath, String pathInfo) {
        ServletMapping m = new ServletMapping();
        m.put("/lawn/*", servlet("LawnServlet"));
        m.put("/garden/*", servlet("GardenServlet"));
        m.put("*.jsp", servlet("JSPServlet"));
        MappedPath mapped = m.map(path);
        assertThat(mapped.servletPath()).isEqualTo(servletPath);
        assertThat(mapped.pathInfo()).isEqualTo(pathInfo);
    }

    /** The HttpServletMapping javadoc table: match value, pattern and match kind. */
    @ParameterizedTest(name = "{0}: {1} {2} {3}")
    @CsvSource({
        "/, '', '', CONTEXT_ROOT",
        "/index.html, '', /, DEFAULT",
        "/MyServlet/index.html, '', /, DEFAULT",
        "/MyServlet, MyServlet, /MyServlet, EXACT",
        "/MyServlet/foo, '', /, DEFAULT",
        "/foo.extension, foo, *.extension, EXTENSION",
        "/bar/foo.extension, bar/foo, *.extension, EXTENSION",
        "/path/foo, foo, /path/*, PATH",
        "/path/foo/bar, foo/bar, /path/*, PATH",
    })
    void reportsTheHttpServletMappingTableValues(String path, String matchValue, String pattern, MappingMatch match) {
        ServletMapping m = new ServletMapping();
        m.put("", servlet("root"));
        m.put("/", servlet("default"));
        m.put("/MyServlet", servlet("exact"));
        m.put("*.extension", servlet("ext"));
        m.put("/path/*", servlet("path"));
        MappedPath mapped = m.map(path);
        assertThat(mapped.getMatchValue()).isEqualTo(matchValue);
        assertThat(mapped.getPattern()).isEqualTo(pattern);
        assertThat(mapped.getMappingMatch()).isEqualTo(match);
    }

    @Test
    void contextRootMapsOnlySlashWithEmptyServletPath() {
        ServletMapping m = new ServletMapping();
        m.put("", servlet("root"));
        MappedPath root = m.map("/");
        assertThat(root.servletPath()).isEmpty();
        assertThat(root.pathInfo()).isEqualTo("/");
        assertThat(m.map("/other")).isNull();
    }

    @Test
    void longestPrefixWinsAndPrefixMatchesAtSegmentBoundariesOnly() {
        ServletMapping m = new ServletMapping();
        m.put("/a/*", servlet("a"));
        m.put("/a/b/*", servlet("ab"));
        m.put("/*", servlet("all"));
        assertThat(m.map("/a/b/c").getServletName()).isEqualTo("ab");
        assertThat(m.map("/a/bc").getServletName()).isEqualTo("a");
        assertThat(m.map("/ab").getServletName()).isEqualTo("all");
        MappedPath all = m.map("/x/y");
        assertThat(all.servletPath()).isEmpty();
        assertThat(all.pathInfo()).isEqualTo("/x/y");
    }

    @Test
    void exactBeatsPrefixAndPrefixBeatsExtension() {
        ServletMapping m = new ServletMapping();
        m.put("/a/x.do", servlet("exact"));
        m.put("/a/*", servlet("prefix"));
        m.put("*.do", servlet("ext"));
        assertThat(m.map("/a/x.do").getServletName()).isEqualTo("exact");
        assertThat(m.map("/a/y.do").getServletName()).isEqualTo("prefix");
        assertThat(m.map("/b/y.do").getServletName()).isEqualTo("ext");
        assertThat(m.map("/b.do/y")).isNull();
    }

    @Test
    void rejectsPatternsTheSpecDoesNotAllow() {
        assertThatThrownBy(() -> ServletMapping.kindOf("foo")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ServletMapping.kindOf("*.")).isInstanceOf(IllegalArgumentException.class);
        assertThat(ServletMapping.kindOf("/x/*")).isEqualTo(ServletMapping.Kind.PATH);
        assertThat(ServletMapping.kindOf("*.jsp")).isEqualTo(ServletMapping.Kind.EXTENSION);
    }
}
