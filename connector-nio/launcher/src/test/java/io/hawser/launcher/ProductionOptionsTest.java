package io.hawser.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --trusted-proxies}, {@code --forwarded}, {@code --access-log-format} and the compression options: a bad value is a bad command line of one line. */
class ProductionOptionsTest {
    @TempDir
    Path dir;

    @Test
    void badValuesAreRefusedNamingTheOption() {
        String war = dir.resolve("missing.war").toString();
        String[][] cases = {
                {"hawser: --trusted-proxies: not an IP address in a trusted proxy block: lb.example",
                        "--trusted-proxies", "10.0.0.0/8,lb.example", war},
                {"hawser: --trusted-proxies: bad prefix length in a trusted proxy block: 10.0.0.0/40",
                        "--trusted-proxies", "10.0.0.0/40", war},
                {"hawser: --access-log-format: access log pattern code %S is not supported (docs/deployment.md lists"
                        + " the codes)", "--access-log-format", "%h %S", war},
                {"hawser: --compression-min-size needs --compression on", "--compression-min-size", "2k", war},
                {"hawser: --compression-mime-types needs --compression on", "--compression-mime-types", "text/html", war},
                {"hawser: --compression-mime-types: not a media type for compression: 'html'", "--compression", "on",
                        "--compression-mime-types", "text/css,html", war},
        };
        for (String[] c : cases) {
            CommandRun run = CommandRun.run(java.util.Arrays.copyOfRange(c, 1, c.length));
            assertThat(run.exitCode).as(run.toString()).isEqualTo(Hawser.USAGE);
            assertThat(run.err).as(run.toString()).startsWith(c[0]);
            assertThat(run.err.lines().count()).as(run.toString()).isEqualTo(1);
        }
        CommandRun run = CommandRun.run("--forwarded", "x-real-ip", war);
        assertThat(run.exitCode).isEqualTo(Hawser.USAGE);
        assertThat(run.err).contains("--forwarded").contains("expected rfc7239, x-forwarded or both");
    }
}
