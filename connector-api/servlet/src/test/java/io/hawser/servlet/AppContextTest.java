package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextAttributeListener;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ServletContext: versions, parameters, attributes, resources over a directory or a WAR. */
class AppContextTest {
    @TempDir
    Path dir;

    private ServletContext context(Path base) {
        return WebApp.create("/ctx", base, null).servletContext();
    }

    private void webapp(Path root) throws Exception {
        Files.createDirectories(root.resolve("WEB-INF/lib"));
        Files.createDirectories(root.resolve("css"));
        Files.writeString(root.resolve("index.html"), "<h1>hi</h1>");
        Files.writeString(root.resolve("css/site.css"), "body{}");
        Files.writeString(root.resolve("WEB-INF/web.xml"), "<web-app/>");
    }

    /** A servlet class standing for a JSP engine's. */
    public static final class EngineServlet extends jakarta.servlet.http.HttpServlet {
        private static final long serialVersionUID = 1L;
    }

    @Test
    void addJspFileNeedsAJspServletAndUsesItsClass() {
        ServletContext ctx = context(null);
        assertThatThrownBy(() -> ctx.addJspFile("page", "/a.jsp")).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("hawser-jsp");
        ctx.addServlet("jsp", EngineServlet.class);
        jakarta.servlet.ServletRegistration.Dynamic page = ctx.addJspFile("page", "views/a.jsp");
        assertThat(page.getClassName()).isEqualTo(EngineServlet.class.getName());
        assertThat(page.getInitParameter("jspFile")).isEqualTo("/views/a.jsp");
        assertThat(ctx.getJspConfigDescriptor()).isNull();
    }

    @Test
    void reportsServlet61AndItsIdentity() {
        ServletContext ctx = context(null);
        assertThat(ctx.getMajorVersion()).isEqualTo(6);
        assertThat(ctx.getMinorVersion()).isEqualTo(1);
        assertThat(ctx.getEffectiveMajorVersion()).isEqualTo(6);
        assertThat(ctx.getEffectiveMinorVersion()).isEqualTo(1);
        assertThat(ctx.getContextPath()).isEqualTo("/ctx");
        assertThat(ctx.getServerInfo()).startsWith("Hawser/");
        assertThat(ctx.getContext("/ctx/a")).isSameAs(ctx);
        assertThat(ctx.getContext("/other")).isNull();
    }

    @Test
    void initParametersAndAttributesWithListeners() {
        WebApp app = WebApp.create("", null, null);
        ServletContext ctx = app.servletContext();
        ServletContextAttributeListener listener = mock(ServletContextAttributeListener.class);
        ctx.addListener(listener);
        assertThat(ctx.setInitParameter("a", "1")).isTrue();
        assertThat(ctx.setInitParameter("a", "2")).isFalse();
        assertThat(ctx.getInitParameter("a")).isEqualTo("1");
        assertThat(Collections.list(ctx.getInitParameterNames())).containsExactly("a");
        ctx.setAttribute("k", "v1");
        ctx.setAttribute("k", "v2");
        ctx.removeAttribute("k");
        verify(listener).attributeAdded(argThat(e -> e.getName().equals("k") && e.getValue().equals("v1")));
        verify(listener).attributeReplaced(argThat(e -> e.getName().equals("k") && e.getValue().equals("v1")));
        verify(listener).attributeRemoved(argThat(e -> e.getName().equals("k") && e.getValue().equals("v2")));
        assertThat(ctx.getAttribute("k")).isNull();
    }

    @Test
    void resourcesOverAnExplodedWar() throws Exception {
        webapp(dir);
        ServletContext ctx = context(dir);
        URL url = ctx.getResource("/css/site.css");
        assertThat(url).isNotNull();
        try (InputStream in = url.openStream()) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("body{}");
        }
        try (InputStream in = ctx.getResourceAsStream("/index.html")) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("<h1>hi</h1>");
        }
        assertThat(ctx.getResource("/missing")).isNull();
        assertThat(ctx.getResourceAsStream("/css")).isNull();
        assertThat(ctx.getResourcePaths("/")).containsExactly("/WEB-INF/", "/css/", "/index.html");
        assertThat(ctx.getResourcePaths("/WEB-INF/")).containsExactly("/WEB-INF/lib/", "/WEB-INF/web.xml");
        assertThat(ctx.getRealPath("/index.html")).isEqualTo(dir.toAbsolutePath().normalize().resolve("index.html").toString());
        assertThatThrownBy(() -> ctx.getResource("relative")).isInstanceOf(java.net.MalformedURLException.class);
    }

    @Test
    void resourcesNeverEscapeTheBase() throws Exception {
        webapp(dir.resolve("app"));
        Files.writeString(dir.resolve("secret.txt"), "secret");
        ServletContext ctx = context(dir.resolve("app"));
        assertThat(ctx.getResource("/../secret.txt")).isNull();
        assertThat(ctx.getResourceAsStream("/css/../../secret.txt")).isNull();
        assertThat(ctx.getRealPath("/../secret.txt")).isNull();
        assertThat(ctx.getResourceAsStream("/css\\..\\..\\secret.txt")).isNull();
    }

    @Test
    void resourcesInsideAWarFile() throws Exception {
        Path war = dir.resolve("app.war");
        try (OutputStream out = Files.newOutputStream(war); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry("index.html"));
            zip.write("from war".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
            zip.putNextEntry(new ZipEntry("WEB-INF/web.xml"));
            zip.write("<web-app/>".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        WebApp app = WebApp.create("/w", war, null);
        ServletContext ctx = app.servletContext();
        try (InputStream in = ctx.getResourceAsStream("/index.html")) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("from war");
        }
        assertThat(ctx.getResource("/WEB-INF/web.xml")).isNotNull();
        assertThat(ctx.getResourcePaths("/")).containsExactly("/WEB-INF/", "/index.html");
        assertThat(ctx.getRealPath("/index.html")).isNull();
        app.stop();
    }

    @Test
    void mimeTypesAndDispatchers() {
        WebApp app = WebApp.create("", null, null);
        app.addMimeMapping("webmanifest", "application/manifest+json");
        ServletContext ctx = app.servletContext();
        assertThat(ctx.getMimeType("site.webmanifest")).isEqualTo("application/manifest+json");
        assertThat(ctx.getMimeType("a.png")).isEqualTo("image/png");
        assertThat(ctx.getMimeType("a.unknown")).isNull();
        assertThat(ctx.getNamedDispatcher("nobody")).isNull();
        assertThatThrownBy(() -> ctx.getRequestDispatcher("relative")).isInstanceOf(IllegalArgumentException.class);
    }
}
