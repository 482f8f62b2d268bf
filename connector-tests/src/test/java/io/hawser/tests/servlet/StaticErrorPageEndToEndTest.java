package io.hawser.tests.servlet;

import static io.hawser.tests.servlet.ServletServer.servlet;
import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.servlet.DefaultServlet;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Static files as error pages (Servlet 6.1 §10.9.1): the error keeps its status whatever the
 * request's method and conditional or range fields; and the request's authority for an
 * absolute-form request-target (RFC 9112 §3.2.2).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StaticErrorPageEndToEndTest {
    private static final String PAGE = "<p>sorry, try again later</p>";
    @TempDir
    static Path base;
    private static ServletServer server;

    @BeforeAll
    static void start() throws Exception {
        Files.writeString(base.resolve("err.html"), PAGE);
        Files.writeString(base.resolve("404.html"), "<p>no such page</p>");
        server = ServletServer.start("", base, app -> {
            app.addMimeMapping("html", "text/html");
            app.addErrorPage(503, "/err.html");
            app.addErrorPage(404, "/404.html");
            app.addErrorPage("java.lang.Throwable", "/err.html");
            app.servletContext().addServlet("default", new DefaultServlet()).addMapping("/");
            app.servletContext().addServlet("boom", servlet((req, res) -> {
                if ("POST".equals(req.getMethod())) {
                    throw new IllegalStateException("boom");
                }
                res.sendError(503);
            })).addMapping("/boom");
            app.servletContext().addServlet("where", servlet((req, res) ->
                    res.getWriter().print(req.getServerName() + ":" + req.getServerPort() + " " + req.getRequestURL())))
                    .addMapping("/where");
        });
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @Test
    void aStaticErrorPageIgnoresRangeAndKeepsTheErrorStatus() throws Exception {
        ContentResponse r = server.client.newRequest(server.base + "/boom").headers(h -> h.put(HttpHeader.RANGE, "bytes=0-3"))
                .timeout(20, TimeUnit.SECONDS).send();
        assertThat(r.getStatus()).isEqualTo(503);
        assertThat(r.getContentAsString()).isEqualTo(PAGE);
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_RANGE)).isNull();
        assertThat(r.getHeaders().get(HttpHeader.ETAG)).isNull();
        assertThat(r.getHeaders().get(HttpHeader.LAST_MODIFIED)).isNull();
        assertThat(r.getHeaders().get(HttpHeader.ACCEPT_RANGES)).isNull();
    }

    @Test
    void aStaticErrorPageIsNotAnsweredNotModified() throws Exception {
        ContentResponse r = server.client.newRequest(server.base + "/boom").headers(h -> h.put(HttpHeader.IF_NONE_MATCH, "*"))
                .timeout(20, TimeUnit.SECONDS).send();
        assertThat(r.getStatus()).isEqualTo(503);
        assertThat(r.getContentAsString()).isEqualTo(PAGE);
    }

    @Test
    void aPostToAMissingPathGetsTheCustom404() throws Exception {
        ContentResponse r = server.client.newRequest(server.base + "/nope").method(HttpMethod.POST)
                .body(new StringRequestContent("x")).timeout(20, TimeUnit.SECONDS).send();
        assertThat(r.getStatus()).isEqualTo(404);
        assertThat(r.getContentAsString()).isEqualTo("<p>no such page</p>");
        assertThat(r.getHeaders().get(HttpHeader.ALLOW)).isNull();
    }

    @Test
    void aFailingPostGetsTheExceptionErrorPage() throws Exception {
        ContentResponse r = server.client.newRequest(server.base + "/boom").method(HttpMethod.POST)
                .body(new StringRequestContent("x")).timeout(20, TimeUnit.SECONDS).send();
        assertThat(r.getStatus()).isEqualTo(500);
        assertThat(r.getContentAsString()).isEqualTo(PAGE);
    }

    @Test
    void anAbsoluteFormTargetNamesTheServerNotTheHostField() throws Exception {
        try (Socket s = server.socket()) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET http://other.example:8081/where HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(response).startsWith("HTTP/1.1 200 ");
            // the scheme is the connection's (https over TLS), the authority the request-target's
            assertThat(response).endsWith("other.example:8081 " + (ServletServer.TLS ? "https" : "http")
                    + "://other.example:8081/where");
        }
    }
}
