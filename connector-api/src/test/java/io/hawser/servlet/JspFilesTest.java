package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The default servlet never serves a JSP page's source: every container maps those names to a JSP servlet. */
class JspFilesTest {
    @TempDir
    Path base;
    private WebApp app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
    }

    private FakeExchange get(String target) {
        FakeExchange fake = FakeExchange.get(target);
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    private void start(List<String> welcome) throws Exception {
        app = WebApp.create("", base, null);
        app.servletContext().addServlet("default", new DefaultServlet(base, welcome)).addMapping("/");
        app.servletContext().addServlet("forwarder", TestServlets.servlet((req, res) ->
                req.getRequestDispatcher("/WEB-INF/views/home.jsp").forward(req, res))).addMapping("/forward");
        app.start();
    }

    @Test
    void jspPagesDocumentsFragmentsAndTagFilesAnswer404InAnyCase() throws Exception {
        for (String f : List.of("index.jsp", "Page.JSP", "doc.jspx", "part.jspf", "t.tag", "t.TAGX", "WEB-INF/views/home.jsp",
                "plain.txt")) {
            Files.createDirectories(base.resolve(f).getParent());
            Files.writeString(base.resolve(f), "<%= secret %>");
        }
        start(List.of("index.jsp"));
        for (String path : List.of("/index.jsp", "/Page.JSP", "/page.jsp", "/doc.jspx", "/part.jspf", "/t.tag", "/t.TAGX",
                "/index.jsp/", "/index.jsp.", "/index.jsp%20", "/index.JsP")) {
            FakeExchange r = get(path);
            assertThat(r.status.get()).as(path).isEqualTo(404);
            assertThat(r.body()).as(path).doesNotContain("secret");
        }
        assertThat(get("/index.jsp%00").status.get()).isEqualTo(400);
        FakeExchange welcome = get("/");
        assertThat(welcome.status.get()).as("index.jsp as a welcome file").isEqualTo(404);
        assertThat(welcome.body()).doesNotContain("secret");
        FakeExchange forwarded = get("/forward");
        assertThat(forwarded.status.get()).as("a forward to a JSP").isEqualTo(404);
        assertThat(forwarded.body()).doesNotContain("secret");
        assertThat(get("/plain.txt").body()).isEqualTo("<%= secret %>");
    }

    @Test
    void jspNamesAreRecognisedCaseInsensitivelyAndWithTrailingDots() {
        assertThat(DefaultServlet.isJspFile("a.jsp")).isTrue();
        assertThat(DefaultServlet.isJspFile("/x/A.JSPX")).isTrue();
        assertThat(DefaultServlet.isJspFile("a.jsp. .")).isTrue();
        assertThat(DefaultServlet.isJspFile("a.tagx")).isTrue();
        assertThat(DefaultServlet.isJspFile(".jsp")).isTrue();
        assertThat(DefaultServlet.isJspFile("a.jsp.html")).isFalse();
        assertThat(DefaultServlet.isJspFile("jsp")).isFalse();
        assertThat(DefaultServlet.isJspFile("a.js")).isFalse();
        assertThat(DefaultServlet.isJspFile("")).isFalse();
    }
}
