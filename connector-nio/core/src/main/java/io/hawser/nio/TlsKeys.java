package io.hawser.nio;

import io.hawser.api.TlsConfig;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.UnrecoverableKeyException;
import java.security.cert.Certificate;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Locale;

/**
 * Loads the key material of a {@link TlsConfig}: each identity's private key and certificate chain
 * (PEM, PKCS#12 or JKS) checked to belong together, and the trust store for client certificates.
 * Failures are one-line {@link IOException}s naming the file ({@link TlsFiles#failure}); what only
 * deserves a warning (a certificate outside its validity period) is added to a list of lines.
 */
final class TlsKeys {
    private TlsKeys() {
    }

    /**
     * One identity, ready for the key manager.
     *
     * @param source the file(s) it came from, for messages
     * @param key the private key
     * @param chain the certificate chain, leaf first, never empty
     * @param hostNames the SNI names it serves, lower case ({@code *.} wildcards kept): the
     *     configured ones, or else the leaf's DNS subjectAltNames
     */
    record Loaded(String source, PrivateKey key, X509Certificate[] chain, List<String> hostNames) {
    }

    /**
     * @param identity what to read
     * @param warnings receives one line per certificate outside its validity period
     * @return the key and chain
     * @throws IOException a file is missing, malformed, locked with another password, or the key
     *     does not match the leaf certificate
     */
    static Loaded load(TlsConfig.Identity identity, List<String> warnings) throws IOException {
        Loaded loaded = identity.keyStore() != null ? fromKeyStore(identity) : fromPem(identity);
        Date now = new Date();
        for (X509Certificate c : loaded.chain()) {
            if (now.after(c.getNotAfter())) {
                warnings.add("TLS certificate " + c.getSubjectX500Principal().getName() + " in " + loaded.source()
                        + " expired on " + c.getNotAfter().toInstant() + "; clients will refuse it");
            } else if (now.before(c.getNotBefore())) {
                warnings.add("TLS certificate " + c.getSubjectX500Principal().getName() + " in " + loaded.source()
                        + " is not valid before " + c.getNotBefore().toInstant() + "; clients will refuse it");
            }
        }
        List<String> names = identity.hostNames().isEmpty() ? dnsNames(loaded.chain()[0]) : identity.hostNames();
        List<String> lower = new ArrayList<>(names.size());
        for (String n : names) {
            lower.add(n.toLowerCase(Locale.ROOT));
        }
        return new Loaded(loaded.source(), loaded.key(), loaded.chain(), List.copyOf(lower));
    }

    private static Loaded fromPem(TlsConfig.Identity identity) throws IOException {
        Path chainFile = identity.certificateChain();
        Path keyFile = identity.privateKey();
        if (identity.alias() != null || identity.keyStoreType() != null) {
            throw TlsFiles.failure("private key", keyFile, "an alias or key store type applies to key stores only, "
                    + "not to a PEM certificate and key");
        }
        X509Certificate[] chain = TlsFiles.certificates("certificate chain", chainFile).toArray(X509Certificate[]::new);
        char[] password = identity.password();
        PrivateKey key = TlsFiles.privateKey("private key", keyFile, password);
        checkPair("private key", keyFile, key, chain, "the certificate chain " + chainFile);
        return new Loaded(chainFile + " and " + keyFile, key, chain, List.of());
    }

    private static Loaded fromKeyStore(TlsConfig.Identity identity) throws IOException {
        Path file = identity.keyStore();
        String what = "key store";
        char[] password = identity.password();
        String type = identity.keyStoreType() != null ? identity.keyStoreType().toUpperCase(Locale.ROOT)
                : file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jks") ? "JKS" : "PKCS12";
        KeyStore store = loadStore(what, file, type, password);
        try {
            String alias = identity.alias();
            List<String> keyEntries = new ArrayList<>();
            for (String a : Collections.list(store.aliases())) {
                if (store.isKeyEntry(a)) {
                    keyEntries.add(a);
                }
            }
            if (alias == null) {
                if (keyEntries.isEmpty()) {
                    throw TlsFiles.failure(what, file, "holds no private-key entry (only certificates?)");
                }
                if (keyEntries.size() > 1) {
                    throw TlsFiles.failure(what, file, "holds several private-key entries " + keyEntries
                            + ": name the one to use (alias)");
                }
                alias = keyEntries.get(0);
            } else if (!store.isKeyEntry(alias)) {
                throw TlsFiles.failure(what, file, "has no private-key entry named '" + alias + "' (private-key entries: "
                        + keyEntries + ")");
            }
            Key key;
            try {
                key = store.getKey(alias, password);
            } catch (UnrecoverableKeyException e) {
                throw TlsFiles.failure(what, file, password == null
                        ? "no password is given for the key of entry '" + alias + "'"
                        : "the key of entry '" + alias + "' does not open with the key store's password");
            }
            Certificate[] certs = store.getCertificateChain(alias);
            if (!(key instanceof PrivateKey pk) || certs == null || certs.length == 0) {
                throw TlsFiles.failure(what, file, "entry '" + alias + "' is not a private key with a certificate chain");
            }
            X509Certificate[] chain = new X509Certificate[certs.length];
            for (int i = 0; i < certs.length; i++) {
                if (!(certs[i] instanceof X509Certificate x)) {
                    throw TlsFiles.failure(what, file, "entry '" + alias + "' has a certificate that is not X.509");
                }
                chain[i] = x;
            }
            checkPair(what, file, pk, chain, "its certificate");
            return new Loaded(file.toString(), pk, chain, List.of());
        } catch (GeneralSecurityException e) {
            throw TlsFiles.failure(what, file, "cannot be read (" + TlsFiles.reason(e) + ")");
        }
    }

