package io.hawser.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hawser.servlet.DefaultServlet;
import jakarta.servlet.Servlet;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WebAppClassLoaderTest {
    @TempDir
    Path dir;

    private static String versioned(String pkg, String version) {
        return "package " + pkg + "; public class Which { public static String version() { return \"" + version
                + "\"; } }";
    }

    private static String version(Class<?> c) throws Exception {
        return (String) c.getMethod("version").invoke(null);
    }

    @Test
    void appClassesComeFromTheAppBeforeTheServer() throws Exception {
        Path serverClasses = dir.resolve("server");
        TestWars.compile(serverClasses, Map.of("com.example.Which", versioned("com.example", "server")));
        Path app = dir.resolve("app");
        TestWars.compile(app.resolve("WEB-INF/classes"), Map.of("com.example.Which", versioned("com.example", "app")));
        try (URLClassLoader server = new URLClassLoader(new URL[] {serverClasses.toUri().toURL()},
                getClass().getClassLoader());
                WebAppClassLoader loader = new WebAppClassLoader("t", app, server)) {
            assertThat(version(server.loadClass("com.example.Which"))).isEqualTo("server");
            assertThat(version(loader.loadClass("com.example.Which"))).isEqualTo("app");
        }
    }

    @Test
    void aJspSupportsPackagesAndTheirServiceFilesComeFromTheServerFirst() throws Exception {
        Path serverClasses = dir.resolve("server");
        TestWars.compile(serverClasses, Map.of("org.engine.Which", versioned("org.engine", "server")));
        TestWars.write(serverClasses.resolve("META-INF/services/org.engine.Factory"), "org.engine.Impl");
        TestWars.write(serverClasses.resolve("META-INF/services/jakarta.servlet.ServletContainerInitializer"),
                "org.engine.Init");
        Path app = dir.resolve("app");
        TestWars.compile(app.resolve("WEB-INF/classes"), Map.of("org.engine.Which", versioned("org.engine", "app")));
        try (URLClassLoader server = new URLClassLoader(new URL[] {serverClasses.toUri().toURL()},
                getClass().getClassLoader());
                WebAppClassLoader plain = new WebAppClassLoader("t", app, server);
                WebAppClassLoader jsp = new WebAppClassLoader("t", app, server, java.util.List.of("org.engine."))) {
            assertThat(version(plain.loadClass("org.engine.Which"))).isEqualTo("app");
            assertThat(plain.getResource("META-INF/services/org.engine.Factory")).isNull();
            assertThat(version(jsp.loadClass("org.engine.Which"))).isEqualTo("server");
            assertThat(jsp.getResource("META-INF/services/org.engine.Factory")).isNotNull();
            assertThat(jsp.getResource("META-INF/services/jakarta.servlet.ServletContainerInitializer"))
                    .as("the server's initializers stay out of the app").isNull();
        }
    }

    @Test
    void classesComeBeforeLibJarsAndJarsInNameOrder() throws Exception {
        Path app = dir.resolve("app");
        TestWars.compile(app.resolve("WEB-INF/classes"), Map.of("com.example.Which", versioned("com.example", "classes")));
        for (String jar : new String[] {"b", "a"}) {
            Path out = dir.resolve("jar-" + jar);
            TestWars.compile(out, Map.of("com.example.Which", versioned("com.example", jar),
                    "com.example.OnlyInJars", versioned("com.example", jar).replace("Which", "OnlyInJars")));
            TestWars.zip(out, app.resolve("WEB-INF/lib/" + jar + ".jar"));
        }
        try (WebAppClassLoader loader = new WebAppClassLoader("t", app, getClass().getClassLoader())) {
            assertThat(version(loader.loadClass("com.example.Which"))).isEqualTo("classes");
            assertThat(version(loader.loadClass("com.example.OnlyInJars"))).isEqualTo("a");
        }
    }

    @Test
    void servletApiAndJdkClassesAreNeverTakenFromTheApp() throws Exception {
        Path app = dir.resolve("app");
        TestWars.write(app.resolve("WEB-INF/classes/jakarta/servlet/Servlet.class"), "not a class file");
        TestWars.write(app.resolve("WEB-INF/classes/java/lang/String.class"), "not a class file");
        TestWars.write(app.resolve("WEB-INF/classes/javax/xml/parsers/DocumentBuilder.class"), "not a class file");
        try (WebAppClassLoader loader = new WebAppClassLoader("t", app, getClass().getClassLoader())) {
            assertThat(loader.loadClass("jakarta.servlet.Servlet")).isSameAs(Servlet.class);
            assertThat(loader.loadClass("java.lang.String")).isSameAs(String.class);
            assertThat(loader.loadClass("javax.xml.parsers.DocumentBuilder"))
                    .isSameAs(javax.xml.parsers.DocumentBuilder.class);
        }
    }

    @Test
    void theServersOwnLibrariesStayInvisible() throws Exception {
        Path app = Files.createDirectories(dir.resolve("app/WEB-INF"));
        try (WebAppClassLoader loader = new WebAppClassLoader("t", app.getParent(), getClass().getClassLoader())) {
            assertThat(getClass().getClassLoader().loadClass("io.github.classgraph.ClassGraph")).isNotNull();
            assertThatThrownBy(() -> loader.loadClass("io.github.classgraph.ClassGraph"))
                    .isInstanceOf(ClassNotFoundException.class);
            assertThatThrownBy(() -> loader.loadClass(Deployer.class.getName()))
                    .isInstanceOf(ClassNotFoundException.class);
            assertThat(loader.getResource("io/hawser/deploy/Deployer.class")).isNull();
            assertThat(loader.loadClass("io.hawser.servlet.DefaultServlet")).isSameAs(DefaultServlet.class);
            assertThat(loader.getResource("io/hawser/servlet/DefaultServlet.class")).isNotNull();
        }
    }

    @Test
    void anAppsOwnClassInAnIoHawserPackageIsItsOwn() throws Exception {
        Path app = dir.resolve("app");
        TestWars.compile(app.resolve("WEB-INF/classes"), Map.of("io.hawser.deploy.Which",
                versioned("io.hawser.deploy", "app")));
        try (WebAppClassLoader loader = new WebAppClassLoader("t", app, getClass().getClassLoader())) {
            assertThat(version(loader.loadClass("io.hawser.deploy.Which"))).isEqualTo("app");
        }
    }

    @Test
    void theElApiComesFromTheServerWhenItHasItElseFromTheApp() throws Exception {
        Path serverClasses = dir.resolve("server");
        TestWars.compile(serverClasses, Map.of("jakarta.el.Which", versioned("jakarta.el", "server")));
        Path app = dir.resolve("app");
        TestWars.compile(app.resolve("WEB-INF/classes"), Map.of("jakarta.el.Which", versioned("jakarta.el", "app"),
                "jakarta.el.OnlyInApp", versioned("jakarta.el", "app").replace("Which", "OnlyInApp")));
        try (URLClassLoader server = new URLClassLoader(new URL[] {serverClasses.toUri().toURL()},
                getClass().getClassLoader());
                WebAppClassLoader loader = new WebAppClassLoader("t", app, server)) {
            assertThat(version(loader.loadClass("jakarta.el.Which"))).isEqualTo("server");
            assertThat(loader.loadClass("jakarta.el.OnlyInApp").getClassLoader()).isSameAs(loader);
        }
    }

    @Test
    void aBundledOlderServletApiJarLosesToTheServersButFillsWhatTheServerLacks() throws Exception {
        Path old = dir.resolve("old-api");
        TestWars.compile(old, Map.of(
                "jakarta.servlet.http.HttpServlet", "package jakarta.servlet.http; public abstract class HttpServlet {}",
                "jakarta.servlet.SingleThreadModel", "package jakarta.servlet; public interface SingleThreadModel {}"));
        Path app = dir.resolve("app");
        TestWars.zip(old, app.resolve("WEB-INF/lib/jakarta.servlet-api-5.0.0.jar"));
        try (WebAppClassLoader loader = new WebAppClassLoader("t", app, getClass().getClassLoader())) {
            assertThat(loader.loadClass("jakarta.servlet.http.HttpServlet"))
                    .isSameAs(jakarta.servlet.http.HttpServlet.class);
            assertThat(loader.getResource("jakarta/servlet/http/HttpServlet.class").toString())
                    .doesNotContain("jakarta.servlet-api-5.0.0.jar");
            assertThat(loader.loadClass("jakarta.servlet.SingleThreadModel").getClassLoader()).isSameAs(loader);
        }
    }

    @Test
    void aMultiReleaseJarGivesTheHighestVersionUpToTheRunningJdk() throws Exception {
        Path out = dir.resolve("mr");
        TestWars.compile(out, Map.of("com.example.Which", versioned("com.example", "base")));
        TestWars.compile(out.resolve("META-INF/versions/9"), Map.of("com.example.Which", versioned("com.example", "9")));
        TestWars.compile(out.resolve("META-INF/versions/17"),
                Map.of("com.example.Which", versioned("com.example", "17")));
        int next = Runtime.version().feature() + 1;
        TestWars.write(out.resolve("META-INF/versions/" + next + "/com/example/Which.class"), "not a class file");
        TestWars.write(out.resolve("META-INF/MANIFEST.MF"), "Manifest-Version: 1.0\r\nMulti-Release: true\r\n\r\n");
        Path app = dir.resolve("app");
        TestWars.zip(out, app.resolve("WEB-INF/lib/mr.jar"));
        try (WebAppClassLoader loader = new WebAppClassLoader("t", app, getClass().getClassLoader())) {
            assertThat(version(loader.loadClass("com.example.Which"))).isEqualTo("17");
        }
    }

    @Test
    void aJarWithItsOwnModuleInfoLoadsOnTheClassPath() throws Exception {
        Path out = dir.resolve("mod");
        TestWars.compile(out, Map.of("module-info", "module com.example.mod { exports com.example.mod; }",
                "com.example.mod.Which", versioned("com.example.mod", "mod")));
        assertThat(out.resolve("module-info.class")).exists();
        Path app = dir.resolve("app");
        TestWars.zip(out, app.resolve("WEB-INF/lib/mod.jar"));
        try (WebAppClassLoader loader = new WebAppClassLoader("t", app, getClass().getClassLoader())) {
            Class<?> c = loader.loadClass("com.example.mod.Which");
            assertThat(version(c)).isEqualTo("mod");
            assertThat(c.getModule().isNamed()).isFalse();
        }
    }

    @Test
    void appResourcesComeFirstAndServiceFilesOnlyFromTheApp() throws Exception {
        Path app = dir.resolve("app");
        TestWars.write(app.resolve("WEB-INF/classes/config.properties"), "a=1");
        try (WebAppClassLoader loader = new WebAppClassLoader("t", app, getClass().getClassLoader())) {
            assertThat(loader.getResource("config.properties").toString()).contains("WEB-INF/classes");
            assertThat(loader.getResource("META-INF/services/org.junit.platform.engine.TestEngine")).isNull();
            assertThat(loader.getResource("jakarta/servlet/Servlet.class")).isNotNull();
        }
    }

    @Test
    void closingReleasesTheJars() throws Exception {
        Path app = dir.resolve("app");
        Path out = dir.resolve("jar");
        TestWars.compile(out, Map.of("com.example.A", "package com.example; public class A {}",
                "com.example.B", "package com.example; public class B {}"));
        TestWars.zip(out, app.resolve("WEB-INF/lib/lib.jar"));
        WebAppClassLoader loader = new WebAppClassLoader("t", app, getClass().getClassLoader());
        assertThat(loader.loadClass("com.example.A").getClassLoader()).isSameAs(loader);
        loader.close();
        assertThatThrownBy(() -> loader.loadClass("com.example.B")).isInstanceOf(ClassNotFoundException.class);
        Files.delete(app.resolve("WEB-INF/lib/lib.jar"));
    }
}
