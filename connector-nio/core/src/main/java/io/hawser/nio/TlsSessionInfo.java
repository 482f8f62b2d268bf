package io.hawser.nio;

import io.hawser.api.TlsInfo;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;

/**
 * What a completed handshake negotiated, as a {@link TlsInfo} (the Servlet 6.1 §3.10 request
 * attributes' source). The session of a connection does not change once established (Hawser
 * refuses renegotiation), so a connection can compute this once and keep it.
 */
final class TlsSessionInfo {
    /** Bulk cipher name fragments of JSSE suite names and their key sizes in bits, checked in order. */
    private static final String[] CIPHERS = {
        "_AES_256_", "_AES_128_", "_CHACHA20_", "_3DES_EDE_", "_CAMELLIA_256_", "_CAMELLIA_128_",
        "_ARIA_256_", "_ARIA_128_", "_SM4_", "_RC4_128_", "_IDEA_", "_RC4_40_", "_DES40_", "_RC2_CBC_40_", "_DES_CBC_",
    };
    private static final int[] BITS = {256, 128, 256, 168, 256, 128, 256, 128, 128, 128, 128, 40, 40, 40, 56};
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private TlsSessionInfo() {
    }

    /** @return what {@code engine}'s completed handshake negotiated */
    static TlsInfo of(SSLEngine engine) {
        return of(engine.getSession(), engine.getApplicationProtocol());
    }

    /**
     * @param session an established session
     * @param applicationProtocol the ALPN result as the engine reports it ({@code ""} or
     *     {@code null}: none)
     * @return protocol, suite, key size, session id, the client's verified chain (or {@code null}),
     *     the SNI host name and the ALPN protocol
     */
    static TlsInfo of(SSLSession session, String applicationProtocol) {
        String suite = session.getCipherSuite();
        return new TlsInfo(session.getProtocol(), suite, keySize(suite), hex(session.getId()), peerChain(session),
                SniKeyManager.sniHostName(session),
                applicationProtocol == null || applicationProtocol.isEmpty() ? null : applicationProtocol);
    }

    /**
     * The bulk cipher's key size, as Tomcat and Jetty derive it from the suite name for the
     * {@code jakarta.servlet.request.key_size} attribute.
     *
     * @param cipherSuite a JSSE name, e.g. {@code TLS_AES_128_GCM_SHA256}
     * @return bits: AES_128 → 128, AES_256 → 256, CHACHA20 → 256, 3DES → 168, …; 0 when unknown
     *     or {@code NULL} encryption
     */
    static int keySize(String cipherSuite) {
        if (cipherSuite != null) {
            for (int i = 0; i < CIPHERS.length; i++) {
                if (cipherSuite.contains(CIPHERS[i])) {
                    return BITS[i];
                }
            }
        }
        return 0;
    }

    /** @return the client's chain, leaf first, or {@code null} when it sent none or it is not X.509 */
    private static X509Certificate[] peerChain(SSLSession session) {
        Certificate[] certs;
        try {
            certs = session.getPeerCertificates();
        } catch (SSLPeerUnverifiedException e) {
            return null;
        }
        if (certs == null || certs.length == 0) {
            return null;
        }
        X509Certificate[] chain = new X509Certificate[certs.length];
        for (int i = 0; i < certs.length; i++) {
            if (!(certs[i] instanceof X509Certificate x)) {
                return null;
            }
            chain[i] = x;
        }
        return chain;
    }

    /** @return {@code bytes} as lower-case hex ({@code ""} for none) */
    static String hex(byte[] bytes) {
        if (bytes == null) {
            return "";
        }
        char[] out = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = HEX[(bytes[i] >> 4) & 0xf];
            out[2 * i + 1] = HEX[bytes[i] & 0xf];
        }
        return new String(out);
    }
}
