package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.servlet.ServletContext;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Servlet 6.1 §4.6: the {@code META-INF/resources} of {@code WEB-INF/lib} jars, as a servlet sees them. */
class JarResourcesTest {
    @TempDir
    Path dir;

    static void jar(Path file, Map<String, String> entries) throws Exception {
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, String> e : new java.util.TreeMap<>(entries).entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
    }

    private static String read(InputStream in) throws Exception {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private WebApp app() throws Exception {
        Files.createDirectories(dir.resolve("app/WEB-INF"));
        Files.writeString(dir.resolve("app/index.html"), "own index");
        Files.createDirectories(dir.resolve("app/webjars"));
        Files.writeString(dir.resolve("app/webjars/own.txt"), "own");
        jar(dir.resolve("app/WEB-INF/lib/b-lib.jar"), Map.of(
                "META-INF/resources/webjars/lib/1.0/lib.js", "var lib = 1;",
                "META-INF/resources/index.html", "jar index",
                "META-INF/resources/shared.txt", "from b",
                "com/example/Secret.class", "not served"));
        jar(dir.resolve("app/WEB-INF/lib/a-other.jar"), Map.of("META-INF/resources/shared.txt", "from a"));
        jar(dir.resolve("app/WEB-INF/lib/plain.jar"), Map.of("com/example/Plain.class", "x"));
        Files.writeString(dir.resolve("secret.txt"), "outside");
        return WebApp.create("/w", dir.resolve("app"), null);
    }

    @Test
    void jarResourcesAreFoundAfterTheWarsOwnFiles() throws Exception {
        WebApp app = app();
        ServletContext ctx = app.servletContext();
        try {
            assertThat(read(ctx.getResourceAsStream("/webjars/lib/1.0/lib.js"))).isEqualTo("var lib = 1;");
            assertThat(read(ctx.getResourceAsStream("/index.html"))).isEqualTo("own index");
            assertThat(read(ctx.getResourceAsStream("/shared.txt"))).isEqualTo("from a");
            URL url = ctx.getResource("/webjars/lib/1.0/lib.js");
            assertThat(url.getProtocol()).isEqualTo("jar");
            assertThat(url.toString()).contains("b-lib.jar!/META-INF/resources/webjars/lib/1.0/lib.js");
            assertThat(read(url.openStream())).isEqualTo("var lib = 1;");
            assertThat(ctx.getResource("/index.html").getProtocol()).isEqualTo("file");
            assertThat(ctx.getResourceAsStream("/webjars/lib")).isNull();
        } finally {
            app.stop();
        }
    }

    @Test
    void listingsMergeEveryRootAndRealPathsAreOnlyForFiles() throws Exception {
        WebApp app = app();
        ServletContext ctx = app.servletContext();
        try {
            assertThat(ctx.getResourcePaths("/")).containsExactly("/WEB-INF/", "/index.html", "/shared.txt",
                    "/webjars/");
            assertThat(ctx.getResourcePaths("/webjars/")).containsExactly("/webjars/lib/", "/webjars/own.txt");
            assertThat(ctx.getResourcePaths("/webjars/lib/1.0")).containsExactly("/webjars/lib/1.0/lib.js");
            assertThat(ctx.getRealPath("/webjars/lib/1.0/lib.js")).isNull();
            assertThat(ctx.getRealPath("/index.html"))
                    .isEqualTo(dir.resolve("app/index.html").toAbsolutePath().normalize().toString());
            assertThat(ctx.getRealPath("/not-there.txt")).endsWith("not-there.txt");
        } finally {
            app.stop();
        }
    }

    @Test
    void nothingOutsideAJarsMetaInfResourcesIsReachable() throws Exception {
        WebApp app = app();
        ServletContext ctx = app.servletContext();
        try {
            assertThat(ctx.getResource("/../../com/example/Secret.class")).isNull();
            assertThat(ctx.getResource("/webjars/lib/../../../../com/example/Secret.class")).isNull();
            assertThat(ctx.getResourceAsStream("/com/example/Secret.class")).isNull();
            assertThat(ctx.getResourceAsStream("/..\\..\\com/example/Secret.class")).isNull();
            assertThat(ctx.getResource("/../secret.txt")).isNull();
            assertThat(ctx.getResourcePaths("/../")).isNull();
        } finally {
            app.stop();
        }
    }

    @Test
    void aWarFileWhoseJarsHoldResourcesIsRefused() throws Exception {
        Path lib = dir.resolve("lib.jar");
        jar(lib, Map.of("META-INF/resources/a.js", "a"));
        Path war = dir.resolve("app.war");
        try (OutputStream out = Files.newOutputStream(war); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry("WEB-INF/lib/lib.jar"));
            zip.write(Files.readAllBytes(lib));
            zip.closeEntry();
        }
        assertThatThrownBy(() -> WebApp.create("/w", war, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("WEB-INF/lib/lib.jar holds META-INF/resources");
    }

    @Test
    void aCorruptJarIsRefusedByName() throws Exception {
        Files.createDirectories(dir.resolve("app/WEB-INF/lib"));
        Files.writeString(dir.resolve("app/WEB-INF/lib/broken.jar"), "not a zip");
        assertThatThrownBy(() -> WebApp.create("/w", dir.resolve("app"), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("WEB-INF/lib/broken.jar");
    }
}
