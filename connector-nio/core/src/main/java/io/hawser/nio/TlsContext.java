package io.hawser.nio;

import io.hawser.api.TlsConfig;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * The TLS side of a connector: builds an {@link SSLContext} from a {@link TlsConfig} and makes the
 * server engines of its connections, and rebuilds it when the key, certificate or trust files change.
 *
 * <p>{@link #create} reads every file at once; any problem is an {@link IOException} with a
 * one-line message naming the file and what is wrong (missing, not PEM, an encrypted key without
 * its password, a key not matching its certificate, a wrong key store password, no or several
 * private-key entries). A certificate outside its validity period is logged as a warning only.
 *
 * <p>Engines ({@link #newEngine}): server mode, the configured protocols (the JDK negotiates the
 * highest both sides have: TLS 1.3 first) and cipher suites (or the JDK's defaults) in the server's
 * order of preference, client authentication as configured, SNI through {@link SniKeyManager}, and
 * ALPN (RFC 7301) choosing {@code http/1.1}: a client offering none gets no ALPN, one offering only
 * others (such as {@code h2}) a fatal {@code no_application_protocol} alert. Making an engine reads
 * one volatile field and copies a prepared {@link SSLParameters}: nothing is allocated but the engine.
 *
 * <p>Reload: {@link #reloadIfChanged()} (polled by {@link TlsReloader}) and {@link #reload()} build
 * a whole new context and swap it in; handshakes begun after the swap use it, engines made before
 * keep theirs. Thread-safe.
 */
final class TlsContext implements TlsEngines {
    /** The one application protocol offered (RFC 7301 §6, IANA ALPN id). */
    static final String HTTP_1_1 = "http/1.1";

    private static final System.Logger LOG = System.getLogger(TlsContext.class.getName());
    private static final BiFunction<SSLEngine, List<String>, String> ALPN = TlsContext::selectApplicationProtocol;

    /** What one build produced: the context and the parameters every engine of it gets. */
    private record Built(SSLContext context, SSLParameters parameters) {
    }

    /** What a file looked like when last read (a change in any part is a change of the file). */
    private record Stamp(Path file, Object fileKey, FileTime modified, long size) {
    }

    private final TlsConfig config;
    private final List<Path> files;
    private volatile Built current;
    /** The files as the last build attempt saw them, successful or not (guarded by this). */
    private List<Stamp> seen;

    private TlsContext(TlsConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        Set<Path> all = new LinkedHashSet<>();
        for (TlsConfig.Identity id : config.identities()) {
            all.addAll(id.files());
        }
        if (config.trustStore() != null) {
            all.add(config.trustStore());
        }
        files = List.copyOf(all);
    }

    /**
     * Reads every file of {@code config} and builds the context.
     *
     * @param config the TLS configuration
     * @return the context, ready to make engines
     * @throws IOException a file is missing or wrong (one line naming it), or the JDK does not
     *     offer a configured protocol or cipher suite
     */
    static TlsContext create(TlsConfig config) throws IOException {
        TlsContext tls = new TlsContext(config);
        synchronized (tls) {
            tls.seen = stamps(tls.files);
            tls.current = tls.build();
        }
        return tls;
    }

    /** @return the configuration this context was built from */
    TlsConfig config() {
        return config;
    }

    /** @return the key, certificate and trust files, each once (those {@link #reloadIfChanged()} watches) */
    List<Path> files() {
        return files;
    }

    /**
     * @param peer unused: a server engine has no use for the client's address (the JDK caches
     *     server sessions by id), and its text would cost a string per connection
     * @return a new server engine of the current context, its handshake not begun
     */
    @Override
    public SSLEngine newEngine(InetSocketAddress peer) {
        Built b = current;
        SSLEngine engine = b.context().createSSLEngine();
        engine.setUseClientMode(false);
        engine.setSSLParameters(b.parameters());
        engine.setHandshakeApplicationProtocolSelector(ALPN);
        return engine;
    }

    /**
     * Rebuilds the context if any file's modification time, size or identity (a replacement by
     * rename) changed since the last attempt. A failed rebuild logs one WARNING line naming the file
     * and keeps the current context; it is not retried until a file changes again. Never throws.
     *
     * @return whether a new context is now in use
     */
    synchronized boolean reloadIfChanged() {
        List<Stamp> now = stamps(files);
        if (now.equals(seen)) {
            return false;
        }
        List<Path> changed = new ArrayList<>();
        for (int i = 0; i < now.size(); i++) {
            if (!now.get(i).equals(seen.get(i))) {
                changed.add(files.get(i));
            }
        }
        seen = now;
        try {
            current = build();
            LOG.log(Level.INFO, "TLS keys and certificates reloaded (changed: " + changed + ")");
            return true;
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "TLS reload failed, the previous keys and certificates stay in use: "
                    + (e instanceof IOException ? e.getMessage() : e.toString()));
            return false;
        }
    }

    /**
     * Rebuilds the context from the files now (the connector's API path), whether they changed or not.
     *
     * @throws IOException as {@link #create}; the current context then stays in use
     */
    synchronized void reload() throws IOException {
        List<Stamp> now = stamps(files);
        current = build();
        seen = now;
    }

    /** Reads the files, builds a context and the engine parameters, and checks them on a trial engine. */
    private Built build() throws IOException {
        List<String> warnings = new ArrayList<>();
        List<TlsKeys.Loaded> identities = new ArrayList<>();
        for (TlsConfig.Identity id : config.identities()) {
            identities.add(TlsKeys.load(id, warnings));
        }
        KeyStore trust = TlsKeys.trustStore(config);
        if (trust != null && config.clientAuth() == TlsConfig.ClientAuth.NONE) {
            warnings.add("TLS trust store " + config.trustStore() + " is unused: clientAuth is NONE (set WANT or NEED)");
        }
        SSLContext context;
        try {
            TrustManager[] trustManagers = null;
            if (trust != null) {
                TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(trust);
                trustManagers = tmf.getTrustManagers();
            }
            context = SSLContext.getInstance("TLS");
            context.init(new KeyManager[] {new SniKeyManager(identities)}, trustManagers, null);
        } catch (GeneralSecurityException e) {
            throw new IOException("TLS context cannot be built (" + TlsFiles.reason(e) + ")", e);
        }
        SSLParameters parameters = parameters(context);
        for (String w : warnings) {
            LOG.log(Level.WARNING, w);
        }
        return new Built(context, parameters);
    }

    /** @return the engine parameters from the configuration, validated by applying them to a trial engine */
    private SSLParameters parameters(SSLContext context) throws IOException {
        SSLEngine trial = context.createSSLEngine();
        trial.setUseClientMode(false);
        SSLParameters p = trial.getSSLParameters();
        p.setProtocols(config.protocols().toArray(String[]::new));
        if (!config.cipherSuites().isEmpty()) {
            List<String> supported = List.of(trial.getSupportedCipherSuites());
            for (String suite : config.cipherSuites()) {
                if (!supported.contains(suite)) {
                    throw new IOException("TLS cipher suite " + suite + " is not supported by this JDK");
                }
            }
            checkSuitesCover(config.protocols(), config.cipherSuites());
            p.setCipherSuites(config.cipherSuites().toArray(String[]::new));
        }
        p.setUseCipherSuitesOrder(true);
        p.setNeedClientAuth(config.clientAuth() == TlsConfig.ClientAuth.NEED);
        if (config.clientAuth() == TlsConfig.ClientAuth.WANT) {
            p.setWantClientAuth(true);
        }
        try {
            trial.setSSLParameters(p);
        } catch (IllegalArgumentException e) {
            throw new IOException("TLS protocols " + config.protocols() + " or cipher suites " + config.cipherSuites()
                    + " not supported by this JDK (" + TlsFiles.reason(e) + ")");
        }
        return p;
    }

    /** Refuses suites leaving a configured protocol without any (TLS 1.3 suites have no {@code _WITH_}, RFC 8446 §B.4). */
    private static void checkSuitesCover(List<String> protocols, List<String> suites) throws IOException {
        for (String protocol : protocols) {
            boolean tls13 = protocol.equals("TLSv1.3");
            boolean any = false;
            for (String s : suites) {
                any |= !s.endsWith("_SCSV") && s.contains("_WITH_") != tls13;
            }
            if (!any) {
                throw new IOException("TLS cipher suites " + suites + " include none for " + protocol
                        + ": add one or remove " + protocol + " from the protocols");
            }
        }
    }

    /** ALPN (RFC 7301 §3.2): {@code http/1.1} when offered; none offered: none; only others: {@code null} → alert. */
    private static String selectApplicationProtocol(SSLEngine engine, List<String> offered) {
        if (offered.isEmpty()) {
            return "";
        }
        return offered.contains(HTTP_1_1) ? HTTP_1_1 : null;
    }

    private static List<Stamp> stamps(List<Path> files) {
        List<Stamp> stamps = new ArrayList<>(files.size());
        for (Path f : files) {
            try {
                BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
                stamps.add(new Stamp(f, a.fileKey(), a.lastModifiedTime(), a.size()));
            } catch (IOException e) {
                stamps.add(new Stamp(f, null, null, -1));
            }
        }
        return stamps;
    }
}
