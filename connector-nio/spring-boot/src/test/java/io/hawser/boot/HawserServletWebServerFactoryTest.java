package io.hawser.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.boot.web.error.ErrorPage;
import org.springframework.boot.web.server.Compression;
import org.springframework.boot.web.server.GracefulShutdownResult;
import org.springframework.boot.web.server.Http2;
import org.springframework.boot.web.server.MimeMappings;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.boot.web.server.Shutdown;
import org.springframework.boot.web.server.WebServerException;
import org.springframework.boot.web.server.servlet.Session;
import org.springframework.boot.web.servlet.ServletContextInitializer;
import org.springframework.http.HttpStatus;

/**
 * A slice of what Spring Boot checks for its own embedded servers (its
 * {@code AbstractServletWebServerFactoryTests}), run against the Hawser factory over real sockets.
 */
class HawserServletWebServerFactoryTest extends WebServerTestBase {

    private static ServletContextInitializer servlet(String mapping, Handler handler) {
        return context -> context.addServlet(mapping, new HttpServlet() {
            @Override
            protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
                handler.handle(req, res);
            }
        }).addMapping(mapping);
    }

    @FunctionalInterface
    interface Handler {
        void handle(HttpServletRequest req, HttpServletResponse res) throws IOException;
    }

    private int start(ServletContextInitializer... initializers) {
        server = factory.getWebServer(initializers);
        server.start();
        return server.getPort();
    }

    @Test
    void portZeroBindsARandomPortThatGetPortTells() throws Exception {
        int port = start(servlet("/hello", (req, res) -> res.getWriter().print("Hello " + req.getLocalPort())));
        assertThat(port).isPositive();
        HttpResponse<String> r = TestHttp.get(port, "/hello");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("Hello " + port);
        TestHttp.get(port, "/none");
        assertThat(((HawserWebServer) server).getRequestCount()).isEqualTo(2);
    }

    @Test
    void aTakenPortFailsStartWithPortInUseException() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            factory.setPort(taken.getLocalPort());
            factory.setAddress(InetAddress.getLoopbackAddress());
            server = factory.getWebServer();
            assertThatThrownBy(server::start).isInstanceOf(PortInUseException.class)
                    .satisfies(e -> assertThat(((PortInUseException) e).getPort()).isEqualTo(taken.getLocalPort()));
        }
    }

    @Test
    void portMinusOneStartsNoConnector() {
        factory.setPort(-1);
        server = factory.getWebServer();
        server.start();
        assertThat(server.getPort()).isEqualTo(-1);
        assertThat(((HawserWebServer) server).getConnector()).isNull();
    }

    @Test
    void theAddressIsTheOneBound() throws Exception {
        factory.setAddress(InetAddress.getLoopbackAddress());
        int port = start(servlet("/hello", (req, res) -> res.getWriter().print(req.getLocalAddr())));
        assertThat(TestHttp.get(port, "/hello").body()).isEqualTo("127.0.0.1");
    }

    @Test
    void theContextPathIsWhereTheAppIs() throws Exception {
        factory.setContextPath("/app");
        int port = start(servlet("/hello", (req, res) -> res.getWriter().print(req.getContextPath() + "|"
                + req.getServletContext().getContextPath())));
        assertThat(TestHttp.get(port, "/app/hello").body()).isEqualTo("/app|/app");
        assertThat(TestHttp.get(port, "/hello").statusCode()).isEqualTo(404);
    }

    @Test
    void initializersRunInOrderThenTheFactorysOwnWithInitParametersAndDisplayNameAlreadySet() {
        List<String> order = new CopyOnWriteArrayList<>();
        factory.setInitParameters(Map.of("color", "blue"));
        factory.setDisplayName("shop");
        factory.addInitializers(context -> order.add("settings"));
        server = factory.getWebServer(
                context -> order.add("first " + context.getInitParameter("color") + " " + context.getServletContextName()),
                context -> order.add("second"),
                context -> order.add("third"));
        assertThat(order).containsExactly("first blue shop", "second", "third", "settings");
    }

    @Test
    void aFailingInitializerFailsGetWebServerNamingTheCause() {
        assertThatThrownBy(() -> factory.getWebServer(context -> {
            throw new IllegalStateException("no database");
        })).isInstanceOf(WebServerException.class).hasMessageContaining("no database");
    }

    @Test
    void errorPagesByStatusByExceptionAndGlobal() throws Exception {
        factory.addErrorPages(new ErrorPage(HttpStatus.NOT_FOUND, "/not-found"),
                new ErrorPage(IllegalArgumentException.class, "/bad-argument"), new ErrorPage("/error"));
        Handler page = (req, res) -> res.getWriter().print(req.getServletPath() + " for "
                + req.getAttribute("jakarta.servlet.error.status_code"));
        int port = start(servlet("/not-found", page), servlet("/bad-argument", page), servlet("/error", page),
                servlet("/missing", (req, res) -> res.sendError(404)),
                servlet("/conflict", (req, res) -> res.sendError(409)),
                servlet("/argument", (req, res) -> {
                    throw new IllegalArgumentException("x");
                }));
        HttpResponse<String> missing = TestHttp.get(port, "/missing");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo("/not-found for 404");
        HttpResponse<String> argument = TestHttp.get(port, "/argument");
        assertThat(argument.statusCode()).isEqualTo(500);
        assertThat(argument.body()).isEqualTo("/bad-argument for 500");
        HttpResponse<String> conflict = TestHttp.get(port, "/conflict");
        assertThat(conflict.statusCode()).isEqualTo(409);
        assertThat(conflict.body()).isEqualTo("/error for 409");
    }

    @Test
    void mimeMappingsAreTheServletContextsMimeTypes() throws Exception {
        MimeMappings mappings = new MimeMappings();
        mappings.add("webmanifest", "application/manifest+json");
        factory.addMimeMappings(mappings);
        int port = start(servlet("/mime", (req, res) -> res.getWriter().print(
                req.getServletContext().getMimeType("app.webmanifest") + " " + req.getServletContext().getMimeType("a.html"))));
        assertThat(TestHttp.get(port, "/mime").body()).isEqualTo("application/manifest+json text/html");
    }

    @Test
    void sessionTimeoutAndCookieSettingsAreApplied() throws Exception {
        Session session = new Session();
        session.setTimeout(Duration.ofMinutes(5));
        session.getCookie().setName("SID");
        session.getCookie().setSameSite(org.springframework.boot.web.server.Cookie.SameSite.STRICT);
        session.getCookie().setSecure(true);
        factory.setSession(session);
        int port = start(servlet("/session", (req, res) -> res.getWriter().print(req.getSession().getMaxInactiveInterval())));
        HttpResponse<String> r = TestHttp.get(port, "/session");
        assertThat(r.body()).isEqualTo("300");
        assertThat(r.headers().firstValue("Set-Cookie").orElseThrow()).startsWith("SID=").contains("; Secure")
                .contains("; SameSite=Strict");
    }

    @Test
    void connectorCustomizersShapeTheConnector() throws Exception {
        factory.addConnectorCustomizers(builder -> builder.maxFieldCount(2));
        int port = start(servlet("/hello", (req, res) -> res.getWriter().print("hi")));
        String response = TestHttp.raw(port, "GET /hello HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\nConnection: close\r\n\r\n");
        assertThat(response).startsWith("HTTP/1.1 431 ");
        String fine = TestHttp.raw(port, "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(fine).startsWith("HTTP/1.1 200 ").endsWith("hi");
    }

    @Test
    void gracefulShutdownLetsTheInFlightRequestFinishAndRefusesNewConnections() throws Exception {
        factory.setShutdown(Shutdown.GRACEFUL);
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        int port = start(servlet("/slow", (req, res) -> {
            entered.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            res.getWriter().print("done");
        }));
        CompletableFuture<String> inFlight = CompletableFuture.supplyAsync(() -> {
            try {
                return TestHttp.get(port, "/slow").body();
            } catch (IOException | InterruptedException e) {
                return e.toString();
            }
        });
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        AtomicReference<GracefulShutdownResult> result = new AtomicReference<>();
        server.shutDownGracefully(result::set);
        await().atMost(Duration.ofSeconds(10)).until(() -> refuses(port));
        assertThat(result.get()).isNull();
        release.countDown();
        assertThat(inFlight.get(10, TimeUnit.SECONDS)).isEqualTo("done");
        await().atMost(Duration.ofSeconds(10)).untilAtomic(result, org.hamcrest.Matchers.is(GracefulShutdownResult.IDLE));
    }

    @Test
    void gracefulShutdownCutOffByItsTimeoutSaysRequestsWereActive() throws Exception {
        factory.setShutdown(Shutdown.GRACEFUL);
        factory.setShutdownTimeout(Duration.ofMillis(200));
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        int port = start(servlet("/stuck", (req, res) -> {
            entered.countDown();
            try {
                never.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        CompletableFuture.runAsync(() -> {
            try {
                TestHttp.get(port, "/stuck");
            } catch (IOException | InterruptedException expected) {
                // cut off
            }
        });
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        AtomicReference<GracefulShutdownResult> result = new AtomicReference<>();
        server.shutDownGracefully(result::set);
        await().atMost(Duration.ofSeconds(10))
                .untilAtomic(result, org.hamcrest.Matchers.is(GracefulShutdownResult.REQUESTS_ACTIVE));
        never.countDown();
    }

    @Test
    void withoutGracefulShutdownTheCallbackIsToldImmediate() {
        start();
        AtomicReference<GracefulShutdownResult> result = new AtomicReference<>();
        server.shutDownGracefully(result::set);
        assertThat(result.get()).isEqualTo(GracefulShutdownResult.IMMEDIATE);
    }

    @Test
    void stopDestroysTheWebApp() {
        AtomicReference<ServletContext> seen = new AtomicReference<>();
        CountDownLatch destroyed = new CountDownLatch(1);
        start(context -> {
            seen.set(context);
            context.addListener(new jakarta.servlet.ServletContextListener() {
                @Override
                public void contextDestroyed(jakarta.servlet.ServletContextEvent event) {
                    destroyed.countDown();
                }
            });
        });
        server.stop();
        assertThat(destroyed.getCount()).isZero();
        assertThat(seen.get()).isNotNull();
    }

    @Test
    void aNonDaemonThreadKeepsTheJvmAliveWhileServing() {
        start();
        assertThat(awaitThreads()).singleElement().satisfies(t -> assertThat(t.isDaemon()).isFalse());
        server.stop();
        await().atMost(Duration.ofSeconds(10)).until(() -> awaitThreads().isEmpty());
    }

    private static List<Thread> awaitThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("hawser-await") && t.isAlive()).toList();
    }

    @Test
    void compressionGzipsLargeEnoughResponsesOfItsMimeTypesOnly() throws Exception {
        Compression compression = new Compression();
        compression.setEnabled(true);
        compression.setMimeTypes(new String[] {"text/plain"});
        factory.setCompression(compression); // Boot's default min-response-size: 2KB
        String big = "hawser ".repeat(1000);
        int port = start(servlet("/text", (req, res) -> {
            res.setContentType("text/plain");
            res.getWriter().print(req.getParameter("small") != null ? "tiny" : big);
        }), servlet("/json", (req, res) -> {
            res.setContentType("application/json");
            res.getWriter().print("[\"" + big + "\"]");
        }));
        HttpResponse<byte[]> gz = TestHttp.getBytes(port, "/text", "Accept-Encoding", "gzip");
        assertThat(gz.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(gz.headers().allValues("Vary")).anySatisfy(v -> assertThat(v).containsIgnoringCase("accept-encoding"));
        assertThat(new String(new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(gz.body())).readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(big);
        assertThat(TestHttp.getBytes(port, "/text?small", "Accept-Encoding", "gzip").headers()
                .firstValue("Content-Encoding")).as("under min-response-size").isEmpty();
        assertThat(TestHttp.getBytes(port, "/json", "Accept-Encoding", "gzip").headers()
                .firstValue("Content-Encoding")).as("not a listed MIME type").isEmpty();
        assertThat(TestHttp.getBytes(port, "/text").headers().firstValue("Content-Encoding"))
                .as("no Accept-Encoding").isEmpty();
    }

    @Test
    void compressionExcludedUserAgentsAreRefusedNamingTheProperty() {
        Compression compression = new Compression();
        compression.setEnabled(true);
        compression.setExcludedUserAgents(new String[] {"curl"});
        factory.setCompression(compression);
        assertThatThrownBy(() -> factory.getWebServer()).isInstanceOf(WebServerException.class)
                .hasMessage("Hawser does not support server.compression.excluded-user-agents yet");
    }

    @Test
    void http2AndAServerHeaderAndPersistentSessionsAreRefused() {
        Http2 http2 = new Http2();
        http2.setEnabled(true);
        factory.setHttp2(http2);
        assertThatThrownBy(() -> factory.getWebServer()).hasMessageContaining("server.http2.enabled");
        factory.setHttp2(null);
        factory.setServerHeader("me");
        assertThatThrownBy(() -> factory.getWebServer()).hasMessageContaining("server.server-header");
        factory.setServerHeader(null);
        Session session = new Session();
        session.setPersistent(true);
        factory.setSession(session);
        assertThatThrownBy(() -> factory.getWebServer()).hasMessageContaining("server.servlet.session.persistent");
    }

    private static boolean refuses(int port) {
        try (Socket s = new Socket("127.0.0.1", port)) {
            return false;
        } catch (ConnectException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
