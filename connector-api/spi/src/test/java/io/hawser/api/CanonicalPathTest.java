package io.hawser.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The URI path canonicalization examples of Servlet 6.1 §3.5.2 (the spec's table; rows with a query
 * or fragment are left to the connector, which splits them off before the path gets here).
 */
class CanonicalPathTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "/foo/bar | /foo/bar",
        "/foo/bar;jsessionid=1234 | /foo/bar",
        "/foo/bar/ | /foo/bar/",
        "/foo/bar/;jsessionid=1234 | /foo/bar/",
        "/foo;/bar; | /foo/bar",
        "/foo;/bar;/; | /foo/bar/",
        "/foo/b%25r | /foo/b%r",
        "/foo/./bar | /foo/bar",
        "/foo/././bar | /foo/bar",
        "/./foo/bar | /foo/bar",
        "/foo/bar/. | /foo/bar",
        "/foo/bar/./ | /foo/bar/",
        "/foo/bar/./; | /foo/bar/",
        "/foo/.bar | /foo/.bar",
        "/foo/../bar | /bar",
        "/foo/./../bar | /bar",
        "/foo/bar/.. | /foo",
        "/foo/bar/../ | /foo/",
        "/foo/bar/../; | /foo/",
        "/foo/..bar | /foo/..bar",
        "/foo/.../bar | /foo/.../bar",
        "/foo//bar | /foo/bar",
        "//foo//bar// | /foo/bar/",
        "/foo//../bar | /bar",
        "/foo%E2%82%ACbar | /foo\u20acbar",
        "/foo%20bar | /foo bar",
        "/ | /",
        "// | /",
        "/. | /",
        "/./ | /",
    })
    void canonicalizesTheSpecExamples(String raw, String expected) throws BadMessageException {
        assertThat(CanonicalPath.of(raw)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} is rejected")
    @CsvSource(delimiter = '|', value = {
        "foo/bar",
        "/foo%00/bar/",
        "/foo%7Fbar",
        "/foo%2Fbar",
        "/foo%2Fb%25r",
        "/foo\\bar",
        "/foo%5Cbar",
        "/foo;%2F/bar",
        "/foo/%2e/bar",
        "/foo/.;/bar",
        "/foo/%2e;/bar",
        "/foo/.%2Fbar",
        "/foo/.%5Cbar",
        "/foo/bar/.;",
        "/foo/../../bar",
        "/../foo/bar",
        "/foo/%2e%2E/bar",
        "/foo/%2e%2e/%2E%2E/bar",
        "/foo/..;/bar",
        "/foo/%2e%2E;/bar",
        "/foo/..%2Fbar",
        "/foo/..%5Cbar",
        "/foo/bar/..;",
        "/;/foo;/;/bar/;/;",
        "/foo/;/../bar",
        "/foo%E2%82",
        "/foo%E2%82bar",
        "/foo%-1/bar",
        "/foo%XX/bar",
        "/foo%/bar",
        "/foo/bar%0",
        "/good%20/bad%/%20mix%",
        "/;/",
        "/..",
        "/../",
        "./foo/bar/",
        "%2e/foo/bar/",
        ";/foo/bar/",
    })
    void rejectsTheSpecsSuspiciousSequencesWith400(String raw) {
        assertThatThrownBy(() -> CanonicalPath.of(raw))
                .isInstanceOfSatisfying(BadMessageException.class, e -> assertThat(e.status()).isEqualTo(400));
    }

    @Test
    void anAlreadyCanonicalPathIsReturnedItself() throws BadMessageException {
        String raw = new String("/static/css/site.css");
        assertThat(CanonicalPath.of(raw)).isSameAs(raw);
        assertThat(CanonicalPath.of("/a/")).isEqualTo("/a/");
    }

    @Test
    void anAbsentOrEmptyPathIsABadMessageWhoseReasonNeverEchoesThePath() {
        assertThatThrownBy(() -> CanonicalPath.of(null)).isInstanceOfSatisfying(BadMessageException.class,
                e -> assertThat(e.status()).isEqualTo(400));
        assertThatThrownBy(() -> CanonicalPath.of("")).isInstanceOf(BadMessageException.class);
        assertThatThrownBy(() -> CanonicalPath.of("/<script>/../../x"))
                .isInstanceOf(BadMessageException.class).message().doesNotContain("script");
    }

    /**
     * The fast path ({@code isCanonical}: the raw path is returned as is) agrees with the full steps
     * on every path over an alphabet of the characters that matter, up to length 6.
     */
    @Test
    void theFastPathAgreesWithTheFullStepsOnEveryShortPath() throws BadMessageException {
        char[] alphabet = {'/', 'a', '.', '%', ';', '\\', '2', 'f', '\u0001'};
        int checked = 0;
        int fast = 0;
        java.util.ArrayDeque<String> queue = new java.util.ArrayDeque<>();
        queue.add("/");
        while (!queue.isEmpty()) {
            String raw = queue.poll();
            checked++;
            String full;
            try {
                full = CanonicalPath.canonicalize(raw);
            } catch (BadMessageException e) {
                full = null;
            }
            if (CanonicalPath.isCanonical(raw)) {
                fast++;
                assertThat(full).as("fast path for %s", raw).isEqualTo(raw);
            }
            if (full == null) {
                assertThatThrownBy(() -> CanonicalPath.of(raw)).as(raw).isInstanceOf(BadMessageException.class);
            } else {
                assertThat(CanonicalPath.of(raw)).as(raw).isEqualTo(full);
            }
            if (raw.length() < 6) {
                for (char c : alphabet) {
                    queue.add(raw + c);
                }
            }
        }
        assertThat(checked).isGreaterThan(60_000);
        assertThat(fast).isGreaterThan(100);
    }
}
