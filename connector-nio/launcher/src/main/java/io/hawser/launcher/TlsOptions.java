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

/**
 * HTTPS: one option per {@link TlsConfig} field and the TLS fields of {@link ConnectorConfig}
 * ({@code --tls-port}, {@code --tls-handshake-timeout}, {@code --listen}). Passwords are given as
 * {@code env:NAME} (an environment variable), {@code file:PATH} (the file's first line) or the
 * text itself, which other users of the machine may see in the process list.
 */
final class TlsOptions {
    /** The options below, in the order --help lists them. */
    final Options options = new Options();

    final Opt<Integer> tlsPort = options.add(Opt.of(Integer.class, "--tls-port", "PORT",
            "HTTPS port on --host (needs --tls-cert/--tls-key or --keystore); 0 picks a free one"));

    final Opt<Path> certificate = options.add(Opt.of(Path.class, "--tls-cert", "FILE",
            "PEM certificate chain, leaf first (with --tls-key)"));

    final Opt<Path> key = options.add(Opt.of(Path.class, "--tls-key", "FILE",
            "PEM PKCS#8 private key of --tls-cert (BEGIN PRIVATE KEY; or ENCRYPTED with --tls-key-password)"));

    final Opt<String> keyPassword = options.add(Opt.of(String.class, "--tls-key-password", "PASSWORD",
            "of an encrypted --tls-key: env:NAME, file:PATH or the text"));

    final Opt<Path> keyStore = options.add(Opt.of(Path.class, "--keystore", "FILE",
            "PKCS#12 or JKS key store instead of --tls-cert/--tls-key"));

    final Opt<String> keyStoreType = options.add(Opt.of(String.class, "--keystore-type", "PKCS12|JKS",
            "default: from the file name (.jks: JKS)"));

    final Opt<String> keyStorePassword = options.add(Opt.of(String.class, "--keystore-password", "PASSWORD",
            "env:NAME, file:PATH or the text"));

    final Opt<List<String>> sniCertificates = options.add(Opt.repeatable("--sni-cert", "HOST=CERT,KEY",
            "another certificate, for SNI host names HOST (comma-free; *.example.com wildcards;"
                    + " repeatable); the first certificate is the default"));

    final Opt<List<String>> protocols = options.add(Opt.list(String.class, "--tls-protocols", "LIST",
            "TLSv1.3 and/or TLSv1.2 (default: both, 1.3 preferred)"));

    final Opt<List<String>> cipherSuites = options.add(Opt.list(String.class, "--tls-ciphers", "LIST",
            "JSSE cipher suite names (default: the JDK's)"));

    final Opt<String> clientAuth = options.add(Opt.of(String.class, "--client-auth", "none|want|need",
            "ask for client certificates (default none)"));

    final Opt<Path> trustStore = options.add(Opt.of(Path.class, "--truststore", "FILE",
            "CA certificates for client certificates: PEM, PKCS#12 or JKS (default: the JDK's cacerts)"));

    final Opt<String> trustStoreType = options.add(Opt.of(String.class, "--truststore-type", "PEM|PKCS12|JKS",
            "default: from the file name"));

    final Opt<String> trustStorePassword = options.add(Opt.of(String.class, "--truststore-password", "PASSWORD",
            "env:NAME, file:PATH or the text"));

    final Opt<Duration> reloadInterval = options.add(Opt.of(Duration.class, "--tls-reload-interval", "DURATION",
            "how often key and certificate files are checked for a change (default 1s; 0: never)")
            .converter(new DurationConverter()));

    final Opt<Duration> handshakeTimeout = options.add(Opt.of(Duration.class, "--tls-handshake-timeout", "DURATION",
            "accept → TLS handshake done, else a quiet close (default 10s)").converter(new DurationConverter()));

    final Opt<List<String>> listeners = options.add(Opt.repeatable("--listen", "HOST:PORT[:tls][:proxy]|unix:PATH[:tls][:proxy]",
            "another listener (repeatable), e.g. 127.0.0.1:9090, [::1]:9443:tls, or a Unix domain"
                    + " socket unix:/run/hawser/http.sock (for nginx or Envoy on the same host; removed at stop);"
                    + " :proxy: this listener alone expects a PROXY protocol header (needs --proxy-protocol-trusted)"));

    /** @return whether any TLS option was given */
    private boolean anyKeyOption() {
        return certificate.value() != null || key.value() != null || keyStore.value() != null
                || !sniCertificates.value().isEmpty();
    }

    /**
     * Adds the TLS settings to {@code b}.
     *
     * @throws IllegalArgumentException naming the option at fault
     */
    void applyTo(ConnectorConfig.Builder b) {
        for (String l : listeners.value()) {
            addListener(b, l);
        }
        if (tlsPort.value() != null) {
            b.tlsPort(tlsPort.value());
        }
        if (handshakeTimeout.value() != null) {
            b.tlsHandshakeTimeout(handshakeTimeout.value());
        }
        boolean secureListener = tlsPort.value() != null
                || listeners.value().stream().anyMatch(l -> l.endsWith(":tls") || l.endsWith(":tls:proxy"));
        if (!anyKeyOption()) {
            if (secureListener) {
                throw new IllegalArgumentException("--tls-port and --listen ...:tls need a certificate:"
                        + " --tls-cert and --tls-key, or --keystore");
            }
            if (clientAuth.value() != null || trustStore.value() != null || protocols.value() != null
                    || cipherSuites.value() != null) {
                throw new IllegalArgumentException("TLS options need --tls-port (or --listen HOST:PORT:tls) and a certificate");
            }
            return;
        }
        if (!secureListener) {
            throw new IllegalArgumentException("a certificate is given but no HTTPS listener: add --tls-port PORT");
        }
        TlsConfig.Builder tls = TlsConfig.builder();
        if (keyStore.value() != null) {
            if (certificate.value() != null || key.value() != null) {
                throw new IllegalArgumentException("--keystore and --tls-cert/--tls-key cannot be given together");
            }
            tls.keyStore(keyStore.value(), keyStoreType.value(), password(keyStorePassword.value(), "--keystore-password"));
        } else {
            if (certificate.value() == null || key.value() == null) {
                throw new IllegalArgumentException("--tls-cert and --tls-key go together");
            }
            tls.identity(new TlsConfig.Identity(certificate.value(), key.value(), null, null,
                    password(keyPassword.value(), "--tls-key-password"),
                    null, List.of()));
        }
        for (String sni : sniCertificates.value()) {
            tls.identity(sniIdentity(sni));
        }
        if (protocols.value() != null) {
            tls.protocols(protocols.value().toArray(String[]::new));
        }
        if (cipherSuites.value() != null) {
            tls.cipherSuites(cipherSuites.value().toArray(String[]::new));
        }
        if (clientAuth.value() != null) {
            try {
                tls.clientAuth(TlsConfig.ClientAuth.valueOf(clientAuth.value().toUpperCase(java.util.Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--client-auth must be none, want or need: " + clientAuth.value(), e);
            }
        }
        if (trustStore.value() != null) {
            tls.trustStore(trustStore.value(), trustStoreType.value(),
                    password(trustStorePassword.value(), "--truststore-password"));
        }
        if (reloadInterval.value() != null) {
            tls.reloadInterval(reloadInterval.value());
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
        return listeners.value().stream().anyMatch(l -> l.endsWith(":proxy") || l.endsWith(":proxy:tls"));
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
