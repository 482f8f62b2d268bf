package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManagerFactory;

/**
 * Test-only keys and certificates, made at test time with the JDK's keytool into a test's
 * temporary directory (nothing is committed), and written out as PEM or key stores. An instance
 * ({@link #make}) is a server certificate for {@code localhost} and 127.0.0.1 with the
 * {@link SSLContext} that serves with it and trusts it (for a client). Public for the integration
 * tests (connector-nio's test-jar).
 */
public final class TestCertificates {
    /** The password of every store and encrypted key made here. */
    public static final char[] PASSWORD = "test-only".toCharArray();
    /** The PKCS#12 key store (alias {@code localhost}). */
    public final Path keyStore;
    /** The certificate as a PEM chain of one. */
    public final Path chainPem;
    /** The private key as unencrypted PKCS#8 PEM. */
    public final Path keyPem;
    /** Serves with the key, and trusts the certificate. */
    public final SSLContext context;

    private TestCertificates(Issued issued, SSLContext context) {
        this.keyStore = issued.keyStore();
        this.chainPem = issued.chainPem();
        this.keyPem = issued.keyPem();
        this.context = context;
    }

    /**
     * @param dir where the files are written
     * @return a new self-signed EC P-256 certificate for {@code localhost} and 127.0.0.1
     */
    public static TestCertificates make(Path dir) throws Exception {
        Issued issued = selfSigned(dir, "localhost", "EC", "-groupname", "secp256r1",
                "-ext", "san=dns:localhost,ip:127.0.0.1");
        KeyStore ks = load(issued.keyStore());
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return new TestCertificates(issued, context);
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

    /**
     * A private key and its chain, in a PKCS#12 store ({@code alias} = the name) and as PEM files.
     *
     * @param keyStore {@code NAME.p12}
     * @param chainPem {@code NAME.crt.pem}, leaf first
     * @param keyPem {@code NAME.key.pem}, PKCS#8 unencrypted
     */
    public record Issued(String name, Path keyStore, Path chainPem, Path keyPem, PrivateKey key, X509Certificate[] chain) {
        /** @return the leaf */
        public X509Certificate certificate() {
            return chain[0];
        }

        /** @return an in-memory PKCS#12 store holding this key and chain (for a client) */
        public KeyStore asKeyStore() throws Exception {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(null, null);
            ks.setKeyEntry(name, key, PASSWORD, chain);
            return ks;
        }
    }

    /** Runs the JDK's keytool with {@code args}; fails the test if it does not exit 0. */
    static void keytool(List<String> args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String log;
        try (InputStream in = p.getInputStream()) {
            log = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + "\n" + log).isZero();
    }

    /**
     * A self-signed certificate {@code CN=name}, valid from now for 2 days.
     *
     * @param keyAlg {@code EC} (P-256), {@code RSA} (2048), {@code Ed25519}
     * @param extra more keytool options (e.g. {@code -ext san=dns:a.test}, {@code -ext bc:c})
     */
    public static Issued selfSigned(Path dir, String name, String keyAlg, String... extra) throws Exception {
        Path store = dir.resolve(name + ".p12");
        List<String> args = new ArrayList<>(List.of("-genkeypair", "-alias", name, "-keyalg", keyAlg,
                "-dname", "CN=" + name, "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD)));
        if (keyAlg.equals("RSA")) {
            args.addAll(List.of("-keysize", "2048"));
        }
        if (!Arrays.asList(extra).contains("-validity")) {
            args.addAll(List.of("-validity", "2"));
        }
        args.addAll(Arrays.asList(extra));
        keytool(args);
        KeyStore ks = load(store);
        PrivateKey key = (PrivateKey) ks.getKey(name, PASSWORD);
        Certificate[] certs = ks.getCertificateChain(name);
        return write(dir, name, store, key, Arrays.copyOf(certs, certs.length, X509Certificate[].class));
    }

    /**
     * A certificate {@code CN=name} signed by {@code ca} (chain: it, then the CA's), valid 2 days.
     *
     * @param extra more options for the signing (e.g. {@code -ext san=dns:c.test})
     */
    public static Issued signedBy(Path dir, String name, Issued ca, String... extra) throws Exception {
        Path store = dir.resolve(name + ".p12");
        String pw = new String(PASSWORD);
        keytool(List.of("-genkeypair", "-alias", name, "-keyalg", "EC", "-dname", "CN=" + name, "-validity", "2",
                "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", pw, "-keypass", pw));
        Path csr = dir.resolve(name + ".csr");
        keytool(List.of("-certreq", "-alias", name, "-keystore", store.toString(), "-storepass", pw,
                "-file", csr.toString()));
        Path signed = dir.resolve(name + ".signed.pem");
        List<String> gencert = new ArrayList<>(List.of("-gencert", "-rfc", "-alias", ca.name(),
                "-keystore", ca.keyStore().toString(), "-storepass", pw, "-infile", csr.toString(),
                "-outfile", signed.toString(), "-validity", "2"));
        gencert.addAll(Arrays.asList(extra));
        keytool(gencert);
        X509Certificate leaf;
        try (InputStream in = Files.newInputStream(signed)) {
            leaf = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        PrivateKey key = (PrivateKey) load(store).getKey(name, PASSWORD);
        return write(dir, name, store, key, new X509Certificate[] {leaf, ca.certificate()});
    }

    private static Issued write(Path dir, String name, Path store, PrivateKey key, X509Certificate[] chain)
            throws Exception {
        Path chainPem = dir.resolve(name + ".crt.pem");
        StringBuilder pem = new StringBuilder();
        for (X509Certificate c : chain) {
            pem.append(pem("CERTIFICATE", c.getEncoded()));
        }
        Files.writeString(chainPem, pem);
        Path keyPem = dir.resolve(name + ".key.pem");
        Files.writeString(keyPem, pem("PRIVATE KEY", key.getEncoded()));
        return new Issued(name, store, chainPem, keyPem, key, chain);
    }

    /** @return a PEM block (RFC 7468): 64-column Base64 between BEGIN and END lines */
    static String pem(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + label + "-----\n";
    }

    static KeyStore load(Path store) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, PASSWORD);
        }
        return ks;
    }
}
