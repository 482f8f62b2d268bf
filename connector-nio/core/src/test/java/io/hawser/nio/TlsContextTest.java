package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hawser.api.TlsConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.logging.Level;
import javax.crypto.Cipher;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TlsContext#create}: each identity format serves a real handshake, and each wrong file
 * fails with one line naming the file and the problem. Keys are made at test time.
 */
class TlsContextTest {
    @TempDir
    static Path dir;

    private static TestCertificates.Issued rsa;
    private static TestCertificates.Issued ec;
    private static TestCertificates.Issued ed;
    private static TestCertificates.Issued expired;
    private static Path jks;
    private static Path trustOnly;
    private static Path twoKeys;
    private static SSLContext client;

    @BeforeAll
    static void keys() throws Exception {
        rsa = TestCertificates.selfSigned(dir, "rsa.test", "RSA", "-ext", "san=dns:rsa.test");
        ec = TestCertificates.selfSigned(dir, "ec.test", "EC", "-ext", "san=dns:ec.test");
        ed = TestCertificates.selfSigned(dir, "ed.test", "Ed25519");
        expired = TestCertificates.selfSigned(dir, "expired.test", "EC", "-startdate", "-10d", "-validity", "1");
        String pw = new String(TestCertificates.PASSWORD);
        jks = dir.resolve("jks.test.jks");
        TestCertificates.keytool(List.of("-genkeypair", "-alias", "jks", "-keyalg", "EC", "-dname", "CN=jks.test",
                "-validity", "2", "-storetype", "JKS", "-keystore", jks.toString(), "-storepass", pw, "-keypass", pw));
        trustOnly = dir.resolve("trust-only.p12");
        TestCertificates.keytool(List.of("-importcert", "-noprompt", "-alias", "ca", "-file", ec.chainPem().toString(),
                "-storetype", "PKCS12", "-keystore", trustOnly.toString(), "-storepass", pw));
        twoKeys = dir.resolve("two-keys.p12");
        Files.copy(ec.keyStore(), twoKeys);
        TestCertificates.keytool(List.of("-genkeypair", "-alias", "second", "-keyalg", "EC", "-dname", "CN=second.test",
                "-validity", "2", "-storetype", "PKCS12", "-keystore", twoKeys.toString(), "-storepass", pw,
                "-keypass", pw));
        client = HandshakePump.clientContext(null);
    }

    private static HandshakePump.Result handshake(TlsConfig config) throws Exception {
        TlsContext tls = TlsContext.create(config);
        return HandshakePump.run(HandshakePump.client(client, null, "http/1.1"), tls.newEngine(null));
    }

    private static TlsConfig.Identity keyStore(Path store, char[] password, String alias) {
        return new TlsConfig.Identity(null, null, store, null, password, alias, List.of());
    }

    private static TlsConfig.Identity pem(Path chain, Path key, char[] password) {
        return new TlsConfig.Identity(chain, key, null, null, password, null, List.of());
    }

