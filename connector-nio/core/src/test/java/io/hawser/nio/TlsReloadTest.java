package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.hawser.api.TlsConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.logging.Level;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reload without restart: replaced files give new handshakes the new certificate while engines
 * made before keep the old one; a broken replacement keeps the old and logs one line; the
 * {@link TlsReloader} thread polls at the configured interval.
 */
class TlsReloadTest {
    @TempDir
    static Path keys;

    @TempDir
    Path live;

    private static TestCertificates.Issued before;
    private static TestCertificates.Issued after;
    private static SSLContext client;

    @BeforeAll
    static void certificates() throws Exception {
        before = TestCertificates.selfSigned(keys, "before.test", "EC");
        after = TestCertificates.selfSigned(keys, "after.test", "RSA");
        client = HandshakePump.clientContext(null);
    }

    private Path chain() {
        return live.resolve("server.crt.pem");
    }

    private Path key() {
        return live.resolve("server.key.pem");
    }

    /** Replaces the live files as a deployment would: write beside, then rename over. */
    private void install(String chainText, String keyText) throws IOException {
        Files.move(Files.writeString(live.resolve("chain.tmp"), chainText), chain(), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
        Files.move(Files.writeString(live.resolve("key.tmp"), keyText), key(), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    private void install(TestCertificates.Issued issued) throws IOException {
        install(Files.readString(issued.chainPem()), Files.readString(issued.keyPem()));
    }

    private TlsContext context(Duration interval) throws Exception {
        install(before);
        return TlsContext.create(TlsConfig.builder().certificate(chain(), key()).reloadInterval(interval).build());
    }

    private static String served(SSLEngine server) throws Exception {
        HandshakePump.Result r = HandshakePump.run(HandshakePump.client(client, null, "http/1.1"), server);
        assertThat(r.succeeded()).as("%s / %s", r.clientFailure(), r.serverFailure()).isTrue();
        return r.serverCertificateName();
    }

    @Test
    void changedFilesServeNewHandshakesWhileAnEngineMadeBeforeKeepsTheOld() throws Exception {
        TlsContext tls = context(Duration.ZERO);
        assertThat(tls.reloadIfChanged()).isFalse();
        SSLEngine made = tls.newEngine(null);

        install(after);
        assertThat(tls.reloadIfChanged()).isTrue();
        assertThat(tls.reloadIfChanged()).isFalse();

        assertThat(served(tls.newEngine(null))).isEqualTo("CN=after.test");
        assertThat(served(made)).isEqualTo("CN=before.test");
    }

    @Test
    void brokenReplacementKeepsTheOldContextAndLogsOneLine() throws Exception {
        TlsContext tls = context(Duration.ZERO);
        try (LogCapture log = new LogCapture(TlsContext.class.getName())) {
            // the new certificate arrives, its key does not (yet): they do not match
            install(Files.readString(after.chainPem()), Files.readString(before.keyPem()));
            assertThat(tls.reloadIfChanged()).isFalse();
            assertThat(tls.reloadIfChanged()).isFalse();

            assertThat(log.atLeast(Level.WARNING)).singleElement().satisfies(rec -> {
                assertThat(rec.getMessage()).startsWith("TLS reload failed, the previous keys and certificates stay in use: ")
                        .contains(key().toString()).contains("the key is EC but the certificate CN=after.test").doesNotContain("\n");
                assertThat(rec.getThrown()).isNull();
            });
            assertThat(served(tls.newEngine(null))).isEqualTo("CN=before.test");
            assertThatThrownBy(tls::reload).isInstanceOf(IOException.class).hasMessageContaining(key().toString());

            install(after);
            assertThat(tls.reloadIfChanged()).isTrue();
            assertThat(served(tls.newEngine(null))).isEqualTo("CN=after.test");
        }
    }

    @Test
    void enginesNeedNoFileOnceBuiltAndADeletedFileKeepsTheOld() throws Exception {
        TlsContext tls = context(Duration.ZERO);
        Files.delete(key());
        try (LogCapture log = new LogCapture(TlsContext.class.getName())) {
            assertThat(tls.reloadIfChanged()).isFalse();
            assertThat(log.atLeast(Level.WARNING)).singleElement()
                    .satisfies(rec -> assertThat(rec.getMessage()).contains(key() + ": file not found"));
        }
        assertThat(served(tls.newEngine(null))).isEqualTo("CN=before.test");
    }

    @Test
    void reloadRebuildsOnRequest() throws Exception {
        TlsContext tls = context(Duration.ZERO);
        install(after);
        tls.reload();
        assertThat(served(tls.newEngine(null))).isEqualTo("CN=after.test");
        assertThat(tls.reloadIfChanged()).isFalse(); // the API reload saw these files already
    }

    @Test
    void reloaderPollsOnItsOwnDaemonThreadAtTheInterval() throws Exception {
        TlsContext tls = context(Duration.ofMillis(20));
        try (TlsReloader reloader = new TlsReloader(tls)) {
            reloader.start();
            assertThat(reloader.running()).isTrue();
            assertThat(Thread.getAllStackTraces().keySet()).anySatisfy(t -> {
                assertThat(t.getName()).isEqualTo(TlsReloader.THREAD_NAME);
                assertThat(t.isDaemon()).isTrue();
            });
            install(after);
            await().atMost(Duration.ofSeconds(20)).until(() -> served(tls.newEngine(null)).equals("CN=after.test"));
            reloader.close();
            assertThat(reloader.running()).isFalse();
            await().atMost(Duration.ofSeconds(10)).until(() -> Thread.getAllStackTraces().keySet().stream()
                    .noneMatch(t -> t.getName().equals(TlsReloader.THREAD_NAME)));
        }
    }

    @Test
    void zeroIntervalStartsNoThread() throws Exception {
        try (TlsReloader reloader = new TlsReloader(context(Duration.ZERO))) {
            reloader.start();
            assertThat(reloader.running()).isFalse();
        }
    }
}
