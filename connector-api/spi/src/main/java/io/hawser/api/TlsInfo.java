package io.hawser.api;

import java.security.cert.X509Certificate;

/**
 * What a request's TLS connection negotiated ({@link HttpExchange#tlsInfo()}): what the Servlet
 * container exposes as the {@code jakarta.servlet.request.X509Certificate},
 * {@code jakarta.servlet.request.cipher_suite}, {@code jakarta.servlet.request.key_size} and
 * {@code jakarta.servlet.request.ssl_session_id} request attributes (Servlet 6.1 §3.10).
 *
 * @param protocol e.g. {@code TLSv1.3}
 * @param cipherSuite the JSSE name, e.g. {@code TLS_AES_128_GCM_SHA256}
 * @param keySize the bulk cipher's key size in bits (e.g. 128, 256), as Tomcat and Jetty derive it from the suite name
 * @param sessionId the session id as lower-case hex (for TLS 1.3 the JDK's synthetic one)
 * @param peerCertificates the client's verified chain, leaf first; {@code null} when it sent none
 * @param sniHostName the SNI host name the client sent (RFC 6066 §3), or {@code null}
 * @param applicationProtocol the ALPN protocol agreed (RFC 7301), or {@code null} when none was offered
 */
public record TlsInfo(String protocol, String cipherSuite, int keySize, String sessionId,
                      X509Certificate[] peerCertificates, String sniHostName, String applicationProtocol) {
    /** Copies the chain. */
    public TlsInfo {
        peerCertificates = peerCertificates == null ? null : peerCertificates.clone();
    }

    /** @return the client's chain (a copy), or {@code null} */
    @Override
    public X509Certificate[] peerCertificates() {
        return peerCertificates == null ? null : peerCertificates.clone();
    }
}
