package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code samples/websocket/check.sh} against the launcher serving the websocket sample: the chat
 * page in headless Chromium connects its WebSocket, and its line comes back through the
 * {@code @ServerEndpoint}. Skipped (saying so) where no Chromium is installed.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WebSocketSampleBrowserTest {
    @TempDir
    Path work;

    @Test
    void theChatPageTalksToItsEndpointInHeadlessChromium() throws Exception {
        assumeTrue(TlsToolsTest.onPath("bash") && (TlsToolsTest.onPath("chromium") || TlsToolsTest.onPath("chromium-browser")
                || TlsToolsTest.onPath("google-chrome")),
                "bash and chromium (or chromium-browser, google-chrome) are needed on the PATH");
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "0", SampleWars.war("websocket").toString())) {
            String line = hawser.nextLine();
            assertThat(line).matches("listening on http://127\\.0\\.0\\.1:\\d+/");
            String app = hawser.nextLine().split("\\s+")[0]; // "URL  WAR": a lone WAR is served at /
            Path script = SampleWars.moduleDir().resolveSibling("samples").resolve("websocket/check.sh");
            Process p = new ProcessBuilder("bash", script.toString(), app)
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(out).doesNotContain("FAIL").contains("ok   own line relayed back");
            assertThat(p.exitValue()).as(out).isZero();
        }
    }
}
