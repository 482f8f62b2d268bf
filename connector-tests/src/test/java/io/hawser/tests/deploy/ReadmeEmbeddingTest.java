package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * README's embedding section as a new user takes it: the {@code java} block compiles as written
 * against the connector's jars and serves what it says; the dependency block names the coordinates
 * this build produces.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReadmeEmbeddingTest {
    @TempDir
    Path work;

    private static String embeddingSection() throws Exception {
        String readme = Files.readString(SampleWars.moduleDir().resolveSibling("README.md"));
        int start = readme.indexOf("\n## Embedding");
        assertThat(start).as("README has an Embedding section").isPositive();
        int end = readme.indexOf("\n## ", start + 1);
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    private static String block(String section, String language) {
        Matcher m = Pattern.compile("```" + language + "\n(.*?)```", Pattern.DOTALL).matcher(section);
        assertThat(m.find()).as("a ```" + language + " block").isTrue();
        return m.group(1);
    }

    @Test
    void theDependencyBlockNamesThisBuildsConnectorArtifact() throws Exception {
        String xml = block(embeddingSection(), "xml");
        assertThat(xml).contains("<groupId>io.hawser</groupId>", "<artifactId>connector-nio</artifactId>",
                "<version>" + System.getProperty("hawser.version") + "</version>");
    }

    @Test
    void theJavaBlockCompilesAsWrittenAndServesHelloWorld() throws Exception {
        String source = block(embeddingSection(), "java");
        assertThat(source).contains("port(8080)");
        Matcher name = Pattern.compile("public class (\\w+)").matcher(source);
        assertThat(name.find()).as("the block is a whole class").isTrue();
        Path classes = work.resolve("classes");
        String classPath = System.getProperty("java.class.path");
        // Exactly as written; only the port becomes 0 so that the test never collides with a server on 8080.
        JavaSources.compile(classes, classPath, Map.of(name.group(1), source.replace("port(8080)", "port(0)")));

        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp",
                classes + File.pathSeparator + classPath, name.group(1)).redirectErrorStream(true).start();
        HttpClient client = new HttpClient();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            Matcher listening = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+/)").matcher(String.valueOf(out.readLine()));
            assertThat(listening.matches()).isTrue();
            client.start();
            var response = client.GET(listening.group(1));
            assertThat(response.getStatus()).isEqualTo(200);
            assertThat(response.getMediaType()).isEqualTo("text/plain");
            assertThat(response.getContentAsString()).isEqualTo("Hello, World!");
            p.toHandle().destroy();
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("stopped on SIGTERM").isTrue();
            assertThat(p.exitValue()).isEqualTo(143);
        } finally {
            client.stop();
            p.destroyForcibly();
        }
    }
}
