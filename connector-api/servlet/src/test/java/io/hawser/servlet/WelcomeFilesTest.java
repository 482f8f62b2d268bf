package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.http.MappingMatch;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Servlet 6.1 §10.10: static welcome files first, then welcome files mapped to servlets. */
class WelcomeFilesTest {
    @TempDir
    Path base;

    @Test
    void aDirectoryRequestTakesTheFirstExistingWelcomeFileThenAServletMappedOne() throws Exception {
        Files.createDirectories(base.resolve("docs"));
        Files.createDirectories(base.resolve("app"));
        Files.writeString(base.resolve("docs/index.html"), "docs");
        WebApp app = WebApp.create("", base, null);
        app.addWelcomeFile("default.htm");
        app.addWelcomeFile("index.html");
        app.addWelcomeFile("home");
        app.servletContext().addServlet("html", TestServlets.servlet((req, res) -> { })).addMapping("*.html");
        app.servletContext().addServlet("home", TestServlets.servlet((req, res) -> { })).addMapping("/app/home");
        app.servletContext().addServlet("default", TestServlets.servlet((req, res) -> { })).addMapping("/");
        app.servletContext().addServlet("api", TestServlets.servlet((req, res) -> { })).addMapping("/api/*");

        MappedPath docs = WelcomeFiles.map(app, "/docs/");
        assertThat(docs.getServletName()).isEqualTo("html");
        assertThat(docs.servletPath()).isEqualTo("/docs/index.html");

        MappedPath byServlet = WelcomeFiles.map(app, "/app/");
        assertThat(byServlet.getServletName()).isEqualTo("home");
        assertThat(byServlet.getMappingMatch()).isEqualTo(MappingMatch.EXACT);

        assertThat(WelcomeFiles.map(app, "/none/").getServletName()).isEqualTo("default");
        assertThat(WelcomeFiles.map(app, "/api/").getServletName()).isEqualTo("api");
        assertThat(WelcomeFiles.map(app, "/docs").getServletName()).isEqualTo("default");
    }
}
