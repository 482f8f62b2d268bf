package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The JSP sample (samples/jsp) as maven-war-plugin built it, deployed from code and by {@code java -jar hawser.jar}. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JspSampleTest {
    @TempDir
    Path work;

    /** What the sample's index.jsp renders for {@code ?name=Ada}, whatever the server's locale. */
    private static void assertRendered(String body) {
        assertThat(body).contains("<h1>Hello, Ada!</h1>", "at /jsp/.</p>",
                "<tr><td>1</td><td>apples</td><td>1,234.50</td><td><span class=\"price\">€1,234.50</span></td></tr>",
                "<tr><td>2</td><td>pears</td><td>0.75</td><td><span class=\"price\">€0.75</span></td></tr>")
                .doesNotContain("<%", "${");
    }

    @Test
    void theSampleRendersItsScriptletElJstlAndTagFile() throws Exception {
        HttpClient client = new HttpClient();
        client.start();
        try (DeployedServer server = new DeployedServer(Map.of("/jsp", SampleWars.war("jsp")))) {
            ContentResponse r = client.GET(server.base() + "/jsp/?name=Ada");
            assertThat(r.getStatus()).isEqualTo(200);
            assertThat(r.getMediaType()).isEqualTo("text/html");
            assertRendered(r.getContentAsString());
            assertThat(client.GET(server.base() + "/jsp/?name=%3Cb%3E").getContentAsString())
                    .as("c:out escapes").contains("<h1>Hello, &lt;b&gt;!</h1>");
        } finally {
            client.stop();
        }
    }

    @Test
    void theLauncherJarServesTheSample() throws Exception {
        Path war = SampleWars.war("jsp");
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "0", "/jsp=" + war)) {
            int port = LauncherProcess.port(hawser.nextLine());
            String response = RawRequest.get(port, "/jsp/index.jsp?name=Ada");
            assertThat(RawRequest.status(response)).as(response).isEqualTo(200);
            assertRendered(new String(response.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1),
                    java.nio.charset.StandardCharsets.UTF_8));
        }
    }
}
