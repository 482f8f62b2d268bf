package io.hawser.nio;

import java.io.UncheckedIOException;
import java.net.StandardSocketOptions;
import java.nio.file.Path;
import java.security.KeyStore;
import javax.net.ssl.SSLContext;

/** The test seams of {@link NioConnector} for the integration tests of another package. */
public final class ConnectorSeams {
    private ConnectorSeams() {
    }

    /**
     * Gives every socket {@code connector} accepts from now on a fixed send buffer of {@code bytes}
     * (no autotuning), so a test can fill it with a few KiB.
     */
    public static void fixSendBuffer(NioConnector connector, int bytes) {
        connector.acceptedSocketSeam = channel -> {
            try {
                channel.setOption(StandardSocketOptions.SO_SNDBUF, bytes);
            } catch (java.io.IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    /**
     * Test-only keys for mutual TLS, made at test time with keytool ({@link TestCertificates}):
     * nothing is committed.
     *
     * @param serverChain PEM chain of a self-signed EC certificate for {@code localhost} and 127.0.0.1
     * @param serverKey its PKCS#8 PEM key
     * @param caChain PEM certificate of a test CA (the server's trust store)
     * @param client a client's key store: {@code CN=NAME} signed by that CA, chain leaf then CA
     *     (password {@link TestCertificates#PASSWORD})
     */
    public record MutualTls(Path serverChain, Path serverKey, Path caChain, KeyStore client) {
    }

    /**
     * @param dir where the files are written
     * @param clientName the client certificate's CN
     * @return the keys of a server, a test CA and a client it signed
     */
    public static MutualTls mutualTls(Path dir, String clientName) throws Exception {
        TestCertificates.Issued server = TestCertificates.selfSigned(dir, "localhost", "EC", "-groupname", "secp256r1",
                "-ext", "san=dns:localhost,ip:127.0.0.1");
        TestCertificates.Issued ca = TestCertificates.selfSigned(dir, "test-ca", "EC", "-ext", "bc:c");
        TestCertificates.Issued client = TestCertificates.signedBy(dir, clientName, ca);
        return new MutualTls(server.chainPem(), server.keyPem(), ca.chainPem(), client.asKeyStore());
    }

    /**
     * @param keys the client's key store (password {@link TestCertificates#PASSWORD}), or {@code null}
     *     for a client without a certificate
     * @return a client context presenting those keys that trusts any server (test only)
     */
    public static SSLContext clientContext(KeyStore keys) throws Exception {
        return Handshake.clientContext(keys);
    }

    /**
     * @return what {@code connector}'s pools have lent and not yet taken back, as
     *     {@code exchanges=N pages=N responseBuffers=N} (all 0 when nothing holds a pooled object)
     */
    public static String outstanding(NioConnector connector) {
        return MemoryConnection.outstanding(connector); // connector-nio's test-jar
    }
}
