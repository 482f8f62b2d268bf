package io.hawser.boot;

import io.hawser.api.TlsConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import org.springframework.boot.autoconfigure.ssl.JksSslBundleProperties;
import org.springframework.boot.autoconfigure.ssl.PemSslBundleProperties;
import org.springframework.boot.autoconfigure.ssl.SslBundleProperties;
import org.springframework.boot.autoconfigure.ssl.SslProperties;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.web.server.Ssl;
import org.springframework.boot.web.server.WebServerException;

/**
 * Boot's {@code server.ssl.*} (and the {@code spring.ssl.bundle.pem.*} / {@code spring.ssl.bundle.jks.*}
 * bundles it names) as a {@link TlsConfig}: the default identity from {@code server.ssl.certificate} +
 * {@code certificate-private-key} (PEM) or {@code key-store}, or from {@code server.ssl.bundle}; one
 * more identity per {@code server.ssl.server-name-bundles} entry, serving that SNI host name
 * (RFC 6066 §3); the trust store, client auth, protocols and cipher suites. What Hawser does not
 * enforce is refused with one line naming the property, as is what Boot would reject.
 */
final class HawserSsl {
    private static final String SSL = "server.ssl.";

    /** One identity with the settings of its source (a bundle, or {@code server.ssl.*}). */
    private record Source(String prefix, TlsConfig.Identity identity, Path trust, String trustType,
                          char[] trustPassword, Set<String> protocols, Set<String> ciphers, boolean reload) {
    }

    private HawserSsl() {
    }

    /**
     * @param ssl enabled {@code server.ssl.*}
     * @param bundles the {@code spring.ssl.bundle.*} properties, or {@code null} when not known
     * @param registered the application's {@link SslBundles}, or {@code null} (to tell a bundle that
     *     exists but is not file based from one that does not exist)
     * @param files resolves locations to files
     * @return the TLS configuration; reloaded on a file change only when a bundle says
     *     {@code reload-on-update}
     * @throws WebServerException for a setting Hawser does not support or Boot would reject, naming it
     */
    static TlsConfig tlsConfig(Ssl ssl, SslProperties.Bundles bundles, SslBundles registered, TlsFiles files) {
        refuseUnsupported(ssl);
        boolean fromBundle = ssl.getBundle() != null && !ssl.getBundle().isBlank();
        if (fromBundle && (ssl.getCertificate() != null || ssl.getCertificatePrivateKey() != null
                || ssl.getKeyStore() != null || ssl.getTrustCertificate() != null || ssl.getTrustStore() != null
                || ssl.getKeyAlias() != null || ssl.getCiphers() != null || ssl.getEnabledProtocols() != null)) {
            throw refused("server.ssl key, trust or options properties together with server.ssl.bundle (set them in"
                    + " the bundle)");
        }
        Source main = fromBundle ? bundle(ssl.getBundle(), bundles, registered, files) : direct(ssl, files);
        List<Source> all = new ArrayList<>(List.of(main));
        for (Ssl.ServerNameSslBundle named : ssl.getServerNameBundles()) {
            Source sni = bundle(named.bundle(), bundles, registered, files);
            if (!sni.protocols().equals(main.protocols()) || !sni.ciphers().equals(main.ciphers())) {
                throw refused(sni.prefix() + ".options differing from the default bundle's (one set of"
                        + " protocols and cipher suites for every server name)");
            }
            if (sni.trust() != null && !sni.trust().equals(main.trust())) {
                throw refused(sni.prefix() + ".truststore differing from the default bundle's (one trust"
                        + " store for every server name)");
            }
            TlsConfig.Identity id = sni.identity();
            all.add(new Source(sni.prefix(), new TlsConfig.Identity(id.certificateChain(), id.privateKey(),
                    id.keyStore(), id.keyStoreType(), id.password(), id.alias(), List.of(named.serverName())),
                    null, null, null, sni.protocols(), sni.ciphers(), sni.reload()));
        }
        TlsConfig.Builder builder = TlsConfig.builder();
        all.forEach(s -> builder.identity(s.identity()));
        String protocolsProperty = fromBundle ? main.prefix() + ".options.enabled-protocols" : SSL + "enabled-protocols";
        if (!main.protocols().isEmpty()) {
            check(protocolsProperty, () -> builder.protocols(main.protocols().toArray(new String[0])));
        }
        builder.cipherSuites(main.ciphers().toArray(new String[0]));
        if (main.trust() != null) {
            check(fromBundle ? main.prefix() + ".truststore" : SSL + "trust-store-type",
                    () -> builder.trustStore(main.trust(), main.trustType(), main.trustPassword()));
        }
        builder.clientAuth(switch (Objects.requireNonNullElse(ssl.getClientAuth(), Ssl.ClientAuth.NONE)) {
            case NONE -> TlsConfig.ClientAuth.NONE;
            case WANT -> TlsConfig.ClientAuth.WANT;
            case NEED -> TlsConfig.ClientAuth.NEED;
        });
        boolean reload = all.stream().anyMatch(Source::reload);
        if (reload && files.copied()) {
            throw refused("reload-on-update of a bundle with PEM text or a resource inside a jar (not a file that"
                    + " can be watched)");
        }
        return builder.reloadInterval(reload ? Duration.ofSeconds(1) : Duration.ZERO).build();
    }

