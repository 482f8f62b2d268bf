package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Content type, character encoding and locale precedence (Servlet 6.1 §5.6), and other response rules. */
class ResponseViewTest {
    private final WebApp app = WebApp.create("", null, null);
    private final List<Object> seen = new ArrayList<>();

    @AfterEach
    void stop() {
        app.stop();
    }

    private FakeExchange run(TestServlets.Body body) throws Exception {
        app.servletContext().addServlet("s", TestServlets.servlet(body)).addMapping("/s");
        app.start();
        FakeExchange fake = FakeExchange.get("/s");
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    @Test
    void lastOfSetContentTypeCharsetAndSetCharacterEncodingWins() throws Exception {
        FakeExchange fake = run((req, res) -> {
            res.setContentType("text/html; charset=UTF-8");
            res.setCharacterEncoding("UTF-16");
            seen.add(res.getContentType());
            res.setContentType("text/plain;charset=ISO-8859-1");
            seen.add(res.getCharacterEncoding());
        });
        assertThat(seen).containsExactly("text/html;charset=UTF-16", "ISO-8859-1");
        assertThat(fake.responseFields.get("Content-Type")).isEqualTo("text/plain;charset=ISO-8859-1");
    }

    @Test
    void getWriterFixesTheCharsetAndDefaultsToIso88591() throws Exception {
        FakeExchange fake = run((req, res) -> {
            res.setContentType("text/plain");
            res.getWriter().print("\u00e9");
            res.setCharacterEncoding("UTF-8");
            res.setContentType("text/html; charset=UTF-8");
            seen.add(res.getCharacterEncoding());
        });
        assertThat(seen).containsExactly("ISO-8859-1");
        assertThat(fake.responseFields.get("Content-Type")).isEqualTo("text/html;charset=ISO-8859-1");
        assertThat(fake.responseBody.bytes()).containsExactly(0xE9);
    }

    @Test
    void setLocaleSetsContentLanguageButNotTheCharset() throws Exception {
        FakeExchange fake = run((req, res) -> {
            res.setLocale(Locale.JAPAN);
            seen.add(res.getCharacterEncoding());
            seen.add(res.getLocale());
        });
        assertThat(seen).containsExactly("ISO-8859-1", Locale.JAPAN);
        assertThat(fake.responseFields.get("Content-Language")).isEqualTo("ja-JP");
    }

    @Test
    void contextResponseEncodingIsTheDefault() throws Exception {
        app.servletContext().setResponseCharacterEncoding("UTF-8");
        FakeExchange fake = run((req, res) -> {
            res.setContentType("text/plain");
            res.getWriter().print("\u20ac");
        });
        assertThat(fake.responseFields.get("Content-Type")).isEqualTo("text/plain;charset=UTF-8");
        assertThat(fake.body()).isEqualTo("\u20ac");
    }

    @Test
    void resetClearsStatusFieldsBufferAndTheOutputChoice() throws Exception {
        FakeExchange fake = run((req, res) -> {
            res.setStatus(404);
            res.setHeader("X-Gone", "1");
            res.getWriter().print("gone");
            res.reset();
            res.getOutputStream().print("fresh");
        });
        assertThat(fake.status.get()).isEqualTo(200);
        assertThat(fake.responseFields.get("X-Gone")).isNull();
        assertThat(fake.body()).isEqualTo("fresh");
    }

    @Test
    void nothingChangesAfterCommitAndResetThenFails() throws Exception {
        run((req, res) -> {
            res.getWriter().print("x");
            res.flushBuffer();
            res.setStatus(500);
            res.setHeader("X-Late", "1");
            res.setContentType("text/html");
            seen.add(res.getStatus());
            seen.add(res.getHeader("X-Late"));
            try {
                res.reset();
            } catch (IllegalStateException e) {
                seen.add("reset refused");
            }
            try {
                res.sendError(500);
            } catch (IllegalStateException e) {
                seen.add("sendError refused");
            }
        });
        assertThat(seen).containsExactly(200, null, "reset refused", "sendError refused");
    }

    @Test
    void writerEncodesSurrogatePairsSplitAcrossWrites() throws Exception {
        String emoji = "\ud83d\ude00";
        FakeExchange fake = run((req, res) -> {
            res.setCharacterEncoding("UTF-8");
            res.getWriter().write(emoji.charAt(0));
            res.getWriter().write(emoji.charAt(1));
            res.getWriter().print("x".repeat(3000) + "\u00e9");
        });
        assertThat(fake.body()).isEqualTo(emoji + "x".repeat(3000) + "\u00e9");
    }

    @Test
    void trailersGoToTheExchange() throws Exception {
        FakeExchange fake = run((req, res) -> res.setTrailerFields(() -> Map.of("x-sum", "1")));
        assertThat(fake.trailers.get().get().get("x-sum")).isEqualTo("1");
    }

    @Test
    void trailersAreRefusedOnHttp10() throws Exception {
        app.servletContext().addServlet("s", TestServlets.servlet((req, res) -> {
            try {
                res.setTrailerFields(() -> Map.of("x-sum", "1"));
            } catch (IllegalStateException e) {
                seen.add("refused");
            }
        })).addMapping("/s");
        app.start();
        new ServletAdapter(List.of(app)).handle(FakeExchange.get("/s").protocol("HTTP/1.0").build());
        assertThat(seen).containsExactly("refused");
    }

    @Test
    void controlCharactersInResponseFieldsAreRefusedAndNeverSent() throws Exception {
        FakeExchange fake = run((req, res) -> {
            for (String bad : new String[] {"a\u0001b", "a\u001Fb", "a\u007Fb", "a\rb", "a\nb", "a\u0000b"}) {
                for (Runnable call : new Runnable[] {() -> res.setHeader("X-Bad", bad), () -> res.addHeader("X-Bad", bad),
                        () -> res.setContentType("text/plain;x=" + bad)}) {
                    try {
                        call.run();
                        seen.add("accepted " + (int) bad.charAt(1));
                    } catch (IllegalArgumentException e) {
                        seen.add("refused");
                    }
                }
                try {
                    res.sendRedirect("/next?" + bad);
                    seen.add("redirect accepted " + (int) bad.charAt(1));
                } catch (IllegalArgumentException e) {
                    seen.add("refused");
                }
            }
            res.setHeader("X-Tab", "a\tb");
        });
        assertThat(seen).hasSize(24).containsOnly("refused");
        assertThat(fake.responseFields.get("X-Bad")).isNull();
        assertThat(fake.responseFields.get("Location")).isNull();
        assertThat(fake.responseFields.get("X-Tab")).isEqualTo("a\tb");
    }

    @Test
    void anUnknownCharsetFailsGetWriter() throws Exception {
        run((req, res) -> {
            res.setCharacterEncoding("no-such-charset");
            try {
                res.getWriter();
            } catch (java.io.UnsupportedEncodingException e) {
                seen.add("refused");
            }
        });
        assertThat(seen).containsExactly("refused");
    }
}
