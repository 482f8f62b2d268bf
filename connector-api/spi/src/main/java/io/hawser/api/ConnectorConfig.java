package io.hawser.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The connector's configuration: one immutable, validated value. Build it with {@link #builder()};
 * every field has a documented default and unit. {@code docs/configuration.md} lists them beside
 * the equivalent Tomcat and Jetty settings.
 */
public final class ConnectorConfig {
    private final String host;
    private final int port;
    private final int selectorLoops;
    private final int workerThreads;
    private final boolean virtualThreads;
    private final int acceptBacklog;
    private final int maxRequestLineLength;
    private final int maxFieldSectionSize;
    private final int maxFieldCount;
    private final long maxRequestBodySize;
    private final int maxChunkExtensionLength;
    private final int maxTrailerSectionSize;
    private final long maxUnreadBodyDrain;
    private final int responseBufferSize;
    private final Set<ComplianceViolation> allowed;
    private final ComplianceListener complianceListener;
    private final Duration headersTimeout;
    private final Duration requestTimeout;
    private final Duration keepAliveTimeout;
    private final Duration writeTimeout;
    private final int maxConnections;
    private final int maxRequestsPerConnection;
    private final TlsConfig tls;
    private final int tlsPort;
    private final Duration tlsHandshakeTimeout;
    private final ProxyProtocol proxyProtocol;
    private final Duration drainDelay;
    private final Duration upgradedIdleTimeout;
    private final List<Listener> extraListeners;
    private final List<Listener> listeners;

    private ConnectorConfig(Builder b) {
        host = b.host;
        port = b.port;
        selectorLoops = b.selectorLoops;
        workerThreads = b.workerThreads;
        virtualThreads = b.virtualThreads;
        acceptBacklog = b.acceptBacklog;
        maxRequestLineLength = b.maxRequestLineLength;
        maxFieldSectionSize = b.maxFieldSectionSize;
        maxFieldCount = b.maxFieldCount;
        maxRequestBodySize = b.maxRequestBodySize;
        maxChunkExtensionLength = b.maxChunkExtensionLength;
        maxTrailerSectionSize = b.maxTrailerSectionSize;
        maxUnreadBodyDrain = b.maxUnreadBodyDrain;
        responseBufferSize = b.responseBufferSize;
        allowed = b.allowed.isEmpty()
                ? Set.of() : Set.copyOf(EnumSet.copyOf(b.allowed));
        complianceListener = b.complianceListener;
        headersTimeout = b.headersTimeout;
        requestTimeout = b.requestTimeout;
        keepAliveTimeout = b.keepAliveTimeout;
        writeTimeout = b.writeTimeout;
        maxConnections = b.maxConnections;
        maxRequestsPerConnection = b.maxRequestsPerConnection;
        tls = b.tls;
        tlsPort = b.tlsPort;
        tlsHandshakeTimeout = b.tlsHandshakeTimeout;
        proxyProtocol = b.proxyProtocol;
        drainDelay = b.drainDelay;
        upgradedIdleTimeout = b.upgradedIdleTimeout;
        extraListeners = List.copyOf(b.extraListeners);
        List<Listener> all = new ArrayList<>();
        if (port >= 0) {
            all.add(new Listener(host, port, false));
        }
        if (tlsPort >= 0) {
            all.add(new Listener(host, tlsPort, true));
        }
        all.addAll(extraListeners);
        listeners = List.copyOf(all);
    }

    /**
     * @return a builder holding every default
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @return a configuration with every default
     */
    public static ConnectorConfig defaults() {
        return builder().build();
    }