    private static void refuseUnsupported(Ssl ssl) {
        refuseIfSet(SSL + "key-store-provider", ssl.getKeyStoreProvider());
        refuseIfSet(SSL + "trust-store-provider", ssl.getTrustStoreProvider());
        refuseIfSet(SSL + "trust-certificate-private-key", ssl.getTrustCertificatePrivateKey());
        refuseProtocol(SSL + "protocol", ssl.getProtocol());
    }

    private static void refuseProtocol(String property, String protocol) {
        if (protocol != null && !protocol.equals("TLS")) {
            throw refused(property + "=" + protocol + " (the JDK's TLS context, protocols from enabled-protocols)");
        }
    }

    private static void refuseIfSet(String property, Object value) {
        if (value != null) {
            throw refused(property);
        }
    }

    /** {@code server.ssl.*} itself: PEM certificate and key, else a key store. */
    private static Source direct(Ssl ssl, TlsFiles files) {
        TlsConfig.Identity identity;
        if (ssl.getCertificate() != null && ssl.getCertificatePrivateKey() != null) {
            identity = check(SSL + "certificate", () -> new TlsConfig.Identity(
                    files.resolve(SSL + "certificate", ssl.getCertificate()),
                    files.resolve(SSL + "certificate-private-key", ssl.getCertificatePrivateKey()),
                    null, null, chars(ssl.getKeyPassword()), null, List.of()));
        } else if (ssl.getKeyStore() != null) {
            char[] password = password(SSL + "key-password", ssl.getKeyStorePassword(), ssl.getKeyPassword());
            identity = check(SSL + "key-store-type", () -> new TlsConfig.Identity(null, null,
                    files.resolve(SSL + "key-store", ssl.getKeyStore()), ssl.getKeyStoreType(), password,
                    ssl.getKeyAlias(), List.of()));
        } else {
            throw new WebServerException("Hawser: server.ssl.enabled needs server.ssl.certificate and"
                    + " server.ssl.certificate-private-key, or server.ssl.key-store (or server.ssl.bundle)", null);
        }
        Path trust = null;
        String trustType = null;
        char[] trustPassword = null;
        if (ssl.getTrustCertificate() != null && ssl.getTrustStore() != null) {
            throw refused(SSL + "trust-certificate together with server.ssl.trust-store (one of them)");
        } else if (ssl.getTrustCertificate() != null) {
            trust = files.resolve(SSL + "trust-certificate", ssl.getTrustCertificate());
            trustType = "PEM";
        } else if (ssl.getTrustStore() != null) {
            trust = files.resolve(SSL + "trust-store", ssl.getTrustStore());
            trustType = ssl.getTrustStoreType();
            trustPassword = chars(ssl.getTrustStorePassword());
        }
        return new Source("server.ssl", identity, trust, trustType, trustPassword, set(ssl.getEnabledProtocols()),
                set(ssl.getCiphers()), false);
    }

