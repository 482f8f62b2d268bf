package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.servlet.SessionCookieConfig;
import jakarta.servlet.SessionTrackingMode;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Servlet 6.1 §7.1.1: {@code getSessionCookieConfig()} and {@code setSessionTrackingModes} configure
 * the session cookie until the context is initialized, and what they set is on the {@code Set-Cookie}
 * line; §5.6: the locale-encoding mapping picks the charset {@code setLocale} implies.
 */
class SessionCookieConfigTest {
    private final WebApp app = WebApp.create("/shop", null, null);

    @AfterEach
    void stop() {
        app.stop();
    }

    private FakeExchange get(String target) {
        FakeExchange fake = FakeExchange.get(target);
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    private void sessionServlet() {
        app.servletContext().addServlet("s", TestServlets.servlet((req, res) -> req.getSession())).addMapping("/s");
    }

    @Test
    void whatTheConfigSaysIsOnTheSetCookieLine() throws Exception {
        SessionCookieConfig c = app.servletContext().getSessionCookieConfig();
        c.setName("SID");
        c.setDomain("example.com");
        c.setPath("/");
        c.setHttpOnly(false);
        c.setSecure(true);
        c.setMaxAge(0);
        c.setAttribute("SameSite", "Strict");
        c.setAttribute("Partitioned", "");
        sessionServlet();
        app.start();
        String line = get("/shop/s").responseFields.get("Set-Cookie");
        assertThat(line).matches("SID=[A-Za-z0-9_-]+; Domain=example\\.com; Max-Age=0;"
                + " Expires=Thu, 01 Jan 1970 00:00:00 GMT; Partitioned; Path=/; SameSite=Strict; Secure");
        assertThat(c.getName()).isEqualTo("SID");
        assertThat(c.getAttribute("samesite")).isEqualTo("Strict");
    }

    @Test
    void theDefaultsAreJsessionidTheContextPathAndHttpOnly() throws Exception {
        sessionServlet();
        app.start();
        assertThat(get("/shop/s").responseFields.get("Set-Cookie")).matches("JSESSIONID=[A-Za-z0-9_-]+; HttpOnly; Path=/shop");
        assertThat(app.servletContext().getEffectiveSessionTrackingModes()).containsExactly(SessionTrackingMode.COOKIE);
    }

    @Test
    void settersThrowOnceTheContextIsInitialized() throws Exception {
        app.start();
        SessionCookieConfig c = app.servletContext().getSessionCookieConfig();
        assertThatThrownBy(() -> c.setName("X")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> c.setAttribute("SameSite", "Lax")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> app.servletContext().setSessionTrackingModes(Set.of(SessionTrackingMode.COOKIE)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void urlAndSslTrackingAreRefusedAndNoModeMeansNoCookie() throws Exception {
        for (SessionTrackingMode mode : List.of(SessionTrackingMode.URL, SessionTrackingMode.SSL)) {
            assertThatThrownBy(() -> app.servletContext().setSessionTrackingModes(EnumSet.of(SessionTrackingMode.COOKIE,
                    mode))).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("session tracking mode " + mode + " is not supported by Hawser (only COOKIE)");
        }
        app.servletContext().setSessionTrackingModes(Set.of());
        sessionServlet();
        app.start();
        assertThat(app.servletContext().getEffectiveSessionTrackingModes()).isEmpty();
        assertThat(get("/shop/s").responseFields.get("Set-Cookie")).isNull();
    }

    @Test
    void setLocaleTakesTheMappedCharsetUnlessOneWasSet() throws Exception {
        app.addLocaleEncodingMapping("ja", "Shift_JIS");
        app.addLocaleEncodingMapping("zh_TW", "Big5");
        assertThatThrownBy(() -> app.addLocaleEncodingMapping("xx", "no-such-charset"))
                .isInstanceOf(IllegalArgumentException.class);
        app.servletContext().addServlet("l", TestServlets.servlet((req, res) -> {
            res.setContentType("text/plain");
            if (req.getParameter("explicit") != null) {
                res.setCharacterEncoding("UTF-8");
            }
            res.setLocale(Locale.forLanguageTag(req.getParameter("lang")));
            res.getWriter().print(res.getCharacterEncoding());
        })).addMapping("/l");
        app.start();
        assertThat(get("/shop/l?lang=ja-JP").responseFields.get("Content-Type")).isEqualTo("text/plain;charset=Shift_JIS");
        assertThat(get("/shop/l?lang=zh-TW").body()).isEqualTo("Big5");
        assertThat(get("/shop/l?lang=zh-CN").body()).isEqualTo("ISO-8859-1");
        assertThat(get("/shop/l?lang=ja&explicit").responseFields.get("Content-Type")).isEqualTo("text/plain;charset=UTF-8");
    }
}
