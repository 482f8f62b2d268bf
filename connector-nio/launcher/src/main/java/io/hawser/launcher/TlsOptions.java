package io.hawser.launcher;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.Listener;
import io.hawser.api.TlsConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * HTTPS: one option per {@link TlsConfig} field and the TLS fields of {@link ConnectorConfig}
 * ({@code --tls-port}, {@code --tls-handshake-timeout}, {@code --listen}). Passwords are given as
 * {@code env:NAME} (an environment variable), {@code file:PATH} (the file's first line) or the
 * text itself, which other users of the machine may see in the process list.
 */
final class TlsOptions {
    @Option(names = "--tls-port", paramLabel = "PORT",
            description = "HTTPS port on --host (needs --tls-cert/--tls-key or --keystore); 0 picks a free one")
    Integer tlsPort;

    @Option(names = "--tls-cert", paramLabel = "FILE", description = "PEM certificate chain, leaf first (with --tls-key)")
    Path certificate;

    @Option(names = "--tls-key", paramLabel = "FILE",
            description = "PEM PKCS#8 private key of --tls-cert (BEGIN PRIVATE KEY; or ENCRYPTED with --tls-key-password)")
    Path key;

    @Option(names = "--tls-key-password", paramLabel = "PASSWORD", description = "of an encrypted --tls-key: env:NAME, file:PATH or the text")
    String keyPassword;

    @Option(names = "--keystore", paramLabel = "FILE", description = "PKCS#12 or JKS key store instead of --tls-cert/--tls-key")
    Path keyStore;

    @Option(names = "--keystore-type", paramLabel = "PKCS12|JKS", description = "default: from the file name (.jks: JKS)")
    String keyStoreType;

    @Option(names = "--keystore-password", paramLabel = "PASSWORD", description = "env:NAME, file:PATH or the text")
    String keyStorePassword;

    @Option(names = "--sni-cert", paramLabel = "HOST=CERT,KEY",
            description = "another certificate, for SNI host names HOST (comma-free; *.example.com wildcards;"
                    + " repeatable); the first certificate is the default")
    List<String> sniCertificates = new ArrayList<>();

    @Option(names = "--tls-protocols", paramLabel = "LIST", split = ",", description = "TLSv1.3 and/or TLSv1.2 (default: both, 1.3 preferred)")
    List<String> protocols;

    @Option(names = "--tls-ciphers", paramLabel = "LIST", split = ",", description = "JSSE cipher suite names (default: the JDK's)")
    List<String> cipherSuites;

    @Option(names = "--client-auth", paramLabel = "none|want|need", description = "ask for client certificates (default none)")
    String clientAuth;

    @Option(names = "--truststore", paramLabel = "FILE", description = "CA certificates for client certificates: PEM, PKCS#12 or JKS (default: the JDK's cacerts)")
    Path trustStore;

    @Option(names = "--truststore-type", paramLabel = "PEM|PKCS12|JKS", description = "default: from the file name")
    String trustStoreType;

    @Option(names = "--truststore-password", paramLabel = "PASSWORD", description = "env:NAME, file:PATH or the text")
    String trustStorePassword;

    @Option(names = "--tls-reload-interval", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "how often key and certificate files are checked for a change (default 1s; 0: never)")
    Duration reloadInterval;

    @Option(names = "--tls-handshake-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "accept → TLS handshake done, else a quiet close (default 10s)")
    Duration handshakeTimeout;

    @Option(names = "--listen", paramLabel = "HOST:PORT[:tls][:proxy]|unix:PATH[:tls][:proxy]",
            description = "another listener (repeatable), e.g. 127.0.0.1:9090, [::1]:9443:tls, or a Unix domain"
                    + " socket unix:/run/hawser/http.sock (for nginx or Envoy on the same host; removed at stop);"
                    + " :proxy: this listener alone expects a PROXY protocol header (needs --proxy-protocol-trusted)")
    List<String> listeners = new ArrayList<>();

    /** @return whether any TLS option was given */
    private boolean anyKeyOption() {
        return certificate != null || key != null || keyStore != null || !sniCertificates.isEmpty();
    }

    /**
     * Adds the TLS settings to {@code b}.
     *
     * @throws IllegalArgumentException naming the option at fault
     */
    void applyTo(ConnectorConfig.Builder b) {
        for (String l : listeners) {
            addListener(b, l);
        }
        if (tlsPort != null) {
            b.tlsPort(tlsPort);
        }
        if (handshakeTimeout != null) {
            b.tlsHandshakeTimeout(handshakeTimeout);
        }
        boolean secureListener = tlsPort != null || listeners.stream().anyMatch(l -> l.endsWith(":tls") || l.endsWith(":tls:proxy"));
        if (!anyKeyOption()) {
            if (secureListener) {
                throw new IllegalArgumentException("--tls-port and --listen ...:tls need a certificate:"
                        + " --tls-cert and --tls-key, or --keystore");
            }
            if (clientAuth != null || trustStore != null || protocols != null || cipherSuites != null) {
                throw new IllegalArgumentException("TLS options need --tls-port (or --listen HOST:PORT:tls) and a certificate");
            }
            return;
        }
        if (!secureListener) {
            throw new IllegalArgumentException("a certificate is given but no HTTPS listener: add --tls-port PORT");
        }
        TlsConfig.Builder tls = TlsConfig.builder();
        if (keyStore != null) {
            if (certificate != null || key != null) {
                throw new IllegalArgumentException("--keystore and --tls-cert/--tls-key cannot be given together");
            }
            tls.keyStore(keyStore, keyStoreType, password(keyStorePassword, "--keystore-password"));
        } else {
            if (certificate == null || key == null) {
                throw new IllegalArgumentException("--tls-cert and --tls-key go together");
            }
            tls.identity(new TlsConfig.Identity(certificate, key, null, null, password(keyPassword, "--tls-key-password"),
                    null, List.of()));
        }
        for (String sni : sniCertificates) {
            tls.identity(sniIdentity(sni));
        }
        if (protocols != null) {
            tls.protocols(protocols.toArray(String[]::new));
        }
        if (cipherSuites != null) {
            tls.cipherSuites(cipherSuites.toArray(String[]::new));
        }
        if (clientAuth != null) {
            try {
                tls.clientAuth(TlsConfig.ClientAuth.valueOf(clientAuth.toUpperCase(java.util.Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--client-auth must be none, want or need: " + clientAuth, e);
            }
        }
        if (trustStore != null) {
            tls.trustStore(trustStore, trustStoreType, password(trustStorePassword, "--truststore-password"));
        }
        if (reloadInterval != null) {
            tls.reloadInterval(reloadInterval);
        }
        b.tls(tls.build());
    }

    private static TlsConfig.Identity sniIdentity(String option) {
        int eq = option.indexOf('=');
        int comma = option.indexOf(',', eq + 1);
        if (eq <= 0 || comma < 0) {
            throw new IllegalArgumentException("--sni-cert must be HOST=CERT,KEY: " + option);
        }
        return new TlsConfig.Identity(Path.of(option.substring(eq + 1, comma)), Path.of(option.substring(comma + 1)),
                null, null, null, null, List.of(option.substring(0, eq)));
    }

    /** @return whether a {@code --listen} option marks its listener {@code :proxy} */
    boolean proxiedListeners() {
        return listeners.stream().anyMatch(l -> l.endsWith(":proxy") || l.endsWith(":proxy:tls"));
    }

    private static void addListener(ConnectorConfig.Builder b, String option) {
        String rest = option;
        boolean secure = false;
        boolean proxy = false;
        for (boolean more = true; more; ) { // the :tls and :proxy marks, in either order
            more = false;
            if (rest.endsWith(":tls") && !secure) {
                secure = more = true;
                rest = rest.substring(0, rest.length() - 4);
            } else if (rest.endsWith(":proxy") && !proxy) {
                proxy = more = true;
                rest = rest.substring(0, rest.length() - 6);
            }
        }
        Listener listener;
        if (rest.startsWith("unix:")) {
            if (rest.length() == 5) {
                throw new IllegalArgumentException("--listen unix: needs a socket path: " + option);
            }
            listener = Listener.unix(java.nio.file.Path.of(rest.substring(5)), secure);
        } else {
            int colon = rest.lastIndexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException(LISTEN_FORM + option);
            }
            String host = rest.substring(0, colon);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            try {
                listener = new Listener(host, Integer.parseInt(rest.substring(colon + 1)), secure);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(LISTEN_FORM + option, e);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--listen " + option + ": " + e.getMessage(), e);
            }
        }
        b.listener(proxy ? listener.withProxyProtocol() : listener);
    }

    private static final String LISTEN_FORM = "--listen must be HOST:PORT or unix:PATH, then :tls and/or :proxy: ";

    /** @return {@code env:NAME}, {@code file:PATH} or the text, as characters; {@code null} for none */
    static char[] password(String value, String option) {
        if (value == null) {
            return null;
        }
        if (value.startsWith("env:")) {
            String v = System.getenv(value.substring(4));
            if (v == null) {
                throw new IllegalArgumentException(option + ": the environment variable " + value.substring(4) + " is not set");
            }
            return v.toCharArray();
        }
        if (value.startsWith("file:")) {
            try {
                List<String> lines = Files.readAllLines(Path.of(value.substring(5)), StandardCharsets.UTF_8);
                return (lines.isEmpty() ? "" : lines.get(0)).toCharArray();
            } catch (IOException e) {
                throw new UncheckedIOException(option + ": cannot read " + value.substring(5) + ": " + e.getMessage(), e);
            }
        }
        return value.toCharArray();
    }
}