    /** A {@code spring.ssl.bundle.pem.NAME} or {@code spring.ssl.bundle.jks.NAME} bundle. */
    private static Source bundle(String name, SslProperties.Bundles bundles, SslBundles registered, TlsFiles files) {
        PemSslBundleProperties pem = bundles == null ? null : bundles.getPem().get(name);
        JksSslBundleProperties jks = bundles == null ? null : bundles.getJks().get(name);
        if (pem != null) {
            return pem(name, pem, files);
        }
        if (jks != null) {
            return jks(name, jks, files);
        }
        if (registered != null && registered.getBundleNames().contains(name)) {
            throw refused("SSL bundle '" + name + "' (only spring.ssl.bundle.pem.* and spring.ssl.bundle.jks.*"
                    + " bundles, whose keys are in files or classpath resources)");
        }
        throw new WebServerException("Hawser: no SSL bundle named '" + name + "' (spring.ssl.bundle.pem." + name
                + " or spring.ssl.bundle.jks." + name + ")", null);
    }

    private static Source pem(String name, PemSslBundleProperties pem, TlsFiles files) {
        String p = "spring.ssl.bundle.pem." + name;
        refuseProtocol(p + ".protocol", pem.getProtocol());
        PemSslBundleProperties.Store key = pem.getKeystore();
        if (key.getCertificate() == null || key.getPrivateKey() == null) {
            throw new WebServerException("Hawser: " + p + ".keystore needs certificate and private-key", null);
        }
        refuseIfSet(p + ".truststore.private-key", pem.getTruststore().getPrivateKey());
        TlsConfig.Identity identity = new TlsConfig.Identity(files.resolve(p + ".keystore.certificate",
                key.getCertificate()), files.resolve(p + ".keystore.private-key", key.getPrivateKey()), null, null,
                chars(key.getPrivateKeyPassword()), null, List.of());
        String trust = pem.getTruststore().getCertificate();
        return new Source(p, identity, trust == null ? null : files.resolve(p + ".truststore.certificate", trust),
                "PEM", null, protocols(pem), ciphers(pem), pem.isReloadOnUpdate());
    }

    private static Source jks(String name, JksSslBundleProperties jks, TlsFiles files) {
        String p = "spring.ssl.bundle.jks." + name;
        refuseProtocol(p + ".protocol", jks.getProtocol());
        JksSslBundleProperties.Store key = jks.getKeystore();
        JksSslBundleProperties.Store trust = jks.getTruststore();
        refuseIfSet(p + ".keystore.provider", key.getProvider());
        refuseIfSet(p + ".truststore.provider", trust.getProvider());
        if (key.getLocation() == null) {
            throw new WebServerException("Hawser: " + p + ".keystore.location is needed", null);
        }
        char[] password = password(p + ".key.password", key.getPassword(), jks.getKey().getPassword());
        TlsConfig.Identity identity = check(p + ".keystore.type", () -> new TlsConfig.Identity(null, null,
                files.resolve(p + ".keystore.location", key.getLocation()), key.getType(), password,
                jks.getKey().getAlias(), List.of()));
        Path trustFile = trust.getLocation() == null ? null : files.resolve(p + ".truststore.location", trust.getLocation());
        return new Source(p, identity, trustFile, trust.getType(), chars(trust.getPassword()),
                protocols(jks), ciphers(jks), jks.isReloadOnUpdate());
    }

    private static Set<String> protocols(SslBundleProperties bundle) {
        return Objects.requireNonNullElse(bundle.getOptions().getEnabledProtocols(), Set.of());
    }

    private static Set<String> ciphers(SslBundleProperties bundle) {
        return Objects.requireNonNullElse(bundle.getOptions().getCiphers(), Set.of());
    }

    /** @return the store's password; a different key password is refused (Hawser opens both with one) */
    private static char[] password(String keyPasswordProperty, String storePassword, String keyPassword) {
        if (storePassword != null && keyPassword != null && !storePassword.equals(keyPassword)) {
            throw refused(keyPasswordProperty + " differing from the key store's password");
        }
        return chars(storePassword != null ? storePassword : keyPassword);
    }

    private static <T> T check(String property, Supplier<T> step) {
        try {
            return step.get();
        } catch (IllegalArgumentException e) {
            throw new WebServerException("Hawser: " + property + ": " + e.getMessage(), e);
        }
    }

    private static char[] chars(String s) {
        return s == null ? null : s.toCharArray();
    }

    private static Set<String> set(String[] values) {
        return values == null ? Set.of() : new java.util.LinkedHashSet<>(Arrays.asList(values));
    }

    private static WebServerException refused(String what) {
        return new WebServerException("Hawser does not support " + what + " yet", null);
    }
}