    /**
     * @return the trusted certificates for client certificates, or {@code null} for the JDK's
     *     {@code cacerts} (no trust store configured)
     * @throws IOException the store is missing, malformed, has a wrong password or no certificate
     */
    static KeyStore trustStore(TlsConfig config) throws IOException {
        Path file = config.trustStore();
        if (file == null) {
            return null;
        }
        String what = "trust store";
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        String type = config.trustStoreType() != null ? config.trustStoreType().toUpperCase(Locale.ROOT)
                : name.endsWith(".pem") || name.endsWith(".crt") ? "PEM" : name.endsWith(".jks") ? "JKS" : "PKCS12";
        try {
            KeyStore store;
            if (type.equals("PEM")) {
                store = KeyStore.getInstance("PKCS12");
                store.load(null, null);
                int i = 0;
                for (X509Certificate c : TlsFiles.certificates(what, file)) {
                    store.setCertificateEntry("ca-" + i++, c);
                }
            } else {
                store = loadStore(what, file, type, config.trustStorePassword());
            }
            if (store.size() == 0) {
                throw TlsFiles.failure(what, file, "holds no certificate");
            }
            return store;
        } catch (GeneralSecurityException e) {
            throw TlsFiles.failure(what, file, "cannot be read (" + TlsFiles.reason(e) + ")");
        }
    }

    private static KeyStore loadStore(String what, Path file, String type, char[] password) throws IOException {
        byte[] bytes = TlsFiles.read(what, file);
        try {
            KeyStore store = KeyStore.getInstance(type);
            store.load(new ByteArrayInputStream(bytes), password);
            return store;
        } catch (IOException e) {
            if (e.getCause() instanceof UnrecoverableKeyException) {
                throw TlsFiles.failure(what, file, "the password is wrong (the " + type + " store does not open with it)");
            }
            throw TlsFiles.failure(what, file, "not a " + type + " key store (" + TlsFiles.reason(e) + ")");
        } catch (GeneralSecurityException e) {
            throw TlsFiles.failure(what, file, "cannot be read as " + type + " (" + TlsFiles.reason(e) + ")");
        }
    }

    /**
     * Checks that {@code key} is the private half of the leaf's public key (RSA by modulus, others
     * by a test signature).
     */
    private static void checkPair(String what, Path file, PrivateKey key, X509Certificate[] chain, String chainName)
            throws IOException {
        PublicKey leaf = chain[0].getPublicKey();
        if (!family(key.getAlgorithm()).equals(family(leaf.getAlgorithm()))) {
            throw TlsFiles.failure(what, file, "the key is " + key.getAlgorithm() + " but the certificate "
                    + chain[0].getSubjectX500Principal().getName() + " in " + chainName + " holds an "
                    + leaf.getAlgorithm() + " key");
        }
        if (matches(key, leaf)) {
            return;
        }
        for (int i = 1; i < chain.length; i++) {
            if (matches(key, chain[i].getPublicKey())) {
                throw TlsFiles.failure(what, file, "the key matches certificate " + (i + 1) + " of " + chainName
                        + ", not the first: the chain must begin with the server's own certificate");
            }
        }
        throw TlsFiles.failure(what, file, "the key does not match the certificate "
                + chain[0].getSubjectX500Principal().getName() + " in " + chainName);
    }

    private static boolean matches(PrivateKey key, PublicKey pub) {
        if (key instanceof RSAKey k && pub instanceof RSAKey p) {
            return k.getModulus().equals(p.getModulus());
        }
        String family = family(key.getAlgorithm());
        if (!family.equals(family(pub.getAlgorithm()))) {
            return false;
        }
        try {
            Signature s = Signature.getInstance(family.equals("EC") ? "SHA256withECDSA" : family);
            byte[] challenge = "hawser key check".getBytes(StandardCharsets.US_ASCII);
            s.initSign(key);
            s.update(challenge);
            byte[] signature = s.sign();
            s.initVerify(pub);
            s.update(challenge);
            return s.verify(signature);
        } catch (GeneralSecurityException | RuntimeException e) {
            return false;
        }
    }

    /** @return the key family as JSSE names key types: {@code RSA}, {@code EC}, {@code EdDSA}, … */
    static String family(String algorithm) {
        return switch (algorithm) {
            case "Ed25519", "Ed448", "EdDSA" -> "EdDSA";
            default -> algorithm;
        };
    }

    /** @return the DNS names (subjectAltName type 2, RFC 5280 §4.2.1.6) of {@code cert} */
    private static List<String> dnsNames(X509Certificate cert) {
        List<String> names = new ArrayList<>();
        try {
            if (cert.getSubjectAlternativeNames() != null) {
                for (List<?> san : cert.getSubjectAlternativeNames()) {
                    if (san.size() >= 2 && Integer.valueOf(2).equals(san.get(0)) && san.get(1) instanceof String s) {
                        names.add(s);
                    }
                }
            }
        } catch (CertificateParsingException e) {
            // no usable names: served only as the default
        }
        return names;
    }
}
