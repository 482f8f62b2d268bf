package io.hawser.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The runner against a scripted one-connection server on loopback: writes, directives, close detection. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CaseRunnerTest {

    private static final String HEAD_400 = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    private static final String OK_2 = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

    /** What the scripted server does with its one connection. */
    private interface Script {
        void run(InputStream in, OutputStream out, ByteArrayOutputStream received) throws IOException;
    }

    /** Accepts one connection on 127.0.0.1, runs the script, then closes; records every byte it read. */
    private static final class ScriptedServer implements AutoCloseable {
        final ServerSocket socket;
        final ByteArrayOutputStream received = new ByteArrayOutputStream();
        final CompletableFuture<Void> done = new CompletableFuture<>();

        ScriptedServer(Script script) throws IOException {
            socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            socket.setSoTimeout(10_000);
            Thread t = new Thread(() -> {
                try (Socket s = socket.accept()) {
                    s.setSoTimeout(10_000);
                    script.run(s.getInputStream(), s.getOutputStream(), received);
                    done.complete(null);
                } catch (IOException | RuntimeException | Error e) {
                    done.completeExceptionally(e);
                }
            }, "scripted-server");
            t.setDaemon(true);
            t.start();
        }

        RunSettings settings() {
            return new RunSettings("127.0.0.1", socket.getLocalPort(), null, 3, 0.2, false, Set.of(), java.util.Map.of());
        }

        String received() {
            return received.toString(StandardCharsets.ISO_8859_1);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /** Reads until {@code end} has been seen (or end of input); returns whether it was seen. */
    private static boolean readUntil(InputStream in, ByteArrayOutputStream received, String end) throws IOException {
        while (!received.toString(StandardCharsets.ISO_8859_1).endsWith(end)) {
            int b = in.read();
            if (b < 0) {
                return false;
            }
            received.write(b);
        }
        return true;
    }

    private static CaseResult run(ScriptedServer server, String caseText) throws Exception {
        CaseResult r = CaseRunner.execute(CaseFileReader.parse("runner/case", caseText), server.settings());
        server.done.get(10, TimeUnit.SECONDS);
        return r;
    }

    @Test
    void bytewiseRequestRejectedWithClosePasses() throws Exception {
        try (ScriptedServer server = new ScriptedServer((in, out, rx) -> {
            readUntil(in, rx, "\r\n\r\n");
            out.write(HEAD_400.getBytes(StandardCharsets.ISO_8859_1));
        })) {
            CaseResult r = run(server, "expect-status: 400\nexpect-close: yes\nsplit: bytewise\nsplit-delay-ms: 1\n"
                    + "---\nGET / HTTP/1.1\\r\\nX : y\\r\\n\\r\\n\n");
            assertThat(r.status()).as(r.line()).isEqualTo(CaseResult.Status.PASS);
            assertThat(r.line()).isEqualTo("PASS runner/case  (got [400], closed)");
            assertThat(server.received()).isEqualTo("GET / HTTP/1.1\r\nX : y\r\n\r\n");
            assertThat(r.outcome().observation().sent()).isEqualTo(25);
        }
    }

    @Test
    void serverThatKeepsTheConnectionWhereCloseIsExpectedFails() throws Exception {
        try (ScriptedServer server = new ScriptedServer((in, out, rx) -> {
            readUntil(in, rx, "\r\n\r\n");
            out.write(HEAD_400.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            in.read(); // until the client closes
        })) {
            CaseResult r = run(server,
                    "expect-status: 400\nexpect-close: yes\ntimeout: 1\n---\nGET / HTTP/1.1\\r\\n\\r\\n\n");
            assertThat(r.status()).isEqualTo(CaseResult.Status.FAIL);
            assertThat(r.reasons()).containsExactly("connection still open, expected the server to close it");
            assertThat(r.failureMessage()).contains("raw: b'HTTP/1.1 400 Bad Request\\r\\n");
        }
    }

    @Test
    void persistentConnectionEndsTheWaitAfterTheGraceTime() throws Exception {
        try (ScriptedServer server = new ScriptedServer((in, out, rx) -> {
            readUntil(in, rx, "\r\n\r\n");
            out.write(OK_2.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            in.read();
        })) {
            CaseResult r = run(server, "expect-status: 200\nexpect-close: no\nexpect-body: ok\ntimeout: 30\n"
                    + "split: at:5\n---\nGET / HTTP/1.1\\r\\n\\r\\n\n");
            assertThat(r.status()).as(r.line()).isEqualTo(CaseResult.Status.PASS);
            // ended by the 0.5 s grace time, not by the 30 s timeout (a wide margin for a loaded machine)
            assertThat(r.outcome().observation().elapsedMillis()).isLessThan(15_000);
        }
    }

    @Test
    void waitResponseAndHalfClose() throws Exception {
        try (ScriptedServer server = new ScriptedServer((in, out, rx) -> {
            readUntil(in, rx, "\r\n\r\n");
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            readUntil(in, rx, "hello");
            assertThat(in.read()).isEqualTo(-1); // the client's half-close
            out.write(OK_2.getBytes(StandardCharsets.ISO_8859_1));
        })) {
            CaseResult r = run(server, "expect-status: 200\nexpect-interim: 1\nexpect-close: yes\n"
                    + "---\nPOST / HTTP/1.1\\r\\nExpect: 100-continue\\r\\nContent-Length: 5\\r\\n\\r\\n\n"
                    + "@wait-response 30000\nhello\n@half-close\n");
            assertThat(r.status()).as(r.line()).isEqualTo(CaseResult.Status.PASS);
            assertThat(r.line()).isEqualTo("PASS runner/case  (got [100 200], closed)");
            // the wait ended when the 100 arrived, not after its 30 s
            assertThat(r.outcome().observation().elapsedMillis()).isLessThan(15_000);
        }
    }

    @Test
    void unreachableServerFails() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        CaseResult r = CaseRunner.execute(CaseFileReader.parse("runner/case", "---\nGET / HTTP/1.1\\r\\n\\r\\n\n"),
                RunSettings.of("127.0.0.1", port));
        assertThat(r.status()).isEqualTo(CaseResult.Status.FAIL);
        assertThat(r.reasons()).singleElement().asString().startsWith("cannot connect to 127.0.0.1:" + port);
    }

    @Test
    void loopbackHostsAreRecognisedWithoutLookingNamesUp() {
        assertThat(RunSettings.isLoopback("127.0.0.1")).isTrue();
        assertThat(RunSettings.isLoopback("127.1.2.3")).isTrue();
        assertThat(RunSettings.isLoopback("localhost")).isTrue();
        assertThat(RunSettings.isLoopback("::1")).isTrue();
        assertThat(RunSettings.isLoopback("10.0.0.1")).isFalse();
        assertThat(RunSettings.isLoopback("example.com")).isFalse();
        assertThat(RunSettings.isLoopback("127.1")).isFalse();
        assertThat(RunSettings.isLoopback("::2")).isFalse();
    }
}
