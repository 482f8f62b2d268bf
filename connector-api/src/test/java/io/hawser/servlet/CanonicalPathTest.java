package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    void canonicalizesTheSpecExamples(String raw, String expected) {
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
                .isInstanceOfSatisfying(BadRequestException.class, e -> assertThat(e.status()).isEqualTo(400));
    }
}
