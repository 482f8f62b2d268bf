package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

import io.hawser.api.MutableHttpFields;
import jakarta.servlet.ServletRequestAttributeListener;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What a servlet reads from the request view. */
class RequestViewTest {
    private final WebApp app = WebApp.create("", null, null);
    private final List<Object> seen = new ArrayList<>();

    @AfterEach
    void stop() {
        app.stop();
    }

    private FakeExchange run(FakeExchange fake, TestServlets.Body body) throws Exception {
        app.servletContext().addServlet("s", TestServlets.servlet(body)).addMapping("/s");
        app.start();
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    @Test
    void queryParametersComeBeforeFormParametersOfTheSameName() throws Exception {
        run(FakeExchange.get("/s?a=q&b=1").method("POST")
                .header("Content-Type", "application/x-www-form-urlencoded").body("a=f&c=%E2%82%AC"), (req, res) -> {
                    req.setCharacterEncoding("UTF-8");
                    seen.add(List.of(req.getParameterValues("a")));
                    seen.add(req.getParameter("c"));
                    seen.add(Collections.list(req.getParameterNames()));
                    seen.add(req.getInputStream().read());
                });
        assertThat(seen).containsExactly(List.of("q", "f"), "\u20ac", List.of("a", "b", "c"), -1);
    }

    @Test
    void theBodyIsNotParsedOnceTheApplicationTookTheStream() throws Exception {
        run(FakeExchange.get("/s").method("POST").header("Content-Type", "application/x-www-form-urlencoded")
                .body("a=1"), (req, res) -> {
                    seen.add(new String(req.getInputStream().readAllBytes(), StandardCharsets.US_ASCII));
                    seen.add(req.getParameter("a"));
                });
        assertThat(seen).containsExactly("a=1", null);
    }

    @Test
    void readerUsesTheContentTypeCharset() throws Exception {
        run(FakeExchange.get("/s").method("POST").header("Content-Type", "text/plain; charset=UTF-8")
                .body("gr\u00fc\u00df"), (req, res) -> {
                    seen.add(req.getCharacterEncoding());
                    seen.add(req.getReader().readLine());
                    seen.add(req.getContentLength());
                });
        assertThat(seen).containsExactly("UTF-8", "gr\u00fc\u00df", 6);
    }

    @Test
    void trailersOfAChunkedBodyAreReadyAfterTheBody() throws Exception {
        MutableHttpFields trailers = new MutableHttpFields().add("X-Sum", "1").add("x-sum", "2");
        run(FakeExchange.get("/s").method("POST").chunkedBody(new byte[] {1, 2, 3}, trailers), (req, res) -> {
            seen.add(req.isTrailerFieldsReady());
            seen.add(req.getContentLengthLong());
            req.getInputStream().readAllBytes();
            seen.add(req.isTrailerFieldsReady());
            seen.add(req.getTrailerFields());
        });
        assertThat(seen).containsExactly(false, -1L, true, java.util.Map.of("x-sum", "1,2"));
    }

    @Test
    void withoutHostTheServerIsTheLocalAddress() throws Exception {
        FakeExchange fake = new FakeExchange().method("GET").target("/s").protocol("HTTP/1.0");
        run(fake, (req, res) -> {
            seen.add(req.getServerName());
            seen.add(req.getServerPort());
            seen.add(req.getRemoteAddr());
            seen.add(req.getRemotePort());
            seen.add(req.getLocale());
            seen.add(req.getCookies());
            seen.add(req.getProtocol());
            seen.add(req.getScheme());
            seen.add(req.isSecure());
        });
        assertThat(seen).containsExactly("127.0.0.1", 8080, "127.0.0.1", 50123, Locale.getDefault(), null,
                "HTTP/1.0", "http", false);
    }

    @Test
    void malformedTypedHeadersThrowAsTheApiSays() throws Exception {
        run(FakeExchange.get("/s").header("X-N", "abc").header("If-Modified-Since", "soon"), (req, res) -> {
            try {
                req.getIntHeader("X-N");
            } catch (NumberFormatException e) {
                seen.add("nfe");
            }
            try {
                req.getDateHeader("If-Modified-Since");
            } catch (IllegalArgumentException e) {
                seen.add("iae");
            }
        });
        assertThat(seen).containsExactly("nfe", "iae");
    }

    @Test
    void attributesTellRequestAttributeListeners() throws Exception {
        ServletRequestAttributeListener listener = mock(ServletRequestAttributeListener.class);
        app.servletContext().addListener(listener);
        run(FakeExchange.get("/s"), (req, res) -> {
            req.setAttribute("a", 1);
            req.setAttribute("a", 2);
            req.setAttribute("a", null);
            seen.add(req.getAttribute("a"));
        });
        verify(listener).attributeAdded(argThat(e -> e.getName().equals("a") && e.getValue().equals(1)));
        verify(listener).attributeReplaced(argThat(e -> e.getName().equals("a") && e.getValue().equals(1)));
        verify(listener).attributeRemoved(argThat(e -> e.getName().equals("a") && e.getValue().equals(2)));
        assertThat(seen).containsOnlyNulls();
    }

    @Test
    void sessionsThroughTheRequest() throws Exception {
        FakeExchange fake = run(FakeExchange.get("/s").header("Cookie", "JSESSIONID=unknown"), (req, res) -> {
            seen.add(req.getRequestedSessionId());
            seen.add(req.isRequestedSessionIdValid());
            seen.add(req.getSession(false));
            try {
                req.changeSessionId();
            } catch (IllegalStateException e) {
                seen.add("no session");
            }
            seen.add(req.getSession().isNew());
        });
        assertThat(seen).containsExactly("unknown", false, null, "no session", true);
        assertThat(fake.responseFields.get("Set-Cookie")).matches("JSESSIONID=[A-Za-z0-9_-]{24}; HttpOnly; Path=/");
    }

    @Test
    void aSessionCannotBeCreatedAfterCommit() throws Exception {
        run(FakeExchange.get("/s"), (req, res) -> {
            res.flushBuffer();
            try {
                req.getSession();
            } catch (IllegalStateException e) {
                seen.add("refused");
            }
        });
        assertThat(seen).containsExactly("refused");
    }
}