    /**
     * @return a builder starting from this configuration's values
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.host = host;
        b.port = port;
        b.selectorLoops = selectorLoops;
        b.workerThreads = workerThreads;
        b.virtualThreads = virtualThreads;
        b.acceptBacklog = acceptBacklog;
        b.maxRequestLineLength = maxRequestLineLength;
        b.maxFieldSectionSize = maxFieldSectionSize;
        b.maxFieldCount = maxFieldCount;
        b.maxRequestBodySize = maxRequestBodySize;
        b.maxChunkExtensionLength = maxChunkExtensionLength;
        b.maxTrailerSectionSize = maxTrailerSectionSize;
        b.maxUnreadBodyDrain = maxUnreadBodyDrain;
        b.responseBufferSize = responseBufferSize;
        b.allowed = allowed.isEmpty() ? EnumSet.noneOf(ComplianceViolation.class) : EnumSet.copyOf(allowed);
        b.complianceListener = complianceListener;
        b.headersTimeout = headersTimeout;
        b.requestTimeout = requestTimeout;
        b.keepAliveTimeout = keepAliveTimeout;
        b.writeTimeout = writeTimeout;
        b.maxConnections = maxConnections;
        b.maxRequestsPerConnection = maxRequestsPerConnection;
        b.tls = tls;
        b.tlsPort = tlsPort;
        b.tlsHandshakeTimeout = tlsHandshakeTimeout;
        b.proxyProtocol = proxyProtocol;
        b.drainDelay = drainDelay;
        b.upgradedIdleTimeout = upgradedIdleTimeout;
        b.extraListeners.addAll(extraListeners);
        return b;
    }

    /** @return the address to bind; default {@code 0.0.0.0} (all interfaces, as Tomcat and Jetty) */
    public String host() {
        return host;
    }

    /**
     * @return the cleartext listener's TCP port; default 8080; 0 picks a free port
     *     ({@link Connector#port()} tells it); -1: no cleartext listener on {@link #host()}
     */
    public int port() {
        return port;
    }

    /** @return number of selector loops; default the number of available processors */
    public int selectorLoops() {
        return selectorLoops;
    }

    /**
     * @return the most platform worker threads, which take requests first (each reused, parked
     *     while idle, ended after 60 s idle); 0: every request on a virtual thread; default 200,
     *     as Tomcat's {@code maxThreads}
     */
    public int workerThreads() {
        return workerThreads;
    }

    /**
     * @return whether, when all {@link #workerThreads()} are busy, requests run on virtual threads
     *     (Java 21+; unbounded, so blocking handlers never wait for a thread) rather than wait for
     *     a platform worker; default {@code true}
     */
    public boolean virtualThreads() {
        return virtualThreads;
    }

    /** @return listen backlog in connections; default 1024 */
    public int acceptBacklog() {
        return acceptBacklog;
    }

    /**
     * @return maximum request-line length in bytes, CRLF excluded; longer → 414 (RFC 9112 §3).
     *     Default 8192 (RFC 9112 §3 recommends at least 8000)
     */
    public int maxRequestLineLength() {
        return maxRequestLineLength;
    }

    /**
     * @return maximum field section size in bytes (all field lines with their CRLFs); larger → 431
     *     (RFC 6585 §5). Default 8192, as Tomcat's and Jetty's header size
     */
    public int maxFieldSectionSize() {
        return maxFieldSectionSize;
    }

    /** @return maximum number of field lines; more → 431. Default 100, as Tomcat's {@code maxHeaderCount} */
    public int maxFieldCount() {
        return maxFieldCount;
    }

    /**
     * @return maximum request content in bytes (after chunked decoding); more → 413
     *     (RFC 9110 §15.5.14). Default -1, no limit (as Tomcat and Jetty)
     */
    public long maxRequestBodySize() {
        return maxRequestBodySize;
    }

    /**
     * @return maximum length in bytes of one chunk line's chunk extensions; longer → 400
     *     (RFC 9112 §7.1.1 asks servers to bound them). Default 1024
     */
    public int maxChunkExtensionLength() {
        return maxChunkExtensionLength;
    }

    /** @return maximum trailer section size in bytes; larger → 431. Default 8192 */
    public int maxTrailerSectionSize() {
        return maxTrailerSectionSize;
    }

    /**
     * @return how many bytes of a request body the handler left unread are read and discarded to
     *     keep the connection; beyond this the connection is closed instead. Default 2 MiB, as
     *     Tomcat's {@code maxSwallowSize}
     */
    public long maxUnreadBodyDrain() {
        return maxUnreadBodyDrain;
    }

    /**
     * @return default response buffer size in bytes (Servlet 6.1 §5.1, {@code getBufferSize}): the
     *     body bytes held before the response is committed, and after commit the bytes gathered into
     *     one write. Default 32768, Jetty's {@code outputBufferSize}: a servlet's 16 KiB writes go out
     *     two per write instead of one (Tomcat's 8 KiB)
     */
    public int responseBufferSize() {
        return responseBufferSize;
    }