    /** Asserts {@code create} fails with one line naming {@code file} and containing {@code problem}. */
    private static void assertFails(TlsConfig config, Path file, String problem) {
        assertThatThrownBy(() -> TlsContext.create(config))
                .isInstanceOf(IOException.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").contains(file.toString()).contains(problem));
    }

    private static Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void pemRsaIdentityServesItsCertificateOverTls13() throws Exception {
        HandshakePump.Result r = handshake(TlsConfig.builder().certificate(rsa.chainPem(), rsa.keyPem()).build());
        assertThat(r.succeeded()).isTrue();
        assertThat(r.serverCertificateName()).isEqualTo("CN=rsa.test");
        assertThat(r.client().getSession().getProtocol()).isEqualTo("TLSv1.3");
    }

    @Test
    void pemEcIdentityServesItsCertificate() throws Exception {
        HandshakePump.Result r = handshake(TlsConfig.builder().certificate(ec.chainPem(), ec.keyPem()).build());
        assertThat(r.succeeded()).isTrue();
        assertThat(r.serverCertificateName()).isEqualTo("CN=ec.test");
    }

    @Test
    void pemEd25519IdentityServesItsCertificate() throws Exception {
        HandshakePump.Result r = handshake(TlsConfig.builder().certificate(ed.chainPem(), ed.keyPem()).build());
        assertThat(r.succeeded()).as("%s / %s", r.clientFailure(), r.serverFailure()).isTrue();
        assertThat(r.serverCertificateName()).isEqualTo("CN=ed.test");
    }

    @Test
    void pkcs12KeyStoreIdentity() throws Exception {
        HandshakePump.Result r = handshake(TlsConfig.builder().keyStore(rsa.keyStore(), "PKCS12", TestCertificates.PASSWORD).build());
        assertThat(r.succeeded()).isTrue();
        assertThat(r.serverCertificateName()).isEqualTo("CN=rsa.test");
    }

    @Test
    void jksKeyStoreIdentityTakesItsTypeFromTheFileName() throws Exception {
        HandshakePump.Result r = handshake(TlsConfig.builder().keyStore(jks, null, TestCertificates.PASSWORD).build());
        assertThat(r.succeeded()).isTrue();
        assertThat(r.serverCertificateName()).isEqualTo("CN=jks.test");
    }

    @Test
    void keyStoreEntryChosenByAlias() throws Exception {
        HandshakePump.Result r = handshake(TlsConfig.builder()
                .identity(keyStore(twoKeys, TestCertificates.PASSWORD, "second")).build());
        assertThat(r.serverCertificateName()).isEqualTo("CN=second.test");
    }

    @Test
    void encryptedPemKeyOpensWithItsPassword() throws Exception {
        char[] pw = "key-pass".toCharArray();
        String alg = "PBEWithHmacSHA256AndAES_256";
        byte[] salt = new byte[16];
        byte[] iv = new byte[16];
        new SecureRandom().nextBytes(salt);
        new SecureRandom().nextBytes(iv);
        Cipher cipher = Cipher.getInstance(alg);
        cipher.init(Cipher.ENCRYPT_MODE, SecretKeyFactory.getInstance(alg).generateSecret(new PBEKeySpec(pw)),
                new PBEParameterSpec(salt, 10_000, new IvParameterSpec(iv)));
        // EncryptedPrivateKeyInfo (RFC 5958 §3) by hand: JDK 17 cannot name PBES2 parameters for its constructor
        byte[] pbes2 = {0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x01, 0x05, 0x0d};
        byte[] algorithm = der(0x30, concat(pbes2, cipher.getParameters().getEncoded()));
        byte[] info = der(0x30, concat(algorithm, der(0x04, cipher.doFinal(ec.key().getEncoded()))));
        Path key = write("encrypted.key.pem", TestCertificates.pem("ENCRYPTED PRIVATE KEY", info));

        HandshakePump.Result r = handshake(TlsConfig.builder().identity(pem(ec.chainPem(), key, pw)).build());
        assertThat(r.serverCertificateName()).isEqualTo("CN=ec.test");
        assertFails(TlsConfig.builder().certificate(ec.chainPem(), key).build(), key,
                "the key is encrypted (BEGIN ENCRYPTED PRIVATE KEY) and no password is given");
        assertFails(TlsConfig.builder().identity(pem(ec.chainPem(), key, "wrong".toCharArray())).build(), key,
                "does not decrypt with the password given");
    }

    @Test
    void opensslEncryptedKeysOpenOrAreRefusedClearly() throws Exception {
        Path aes = dir.resolve("openssl-aes.key.pem");
        assumeTrue(openssl("pkcs8", "-topk8", "-in", ec.keyPem().toString(), "-v2", "aes-256-cbc", "-v2prf",
                "hmacWithSHA256", "-passout", "pass:key-pass", "-out", aes.toString()), "openssl not available");
        HandshakePump.Result r = handshake(TlsConfig.builder().identity(pem(ec.chainPem(), aes, "key-pass".toCharArray())).build());
        assertThat(r.serverCertificateName()).isEqualTo("CN=ec.test");

        Path scrypt = dir.resolve("openssl-scrypt.key.pem");
        assertThat(openssl("pkcs8", "-topk8", "-in", ec.keyPem().toString(), "-scrypt", "-passout", "pass:key-pass",
                "-out", scrypt.toString())).isTrue();
        assertFails(TlsConfig.builder().identity(pem(ec.chainPem(), scrypt, "key-pass".toCharArray())).build(), scrypt,
                "this JDK cannot decrypt the key's encryption");
    }

    /** @return whether openssl ran and exited 0 ({@code false} when it is not installed) */
    private static boolean openssl(String... args) throws InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("openssl"));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
            return p.waitFor() == 0;
        } catch (IOException notInstalled) {
            return false;
        }
    }

    /** @return a DER TLV (definite length) */
    private static byte[] der(int tag, byte[] content) {
        int n = content.length;
        byte[] length = n < 128 ? new byte[] {(byte) n}
                : n < 256 ? new byte[] {(byte) 0x81, (byte) n} : new byte[] {(byte) 0x82, (byte) (n >> 8), (byte) n};
        return concat(new byte[] {(byte) tag}, concat(length, content));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void protocolsAndCipherSuitesRestrictTheHandshake() throws Exception {
        HandshakePump.Result r = handshake(TlsConfig.builder().certificate(ec.chainPem(), ec.keyPem())
                .protocols("TLSv1.2").cipherSuites("TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384").build());
        assertThat(r.client().getSession().getProtocol()).isEqualTo("TLSv1.2");
        assertThat(r.client().getSession().getCipherSuite()).isEqualTo("TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384");
    }

    @Test
    void cipherSuitesTheJdkLacksOrLeavingAProtocolWithoutAnyAreRefused() {
        TlsConfig.Builder b = TlsConfig.builder().certificate(ec.chainPem(), ec.keyPem());
        assertThatThrownBy(() -> TlsContext.create(b.cipherSuites("TLS_AES_128_GCM_SHA256", "TLS_NO_SUCH_SUITE").build()))
                .isInstanceOf(IOException.class).hasMessageContaining("not supported by this JDK")
                .hasMessageContaining("TLS_NO_SUCH_SUITE");
        assertThatThrownBy(() -> TlsContext.create(b.cipherSuites("TLS_AES_128_GCM_SHA256").build()))
                .isInstanceOf(IOException.class).hasMessageContaining("include none for TLSv1.2");
    }

    @Test
    void missingFilesAreNamed() {
        Path nowhere = dir.resolve("nowhere.pem");
        assertFails(TlsConfig.builder().certificate(nowhere, ec.keyPem()).build(), nowhere, "file not found");
        assertFails(TlsConfig.builder().certificate(ec.chainPem(), nowhere).build(), nowhere, "file not found");
        assertFails(TlsConfig.builder().keyStore(nowhere, null, TestCertificates.PASSWORD).build(), nowhere,
                "file not found");
        assertFails(TlsConfig.builder().certificate(ec.chainPem(), ec.keyPem()).trustStore(nowhere, null, null).build(),
                nowhere, "file not found");
    }

    @Test
    void filesThatAreNotPemAreNamed() throws Exception {
        Path der = Files.write(dir.resolve("cert.der"), ec.certificate().getEncoded());
        assertFails(TlsConfig.builder().certificate(der, ec.keyPem()).build(), der,
                "not a PEM certificate file (no -----BEGIN CERTIFICATE----- line; a DER file?");
        assertFails(TlsConfig.builder().certificate(ec.chainPem(), ec.chainPem()).build(), ec.chainPem(),
                "not a PEM private key (no -----BEGIN PRIVATE KEY----- line)");
        Path broken = write("broken.crt.pem", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n");
        assertFails(TlsConfig.builder().certificate(broken, ec.keyPem()).build(), broken,
                "certificate 1 is not a valid X.509 certificate");
    }

    @Test
    void pkcs1AndLegacyEncryptedKeysAreRefusedWithTheConversion() throws Exception {
        Path pkcs1 = write("pkcs1.key.pem", "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n");
        assertFails(TlsConfig.builder().certificate(rsa.chainPem(), pkcs1).build(), pkcs1,
                "is a RSA PRIVATE KEY (not PKCS#8, which Hawser reads: BEGIN PRIVATE KEY); convert it with: openssl pkcs8 -topk8");
        Path legacy = write("legacy.key.pem", "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n"
                + "DEK-Info: AES-128-CBC,00\n\nAAAA\n-----END RSA PRIVATE KEY-----\n");
        assertFails(TlsConfig.builder().certificate(rsa.chainPem(), legacy).build(), legacy,
                "legacy OpenSSL encryption");
    }

    @Test
    void keyNotMatchingTheCertificateIsNamed() throws Exception {
        assertFails(TlsConfig.builder().certificate(ec.chainPem(), rsa.keyPem()).build(), rsa.keyPem(),
                "the key is RSA but the certificate CN=ec.test in the certificate chain " + ec.chainPem() + " holds an EC key");
        assertFails(TlsConfig.builder().certificate(ec.chainPem(), expired.keyPem()).build(), expired.keyPem(),
                "the key does not match the certificate CN=ec.test");
        Path reversed = write("reversed.crt.pem", Files.readString(expired.chainPem()) + Files.readString(ec.chainPem()));
        assertFails(TlsConfig.builder().certificate(reversed, ec.keyPem()).build(), ec.keyPem(),
                "the key matches certificate 2 of the certificate chain " + reversed + ", not the first");
    }

    @Test
    void keyStoreProblemsAreNamed() {
        char[] wrong = "wrong".toCharArray();
        assertFails(TlsConfig.builder().keyStore(rsa.keyStore(), null, wrong).build(), rsa.keyStore(),
                "the password is wrong");
        assertFails(TlsConfig.builder().keyStore(jks, null, wrong).build(), jks, "the password is wrong");
        assertFails(TlsConfig.builder().keyStore(rsa.keyStore(), null, null).build(), rsa.keyStore(),
                "no password is given for the key of entry 'rsa.test'");
        assertFails(TlsConfig.builder().keyStore(trustOnly, null, TestCertificates.PASSWORD).build(), trustOnly,
                "holds no private-key entry");
        assertFails(TlsConfig.builder().keyStore(twoKeys, null, TestCertificates.PASSWORD).build(), twoKeys,
                "holds several private-key entries [");
        assertFails(TlsConfig.builder().identity(keyStore(twoKeys, TestCertificates.PASSWORD, "third")).build(), twoKeys,
                "has no private-key entry named 'third'");
        assertFails(TlsConfig.builder().keyStore(ec.chainPem(), "PKCS12", TestCertificates.PASSWORD).build(),
                ec.chainPem(), "not a PKCS12 key store");
    }

    @Test
    void expiredCertificateIsAWarningNotAnError() throws Exception {
        try (LogCapture log = new LogCapture(TlsContext.class.getName())) {
            HandshakePump.Result r = handshake(TlsConfig.builder().certificate(expired.chainPem(), expired.keyPem()).build());
            assertThat(r.serverCertificateName()).isEqualTo("CN=expired.test");
            assertThat(log.atLeast(Level.WARNING)).singleElement().satisfies(rec -> {
                assertThat(rec.getMessage()).contains("CN=expired.test").contains(expired.chainPem().toString())
                        .contains("expired on");
                assertThat(rec.getThrown()).isNull();
            });
        }
    }

    @Test
    void keyStoreOptionsOnAPemIdentityAreRefused() {
        assertFails(TlsConfig.builder().identity(new TlsConfig.Identity(ec.chainPem(), ec.keyPem(), null, null, null,
                "ec.test", List.of())).build(), ec.keyPem(), "an alias or key store type applies to key stores only");
    }

    @Test
    void trustStoreWithoutClientAuthIsAWarning() throws Exception {
        try (LogCapture log = new LogCapture(TlsContext.class.getName())) {
            TlsContext.create(TlsConfig.builder().certificate(ec.chainPem(), ec.keyPem())
                    .trustStore(ec.chainPem(), null, null).build());
            assertThat(log.atLeast(Level.WARNING)).singleElement()
                    .satisfies(rec -> assertThat(rec.getMessage()).contains(ec.chainPem() + " is unused: clientAuth is NONE"));
        }
    }

    @Test
    void trustStoreProblemsAreNamed() throws Exception {
        TlsConfig.Builder b = TlsConfig.builder().certificate(ec.chainPem(), ec.keyPem())
                .clientAuth(TlsConfig.ClientAuth.WANT);
        Path empty = write("empty.pem", "no certificates here\n");
        assertFails(b.trustStore(empty, null, null).build(), empty, "not a PEM certificate file");
        assertFails(b.trustStore(trustOnly, null, "wrong".toCharArray()).build(), trustOnly, "the password is wrong");
        assertThat(TlsContext.create(b.trustStore(trustOnly, null, TestCertificates.PASSWORD).build())).isNotNull();
    }
}
