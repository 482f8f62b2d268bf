package io.hawser.servlet;

import java.security.cert.X509Certificate;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import javax.security.auth.x500.X500Principal;

/**
 * Which part of a client certificate's subject names the user of a {@code CLIENT-CERT} login
 * (Servlet 6.1 §13.6.4) before the realm is asked for the roles
 * ({@link WebApp#setCertificateUserName}).
 *
 * <p>The default is the common name, as most mTLS set-ups issue one certificate per user with the
 * user name in {@code CN}; Tomcat's default retriever and Jetty's authenticator take the whole
 * subject DN instead, which {@link #SUBJECT} gives.
 */
public enum CertificateUserName {
    /**
     * The most specific {@code CN} attribute of the leaf's subject (RFC 5280 §4.1.2.6), e.g.
     * {@code alice} for {@code CN=alice,O=Example}; a certificate without a CN names no user (401).
     */
    COMMON_NAME,
    /** The leaf's whole subject DN in RFC 2253 form, e.g. {@code CN=alice,O=Example} (Tomcat's and Jetty's default). */
    SUBJECT;

    /**
     * @param leaf the client's certificate (the chain's first)
     * @return the user name, or {@code null} when the subject has no such part
     */
    String of(X509Certificate leaf) {
        String dn = leaf.getSubjectX500Principal().getName(X500Principal.RFC2253);
        if (this == SUBJECT) {
            return dn.isEmpty() ? null : dn;
        }
        try {
            java.util.List<Rdn> rdns = new LdapName(dn).getRdns(); // the most specific last
            for (int i = rdns.size() - 1; i >= 0; i--) {
                if (rdns.get(i).getType().equalsIgnoreCase("CN")) {
                    Object value = rdns.get(i).getValue();
                    return value instanceof String s && !s.isEmpty() ? s : null;
                }
            }
            return null;
        } catch (InvalidNameException e) {
            return null; // X500Principal wrote it, so it parses; if not, no user rather than a guess
        }
    }
}