    /** @return the violations tolerated; default none (strict) */
    public Set<ComplianceViolation> allowed() {
        return allowed;
    }

    /** @return told of every violation; default {@link ComplianceListener#NONE} */
    public ComplianceListener complianceListener() {
        return complianceListener;
    }

    /**
     * @return time from accept, or from the first byte of a request, to the end of its field
     *     section; then 408 and close. Default 20 s (Node's {@code headersTimeout} 60 s, Tomcat's
     *     {@code connectionTimeout} 60 s, Jetty's {@code idleTimeout} 30 s)
     */
    public Duration headersTimeout() {
        return headersTimeout;
    }

    /**
     * @return time from the first byte of a request to the end of its body; then 408 when nothing
     *     is committed, and close. Default 300 s (Node's {@code requestTimeout} 300 s; Tomcat and
     *     Jetty bound each read by their idle timeouts instead)
     */
    public Duration requestTimeout() {
        return requestTimeout;
    }

    /**
     * @return idle time allowed between requests on a persistent connection; then a quiet close.
     *     Default 65 s, longer than common load balancers' 60 s (Node 5 s, Tomcat
     *     {@code keepAliveTimeout} = connectionTimeout 60 s, Jetty {@code idleTimeout} 30 s)
     */
    public Duration keepAliveTimeout() {
        return keepAliveTimeout;
    }

    /**
     * @return time a response write may make no progress; then the connection is aborted.
     *     Default 30 s (Jetty's {@code idleTimeout} 30 s; Tomcat's {@code connectionTimeout})
     */
    public Duration writeTimeout() {
        return writeTimeout;
    }

    /**
     * @return open connections at which the connector stops accepting until one closes; default
     *     10000 (Tomcat's {@code maxConnections} is 8192)
     */
    public int maxConnections() {
        return maxConnections;
    }

    /**
     * @return requests served on one connection before it is closed (the last response carries
     *     {@code Connection: close}); -1 for no limit, the default (Tomcat's
     *     {@code maxKeepAliveRequests} is 100, Jetty has none)
     */
    public int maxRequestsPerConnection() {
        return maxRequestsPerConnection;
    }

    /** @return TLS for the secure listeners, or {@code null} (the default): cleartext only */
    public TlsConfig tls() {
        return tls;
    }

    /**
     * @return the TLS listener's port on {@link #host()} (Tomcat's SSL connector {@code port},
     *     Jetty's {@code jetty.ssl.port}); -1 (the default): none; 0 picks a free port
     *     ({@link Connector#tlsPort()} tells it)
     */
    public int tlsPort() {
        return tlsPort;
    }

    /**
     * @return time from accept to a completed TLS handshake; then a quiet close. Default 10 s
     *     (Node's {@code handshakeTimeout} 120 s; Tomcat bounds it by {@code connectionTimeout},
     *     Jetty by {@code idleTimeout})
     */
    public Duration tlsHandshakeTimeout() {
        return tlsHandshakeTimeout;
    }

    /**
     * @return the PROXY protocol every listener expects before anything else, or {@code null} (the
     *     default): none (Tomcat has none; Jetty's {@code ProxyConnectionFactory}, HAProxy's
     *     {@code send-proxy}/{@code send-proxy-v2}, nginx's {@code proxy_protocol on})
     */
    public ProxyProtocol proxyProtocol() {
        return proxyProtocol;
    }

    /**
     * @return how long a graceful {@link Connector#stop} keeps serving, and accepting, after
     *     {@link Connector#readiness()} turned {@link Connector.Readiness#DRAINING}, so load
     *     balancers polling readiness stop sending first; then the listeners close and the drain
     *     begins. Default 0 (Spring Boot's readiness-before-shutdown; Kubernetes' {@code preStop} sleep)
     */
    public Duration drainDelay() {
        return drainDelay;
    }

    /**
     * @return time an upgraded connection ({@link HttpExchange#upgrade}, e.g. a WebSocket) may go
     *     with no byte read nor written; then a quiet close (its {@link UpgradeHandler} is told).
     *     Default 5 min (Tomcat bounds it by the WebSocket session's idle timeout, Jetty by
     *     {@code idleTimeout} 30 s)
     */
    public Duration upgradedIdleTimeout() {
        return upgradedIdleTimeout;
    }

