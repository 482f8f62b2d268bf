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
 * A self-signed EC P-256 certificate for {@code localhost} and 127.0.0.1, made at test time by the
 * JDK's keytool into a PKCS#12 file, and the same key and certificate as PEM files (test-only key
 * material; nothing is committed), with the context made from them: it serves as a server's and
 * trusts the certificate as a client's. Public for the integration tests (connector-nio's test-jar).
 */
public final class TestCertificates {
    /** The key store's and key's password. */
    public static final char[] PASSWORD = "test-only".toCharArray();
    /** The PKCS#12 key store (alias {@code test}). */
    public final Path keyStore;
    /** The certificate as a PEM chain of one. */
    public final Path chainPem;
    /** The private key as unencrypted PKCS#8 PEM. */
    public final Path keyPem;
    /** Serves with the key, and trusts the certificate. */
    public final SSLContext context;

    private TestCertificates(Path keyStore, Path chainPem, Path keyPem, SSLContext context) {
        this.keyStore = keyStore;
        this.chainPem = chainPem;
        this.keyPem = keyPem;
        this.context = context;
    }

    /**
     * @param dir where the files are written
     * @return a new key and certificate
     */
    public static TestCertificates make(Path dir) throws IOException, GeneralSecurityException, InterruptedException {
        return make(dir, "test-only", "localhost");
    }

    /**
     * @param dir where the files are written
     * @param name the files' base name
     * @param host the certificate's CN and DNS subjectAltName (127.0.0.1 is an IP SAN too)
     * @return a new key and certificate
     */
    public static TestCertificates make(Path dir, String name, String host)
            throws IOException, GeneralSecurityException, InterruptedException {
        Path store = dir.resolve(name + ".p12");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "test", "-keyalg", "EC", "-groupname", "secp256r1",
                "-dname", "CN=" + host, "-ext", "san=dns:" + host + ",ip:127.0.0.1", "-validity", "2",
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
        Path chain = dir.resolve(name + "-chain.pem");
        Path key = dir.resolve(name + "-key.pem");
        Files.writeString(chain, pem("CERTIFICATE", ks.getCertificate("test").getEncoded()), StandardCharsets.US_ASCII);
        Files.writeString(key, pem("PRIVATE KEY", ks.getKey("test", PASSWORD).getEncoded()), StandardCharsets.US_ASCII);
        return new TestCertificates(store, chain, key, context);
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + java.util.Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
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
