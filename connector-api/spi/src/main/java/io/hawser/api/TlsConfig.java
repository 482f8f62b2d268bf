package io.hawser.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * TLS for a connector's secure listeners ({@link ConnectorConfig#tls()}): where the keys and
 * certificates are, which protocols and cipher suites are offered, whether clients present
 * certificates, and how often the files are checked for a change. One immutable, validated
 * value; the files are read when the connector starts (a missing or unreadable file fails
 * {@code start()} with a message naming it) and again whenever they change.
 *
 * <p>Identities: the first {@link Identity} is the default, used when the client sends no SNI
 * host name (RFC 6066 §3) or one no identity serves; any other identity is chosen when the SNI
 * name matches one of its {@link Identity#hostNames()} or, when it names none, a DNS name in its
 * certificate's subjectAltName (a {@code *.example.com} wildcard matches one label). Each identity
 * is a PEM certificate chain with a PKCS#8 PEM private key (as Tomcat's {@code certificateFile} /
 * {@code certificateKeyFile}), or a PKCS#12 or JKS key store (Tomcat's
 * {@code certificateKeystoreFile}, Jetty's {@code keyStorePath}).
 *
 * <pre>{@code
 * TlsConfig tls = TlsConfig.builder()
 *         .certificate(Path.of("chain.pem"), Path.of("key.pem"))
 *         .clientAuth(TlsConfig.ClientAuth.WANT).trustStore(Path.of("ca.pem"), null, null)
 *         .build();
 * }</pre>
 */
public final class TlsConfig {
    /** Whether the server asks for a client certificate (RFC 8446 §4.3.2, CertificateRequest). */
    public enum ClientAuth {
        /** None is asked for (the default). */
        NONE,
        /** One is asked for; a client without one is still served (Tomcat {@code optional}, Jetty {@code wantClientAuth}). */
        WANT,
        /** One is required; the handshake fails without a trusted one (Tomcat {@code required}, Jetty {@code needClientAuth}). */
        NEED
    }

    /**
     * A private key and its certificate chain, from PEM files or a key store.
     *
     * @param certificateChain PEM file of the chain, leaf first; {@code null} for a key store
     * @param privateKey PEM file of the PKCS#8 private key ({@code BEGIN PRIVATE KEY}, or
     *     {@code BEGIN ENCRYPTED PRIVATE KEY} with {@code password}); {@code null} for a key store
     * @param keyStore PKCS#12 or JKS file; {@code null} for PEM
     * @param keyStoreType {@code PKCS12} or {@code JKS}; {@code null}: from the file (PKCS#12 unless it ends in {@code .jks})
     * @param password the key store's (and its key's) password, or the encrypted PEM key's; may be {@code null}
     * @param alias the key store entry to use; {@code null}: the only private-key entry
     * @param hostNames SNI host names this identity serves (exact, or {@code *.} wildcards);
     *     empty: the DNS names of its certificate
     */
    public record Identity(Path certificateChain, Path privateKey, Path keyStore, String keyStoreType,
                           char[] password, String alias, List<String> hostNames) {
        /** Validates: exactly one of PEM (chain and key) or a key store. */
        public Identity {
            boolean pem = certificateChain != null || privateKey != null;
            if (pem == (keyStore != null)) {
                throw new IllegalArgumentException("a TLS identity is a PEM certificate chain and key, or a key store (one of them)");
            }
            if (pem && (certificateChain == null || privateKey == null)) {
                throw new IllegalArgumentException("a PEM TLS identity needs both the certificate chain and the private key");
            }
            if (keyStoreType != null && !keyStoreType.equalsIgnoreCase("PKCS12") && !keyStoreType.equalsIgnoreCase("JKS")) {
                throw new IllegalArgumentException("keyStoreType must be PKCS12 or JKS: " + keyStoreType);
            }
            password = password == null ? null : password.clone();
            hostNames = List.copyOf(hostNames == null ? List.of() : hostNames);
        }

        /** @return the password (a copy), or {@code null} */
        @Override
        public char[] password() {
            return password == null ? null : password.clone();
        }

        /** @return the files this identity is read from (watched for changes) */
        public List<Path> files() {
            return keyStore != null ? List.of(keyStore) : List.of(certificateChain, privateKey);
        }
    }

    private final List<Identity> identities;
    private final List<String> protocols;
    private final List<String> cipherSuites;
    private final ClientAuth clientAuth;
    private final Path trustStore;
    private final String trustStoreType;
    private final char[] trustStorePassword;
    private final Duration reloadInterval;

    private TlsConfig(Builder b) {
        identities = List.copyOf(b.identities);
        protocols = List.copyOf(b.protocols);
        cipherSuites = List.copyOf(b.cipherSuites);
        clientAuth = b.clientAuth;
        trustStore = b.trustStore;
        trustStoreType = b.trustStoreType;
        trustStorePassword = b.trustStorePassword;
        reloadInterval = b.reloadInterval;
    }

    /** @return a builder with every default (it needs one identity before {@link Builder#build()}) */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the identities, the default first; never empty */
    public List<Identity> identities() {
        return identities;
    }

    /** @return the protocols offered, most preferred first; default {@code TLSv1.3, TLSv1.2} */
    public List<String> protocols() {
        return protocols;
    }

    /** @return the cipher suites offered; empty (the default): the JDK's defaults for {@link #protocols()} */
    public List<String> cipherSuites() {
        return cipherSuites;
    }

