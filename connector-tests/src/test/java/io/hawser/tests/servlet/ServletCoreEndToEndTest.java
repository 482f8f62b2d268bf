package io.hawser.tests.servlet;

import static io.hawser.tests.servlet.ServletServer.filter;
import static io.hawser.tests.servlet.ServletServer.servlet;
import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.Cookie;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.FormRequestContent;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.http.HttpCookie;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.Fields;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Requests, responses, forms, cookies, filters, dispatch and errors, through the NIO connector and jetty-client. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServletCoreEndToEndTest {
    private static final List<String> trace = Collections.synchronizedList(new ArrayList<>());
    private static final Map<String, Object> seen = new ConcurrentHashMap<>();
    private static ServletServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ServletServer.start("/app", app -> {
            ServletContext ctx = app.servletContext();
            ctx.setInitParameter("io.hawser.maxFormContentSize", "1000");
            ctx.addServlet("echo", servlet((req, res) -> {
                res.setContentType("text/plain;charset=UTF-8");
                Map<String, String> out = new TreeMap<>();
                req.getParameterMap().forEach((k, v) -> out.put(k, String.join(",", v)));
                res.getWriter().print(out);
            })).addMapping("/echo");
            ctx.addServlet("info", servlet((req, res) -> {
                res.setContentType("text/plain");
                res.getWriter().print(req.getMethod() + "|" + req.getRequestURL() + "|" + req.getServletPath() + "|"
                        + req.getPathInfo() + "|" + req.getServerName() + "|" + req.getServerPort() + "|"
                        + req.getRemoteAddr() + "|" + req.getLocalPort() + "|" + req.getHeader("x-test") + "|"
                        + req.getLocale());
            })).addMapping("/info/*");
            ctx.addServlet("cookies", servlet((req, res) -> {
                StringBuilder s = new StringBuilder();
                for (Cookie c : req.getCookies()) {
                    s.append(c.getName()).append('=').append(c.getValue()).append(';');
                }
                Cookie out = new Cookie("pref", "dark");
                out.setMaxAge(3600);
                out.setPath("/app");
                out.setHttpOnly(true);
                out.setSecure(true);
                out.setAttribute("SameSite", "Strict");
                res.addCookie(out);
                res.getWriter().print(s);
            })).addMapping("/cookies");
            ctx.addServlet("length", servlet((req, res) -> {
                res.setContentLengthLong(5);
                res.getOutputStream().write("12345".getBytes(StandardCharsets.US_ASCII));
            })).addMapping("/length");
            ctx.addServlet("flushed", servlet((req, res) -> {
                res.getWriter().print("part1;");
                res.flushBuffer();
                res.getWriter().print("part2");
            })).addMapping("/flushed");
            ctx.addServlet("trailers", servlet((req, res) -> {
                res.setTrailerFields(() -> Map.of("x-checksum", "abc"));
                res.getWriter().print("body");
            })).addMapping("/trailers");
            ctx.addServlet("redirect", servlet((req, res) -> res.sendRedirect("next?x=1"))).addMapping("/dir/redirect");
            ctx.addServlet("boom", servlet((req, res) -> {
                throw new IllegalStateException("secret internals");
            })).addMapping("/boom");
            ctx.addServlet("port", servlet((req, res) -> res.getWriter().print(req.getRemotePort()))).addMapping("/port");
            ctx.addServlet("teapot", servlet((req, res) -> res.sendError(418, req.getParameter("msg")))).addMapping("/teapot");
            ctx.addServlet("gone", servlet((req, res) -> res.sendError(410))).addMapping("/gone");
            ctx.addServlet("goneFull", servlet((req, res) -> res.sendError(410))).addMapping("/gone-page");
            ctx.addServlet("arith", servlet((req, res) -> {
                throw new ArithmeticException("/ by zero");
            })).addMapping("/arith");
            ctx.addServlet("errorPage", servlet((req, res) -> {
                res.setContentType("text/plain");
                res.getWriter().print("error page: status=" + req.getAttribute(RequestDispatcher.ERROR_STATUS_CODE)
                        + " type=" + req.getAttribute(RequestDispatcher.ERROR_EXCEPTION_TYPE)
                        + " uri=" + req.getAttribute(RequestDispatcher.ERROR_REQUEST_URI)
                        + " dispatch=" + req.getDispatcherType());
            })).addMapping("/error-page");
            app.addErrorPage(410, "/error-page");
            app.addErrorPage("java.lang.ArithmeticException", "/error-page");
            ctx.addFilter("outer", filter((req, res, chain) -> {
                trace.add("outer>" + req.getDispatcherType());
                res.setHeader("X-Outer", "1");
                chain.doFilter(req, res);
                trace.add("outer<");
            })).addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/chain/*");
            ctx.addFilter("inner", filter((req, res, chain) -> {
                trace.add("inner>");
                chain.doFilter(req, res);
                trace.add("inner<");
            })).addMappingForUrlPatterns(null, true, "/chain/*");
            ctx.addFilter("forwarded", filter((req, res, chain) -> {
                trace.add("forward-filter>" + req.getDispatcherType());
                chain.doFilter(req, res);
            })).addMappingForServletNames(EnumSet.of(DispatcherType.FORWARD, DispatcherType.INCLUDE), true, "view", "fragment");
            ctx.addServlet("front", servlet((req, res) -> {
                trace.add("servlet");
                req.setAttribute("model", "m1");
                req.getRequestDispatcher("/WEB-INF/view.page?lang=en").forward(req, res);
            })).addMapping("/chain/front");
            ctx.addServlet("view", servlet((req, res) -> {
                res.setContentType("text/plain");
                res.getWriter().print("view " + req.getAttribute("model") + " " + req.getParameter("lang") + " from "
                        + req.getAttribute(RequestDispatcher.FORWARD_REQUEST_URI) + " as " + req.getRequestURI() + " [");
                req.getRequestDispatcher("/fragment").include(req, res);
                res.getWriter().print("]");
            })).addMapping("*.page");
            ctx.addServlet("fragment", servlet((req, res) -> {
                res.setHeader("X-Fragment", "ignored");
                res.getWriter().print("included " + req.getAttribute(RequestDispatcher.INCLUDE_SERVLET_PATH) + " in "
                        + req.getServletPath());
            })).addMapping("/fragment");
        });
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @Test
    void decodesUtf8QueryAndUtf8FormBodies() throws Exception {
        Fields fields = new Fields();
        fields.add("name", "Zo\u00eb \u65e5\u672c");
        fields.add("tag", "a&b=c");
        ContentResponse r = server.client.newRequest(server.base + "/echo?q=caf%C3%A9&tag=first")
                .method(HttpMethod.POST)
                .body(new FormRequestContent(fields, StandardCharsets.UTF_8))
                .headers(h -> h.put(HttpHeader.CONTENT_TYPE, "application/x-www-form-urlencoded; charset=UTF-8"))
                .timeout(20, TimeUnit.SECONDS).send();
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).isEqualTo("{name=Zo\u00eb \u65e5\u672c, q=caf\u00e9, tag=first,a&b=c}");
    }

    @Test
    void formWithoutCharsetIsIso88591AsTheSpecSays() throws Exception {
        ContentResponse r = server.client.newRequest(server.base + "/echo").method(HttpMethod.POST)
                .body(new StringRequestContent("application/x-www-form-urlencoded", "a=%E9", StandardCharsets.US_ASCII))
                .timeout(20, TimeUnit.SECONDS).send();
        assertThat(r.getContentAsString()).isEqualTo("{a=\u00e9}");
    }

    @Test
    void oversizedFormIs413AndMalformedFormIs400() throws Exception {
        ContentResponse big = server.client.newRequest(server.base + "/echo").method(HttpMethod.POST)
                .body(new StringRequestContent("application/x-www-form-urlencoded", "a=" + "x".repeat(2000)))
                .timeout(20, TimeUnit.SECONDS).send();
        assertThat(big.getStatus()).isEqualTo(413);
        ContentResponse bad = server.client.newRequest(server.base + "/echo").method(HttpMethod.POST)
                .body(new StringRequestContent("application/x-www-form-urlencoded", "a=%zz"))
                .timeout(20, TimeUnit.SECONDS).send();
        assertThat(bad.getStatus()).isEqualTo(400);
    }

    @Test
    void requestPathsHostAndHeaders() throws Exception {
        ContentResponse r = server.client.newRequest(server.base + "/info/a%20b")
                .headers(h -> h.put("X-Test", "yes").put(HttpHeader.ACCEPT_LANGUAGE, "fr-CA;q=0.5, de"))
                .timeout(20, TimeUnit.SECONDS).send();
        int port = server.connector.port();
        assertThat(r.getContentAsString()).isEqualTo("GET|" + server.origin() + "/app/info/a%20b|/info|/a b|127.0.0.1|"
                + port + "|127.0.0.1|" + port + "|yes|de");
    }

    @Test
    void badUrisAre400() throws Exception {
        assertThat(server.get("/info/a%2Fb").getStatus()).isEqualTo(400);
        assertThat(server.get("/info/%2e%2e/x").getStatus()).isEqualTo(400);
        assertThat(server.get("/info/..;/x").getStatus()).isEqualTo(400);
    }

    @Test
    void cookiesInAndOut() throws Exception {
        ContentResponse r = server.client.newRequest(server.base + "/cookies")
                .cookie(HttpCookie.from("a", "1")).cookie(HttpCookie.from("b", "two"))
                .timeout(20, TimeUnit.SECONDS).send();
        assertThat(r.getContentAsString()).isEqualTo("a=1;b=two;");
        String setCookie = r.getHeaders().get(HttpHeader.SET_COOKIE);
        assertThat(setCookie).startsWith("pref=dark").contains("; Max-Age=3600", "; Expires=", "; Path=/app",
                "; Secure", "; HttpOnly", "; SameSite=Strict");
    }

    @Test
    void contentLengthIsHonouredAndFlushingGoesChunked() throws Exception {
        ContentResponse fixed = server.get("/length");
        assertThat(fixed.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isEqualTo("5");
        assertThat(fixed.getContentAsString()).isEqualTo("12345");
        ContentResponse chunked = server.get("/flushed");
        assertThat(chunked.getHeaders().get(HttpHeader.TRANSFER_ENCODING)).isEqualTo("chunked");
        assertThat(chunked.getContentAsString()).isEqualTo("part1;part2");
    }

    @Test
    void responseTrailersArrive() throws Exception {
        ContentResponse r = server.get("/trailers");
        assertThat(r.getContentAsString()).isEqualTo("body");
        assertThat(r.getTrailers().get("x-checksum")).isEqualTo("abc");
    }

    @Test
    void relativeRedirectBecomesAbsolute() throws Exception {
        ContentResponse r = server.get("/dir/redirect");
        assertThat(r.getStatus()).isEqualTo(302);
        assertThat(r.getHeaders().get(HttpHeader.LOCATION))
                .isEqualTo(server.origin() + "/app/dir/next?x=1");
    }

    @Test
    void anExceptionIs500AndTheConnectionSurvives() throws Exception {
        String before = server.get("/port").getContentAsString();
        ContentResponse r = server.get("/boom");
        assertThat(r.getStatus()).isEqualTo(500);
        assertThat(r.getContentAsString()).contains("500 Internal Server Error").doesNotContain("secret");
        assertThat(r.getHeaders().get(HttpHeader.CONNECTION)).isNull();
        assertThat(server.get("/port").getContentAsString()).isEqualTo(before);
    }

    @Test
    void defaultErrorPageEscapesWhatItEchoes() throws Exception {
        ContentResponse r = server.get("/teapot?msg=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E");
        assertThat(r.getStatus()).isEqualTo(418);
        assertThat(r.getContentAsString()).contains("&lt;img src=x onerror=alert(1)&gt;").doesNotContain("<img");
    }

    @Test
    void errorPagesByStatusAndByExceptionType() throws Exception {
        ContentResponse byStatus = server.get("/gone");
        assertThat(byStatus.getStatus()).isEqualTo(410);
        assertThat(byStatus.getContentAsString()).isEqualTo("error page: status=410 type=null uri=/app/gone dispatch=ERROR");
        ContentResponse byType = server.get("/arith");
        assertThat(byType.getStatus()).isEqualTo(500);
        assertThat(byType.getContentAsString())
                .isEqualTo("error page: status=500 type=class java.lang.ArithmeticException uri=/app/arith dispatch=ERROR");
    }

    @Test
    void filtersRunInOrderAroundForwardAndInclude() throws Exception {
        trace.clear();
        ContentResponse r = server.get("/chain/front");
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getHeaders().get("X-Outer")).isEqualTo("1");
        assertThat(r.getHeaders().get("X-Fragment")).isNull();
        assertThat(r.getContentAsString()).isEqualTo(
                "view m1 en from /app/chain/front as /app/WEB-INF/view.page [included /fragment in /WEB-INF/view.page]");
        // The forward closed the response (§9.4), so the filters may still be unwinding when it arrives.
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(5)).until(() -> trace.size() == 7);
        assertThat(trace).containsExactly("outer>REQUEST", "inner>", "servlet", "forward-filter>FORWARD",
                "forward-filter>INCLUDE", "inner<", "outer<");
    }

    @Test
    void unknownPathsAre404() throws Exception {
        assertThat(server.get("/nothing/here").getStatus()).isEqualTo(404);
    }
}