    /**
     * @return every listener, in order: cleartext on {@link #host()}:{@link #port()} (unless -1),
     *     TLS on {@link #host()}:{@link #tlsPort()} (unless -1), then those added with
     *     {@link Builder#listener}; never empty
     */
    public List<Listener> listeners() {
        return listeners;
    }

    /**
     * @param listener one of {@link #listeners()}
     * @return the PROXY protocol {@code listener} expects, or {@code null} for none: the
     *     {@link #proxyProtocol()} for a listener marked {@link Listener#proxyProtocol()}, or for every
     *     listener when none is marked
     */
    public ProxyProtocol proxyProtocol(Listener listener) {
        if (proxyProtocol == null) {
            return null;
        }
        boolean marked = listeners.stream().anyMatch(Listener::proxyProtocol);
        return !marked || listener.proxyProtocol() ? proxyProtocol : null;
    }

    /** Builds a {@link ConnectorConfig}; every setter validates its argument at once. */
    public static final class Builder {
        private String host = "0.0.0.0";
        private int port = 8080;
        private int selectorLoops = Math.max(1, Runtime.getRuntime().availableProcessors());
        private int workerThreads = 200;
        private boolean virtualThreads = true;
        private int acceptBacklog = 1024;
        private int maxRequestLineLength = 8192;
        private int maxFieldSectionSize = 8192;
        private int maxFieldCount = 100;
        private long maxRequestBodySize = -1;
        private int maxChunkExtensionLength = 1024;
        private int maxTrailerSectionSize = 8192;
        private long maxUnreadBodyDrain = 2L * 1024 * 1024;
        private int responseBufferSize = 32 * 1024;
        private EnumSet<ComplianceViolation> allowed = EnumSet.noneOf(ComplianceViolation.class);
        private ComplianceListener complianceListener = ComplianceListener.NONE;
        private Duration headersTimeout = Duration.ofSeconds(20);
        private Duration requestTimeout = Duration.ofSeconds(300);
        private Duration keepAliveTimeout = Duration.ofSeconds(65);
        private Duration writeTimeout = Duration.ofSeconds(30);
        private int maxConnections = 10_000;
        private int maxRequestsPerConnection = -1;
        private TlsConfig tls;
        private int tlsPort = -1;
        private Duration tlsHandshakeTimeout = Duration.ofSeconds(10);
        private ProxyProtocol proxyProtocol;
        private Duration drainDelay = Duration.ZERO;
        private Duration upgradedIdleTimeout = Duration.ofMinutes(5);
        private final List<Listener> extraListeners = new ArrayList<>();

        private Builder() {
        }

        /** @param host address or name to bind; @return this */
        public Builder host(String host) {
            this.host = Objects.requireNonNull(host, "host");
            return this;
        }

        /** @param port 0–65535, or -1 for no cleartext listener on the host; @return this @throws IllegalArgumentException out of range */
        public Builder port(int port) {
            this.port = check(port, -1, 65535, "port");
            return this;
        }

        /** @param loops at least 1; @return this @throws IllegalArgumentException below 1 */
        public Builder selectorLoops(int loops) {
            this.selectorLoops = check(loops, 1, 1024, "selectorLoops");
            return this;
        }

        /**
         * @param threads platform workers, 0–100,000; 0 runs every request on a virtual thread
         *     (needs {@link #virtualThreads(boolean) virtualThreads} and Java 21+, checked at start)
         * @return this
         * @throws IllegalArgumentException outside 0–100,000
         */
        public Builder workerThreads(int threads) {
            this.workerThreads = check(threads, 0, 100_000, "workerThreads");
            return this;
        }

        /** @param use whether to use virtual threads on Java 21+; @return this */
        public Builder virtualThreads(boolean use) {
            this.virtualThreads = use;
            return this;
        }

        /** @param backlog at least 1; @return this @throws IllegalArgumentException below 1 */
        public Builder acceptBacklog(int backlog) {
            this.acceptBacklog = check(backlog, 1, 1 << 20, "acceptBacklog");
            return this;
        }

