package io.hawser.tests.servlet;

import static io.hawser.tests.servlet.ServletServer.servlet;
import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.ServletContext;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Context resources, welcome files, HEAD and the context root, over a web app directory. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServletResourcesEndToEndTest {
    @TempDir
    static Path base;
    private static ServletServer server;

    @BeforeAll
    static void start() throws Exception {
        Files.createDirectories(base.resolve("guide"));
        Files.writeString(base.resolve("guide/index.html"), "<p>guide</p>");
        Files.createDirectories(base.resolve("WEB-INF"));
        Files.writeString(base.resolve("WEB-INF/secret.txt"), "secret");
        server = ServletServer.start("/site", base, app -> {
            app.addWelcomeFile("index.html");
            app.addMimeMapping("html", "text/html");
            ServletContext ctx = app.servletContext();
            ctx.addServlet("files", servlet((req, res) -> {
                String path = req.getServletPath() + (req.getPathInfo() == null ? "" : req.getPathInfo());
                if (path.startsWith("/WEB-INF/")) {
                    res.sendError(404);
                    return;
                }
                try (InputStream in = req.getServletContext().getResourceAsStream(path)) {
                    if (in == null) {
                        res.sendError(404);
                        return;
                    }
                    res.setContentType(req.getServletContext().getMimeType(path));
                    byte[] bytes = in.readAllBytes();
                    res.setContentLength(bytes.length);
                    res.getOutputStream().write(bytes);
                }
            })).addMapping("/");
            ctx.addServlet("resources", servlet((req, res) -> res.getWriter().print(
                    req.getServletContext().getResourcePaths("/") + " "
                            + req.getServletContext().getRealPath("/guide/index.html").endsWith("index.html"))))
                    .addMapping("/list");
        });
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @Test
    void aDirectoryServesItsWelcomeFile() throws Exception {
        ContentResponse r = server.get("/guide/");
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).isEqualTo("<p>guide</p>");
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_TYPE)).isEqualTo("text/html");
    }

    @Test
    void headHasTheFieldsButNoBody() throws Exception {
        ContentResponse r = server.client.newRequest(server.base + "/guide/index.html").method(HttpMethod.HEAD)
                .timeout(20, TimeUnit.SECONDS).send();
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getHeaders().get(HttpHeader.CONTENT_LENGTH)).isEqualTo("12");
        assertThat(r.getContent()).isEmpty();
    }

    @Test
    void theContextRootWithoutSlashRedirectsAndResourcesAreListed() throws Exception {
        ContentResponse root = server.client.newRequest(server.origin() + "/site")
                .timeout(20, TimeUnit.SECONDS).send();
        assertThat(root.getStatus()).isEqualTo(302);
        assertThat(root.getHeaders().get(HttpHeader.LOCATION)).isEqualTo("/site/");
        assertThat(server.get("/list").getContentAsString()).isEqualTo("[/WEB-INF/, /guide/] true");
    }

    @Test
    void pathsThatWouldLeaveTheAppAreRefused() throws Exception {
        assertThat(server.get("/guide/%2e%2e/WEB-INF/secret.txt").getStatus()).isEqualTo(400);
        assertThat(server.get("/WEB-INF/secret.txt").getStatus()).isEqualTo(404);
        assertThat(server.get("/missing.html").getStatus()).isEqualTo(404);
    }
}
