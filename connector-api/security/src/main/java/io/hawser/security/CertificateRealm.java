package io.hawser.security;

import java.security.cert.X509Certificate;

/**
 * A {@link Realm} that also answers {@code CLIENT-CERT} login (Servlet 6.1 §13.6.4): it gives the
 * user of a client certificate chain the TLS handshake has already verified against the
 * connector's trust store, without a password, as Tomcat's {@code RealmBase.authenticate(X509Certificate[])}
 * and Jetty's {@code SslClientCertAuthenticator} do.
 *
 * <p>A separate interface rather than a default method of {@link Realm}, so that a realm that
 * cannot map certificates (a lambda, {@link JaasRealm}, whose login modules ask for a password) is
 * refused when a {@code CLIENT-CERT} web app starts, never silently answering "nobody".
 * {@link UsersFileRealm} implements it. Thread-safe, like every realm.
 */
public interface CertificateRealm extends Realm {
    /**
     * @param username the name the servlet layer took from the leaf certificate's subject (its
     *     {@code CN} by default, see {@code WebApp.setCertificateUserName})
     * @param chain the client's verified chain, leaf first; never empty
     * @return the user (roles from this realm), or {@code null} when the realm does not know the name
     * @throws RuntimeException only when the realm itself cannot answer (its store is unreadable)
     */
    AuthenticatedUser authenticateCertificate(String username, X509Certificate[] chain);
}
