package io.hawser.bench.peers;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The HTTPS listener a peer launcher opens next to its cleartext one, so that every server of the
 * benchmark speaks TLS with the same certificate, the same JDK (JSSE) and the same protocol and
 * cipher-suite lists: the JDK's defaults ({@code SSLContext.getDefault().getDefaultSSLParameters()}),
 * which on JDK 17 and 25 enable TLS 1.3 and 1.2 and prefer 1.3 (RFC 8446).
 *
 * <p>Configured by system properties of the launcher; without {@code bench.tls.port} there is no
 * HTTPS listener and the launcher runs exactly as before:
 * <ul>
 *   <li>{@code bench.tls.port}: the TCP port of the HTTPS listener (same host as the cleartext one);
 *   <li>{@code bench.tls.keystore}: a PKCS#12 keystore holding one private key and its certificate
 *       chain (run.sh generates it at run time into the results folder);
 *   <li>{@code bench.tls.password}: the password of that keystore and of its key entry.
 * </ul>
 * A port without a keystore or password is refused with one line naming the missing property.
 *
 * @param port     the TCP port of the HTTPS listener
 * @param keystore the absolute path of the PKCS#12 keystore
 * @param password the keystore (and key) password
 */
record Tls(int port, Path keystore, String password) {
    /**
     * @return the HTTPS listener the system properties ask for, or {@code null} if
     *         {@code bench.tls.port} is not set
     * @throws IllegalArgumentException if the port is set but the keystore or password is not, or the
     *         keystore file does not exist
     */
    static Tls fromSystemProperties() {
        String port = System.getProperty("bench.tls.port");
        if (port == null || port.isEmpty()) {
            return null;
        }
        String file = require("bench.tls.keystore");
        Path keystore = Path.of(file).toAbsolutePath();
        if (!Files.isRegularFile(keystore)) {
            throw new IllegalArgumentException("bench.tls.keystore: no such file " + keystore);
        }
        return new Tls(Integer.parseInt(port), keystore, require("bench.tls.password"));
    }

    private static String require(String property) {
        String v = System.getProperty(property);
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException("bench.tls.port is set but " + property + " is not");
        }
        return v;
    }

    /** @return the JDK's default enabled protocols, most preferred first (e.g. TLSv1.3, TLSv1.2) */
    static List<String> protocols() {
        return List.of(defaults().getProtocols());
    }

    /** @return the JDK's default enabled cipher suites, in the JDK's order */
    static List<String> cipherSuites() {
        return List.of(defaults().getCipherSuites());
    }

    private static SSLParameters defaults() {
        try {
            return SSLContext.getDefault().getDefaultSSLParameters();
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("no default SSLContext in this JDK", e);
        }
    }

    /**
     * @return a JSSE {@code TLS} context with the keystore's key and chain and the JDK's default trust
     *         managers and random
     * @throws Exception if the keystore cannot be read or holds no usable key
     */
    SSLContext context() throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            ks.load(in, password.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, password.toCharArray());
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        return ctx;
    }

    /**
     * Prints the line run.sh keeps in the server's log: where HTTPS listens and with what.
     *
     * @param server the server's name and version
     * @param host   the bound address
     */
    void print(String server, String host) {
        System.out.println(server + " TLS listening on https://" + host + ":" + port + "/ (JSSE, keystore "
                + keystore.getFileName() + ", protocols " + String.join(",", protocols()) + ", "
                + cipherSuites().size() + " JDK default cipher suites)");
        System.out.flush();
    }
}
