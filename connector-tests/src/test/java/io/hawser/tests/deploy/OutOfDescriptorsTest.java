package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher under {@code ulimit -n 256} with more connections than descriptors: accepting backs
 * off while none are free (logged once, then summarised, not a stack trace per retry), the
 * accepting loop survives, and once the connections close the server accepts and answers again.
 */
class OutOfDescriptorsTest {
    private static final int NOFILE = 256;

    private static String get(int port) throws IOException {
        try (Socket s = new Socket()) {
            s.setSoTimeout(5000);
            s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            s.getOutputStream().write("GET /echo/plaintext HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void outOfDescriptorsTheServerPausesAcceptingAndServesAgainOnceConnectionsClose(@TempDir Path work) throws Exception {
        try (LauncherProcess hawser = LauncherProcess.withOpenFileLimit(work, NOFILE, "--host", "127.0.0.1",
                "--port", "0", SampleWars.war("echo").toString())) {
            String listening = hawser.nextLine();
            assertThat(listening).startsWith("listening on http://127.0.0.1:");
            int port = Integer.parseInt(listening.replaceAll(".*:(\\d+)/$", "$1"));
            assertThat(get(port)).startsWith("HTTP/1.1 200 ");

            List<Socket> held = new ArrayList<>();
            try {
                for (int i = 0; i < 2 * NOFILE; i++) {
                    Socket s = new Socket();
                    s.connect(new InetSocketAddress("127.0.0.1", port), 5000); // the backlog takes what accept cannot
                    s.getOutputStream().write("GET /echo/plaintext HTTP/1.1\r\nHost: x\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    held.add(s);
                }
                Thread.sleep(1500); // about 30 failed accepts, 50 ms apart
            } finally {
                for (Socket s : held) {
                    s.close();
                }
            }
            String answer = "";
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!answer.startsWith("HTTP/1.1 200 ") && System.nanoTime() < end) {
                try {
                    answer = get(port);
                } catch (IOException stillFull) {
                    Thread.sleep(100);
                }
            }
            assertThat(answer).as("answers once descriptors are free").startsWith("HTTP/1.1 200 ");
            assertThat(hawser.process.isAlive()).isTrue();
            hawser.close();
            String stderr = hawser.stderr();
            assertThat(stderr).contains("Too many open files");
            assertThat(stderr.lines().filter(l -> l.trim().startsWith("at ")).count())
                    .as("stack frames logged (one trace, then summaries):%n%s", stderr).isLessThan(40);
        }
    }
}
