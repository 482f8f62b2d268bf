package io.hawser.nio;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed EC P-256 certificate for {@code localhost}, made at test time by the JDK's
 * keytool into a PKCS#12 file (test-only key material; nothing is committed), and the contexts
 * made from it: a server's, and a client's that trusts it.
 */
final class TestCertificates {
    static final char[] PASSWORD = "test-only".toCharArray();
    final Path keyStore;
    final SSLContext context;

    private TestCertificates(Path keyStore, SSLContext context) {
        this.keyStore = keyStore;
        this.context = context;
    }

    /** @param dir where the key store is written */
    static TestCertificates make(Path dir) throws IOException, GeneralSecurityException, InterruptedException {
        Path store = dir.resolve("test-only.p12");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "test", "-keyalg", "EC", "-groupname", "secp256r1",
                "-dname", "CN=localhost", "-ext", "san=dns:localhost,ip:127.0.0.1", "-validity", "2",
                "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD))
                .redirectErrorStream(true).start();
        String log;
        try (InputStream in = p.getInputStream()) {
            log = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("keytool failed: " + log);
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return new TestCertificates(store, context);
    }

    /** @return server engines from {@link #context}: TLS 1.3 and 1.2, the JDK's suites */
    TlsEngines engines() {
        return peer -> {
            SSLEngine e = context.createSSLEngine();
            e.setUseClientMode(false);
            e.setEnabledProtocols(new String[] {"TLSv1.3", "TLSv1.2"});
            return e;
        };
    }
}
