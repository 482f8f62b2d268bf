package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hawser.nio.TestCertificates;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code connector-tests/tls/check.sh} against the launcher's TLS listener: curl with
 * {@code --tlsv1.3}, {@code --tlsv1.2}, a refused TLS 1.1, ALPN and certificate verification, and
 * {@code openssl s_client} for the handshake, ALPN {@code http/1.1}, the {@code no_application_protocol}
 * alert for h2-only clients and a refused renegotiation. Skipped (saying so) where curl or openssl
 * is not installed.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TlsToolsTest {
    @TempDir
    Path work;

    /** @return whether {@code tool} is an executable in a directory of the PATH */
    static boolean onPath(String tool) {
        for (String dir : System.getenv("PATH").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void curlAndOpensslAgreeWithTheTlsListener() throws Exception {
        assumeTrue(onPath("curl") && onPath("openssl") && onPath("bash"), "curl, openssl and bash are needed on the PATH");
        TestCertificates certs = TestCertificates.make(work);
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "-1", "--tls-port", "0",
                "--tls-cert", certs.chainPem.toString(), "--tls-key", certs.keyPem.toString(),
                SampleWars.war("echo").toString())) {
            String line = hawser.nextLine();
            assertThat(line).matches("listening on https://127\\.0\\.0\\.1:\\d+/");
            String port = line.substring(line.lastIndexOf(':') + 1, line.length() - 1);
            Path script = SampleWars.moduleDir().resolve("tls/check.sh");
            Process p = new ProcessBuilder("bash", script.toString(), port, certs.chainPem.toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(out).doesNotContain("FAIL").contains("ok   curl --tlsv1.3", "ok   openssl s_client -alpn h2 only");
            assertThat(out.lines().filter(l -> l.startsWith("ok ")).count()).isEqualTo(9);
            assertThat(p.exitValue()).as(out).isZero();
        }
    }
}
