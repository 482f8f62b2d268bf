package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** JSP pages of a WAR built at test time, served through the connector with hawser-jsp on the class path. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JspWarTest {
    @TempDir
    static Path work;
    private HttpClient client;
    private DeployedServer server;
    private final List<LogRecord> logged = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            logged.add(r);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeAll
    void start() throws Exception {
        Logger.getLogger("").addHandler(capture);
        server = new DeployedServer(Map.of("/pages", JspWars.build(work)));
        client = new HttpClient();
        client.start();
    }

    @AfterAll
    void stop() throws Exception {
        client.stop();
        server.close();
        Logger.getLogger("").removeHandler(capture);
    }

    private ContentResponse get(String path) throws Exception {
        return client.GET(server.base() + "/pages" + path);
    }

    /** Asserts that GET {@code /pages PATH} answers 200 with exactly {@code body}. */
    private void assertPage(String path, String body) throws Exception {
        ContentResponse r = get(path);
        assertThat(r.getStatus()).as(path).isEqualTo(200);
        assertThat(r.getContentAsString()).as(path).isEqualTo(body);
    }

    @Test
    void aPageWithScriptletsElJstlAndCustomTagsRenders() throws Exception {
        ContentResponse r = client.newRequest(server.base() + "/pages/index.jsp?name=bob")
                .headers(h -> h.put("Accept-Language", "en-US")).send();
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getMediaType()).isEqualTo("text/html");
        assertThat(r.getContentAsString()).contains("<p>sum=3</p>", "<p>name=bob</p>",
                "<ul><li>a</li><li>b</li><li>c</li></ul>", "<p>1,234.50</p>", "<p>HI!</p>",
                "<p>hello lib, hello cfg</p>");
    }

    @Test
    void theWelcomeFileIsThePage() throws Exception {
        ContentResponse r = get("/");
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).contains("<p>sum=3</p>");
    }

    @Test
    void withoutAWelcomeFileListIndexJspIsAWelcomeFileAsOnTomcatAndJetty() throws Exception {
        Path app = work.resolve("bare");
        JavaSources.write(app.resolve("sub/index.jsp"), "<%@ page trimDirectiveWhitespaces=\"true\" %><%= 6 * 7 %>");
        JavaSources.write(app.resolve("WEB-INF/.keep"), "");
        try (DeployedServer bare = new DeployedServer(Map.of("/bare", app))) {
            ContentResponse r = client.GET(bare.base() + "/bare/sub/");
            assertThat(r.getStatus()).isEqualTo(200);
            assertThat(r.getContentAsString()).isEqualTo("42");
        }
    }

    @Test
    void aJspPropertyGroupAddsItsPreludeAndMakesItsFilesPages() throws Exception {
        assertPage("/group/a.jsp", "[prelude]in group");
        assertPage("/group/b.html", "[prelude]42");
    }

    @Test
    void aJspFileServletAndOneFromAddJspFileRunTheirPage() throws Exception {
        assertPage("/page", "hidden via=none");
        assertPage("/added", "hidden via=none");
    }

    @Test
    void aPageUnderWebInfIsNotFoundButCanBeForwardedTo() throws Exception {
        assertThat(get("/WEB-INF/views/hidden.jsp").getStatus()).isEqualTo(404);
        assertPage("/fwd", "hidden via=forward");
    }

    @Test
    void aPrecompiledPageServletInWebInfClassesRuns() throws Exception {
        assertPage("/pre.jsp", "precompiled, JSP 4.0");
    }

    @Test
    void aPageThatDoesNotCompileIs500AndLoggedAndTheAppGoesOn() throws Exception {
        ContentResponse r = get("/broken.jsp");
        assertThat(r.getStatus()).isEqualTo(500);
        assertThat(r.getContentAsString()).doesNotContain("never closed");
        assertThat(logged).anySatisfy(rec -> assertThat(rec.getMessage() + " " + rec.getThrown())
                .contains("broken.jsp"));
        assertThat(get("/index.jsp").getStatus()).isEqualTo(200);
    }

    @Test
    void theSourceOfAPageIsNeverServed() throws Exception {
        for (String path : List.of("/index.jsp", "/INDEX.JSP", "/index.jsp.", "/WEB-INF/tags/shout.tag")) {
            assertThat(get(path).getContentAsString()).as(path).doesNotContain("<%");
        }
    }
}
