package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequestEvent;
import jakarta.servlet.ServletRequestListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.mockito.InOrder;

/** The adapter through a mocked {@link io.hawser.api.HttpExchange}: what a servlet sees and what goes back. */
class ServletAdapterTest {
    private final Map<String, Object> seen = new ConcurrentHashMap<>();
    private WebApp app = WebApp.create("/shop", null, null);

    @AfterEach
    void stop() {
        app.stop();
    }

    private ServletContext context() {
        return app.servletContext();
    }

    private FakeExchange run(FakeExchange fake) throws Exception {
        app.start();
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    private FakeExchange runStarted(FakeExchange fake) {
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    @Test
    void servletSeesThePathsOfItsMappingAndTheRawRequestUri() throws Exception {
        context().addServlet("items", TestServlets.servlet((req, res) -> {
            seen.put("contextPath", req.getContextPath());
            seen.put("servletPath", req.getServletPath());
            seen.put("pathInfo", req.getPathInfo());
            seen.put("requestUri", req.getRequestURI());
            seen.put("url", req.getRequestURL().toString());
            seen.put("query", req.getQueryString());
            seen.put("match", req.getHttpServletMapping().getMatchValue());
        })).addMapping("/items/*");
        run(FakeExchange.get("/shop/items/caf%C3%A9;v=1?x=1"));
        assertThat(seen).containsEntry("contextPath", "/shop").containsEntry("servletPath", "/items")
                .containsEntry("pathInfo", "/caf\u00e9").containsEntry("requestUri", "/shop/items/caf%C3%A9;v=1")
                .containsEntry("url", "http://example.com:8080/shop/items/caf%C3%A9;v=1")
                .containsEntry("query", "x=1").containsEntry("match", "caf\u00e9");
    }

    @Test
    void traceIsRefusedForEveryAppWithTheMethodsThatAreAllowed() throws Exception {
        context().addServlet("any", TestServlets.servlet((req, res) -> seen.put("ran", req.getMethod()))).addMapping("/*");
        FakeExchange trace = run(FakeExchange.get("/shop/x").method("TRACE").header("Cookie", "JSESSIONID=secret"));
        assertThat(trace.status.get()).isEqualTo(405);
        assertThat(trace.responseFields.get("Allow")).isEqualTo("GET, HEAD, POST, PUT, DELETE, OPTIONS");
        assertThat(trace.body()).doesNotContain("secret").contains("TRACE is disabled");
        assertThat(seen).doesNotContainKey("ran");
        FakeExchange options = runStarted(FakeExchange.get("*").method("OPTIONS"));
        assertThat(options.responseFields.get("Allow")).doesNotContain("TRACE");
    }

    @Test
    void webInfAndMetaInfAre404BeforeAnyFilterOrServletRuns() throws Exception {
        context().addServlet("all", TestServlets.servlet((req, res) -> seen.put("ran " + req.getRequestURI(), true)))
                .addMapping("/*");
        context().addFilter("all", TestServlets.filter((req, res, chain) -> {
            seen.put("filtered", true);
            chain.doFilter(req, res);
        })).addMappingForUrlPatterns(null, false, "/*");
        app.start();
        for (String target : new String[] {"/shop/WEB-INF/web.xml", "/shop/web-inf/web.xml", "/shop/WEB-INF",
                "/shop/WEB-INF/", "/shop/META-INF/MANIFEST.MF", "/shop/WEB-INF./web.xml", "/shop/WEB-INF;x/web.xml",
                "/shop/%57EB-INF/web.xml", "/shop/x/../WEB-INF/web.xml"}) {
            FakeExchange fake = runStarted(FakeExchange.get(target));
            assertThat(fake.status.get()).as(target).isEqualTo(404);
        }
        assertThat(seen).isEmpty();
        runStarted(FakeExchange.get("/shop/WEB-INFO/x"));
        runStarted(FakeExchange.get("/shop/a/WEB-INF/x"));
        assertThat(seen).containsKeys("ran /shop/WEB-INFO/x", "ran /shop/a/WEB-INF/x", "filtered");
    }

    @Test
    void headersAreReadFromTheExchangeFieldsInPlace() throws Exception {
        context().addServlet("h", TestServlets.servlet((req, res) -> {
            seen.put("one", req.getHeader("x-one"));
            seen.put("all", Collections.list(req.getHeaders("X-Multi")));
            seen.put("int", req.getIntHeader("X-Int"));
            seen.put("missingInt", req.getIntHeader("X-None"));
            seen.put("date", req.getDateHeader("If-Modified-Since"));
            seen.put("names", Collections.list(req.getHeaderNames()));
        })).addMapping("/h");
        run(FakeExchange.get("/shop/h").header("X-One", "1").header("X-Multi", "a").header("x-multi", "b")
                .header("X-Int", "42").header("If-Modified-Since", "Sun, 06 Nov 1994 08:49:37 GMT"));
        assertThat(seen).containsEntry("one", "1").containsEntry("all", List.of("a", "b"))
                .containsEntry("int", 42).containsEntry("missingInt", -1).containsEntry("date", 784111777000L)
                .containsEntry("names", List.of("Host", "X-One", "X-Multi", "X-Int", "If-Modified-Since"));
    }

    @Test
    void responseStatusAndFieldsWriteThroughToTheExchange() throws Exception {
        context().addServlet("r", TestServlets.servlet((req, res) -> {
            res.setStatus(201);
            res.setHeader("X-A", "1");
            res.addHeader("X-A", "2");
            res.setIntHeader("X-Int", 7);
            res.setDateHeader("Last-Modified", 784111777000L);
            res.setContentType("text/plain; charset=UTF-8");
            seen.put("contains", res.containsHeader("x-a"));
            seen.put("headers", res.getHeaders("X-A"));
            res.getWriter().print("h\u00e9");
        })).addMapping("/r");
        FakeExchange fake = run(FakeExchange.get("/shop/r"));
        assertThat(fake.status.get()).isEqualTo(201);
        assertThat(fake.responseFields.getAll("X-A")).containsExactly("1", "2");
        assertThat(fake.responseFields.get("X-Int")).isEqualTo("7");
        assertThat(fake.responseFields.get("Last-Modified")).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
        assertThat(fake.responseFields.get("Content-Type")).isEqualTo("text/plain;charset=UTF-8");
        assertThat(fake.body()).isEqualTo("h\u00e9");
        assertThat(seen).containsEntry("contains", true).containsEntry("headers", List.of("1", "2"));
    }

    @Test
    void contentLengthIsAFieldAndClosesTheOutputWhenReached() throws Exception {
        context().addServlet("cl", TestServlets.servlet((req, res) -> {
            res.setContentLengthLong(3);
            res.getOutputStream().write("abc".getBytes());
            seen.put("committed", res.isCommitted());
            res.getOutputStream().write("ignored".getBytes());
        })).addMapping("/cl");
        FakeExchange fake = run(FakeExchange.get("/shop/cl"));
        assertThat(fake.responseFields.get("Content-Length")).isEqualTo("3");
        assertThat(fake.body()).isEqualTo("abc");
        assertThat(fake.responseBody.ended).isTrue();
        assertThat(seen).containsEntry("committed", true);
    }

    @Test
    void bufferSizeIsTheConnectorsBuffer() throws Exception {
        context().addServlet("b", TestServlets.servlet((req, res) -> {
            res.setBufferSize(4);
            seen.put("size", res.getBufferSize());
            res.getOutputStream().write("abc".getBytes());
            seen.put("afterThree", res.isCommitted());
            res.resetBuffer();
            res.getOutputStream().write("hello".getBytes());
            seen.put("afterFive", res.isCommitted());
        })).addMapping("/b");
        FakeExchange fake = run(FakeExchange.get("/shop/b"));
        assertThat(fake.responseBody.bufferSize()).isEqualTo(4);
        assertThat(seen).containsEntry("size", 4).containsEntry("afterThree", false).containsEntry("afterFive", true);
        assertThat(fake.body()).isEqualTo("hello");
    }

    @Test
    void outputStreamAndWriterExcludeEachOther() throws Exception {
        context().addServlet("x", TestServlets.servlet((req, res) -> {
            res.getWriter();
            try {
                res.getOutputStream();
            } catch (IllegalStateException e) {
                seen.put("stream", "refused");
            }
            req.getInputStream();
            try {
                req.getReader();
            } catch (IllegalStateException e) {
                seen.put("reader", "refused");
            }
        })).addMapping("/x");
        run(FakeExchange.get("/shop/x"));
        assertThat(seen).containsEntry("stream", "refused").containsEntry("reader", "refused");
    }

    @Test
    void unmatchedPathsGet404FromTheDefaultAndOtherContexts404Too() throws Exception {
        FakeExchange inApp = run(FakeExchange.get("/shop/nothing"));
        assertThat(inApp.status.get()).isEqualTo(404);
        assertThat(inApp.body()).contains("404 Not Found");
        FakeExchange outside = runStarted(FakeExchange.get("/elsewhere"));
        assertThat(outside.status.get()).isEqualTo(404);
    }

    @Test
    void badUrisGet400AndTheContextRootWithoutSlashRedirects() throws Exception {
        app.start();
        assertThat(runStarted(FakeExchange.get("/shop/a%2Fb")).status.get()).isEqualTo(400);
        // §3.5.2: a ".." inside the root is resolved first, so this asks for /etc/passwd: outside the context.
        assertThat(runStarted(FakeExchange.get("/shop/../etc/passwd")).status.get()).isEqualTo(404);
        assertThat(runStarted(FakeExchange.get("/shop/..;/x")).status.get()).isEqualTo(400);
        assertThat(runStarted(FakeExchange.get("/../shop/x")).status.get()).isEqualTo(400);
        FakeExchange redirect = runStarted(FakeExchange.get("/shop?a=1"));
        assertThat(redirect.status.get()).isEqualTo(302);
        assertThat(redirect.responseFields.get("Location")).isEqualTo("/shop/?a=1");
    }

    @Test
    void appNotStartedAnswers503() {
        FakeExchange fake = runStarted(FakeExchange.get("/shop/x"));
        assertThat(fake.status.get()).isEqualTo(503);
    }

    @Test
    void sendErrorWritesAnEscapedDefaultPage() throws Exception {
        context().addServlet("e", TestServlets.servlet((req, res) -> {
            res.getWriter().print("discarded");
            res.sendError(418, "<script>alert('x')</script> & more");
            res.getWriter().print("also discarded");
            seen.put("committed", res.isCommitted());
        })).addMapping("/e");
        FakeExchange fake = run(FakeExchange.get("/shop/e"));
        assertThat(fake.status.get()).isEqualTo(418);
        assertThat(fake.body()).contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more")
                .doesNotContain("<script>").doesNotContain("discarded");
        assertThat(fake.responseFields.get("Content-Type")).isEqualTo("text/html;charset=utf-8");
        assertThat(seen).containsEntry("committed", true);
    }

    @Test
    void anExceptionBecomes500WithoutItsMessageOrItsErrorPage() throws Exception {
        context().addServlet("boom", TestServlets.servlet((req, res) -> {
            throw new IllegalStateException("secret detail");
        })).addMapping("/boom");
        context().addServlet("ioPage", TestServlets.servlet((req, res) -> {
            seen.put("status", req.getAttribute("jakarta.servlet.error.status_code"));
            seen.put("exception", req.getAttribute("jakarta.servlet.error.exception"));
            seen.put("uri", req.getAttribute("jakarta.servlet.error.request_uri"));
            seen.put("servlet", req.getAttribute("jakarta.servlet.error.servlet_name"));
            seen.put("type", req.getDispatcherType());
            res.getWriter().print("custom page");
        })).addMapping("/errors/io");
        context().addServlet("ioBoom", TestServlets.servlet((req, res) -> {
            throw new ServletException(new java.io.FileNotFoundException("gone"));
        })).addMapping("/ioboom");
        app.addErrorPage("java.io.IOException", "/errors/io");
        FakeExchange plain = run(FakeExchange.get("/shop/boom"));
        assertThat(plain.status.get()).isEqualTo(500);
        assertThat(plain.body()).contains("500 Internal Server Error").doesNotContain("secret");
        FakeExchange paged = runStarted(FakeExchange.get("/shop/ioboom"));
        assertThat(paged.status.get()).isEqualTo(500);
        assertThat(paged.body()).isEqualTo("custom page");
        assertThat(seen).containsEntry("status", 500).containsEntry("uri", "/shop/ioboom")
                .containsEntry("servlet", "ioBoom").containsEntry("type", DispatcherType.ERROR);
        assertThat(seen.get("exception")).isInstanceOf(java.io.FileNotFoundException.class);
    }

    @Test
    void aFailureIsLoggedOnceWithTheRequestLine() throws Exception {
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger(ServletAdapter.class.getName());
        List<java.util.logging.LogRecord> records = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logger.addHandler(handler);
        try {
            context().addServlet("boom", TestServlets.servlet((req, res) -> {
                throw new IllegalStateException("bug");
            })).addMapping("/boom");
            FakeExchange fake = run(FakeExchange.get("/shop/boom?x=1"));
            assertThat(fake.status.get()).isEqualTo(500);
            assertThat(records).hasSize(1);
            assertThat(records.get(0).getMessage()).contains("'boom'").contains("GET /shop/boom?x=1 HTTP/1.1");
            assertThat(records.get(0).getThrown()).hasMessage("bug");
            verify(fake.exchange, never()).abort(any());
        } finally {
            logger.removeHandler(handler);
        }
    }

    @Test
    void aFailureAfterCommitAbortsTheConnectionAsFramingCannotSignalIt() throws Exception {
        context().addServlet("late", TestServlets.servlet((req, res) -> {
            res.getWriter().print("partial");
            res.flushBuffer();
            throw new IllegalStateException("too late");
        })).addMapping("/late");
        FakeExchange fake = run(FakeExchange.get("/shop/late"));
        verify(fake.exchange).abort(any(IllegalStateException.class));
        assertThat(fake.status.get()).isEqualTo(200);
    }

    @Test
    void statusErrorPagesServeSendError() throws Exception {
        context().addServlet("nf", TestServlets.servlet((req, res) -> res.getWriter().print(
                "missing " + req.getAttribute("jakarta.servlet.error.request_uri")))).addMapping("/404.html");
        app.addErrorPage(404, "/404.html");
        FakeExchange fake = run(FakeExchange.get("/shop/none"));
        assertThat(fake.status.get()).isEqualTo(404);
        assertThat(fake.body()).isEqualTo("missing /shop/none");
    }

    @Test
    void requestListenersAreToldInOrderAroundTheRequest() throws Exception {
        ServletRequestListener first = mock(ServletRequestListener.class);
        ServletRequestListener second = mock(ServletRequestListener.class);
        context().addListener(first);
        context().addListener(second);
        context().addServlet("ok", TestServlets.servlet((req, res) -> { })).addMapping("/ok");
        run(FakeExchange.get("/shop/ok"));
        InOrder order = inOrder(first, second);
        order.verify(first).requestInitialized(any(ServletRequestEvent.class));
        order.verify(second).requestInitialized(any(ServletRequestEvent.class));
        order.verify(second).requestDestroyed(any(ServletRequestEvent.class));
        order.verify(first).requestDestroyed(any(ServletRequestEvent.class));
    }

    @Test
    void aRequestDestroyedListenerThatThrowsLeavesTheResponseAndTheOtherListenersAlone() throws Exception {
        ServletRequestListener broken = mock(ServletRequestListener.class);
        ServletRequestListener other = mock(ServletRequestListener.class);
        org.mockito.Mockito.doThrow(new AssertionError("listener bug")).when(broken).requestDestroyed(any());
        context().addListener(other);
        context().addListener(broken);
        context().addServlet("ok", TestServlets.servlet((req, res) -> res.getWriter().print("done"))).addMapping("/ok");
        FakeExchange fake = run(FakeExchange.get("/shop/ok"));
        assertThat(fake.status.get()).isEqualTo(200);
        assertThat(fake.body()).isEqualTo("done");
        org.mockito.Mockito.verify(other).requestDestroyed(any(ServletRequestEvent.class));
    }

    @Test
    void filtersRunInMappingOrderUrlPatternsBeforeServletNames() throws Exception {
        StringBuilder trace = new StringBuilder();
        context().addFilter("byName", TestServlets.filter((req, res, chain) -> {
            trace.append("name ");
            chain.doFilter(req, res);
        })).addMappingForServletNames(null, true, "target");
        context().addFilter("second", TestServlets.filter((req, res, chain) -> {
            trace.append("second ");
            chain.doFilter(req, res);
        })).addMappingForUrlPatterns(null, true, "*.do");
        context().addFilter("first", TestServlets.filter((req, res, chain) -> {
            trace.append("first ");
            chain.doFilter(req, res);
        })).addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
        context().addFilter("forwardOnly", TestServlets.filter((req, res, chain) -> {
            trace.append("forward ");
            chain.doFilter(req, res);
        })).addMappingForUrlPatterns(EnumSet.of(DispatcherType.FORWARD), true, "/*");
        context().addServlet("target", TestServlets.servlet((req, res) -> trace.append("servlet"))).addMapping("*.do");
        run(FakeExchange.get("/shop/a.do"));
        assertThat(trace).hasToString("first second name servlet");
    }

    @Test
    void forwardExposesTargetPathsAndForwardAttributesAndIncludeKeepsTheCallers() throws Exception {
        context().addServlet("front", TestServlets.servlet((req, res) -> {
            res.getWriter().print("dropped by forward");
            req.getRequestDispatcher("/views/page.jsp?extra=1").forward(req, res);
            seen.put("afterForwardCommitted", res.isCommitted());
        })).addMapping("/front/*");
        context().addServlet("page", TestServlets.servlet((req, res) -> {
            seen.put("type", req.getDispatcherType());
            seen.put("servletPath", req.getServletPath());
            seen.put("uri", req.getRequestURI());
            seen.put("fwdUri", req.getAttribute("jakarta.servlet.forward.request_uri"));
            seen.put("fwdServletPath", req.getAttribute("jakarta.servlet.forward.servlet_path"));
            seen.put("fwdPathInfo", req.getAttribute("jakarta.servlet.forward.path_info"));
            seen.put("params", List.of(req.getParameterValues("extra")));
            seen.put("q", req.getParameter("q"));
            res.getWriter().print("[page");
            req.getRequestDispatcher("/fragment").include(req, res);
            res.getWriter().print("]");
        })).addMapping("*.jsp");
        context().addServlet("fragment", TestServlets.servlet((req, res) -> {
            seen.put("incType", req.getDispatcherType());
            seen.put("incServletPath", req.getServletPath());
            seen.put("incAttr", req.getAttribute("jakarta.servlet.include.servlet_path"));
            res.setStatus(500);
            res.setHeader("X-Ignored", "1");
            res.getWriter().print("fragment");
        })).addMapping("/fragment");
        FakeExchange fake = run(FakeExchange.get("/shop/front/x?q=2"));
        assertThat(fake.body()).isEqualTo("[pagefragment]");
        assertThat(fake.status.get()).isEqualTo(200);
        assertThat(fake.responseFields.get("X-Ignored")).isNull();
        assertThat(seen).containsEntry("type", DispatcherType.FORWARD).containsEntry("servletPath", "/views/page.jsp")
                .containsEntry("uri", "/shop/views/page.jsp").containsEntry("fwdUri", "/shop/front/x")
                .containsEntry("fwdServletPath", "/front").containsEntry("fwdPathInfo", "/x")
                .containsEntry("params", List.of("1")).containsEntry("q", "2")
                .containsEntry("incType", DispatcherType.INCLUDE).containsEntry("incServletPath", "/views/page.jsp")
                .containsEntry("incAttr", "/fragment").containsEntry("afterForwardCommitted", true);
    }

    @Test
    void servletNameFiltersApplyToIncludesWhenMappedForInclude() throws Exception {
        StringBuilder trace = new StringBuilder();
        context().addFilter("f", TestServlets.filter((req, res, chain) -> {
            trace.append(req.getDispatcherType()).append(' ');
            chain.doFilter(req, res);
        })).addMappingForServletNames(EnumSet.of(DispatcherType.FORWARD, DispatcherType.INCLUDE), true, "view", "part");
        context().addServlet("front", TestServlets.servlet((req, res) ->
                req.getRequestDispatcher("/view").forward(req, res))).addMapping("/front");
        context().addServlet("view", TestServlets.servlet((req, res) ->
                req.getRequestDispatcher("/part").include(req, res))).addMapping("/view");
        context().addServlet("part", TestServlets.servlet((req, res) -> trace.append("part"))).addMapping("/part");
        run(FakeExchange.get("/shop/front"));
        assertThat(trace).hasToString("FORWARD INCLUDE part");
    }

    @Test
    void namedDispatcherKeepsPathsAndSetsNoAttributes() throws Exception {
        context().addServlet("caller", TestServlets.servlet((req, res) ->
                req.getServletContext().getNamedDispatcher("named").forward(req, res))).addMapping("/caller");
        context().addServlet("named", TestServlets.servlet((req, res) -> {
            seen.put("servletPath", req.getServletPath());
            seen.put("fwd", String.valueOf(req.getAttribute("jakarta.servlet.forward.request_uri")));
        }));
        run(FakeExchange.get("/shop/caller"));
        assertThat(seen).containsEntry("servletPath", "/caller").containsEntry("fwd", "null");
    }

    @Test
    void redirectsAreMadeAbsolute() throws Exception {
        context().addServlet("r", TestServlets.servlet((req, res) -> res.sendRedirect("../other/./page?x=1")))
                .addMapping("/a/b/*");
        FakeExchange fake = run(FakeExchange.get("/shop/a/b/c"));
        assertThat(fake.status.get()).isEqualTo(302);
        assertThat(fake.responseFields.get("Location")).isEqualTo("http://example.com:8080/shop/a/other/page?x=1");
    }

    @Test
    void aFailingListenerDoesNotStopTheRequest() throws Exception {
        ServletRequestListener broken = mock(ServletRequestListener.class);
        org.mockito.Mockito.doThrow(new RuntimeException("listener bug")).when(broken).requestInitialized(any());
        context().addListener(broken);
        context().addServlet("ok", TestServlets.servlet((req, res) -> res.getWriter().print("ok"))).addMapping("/ok");
        FakeExchange fake = run(FakeExchange.get("/shop/ok"));
        assertThat(fake.body()).isEqualTo("ok");
        verify(broken).requestDestroyed(any());
        verify(fake.exchange, never()).abort(any());
    }

    @Test
    void contextRootAppServesEverythingNotClaimedByLongerContexts() throws Exception {
        WebApp root = WebApp.create("", null, null);
        root.servletContext().addServlet("root", TestServlets.servlet((req, res) -> res.getWriter().print("root")))
                .addMapping("/");
        context().addServlet("shop", TestServlets.servlet((req, res) -> res.getWriter().print("shop"))).addMapping("/");
        root.start();
        app.start();
        try {
            ServletAdapter adapter = new ServletAdapter(List.of(root, app));
            FakeExchange a = FakeExchange.get("/shopping");
            adapter.handle(a.build());
            FakeExchange b = FakeExchange.get("/shop/x");
            adapter.handle(b.build());
            assertThat(a.body()).isEqualTo("root");
            assertThat(b.body()).isEqualTo("shop");
        } finally {
            root.stop();
        }
    }

    static void write(HttpServletResponse res, String s) throws IOException {
        res.getWriter().print(s);
    }

    static String param(HttpServletRequest req, String name) {
        return req.getParameter(name);
    }
}
