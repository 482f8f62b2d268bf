package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.TlsConfig;
import io.hawser.api.TlsInfo;
import java.nio.file.Path;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client certificates ({@code want}/{@code need}) against a trust store holding a test CA, and the
 * {@link TlsInfo} of a mutual handshake; plus the key sizes derived from suite names.
 */
class TlsClientAuthTest {
    @TempDir
    static Path dir;

    private static TestCertificates.Issued server;
    private static TestCertificates.Issued ca;
    private static SSLContext trustedClient;
    private static SSLContext strangerClient;
    private static SSLContext anonymousClient;

    @BeforeAll
    static void keys() throws Exception {
        server = TestCertificates.selfSigned(dir, "server.test", "EC", "-ext", "san=dns:server.test");
        ca = TestCertificates.selfSigned(dir, "ca.test", "EC", "-ext", "bc:c");
        TestCertificates.Issued alice = TestCertificates.signedBy(dir, "alice", ca);
        TestCertificates.Issued stranger = TestCertificates.selfSigned(dir, "stranger", "EC");
        trustedClient = HandshakePump.clientContext(alice.asKeyStore());
        strangerClient = HandshakePump.clientContext(stranger.asKeyStore());
        anonymousClient = HandshakePump.clientContext(null);
    }

    private static TlsContext context(TlsConfig.ClientAuth auth) throws Exception {
        return TlsContext.create(TlsConfig.builder().certificate(server.chainPem(), server.keyPem())
                .clientAuth(auth).trustStore(ca.chainPem(), null, null).build());
    }

    @Test
    void needAcceptsATrustedClientAndReportsItsChainInTlsInfo() throws Exception {
        HandshakePump.Result r = HandshakePump.run(HandshakePump.client(trustedClient, "server.test", "http/1.1"),
                context(TlsConfig.ClientAuth.NEED).newEngine(null));
        assertThat(r.succeeded()).as("%s / %s", r.clientFailure(), r.serverFailure()).isTrue();

        TlsInfo info = TlsSessionInfo.of(r.server());
        assertThat(info.protocol()).isEqualTo("TLSv1.3");
        assertThat(info.cipherSuite()).isEqualTo(r.client().getSession().getCipherSuite());
        assertThat(info.keySize()).isEqualTo(info.cipherSuite().contains("AES_128") ? 128 : 256);
        assertThat(info.sessionId()).matches("[0-9a-f]{2,64}") // TLS 1.3: each side's own synthetic id
                .isEqualTo(TlsSessionInfo.hex(r.server().getSession().getId()));
        assertThat(info.peerCertificates()).extracting(c -> c.getSubjectX500Principal().getName())
                .containsExactly("CN=alice", "CN=ca.test");
        assertThat(info.sniHostName()).isEqualTo("server.test");
        assertThat(info.applicationProtocol()).isEqualTo("http/1.1");
    }

    @Test
    void needRefusesAClientWithoutACertificateOrWithAnUntrustedOne() throws Exception {
        HandshakePump.Result none = HandshakePump.run(HandshakePump.client(anonymousClient, "server.test"),
                context(TlsConfig.ClientAuth.NEED).newEngine(null));
        assertThat(none.serverFailure()).isNotNull();
        // the JDK's alert for an empty Certificate: bad_certificate (17), certificate_required (RFC 8446 §4.4.2.4)
        assertThat(none.clientFailure()).hasMessageMatching(".*(bad_certificate|certificate_required).*");

        HandshakePump.Result stranger = HandshakePump.run(HandshakePump.client(strangerClient, "server.test"),
                context(TlsConfig.ClientAuth.NEED).newEngine(null));
        assertThat(stranger.serverFailure()).isNotNull();
        // its key manager offers nothing the server's CA list names, or the server rejects the chain
        assertThat(stranger.clientFailure()).hasMessageMatching(".*(bad_certificate|certificate_required|certificate_unknown).*");
    }

    @Test
    void wantServesAClientWithoutACertificateAndTlsInfoHasNoChain() throws Exception {
        TlsContext tls = context(TlsConfig.ClientAuth.WANT);
        HandshakePump.Result none = HandshakePump.run(HandshakePump.client(anonymousClient, null), tls.newEngine(null));
        assertThat(none.succeeded()).isTrue();
        TlsInfo info = TlsSessionInfo.of(none.server());
        assertThat(info.peerCertificates()).isNull();
        assertThat(info.sniHostName()).isNull();
        assertThat(info.applicationProtocol()).isNull();

        HandshakePump.Result alice = HandshakePump.run(HandshakePump.client(trustedClient, null), tls.newEngine(null));
        assertThat(TlsSessionInfo.of(alice.server()).peerCertificates()).hasSize(2);
    }

    @Test
    void noClientAuthAsksForNoCertificate() throws Exception {
        HandshakePump.Result r = HandshakePump.run(HandshakePump.client(trustedClient, null),
                context(TlsConfig.ClientAuth.NONE).newEngine(null));
        assertThat(r.succeeded()).isTrue();
        assertThat(TlsSessionInfo.of(r.server()).peerCertificates()).isNull();
    }

    @Test
    void keySizeComesFromTheSuiteNameAsTomcatAndJettyDeriveIt() {
        assertThat(TlsSessionInfo.keySize("TLS_AES_128_GCM_SHA256")).isEqualTo(128);
        assertThat(TlsSessionInfo.keySize("TLS_AES_256_GCM_SHA384")).isEqualTo(256);
        assertThat(TlsSessionInfo.keySize("TLS_CHACHA20_POLY1305_SHA256")).isEqualTo(256);
        assertThat(TlsSessionInfo.keySize("TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256")).isEqualTo(128);
        assertThat(TlsSessionInfo.keySize("TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384")).isEqualTo(256);
        assertThat(TlsSessionInfo.keySize("SSL_RSA_WITH_3DES_EDE_CBC_SHA")).isEqualTo(168);
        assertThat(TlsSessionInfo.keySize("SSL_RSA_WITH_DES_CBC_SHA")).isEqualTo(56);
        assertThat(TlsSessionInfo.keySize("SSL_RSA_EXPORT_WITH_RC4_40_MD5")).isEqualTo(40);
        assertThat(TlsSessionInfo.keySize("TLS_RSA_WITH_NULL_SHA256")).isZero();
        assertThat(TlsSessionInfo.keySize(null)).isZero();
        assertThat(TlsSessionInfo.hex(new byte[] {0x00, 0x7f, (byte) 0xa0, (byte) 0xff})).isEqualTo("007fa0ff");
    }
}
