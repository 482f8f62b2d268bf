package io.hawser.conformance;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * How the kit's clients speak TLS to an {@code https} target (RFC 9110 §4.2.2, RFC 8446): trusting
 * the JDK's default CAs, a given trust store, or, with {@code --insecure}, any certificate and any
 * host name. The raw-socket cases go through an {@link SSLSocket} from this context and the
 * jetty-client scenarios through {@link #jetty()}, so both check the server the same way.
 */
public final class Tls {
    private final SSLContext context;
    private final boolean insecure;

    private Tls(SSLContext context, boolean insecure) {
        this.context = context;
        this.insecure = insecure;
    }

    /** @return TLS that trusts the JDK's default CAs and checks the host name */
    public static Tls system() throws GeneralSecurityException {
        return new Tls(SSLContext.getDefault(), false);
    }

    /**
     * @param store a trust store (PKCS12 or JKS, by content) holding the certificates to trust
     * @param password its password, or null for none
     * @return TLS that trusts those certificates only and checks the host name
     * @throws IOException when the file cannot be read
     * @throws GeneralSecurityException when it is not a trust store
     */
    public static Tls trusting(Path store, char[] password) throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance(store.toFile(), password);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, tmf.getTrustManagers(), null);
        return new Tls(ctx, false);
    }

    /** @return TLS that accepts any certificate and host name ({@code --insecure}: for test servers only) */
    public static Tls insecure() throws GeneralSecurityException {
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, new TrustManager[] {new TrustAll()}, null);
        return new Tls(ctx, true);
    }

    /**
     * Layers TLS over a connected socket: SNI and, unless insecure, the RFC 9110 §4.3.4 host-name
     * check for {@code host}; the handshake happens on first use.
     *
     * @return the TLS socket; closing it closes {@code tcp}
     */
    SSLSocket wrap(Socket tcp, String host, int port) throws IOException {
        SSLSocket ssl = (SSLSocket) context.getSocketFactory().createSocket(tcp, host, port, true);
        ssl.setUseClientMode(true);
        if (!insecure) {
            SSLParameters p = ssl.getSSLParameters();
            p.setEndpointIdentificationAlgorithm("HTTPS");
            ssl.setSSLParameters(p);
        }
        return ssl;
    }

    /** @return a jetty-client TLS configuration with the same trust and host-name checking */
    SslContextFactory.Client jetty() {
        SslContextFactory.Client f = new SslContextFactory.Client(insecure);
        f.setSslContext(context);
        if (insecure) {
            f.setEndpointIdentificationAlgorithm(null);
        }
        return f;
    }

    /** Trusts every certificate: what {@code --insecure} asks for. */
    private static final class TrustAll implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
            // the kit is the client
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
            // --insecure: any certificate
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
