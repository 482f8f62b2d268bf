package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.deploy.Deployer;
import java.nio.file.Path;
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
 * Class loading (Servlet 6.1 §10.7.2) as a servlet of a WAR built here sees it: a multi-release
 * jar, a jar with its own {@code module-info.class} and a bundled older servlet-api jar in
 * {@code WEB-INF/lib}; the server's own classes hidden except {@code DefaultServlet}, which the
 * web.xml maps to {@code /}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClassLoadingWarTest {
    @TempDir
    static Path tmp;
    private static DeployedServer server;
    private static HttpClient client;

    private static String which(String pkg, String version) {
        return "package " + pkg + "; public class Which { public static String version() { return \"" + version
                + "\"; } }";
    }

    @BeforeAll
    static void deploy() throws Exception {
        String api = JavaSources.servletApiJar();
        Path app = tmp.resolve("shop");
        Path mr = tmp.resolve("mr");
        JavaSources.compile(mr, api, Map.of("com.example.mr.Which", which("com.example.mr", "base")));
        JavaSources.compile(mr.resolve("META-INF/versions/17"), api,
                Map.of("com.example.mr.Which", which("com.example.mr", "17")));
        JavaSources.write(mr.resolve("META-INF/versions/" + (Runtime.version().feature() + 1)
                + "/com/example/mr/Which.class"), "not a class file: a release newer than this JDK");
        JavaSources.write(mr.resolve("META-INF/MANIFEST.MF"), "Manifest-Version: 1.0\r\nMulti-Release: true\r\n\r\n");
        JavaSources.zip(mr, app.resolve("WEB-INF/lib/mr.jar"));
        Path mod = tmp.resolve("mod");
        JavaSources.compile(mod, api, Map.of("module-info", "module com.example.mod { exports com.example.mod; }",
                "com.example.mod.Which", which("com.example.mod", "mod")));
        JavaSources.zip(mod, app.resolve("WEB-INF/lib/mod.jar"));
        Path old = tmp.resolve("old-api");
        JavaSources.compile(old, "", Map.of(
                "jakarta.servlet.http.HttpServlet", "package jakarta.servlet.http; public abstract class HttpServlet {}",
                "jakarta.servlet.SingleThreadModel", "package jakarta.servlet; public interface SingleThreadModel {}"));
        JavaSources.zip(old, app.resolve("WEB-INF/lib/jakarta.servlet-api-5.0.0.jar"));
        JavaSources.compile(app.resolve("WEB-INF/classes"), api, Map.of("com.shop.Probe", """
                package com.shop;
                import jakarta.servlet.annotation.WebServlet;
                import jakarta.servlet.http.*;
                import java.io.IOException;
                @WebServlet("/probe")
                public class Probe extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws IOException {
                        ClassLoader app = getClass().getClassLoader();
                        String name = q.getParameter("class");
                        String answer;
                        try {
                            Class<?> c = Class.forName(name, true, app);
                            answer = (c.getClassLoader() == app ? "app" : "server")
                                    + (c.getModule().isNamed() ? " named" : "");
                            try {
                                answer += " " + c.getMethod("version").invoke(null);
                            } catch (NoSuchMethodException e) {
                                // no version to tell
                            }
                        } catch (ClassNotFoundException e) {
                            answer = "hidden";
                        } catch (ReflectiveOperationException | LinkageError e) {
                            answer = "broken " + e;
                        }
                        r.setContentType("text/plain");
                        r.getWriter().print(answer);
                    }
                }
                """));
        JavaSources.write(app.resolve("WEB-INF/web.xml"), JavaSources.webXml("""
                <servlet><servlet-name>files</servlet-name>
                  <servlet-class>io.hawser.servlet.DefaultServlet</servlet-class></servlet>
                <servlet-mapping><servlet-name>files</servlet-name><url-pattern>/</url-pattern></servlet-mapping>
                """));
        JavaSources.write(app.resolve("index.html"), "served by the declared default servlet");
        server = new DeployedServer(Map.of("/shop", JavaSources.zip(app, tmp.resolve("shop.war"))));
        client = HttpRequests.client();
    }

    @AfterAll
    static void stop() throws Exception {
        HttpRequests.stop(client, server);
    }

    private static String classAsSeen(String className) throws Exception {
        ContentResponse r = HttpRequests.get(client, server.base() + "/shop/probe?class=" + className);
        assertThat(r.getStatus()).as(className).isEqualTo(200);
        return r.getContentAsString();
    }

    @Test
    void aMultiReleaseJarGivesTheClassesForThisJdk() throws Exception {
        assertThat(classAsSeen("com.example.mr.Which")).isEqualTo("app 17");
    }

    @Test
    void aJarWithItsOwnModuleInfoLoadsOnTheClassPath() throws Exception {
        assertThat(classAsSeen("com.example.mod.Which")).isEqualTo("app mod");
    }

    @Test
    void theServersServletApiWinsOverABundledOlderOne() throws Exception {
        assertThat(classAsSeen("jakarta.servlet.http.HttpServlet")).isEqualTo("server");
        assertThat(classAsSeen("jakarta.servlet.Servlet")).isEqualTo("server");
        assertThat(classAsSeen("jakarta.servlet.SingleThreadModel")).isEqualTo("app");
    }

    @Test
    void theServersOwnClassesAndLibrariesAreHidden() throws Exception {
        for (String hidden : new String[] {"io.hawser.deploy.Deployer", "io.hawser.servlet.WebApp",
                "io.hawser.nio.NioConnector", "io.hawser.api.HttpHandler", "io.github.classgraph.ClassGraph",
                "picocli.CommandLine", "org.apache.commons.fileupload2.core.DiskFileItem"}) {
            assertThat(Class.forName(hidden, false, Deployer.class.getClassLoader())).as("on the server").isNotNull();
            assertThat(classAsSeen(hidden)).as(hidden).isEqualTo("hidden");
        }
        assertThat(classAsSeen("io.hawser.servlet.DefaultServlet")).isEqualTo("server");
        ContentResponse index = HttpRequests.get(client, server.base() + "/shop/index.html");
        assertThat(index.getStatus()).isEqualTo(200);
        assertThat(index.getContentAsString()).isEqualTo("served by the declared default servlet");
    }
}