        /** @param bytes 64 to 1 MiB; @return this @throws IllegalArgumentException out of range */
        public Builder maxRequestLineLength(int bytes) {
            this.maxRequestLineLength = check(bytes, 64, 1 << 20, "maxRequestLineLength");
            return this;
        }

        /** @param bytes 256 to 1 MiB; @return this @throws IllegalArgumentException out of range */
        public Builder maxFieldSectionSize(int bytes) {
            this.maxFieldSectionSize = check(bytes, 256, 1 << 20, "maxFieldSectionSize");
            return this;
        }

        /** @param count 1 to 10000; @return this @throws IllegalArgumentException out of range */
        public Builder maxFieldCount(int count) {
            this.maxFieldCount = check(count, 1, 10_000, "maxFieldCount");
            return this;
        }

        /** @param bytes -1 for no limit, else at least 0; @return this @throws IllegalArgumentException below -1 */
        public Builder maxRequestBodySize(long bytes) {
            if (bytes < -1) {
                throw new IllegalArgumentException("maxRequestBodySize must be -1 or >= 0: " + bytes);
            }
            this.maxRequestBodySize = bytes;
            return this;
        }

        /** @param bytes 0 to 1 MiB; @return this @throws IllegalArgumentException out of range */
        public Builder maxChunkExtensionLength(int bytes) {
            this.maxChunkExtensionLength = check(bytes, 0, 1 << 20, "maxChunkExtensionLength");
            return this;
        }

        /** @param bytes 0 to 1 MiB; @return this @throws IllegalArgumentException out of range */
        public Builder maxTrailerSectionSize(int bytes) {
            this.maxTrailerSectionSize = check(bytes, 0, 1 << 20, "maxTrailerSectionSize");
            return this;
        }

        /** @param bytes at least 0; @return this @throws IllegalArgumentException below 0 */
        public Builder maxUnreadBodyDrain(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("maxUnreadBodyDrain must be >= 0: " + bytes);
            }
            this.maxUnreadBodyDrain = bytes;
            return this;
        }

        /** @param bytes 0 to 16 MiB; @return this @throws IllegalArgumentException out of range */
        public Builder responseBufferSize(int bytes) {
            this.responseBufferSize = check(bytes, 0, 16 << 20, "responseBufferSize");
            return this;
        }


        /** @param violations leniencies to tolerate (replacing any set before); @return this */
        public Builder allow(ComplianceViolation... violations) {
            EnumSet<ComplianceViolation> set = EnumSet.noneOf(ComplianceViolation.class);
            for (ComplianceViolation v : violations) {
                set.add(Objects.requireNonNull(v));
            }
            this.allowed = set;
            return this;
        }

        /** @param listener told of every violation; @return this */
        public Builder complianceListener(ComplianceListener listener) {
            this.complianceListener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** @param timeout positive; @return this @throws IllegalArgumentException if not positive */
        public Builder headersTimeout(Duration timeout) {
            this.headersTimeout = positive(timeout, "headersTimeout");
            return this;
        }

        /** @param timeout positive; @return this @throws IllegalArgumentException if not positive */
        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = positive(timeout, "requestTimeout");
            return this;
        }

        /** @param timeout positive; @return this @throws IllegalArgumentException if not positive */
        public Builder keepAliveTimeout(Duration timeout) {
            this.keepAliveTimeout = positive(timeout, "keepAliveTimeout");
            return this;
        }

        /** @param timeout positive; @return this @throws IllegalArgumentException if not positive */
        public Builder writeTimeout(Duration timeout) {
            this.writeTimeout = positive(timeout, "writeTimeout");
            return this;
        }

        /** @param connections 1 to 10,000,000; @return this @throws IllegalArgumentException out of range */
        public Builder maxConnections(int connections) {
            this.maxConnections = check(connections, 1, 10_000_000, "maxConnections");
            return this;
        }

        /** @param requests -1 (no limit) or at least 1; @return this @throws IllegalArgumentException otherwise */
        public Builder maxRequestsPerConnection(int requests) {
            if (requests != -1 && requests < 1) {
                throw new IllegalArgumentException("maxRequestsPerConnection must be -1 or >= 1: " + requests);
            }
            this.maxRequestsPerConnection = requests;
            return this;
        }

        /** @param tls TLS for the secure listeners, or {@code null}; @return this */
        public Builder tls(TlsConfig tls) {
            this.tls = tls;
            return this;
        }

