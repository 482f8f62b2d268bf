package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Web fragments through the real connector (Servlet 6.1 §8.2): a filter declared only in a
 * {@code WEB-INF/lib} jar's {@code web-fragment.xml} runs after web.xml's filter (web.xml's mappings
 * first, §8.2.3), and an {@code <absolute-ordering>} that leaves a jar out keeps its filter from running.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WebFragmentTest {
    @TempDir
    static Path tmp;
    private static DeployedServer server;
    private static HttpClient client;

    /** A filter that appends its name to the X-Trail response header before passing the request on. */
    private static String filter(String name) {
        return "package com.acme; public class " + name + " implements jakarta.servlet.Filter {"
                + " public void doFilter(jakarta.servlet.ServletRequest q, jakarta.servlet.ServletResponse r,"
                + " jakarta.servlet.FilterChain c) throws java.io.IOException, jakarta.servlet.ServletException {"
                + " ((jakarta.servlet.http.HttpServletResponse) r).addHeader(\"X-Trail\", \"" + name + "\");"
                + " c.doFilter(q, r); } }";
    }

    private static String filterXml(String name) {
        return "<filter><filter-name>" + name + "</filter-name><filter-class>com.acme." + name + "</filter-class>"
                + "</filter><filter-mapping><filter-name>" + name + "</filter-name><url-pattern>/*</url-pattern>"
                + "</filter-mapping>";
    }

    /** Writes WEB-INF/lib/{jar} into {@code app}: the filter class and a fragment declaring it. */
    private static void fragmentJar(Path app, String jar, String fragmentName, String filter) throws Exception {
        Path lib = tmp.resolve("lib-" + app.getFileName() + "-" + jar);
        JavaSources.compile(lib, JavaSources.servletApiJar(), Map.of("com.acme." + filter, filter(filter)));
        JavaSources.write(lib.resolve("META-INF/web-fragment.xml"), "<web-fragment xmlns=\"https://jakarta.ee/xml/ns/"
                + "jakartaee\" version=\"6.1\"><name>" + fragmentName + "</name>" + filterXml(filter) + "</web-fragment>");
        JavaSources.zip(lib, app.resolve("WEB-INF/lib/" + jar));
    }

    private static Path app(String name, String webXmlExtra) throws Exception {
        Path app = tmp.resolve(name);
        JavaSources.compile(app.resolve("WEB-INF/classes"), JavaSources.servletApiJar(),
                Map.of("com.acme.XmlFilter", filter("XmlFilter")));
        JavaSources.write(app.resolve("WEB-INF/web.xml"), JavaSources.webXml(webXmlExtra + filterXml("XmlFilter")));
        JavaSources.write(app.resolve("index.html"), "hello");
        return app;
    }

    @BeforeAll
    static void deploy() throws Exception {
        Path ordered = app("ordered", "");
        fragmentJar(ordered, "audit.jar", "audit", "FragmentFilter");
        Path excluding = app("excluding", "<absolute-ordering><name>kept</name></absolute-ordering>");
        fragmentJar(excluding, "kept.jar", "kept", "KeptFilter");
        fragmentJar(excluding, "left-out.jar", "left-out", "LeftOutFilter");
        Map<String, Path> wars = new LinkedHashMap<>();
        wars.put("/ordered", JavaSources.zip(ordered, tmp.resolve("ordered.war")));
        wars.put("/excluding", excluding);
        server = new DeployedServer(wars);
        client = new HttpClient();
        client.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (client != null) {
            client.stop();
        }
        if (server != null) {
            server.close();
        }
    }

    private static ContentResponse get(String path) throws Exception {
        return client.newRequest(server.base() + path).timeout(20, TimeUnit.SECONDS).send();
    }

    @Test
    void aFilterDeclaredOnlyInAFragmentRunsAfterTheWebXmlFilter() throws Exception {
        ContentResponse r = get("/ordered/index.html");
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getContentAsString()).isEqualTo("hello");
        assertThat(r.getHeaders().getValuesList("X-Trail")).containsExactly("XmlFilter", "FragmentFilter");
    }

    @Test
    void aJarTheAbsoluteOrderingLeavesOutHasNoFilterRunning() throws Exception {
        ContentResponse r = get("/excluding/index.html");
        assertThat(r.getStatus()).isEqualTo(200);
        assertThat(r.getHeaders().getValuesList("X-Trail")).containsExactly("XmlFilter", "KeptFilter");
        assertThat(Files.isRegularFile(tmp.resolve("excluding/WEB-INF/lib/left-out.jar"))).isTrue();
    }
}
