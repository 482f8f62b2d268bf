package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.servlet.http.Cookie;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The small parsers and formatters of field values. */
class HeaderCodecsTest {

    @Test
    void cookieHeaderKeepsValidPairsSkipsInvalidOnesAndKeepsQuotes() {
        List<Cookie> cookies = CookieHeader.parse(List.of("a=1; b=\"quoted\"; bad name=x; $Version=1; c=; d=x y",
                "e=5"));
        assertThat(cookies).extracting(Cookie::getName).containsExactly("a", "b", "c", "e");
        assertThat(cookies).extracting(Cookie::getValue).containsExactly("1", "\"quoted\"", "", "5");
    }

    @Test
    void setCookieWritesEveryAttributeAndAnExpiresMatchingMaxAge() {
        Cookie c = new Cookie("id", "v1");
        c.setMaxAge(60);
        c.setPath("/app");
        c.setDomain("Example.COM");
        c.setSecure(true);
        c.setHttpOnly(true);
        c.setAttribute("SameSite", "Lax");
        c.setAttribute("Partitioned", "");
        String v = SetCookieHeader.format(c, 0);
        assertThat(v).startsWith("id=v1; ").contains("; Max-Age=60; Expires=Thu, 01 Jan 1970 00:01:00 GMT",
                "; Path=/app", "; Domain=example.com", "; Secure", "; HttpOnly", "; SameSite=Lax", "; Partitioned");
        Cookie delete = new Cookie("id", "");
        delete.setMaxAge(0);
        assertThat(SetCookieHeader.format(delete, 5_000_000)).isEqualTo("id=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT");
        assertThat(SetCookieHeader.format(new Cookie("s", "x"), 0)).isEqualTo("s=x");
    }

    @Test
    void setCookieRefusesValuesThatWouldBreakTheField() {
        assertThatThrownBy(() -> SetCookieHeader.format(new Cookie("a", "x;y"), 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SetCookieHeader.format(new Cookie("a", "x y"), 0)).isInstanceOf(IllegalArgumentException.class);
        Cookie c = new Cookie("a", "b");
        c.setPath("/x;Domain=evil");
        assertThatThrownBy(() -> SetCookieHeader.format(c, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void acceptLanguageOrdersByWeightThenPosition() {
        assertThat(AcceptLanguage.parse(List.of("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.9, *;q=0.5, xx;q=0")))
                .containsExactly(Locale.forLanguageTag("fr-CH"), Locale.FRENCH, Locale.GERMAN, Locale.ENGLISH);
        assertThat(AcceptLanguage.parse(List.of())).isEmpty();
    }

    @Test
    void hostAuthoritySplitsNamePortAndIpv6Literals() {
        assertThat(HostAuthority.parse("example.com")).isEqualTo(new HostAuthority("example.com", -1));
        assertThat(HostAuthority.parse("example.com:8443")).isEqualTo(new HostAuthority("example.com", 8443));
        assertThat(HostAuthority.parse("[::1]:8080")).isEqualTo(new HostAuthority("[::1]", 8080));
        assertThat(HostAuthority.parse("[::1]")).isEqualTo(new HostAuthority("[::1]", -1));
        assertThat(HostAuthority.parse("h:99999")).isNull();
        assertThat(HostAuthority.parse("h:8x")).isNull();
        assertThat(HostAuthority.parse("")).isNull();
    }

    @Test
    void urlEncodedFormDecodesPlusPercentAndCharsetAndBoundsKeys() {
        Map<String, List<String>> p = new LinkedHashMap<>();
        byte[] data = "a=1&b=x+y&a=%C3%A9&&flag&=v".getBytes(StandardCharsets.US_ASCII);
        UrlEncodedForm.decode(data, 0, data.length, StandardCharsets.UTF_8, p, 10);
        assertThat(p).containsEntry("a", List.of("1", "\u00e9")).containsEntry("b", List.of("x y"))
                .containsEntry("flag", List.of("")).containsEntry("", List.of("v"));
        Map<String, List<String>> latin = new LinkedHashMap<>();
        byte[] l = "n=%E9".getBytes(StandardCharsets.US_ASCII);
        UrlEncodedForm.decode(l, 0, l.length, StandardCharsets.ISO_8859_1, latin, 10);
        assertThat(latin).containsEntry("n", List.of("\u00e9"));
        assertThatThrownBy(() -> UrlEncodedForm.decode(data, 0, data.length, StandardCharsets.UTF_8,
                new LinkedHashMap<>(), 3)).isInstanceOfSatisfying(BadRequestException.class, e -> assertThat(e.status()).isEqualTo(400));
        byte[] bad = "a=%G1".getBytes(StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> UrlEncodedForm.decode(bad, 0, bad.length, StandardCharsets.UTF_8,
                new LinkedHashMap<>(), 3)).isInstanceOf(BadRequestException.class);
    }

    @Test
    void redirectDotSegmentsNeverLeaveTheRoot() {
        assertThat(Redirects.removeDotSegments("/a/b/../c/./d")).isEqualTo("/a/c/d");
        assertThat(Redirects.removeDotSegments("/../../x")).isEqualTo("/x");
        assertThat(Redirects.removeDotSegments("/a/..")).isEqualTo("/");
    }

    @Test
    void defaultErrorPageEscapesMarkup() {
        assertThat(DefaultErrorPage.escape("<a href=\"x\">'&'</a>"))
                .isEqualTo("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    }

    @Test
    void mimeTypesPreferTheAppsMappings() {
        MimeTypes types = new MimeTypes();
        assertThat(types.of("/a/b.CSS")).isEqualTo("text/css");
        assertThat(types.of("/a.b/file")).isNull();
        types.add("css", "text/x-special");
        assertThat(types.of("x.css")).isEqualTo("text/x-special");
    }
}