        /** @param port 0–65535, or -1 for none; @return this @throws IllegalArgumentException out of range */
        public Builder tlsPort(int port) {
            this.tlsPort = check(port, -1, 65535, "tlsPort");
            return this;
        }

        /** @param timeout positive; @return this @throws IllegalArgumentException if not positive */
        public Builder tlsHandshakeTimeout(Duration timeout) {
            this.tlsHandshakeTimeout = positive(timeout, "tlsHandshakeTimeout");
            return this;
        }

        /**
         * @param proxyProtocol the PROXY protocol (v1 and v2) the listeners expect from their
         *     trusted peers — every listener, or only those marked {@link Listener#proxyProtocol()}
         *     when some are — or {@code null} for none; see {@link ProxyProtocol}
         * @return this
         */
        public Builder proxyProtocol(ProxyProtocol proxyProtocol) {
            this.proxyProtocol = proxyProtocol;
            return this;
        }

        /**
         * @param timeout idle time of an upgraded connection, positive; @return this
         * @throws IllegalArgumentException when not positive
         */
        public Builder upgradedIdleTimeout(Duration timeout) {
            this.upgradedIdleTimeout = positive(timeout, "upgradedIdleTimeout");
            return this;
        }

        /**
         * Adds a listener after the cleartext and TLS ones on {@link #host}.
         *
         * @param host address to bind
         * @param port 0–65535
         * @param secure whether it speaks TLS (needs {@link #tls})
         * @return this
         */
        public Builder listener(String host, int port, boolean secure) {
            extraListeners.add(new Listener(host, port, secure));
            return this;
        }

        /**
         * Adds a listener after the cleartext and TLS ones on {@link #host}: TCP or Unix domain,
         * cleartext or TLS, with or without its own PROXY protocol mark.
         *
         * @param listener the listener
         * @return this
         */
        public Builder listener(Listener listener) {
            extraListeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /**
         * @param delay zero or positive: how long a graceful stop serves on after readiness turns
         *     to draining ({@link ConnectorConfig#drainDelay()})
         * @return this
         * @throws IllegalArgumentException if negative
         */
        public Builder drainDelay(Duration delay) {
            Objects.requireNonNull(delay, "drainDelay");
            if (delay.isNegative()) {
                throw new IllegalArgumentException("drainDelay must not be negative: " + delay);
            }
            this.drainDelay = delay;
            return this;
        }

        /**
         * Adds a Unix domain socket listener (for a proxy on the same host: nginx, Envoy), after
         * the cleartext and TLS ones; the same parser, lists and limits as a TCP listener.
         *
         * @param socket the socket file ({@link Listener#unix})
         * @param secure whether it speaks TLS (needs {@link #tls})
         * @return this
         */
        public Builder unixListener(java.nio.file.Path socket, boolean secure) {
            extraListeners.add(Listener.unix(socket, secure));
            return this;
        }

        /**
         * @return the immutable configuration
         * @throws IllegalStateException when no listener is left, a TLS listener has no {@link #tls},
         *     or a listener marked {@link Listener#proxyProtocol()} has no {@link #proxyProtocol}
         */
        public ConnectorConfig build() {
            if (proxyProtocol == null && extraListeners.stream().anyMatch(Listener::proxyProtocol)) {
                throw new IllegalStateException("a listener expecting the PROXY protocol needs proxyProtocol"
                        + " (its trusted sources)");
            }
            boolean secure = tlsPort >= 0 || extraListeners.stream().anyMatch(Listener::secure);
            if (secure && tls == null) {
                throw new IllegalStateException("a TLS listener needs tls (a certificate and key, or a key store)");
            }
            if (port < 0 && tlsPort < 0 && extraListeners.isEmpty()) {
                throw new IllegalStateException("no listener: port and tlsPort are both -1");
            }
            return new ConnectorConfig(this);
        }

        private static Duration positive(Duration d, String name) {
            Objects.requireNonNull(d, name);
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(name + " must be positive: " + d);
            }
            return d;
        }

        private static int check(int value, int min, int max, String name) {
            if (value < min || value > max) {
                throw new IllegalArgumentException(name + " must be in " + min + ".." + max + ": " + value);
            }
            return value;
        }
    }
}