    /** @return whether client certificates are asked for; default {@link ClientAuth#NONE} */
    public ClientAuth clientAuth() {
        return clientAuth;
    }

    /**
     * @return the trusted certificates for client certificates: a PEM file of CA certificates, or a
     *     PKCS#12/JKS trust store; {@code null} (the default): the JDK's {@code cacerts}
     */
    public Path trustStore() {
        return trustStore;
    }

    /** @return {@code PKCS12}, {@code JKS}, {@code PEM}, or {@code null}: from the file name ({@code .pem}/{@code .crt} → PEM, {@code .jks} → JKS, else PKCS12) */
    public String trustStoreType() {
        return trustStoreType;
    }

    /** @return the trust store's password (a copy), or {@code null} */
    public char[] trustStorePassword() {
        return trustStorePassword == null ? null : trustStorePassword.clone();
    }

    /**
     * @return how often the key, certificate and trust files are checked for a change (their
     *     modification time and size); a change builds a new TLS context that new handshakes use,
     *     while open connections go on with theirs. Default 1 s; {@link Duration#ZERO}: never
     *     (reload through the connector's API only)
     */
    public Duration reloadInterval() {
        return reloadInterval;
    }

    /** Builds a {@link TlsConfig}; every setter validates its argument at once. */
    public static final class Builder {
        private final List<Identity> identities = new ArrayList<>();
        private List<String> protocols = List.of("TLSv1.3", "TLSv1.2");
        private List<String> cipherSuites = List.of();
        private ClientAuth clientAuth = ClientAuth.NONE;
        private Path trustStore;
        private String trustStoreType;
        private char[] trustStorePassword;
        private Duration reloadInterval = Duration.ofSeconds(1);

        private Builder() {
        }

        /**
         * Adds a PEM identity serving every SNI name its certificate names.
         *
         * @param chain PEM certificate chain, leaf first
         * @param key PEM PKCS#8 private key (unencrypted)
         * @return this
         */
        public Builder certificate(Path chain, Path key) {
            return identity(new Identity(Objects.requireNonNull(chain, "chain"), Objects.requireNonNull(key, "key"),
                    null, null, null, null, List.of()));
        }

        /**
         * Adds a key store identity.
         *
         * @param keyStore PKCS#12 or JKS file
         * @param type {@code PKCS12}, {@code JKS}, or {@code null} (from the file name)
         * @param password the store's and key's password
         * @return this
         */
        public Builder keyStore(Path keyStore, String type, char[] password) {
            return identity(new Identity(null, null, Objects.requireNonNull(keyStore, "keyStore"), type, password,
                    null, List.of()));
        }

        /** @param identity added after the ones already given (the first is the default); @return this */
        public Builder identity(Identity identity) {
            identities.add(Objects.requireNonNull(identity, "identity"));
            return this;
        }

        /**
         * @param protocols offered, e.g. {@code TLSv1.3}; only {@code TLSv1.3} and {@code TLSv1.2} are accepted
         * @return this
         * @throws IllegalArgumentException empty, or an older or unknown protocol
         */
        public Builder protocols(String... protocols) {
            if (protocols.length == 0) {
                throw new IllegalArgumentException("protocols must name at least one of TLSv1.3, TLSv1.2");
            }
            for (String p : protocols) {
                if (!p.equals("TLSv1.3") && !p.equals("TLSv1.2")) {
                    throw new IllegalArgumentException("protocol not offered by Hawser (TLSv1.3, TLSv1.2 only): " + p);
                }
            }
            this.protocols = List.of(protocols);
            return this;
        }

        /** @param suites JSSE names (e.g. {@code TLS_AES_128_GCM_SHA256}); none: the JDK's defaults; @return this */
        public Builder cipherSuites(String... suites) {
            this.cipherSuites = List.of(suites);
            return this;
        }

        /** @param auth whether client certificates are asked for; @return this */
        public Builder clientAuth(ClientAuth auth) {
            this.clientAuth = Objects.requireNonNull(auth, "clientAuth");
            return this;
        }

        /**
         * @param store PEM file of CA certificates, or a PKCS#12/JKS trust store
         * @param type {@code PEM}, {@code PKCS12}, {@code JKS}, or {@code null} (from the file name)
         * @param password the store's password, or {@code null}
         * @return this
         */
        public Builder trustStore(Path store, String type, char[] password) {
            if (type != null && !type.equalsIgnoreCase("PEM") && !type.equalsIgnoreCase("PKCS12")
                    && !type.equalsIgnoreCase("JKS")) {
                throw new IllegalArgumentException("trustStoreType must be PEM, PKCS12 or JKS: " + type);
            }
            this.trustStore = Objects.requireNonNull(store, "trustStore");
            this.trustStoreType = type;
            this.trustStorePassword = password == null ? null : password.clone();
            return this;
        }

        /** @param interval zero (no watching) or positive; @return this @throws IllegalArgumentException if negative */
        public Builder reloadInterval(Duration interval) {
            if (interval.isNegative()) {
                throw new IllegalArgumentException("reloadInterval must not be negative: " + interval);
            }
            this.reloadInterval = interval;
            return this;
        }

        /** @return the configuration @throws IllegalStateException without an identity */
        public TlsConfig build() {
            if (identities.isEmpty()) {
                throw new IllegalStateException("TLS needs a certificate: a PEM chain and key, or a key store");
            }
            return new TlsConfig(this);
        }
    }
}
