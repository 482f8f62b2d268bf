package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.TlsConfig;
import java.nio.file.Path;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SNI picks the identity by host name (and the default otherwise), the key type follows what the
 * client accepts, and ALPN agrees on {@code http/1.1} or refuses with an alert — over real
 * handshakes between a JDK client engine and {@link TlsContext#newEngine}.
 */
class TlsSniAlpnTest {
    @TempDir
    static Path dir;

    private static TlsContext tls;
    private static SSLContext client;

    @BeforeAll
    static void identities() throws Exception {
        TestCertificates.Issued fallback = TestCertificates.selfSigned(dir, "default.test", "EC",
                "-ext", "san=dns:default.test");
        TestCertificates.Issued a = TestCertificates.selfSigned(dir, "a.test", "EC", "-ext", "san=dns:a.test");
        TestCertificates.Issued b = TestCertificates.selfSigned(dir, "b.test", "RSA");
        tls = TlsContext.create(TlsConfig.builder()
                .certificate(fallback.chainPem(), fallback.keyPem())
                .certificate(a.chainPem(), a.keyPem()) // names from its subjectAltName
                .identity(new TlsConfig.Identity(b.chainPem(), b.keyPem(), null, null, null, null,
                        List.of("B.test", "*.b.test")))
                .build());
        client = HandshakePump.clientContext(null);
    }

    private static String served(String sni) throws Exception {
        HandshakePump.Result r = HandshakePump.run(HandshakePump.client(client, sni, "http/1.1"), tls.newEngine(null));
        assertThat(r.succeeded()).as("%s / %s", r.clientFailure(), r.serverFailure()).isTrue();
        return r.serverCertificateName();
    }

    @Test
    void sniNameChoosesTheIdentityByConfiguredNameOrSubjectAltName() throws Exception {
        assertThat(served("a.test")).isEqualTo("CN=a.test");
        assertThat(served("b.test")).isEqualTo("CN=b.test");
        assertThat(served("A.TEST")).isEqualTo("CN=a.test");
    }

    @Test
    void wildcardMatchesExactlyOneLabel() throws Exception {
        assertThat(served("www.b.test")).isEqualTo("CN=b.test");
        assertThat(served("x.www.b.test")).isEqualTo("CN=default.test");
    }

    @Test
    void unknownOrAbsentNameGetsTheDefault() throws Exception {
        assertThat(served("unknown.test")).isEqualTo("CN=default.test");
        assertThat(served(null)).isEqualTo("CN=default.test");
    }

    @Test
    void keyTypeFollowsWhatTheClientAccepts() throws Exception {
        // TLS 1.2 with only an RSA-authenticated suite: the EC default cannot serve, the RSA identity does
        SSLEngine rsaOnly = HandshakePump.client(client, null, "http/1.1");
        rsaOnly.setEnabledProtocols(new String[] {"TLSv1.2"});
        rsaOnly.setEnabledCipherSuites(new String[] {"TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"});
        HandshakePump.Result r = HandshakePump.run(rsaOnly, tls.newEngine(null));
        assertThat(r.serverCertificateName()).isEqualTo("CN=b.test");

        // a.test is EC only: a client accepting RSA only is refused rather than served another name's certificate
        SSLEngine rsaForA = HandshakePump.client(client, "a.test", "http/1.1");
        rsaForA.setEnabledProtocols(new String[] {"TLSv1.2"});
        rsaForA.setEnabledCipherSuites(new String[] {"TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"});
        HandshakePump.Result refused = HandshakePump.run(rsaForA, tls.newEngine(null));
        assertThat(refused.clientFailure()).hasMessageContaining("handshake_failure");
    }

    @Test
    void alpnChoosesHttp11WhenOffered() throws Exception {
        HandshakePump.Result r = HandshakePump.run(HandshakePump.client(client, "a.test", "h2", "http/1.1"), tls.newEngine(null));
        assertThat(r.succeeded()).isTrue();
        assertThat(r.client().getApplicationProtocol()).isEqualTo("http/1.1");
        assertThat(r.server().getApplicationProtocol()).isEqualTo("http/1.1");
    }

    @Test
    void alpnOfferingOnlyH2GetsTheNoApplicationProtocolAlert() throws Exception {
        HandshakePump.Result r = HandshakePump.run(HandshakePump.client(client, "a.test", "h2"), tls.newEngine(null));
        assertThat(r.clientFailure()).hasMessageContaining("no_application_protocol");
        assertThat(r.serverFailure()).isNotNull();
    }

    @Test
    void noAlpnOfferedMeansNoAlpn() throws Exception {
        HandshakePump.Result r = HandshakePump.run(HandshakePump.client(client, "a.test"), tls.newEngine(null));
        assertThat(r.succeeded()).isTrue();
        assertThat(r.client().getApplicationProtocol()).isEmpty();
        assertThat(r.server().getApplicationProtocol()).isEmpty();
    }
}
