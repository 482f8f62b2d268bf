package io.hawser.launcher;

import io.hawser.api.ComplianceListener;
import io.hawser.api.ComplianceViolation;
import io.hawser.api.ConnectorConfig;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * One command-line option per {@link ConnectorConfig} field, named after it in kebab-case
 * ({@code maxConnections} → {@code --max-connections}). An option left out keeps the field's
 * default, except {@code --host}, which defaults to {@code 127.0.0.1} here (the connector's own
 * default is every interface). Durations are written {@code 500ms}, {@code 20s}, {@code 5m}; sizes
 * in bytes, with an optional {@code k}, {@code m} or {@code g}.
 */
final class ConnectorOptions {
    @Option(names = "--host", paramLabel = "ADDRESS", description = "address to bind (default: ${DEFAULT-VALUE})")
    String host = "127.0.0.1";

    @Option(names = "--port", paramLabel = "PORT", description = "cleartext HTTP port; 0 picks a free one; -1: none (with --tls-port) (default: ${DEFAULT-VALUE})")
    int port = 8080;

    @Option(names = "--selector-loops", paramLabel = "N", description = "selector loops (default: the number of cores)")
    Integer selectorLoops;

    @Option(names = "--worker-threads", paramLabel = "N",
            description = "platform worker threads, taken first; 0: every request on a virtual thread (default 200)")
    Integer workerThreads;

    @Option(names = "--virtual-threads", paramLabel = "true|false", arity = "1",
            description = "when all worker threads are busy, run requests on virtual threads (Java 21+) instead of waiting (default true)")
    Boolean virtualThreads;

    @Option(names = "--accept-backlog", paramLabel = "N", description = "listen backlog (default 1024)")
    Integer acceptBacklog;

    @Option(names = "--max-request-line-length", paramLabel = "BYTES", converter = ByteSizeConverter.class,
            description = "longest request-line, else 414 (default 8k)")
    Long maxRequestLineLength;

    @Option(names = "--max-field-section-size", paramLabel = "BYTES", converter = ByteSizeConverter.class,
            description = "largest field section, else 431 (default 8k)")
    Long maxFieldSectionSize;

    @Option(names = "--max-field-count", paramLabel = "N", description = "most field lines, else 431 (default 100)")
    Integer maxFieldCount;

    @Option(names = "--max-request-body-size", paramLabel = "BYTES", converter = ByteSizeConverter.class,
            description = "largest request content, else 413; -1 no limit (default -1)")
    Long maxRequestBodySize;

    @Option(names = "--max-chunk-extension-length", paramLabel = "BYTES", converter = ByteSizeConverter.class,
            description = "longest chunk extensions of one chunk line, else 400 (default 1k)")
    Long maxChunkExtensionLength;

    @Option(names = "--max-trailer-section-size", paramLabel = "BYTES", converter = ByteSizeConverter.class,
            description = "largest trailer section, else 431 (default 8k)")
    Long maxTrailerSectionSize;

    @Option(names = "--max-unread-body-drain", paramLabel = "BYTES", converter = ByteSizeConverter.class,
            description = "unread request body discarded to keep a connection; more closes it (default 2m)")
    Long maxUnreadBodyDrain;

    @Option(names = "--response-buffer-size", paramLabel = "BYTES", converter = ByteSizeConverter.class,
            description = "response buffer before commit (default 8k)")
    Long responseBufferSize;

    @Option(names = {"--allowed", "--allow"}, paramLabel = "VIOLATION", split = ",",
            description = "leniencies to tolerate, comma-separated: ${COMPLETION-CANDIDATES} (default none)")
    List<ComplianceViolation> allowed;

    @Option(names = "--compliance-listener", paramLabel = "none|log",
            description = "report every compliance violation seen: none, or log (to standard error; for"
                    + " debugging) (default none)")
    String complianceListener;

    @Option(names = "--headers-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "time to receive a field section, else 408 (default 20s)")
    Duration headersTimeout;

    @Option(names = "--request-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "time to receive a whole request (default 300s)")
    Duration requestTimeout;

    @Option(names = "--keep-alive-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "idle time between requests on a connection (default 65s)")
    Duration keepAliveTimeout;

    @Option(names = "--write-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "time a response write may make no progress (default 30s)")
    Duration writeTimeout;

    @Option(names = "--upgraded-idle-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "idle time of an upgraded connection, e.g. a WebSocket (default 5m)")
    Duration upgradedIdleTimeout;

    @Option(names = "--max-connections", paramLabel = "N",
            description = "open connections at which accepting pauses (default 10000)")
    Integer maxConnections;

    @Option(names = "--max-requests-per-connection", paramLabel = "N",
            description = "requests per connection, then close; -1 no limit (default -1)")
    Integer maxRequestsPerConnection;

    @Option(names = "--drain-delay", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "at a graceful stop, serve on this long after readiness turns DRAINING, then drain (default 0s)")
    Duration drainDelay;

    @Option(names = "--proxy-protocol",
            description = "every listener expects a PROXY protocol v1 or v2 header first (HAProxy send-proxy,"
                    + " nginx proxy_protocol); needs --proxy-protocol-trusted")
    boolean proxyProtocol;

    @Option(names = "--proxy-protocol-trusted", paramLabel = "CIDR", split = ",",
            description = "peers allowed to send the PROXY header, comma-separated CIDR blocks or addresses;"
                    + " any other peer is closed at accept")
    List<String> proxyProtocolTrusted;

    @Option(names = "--proxy-protocol-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "time from accept to a complete PROXY header, else a quiet close (default 5s)")
    Duration proxyProtocolTimeout;

    /**
     * @param proxiedListeners whether some {@code --listen} marks its listener {@code :proxy}
     * @return a builder holding what these options describe (the TLS options add to it)
     * @throws IllegalArgumentException for a value the configuration rejects (its message names the field)
     */
    ConnectorConfig.Builder builder(boolean proxiedListeners) {
        ConnectorConfig.Builder b = ConnectorConfig.builder().host(host).port(port);
        if (selectorLoops != null) {
            b.selectorLoops(selectorLoops);
        }
        if (workerThreads != null) {
            b.workerThreads(workerThreads);
        }
        if (virtualThreads != null) {
            b.virtualThreads(virtualThreads);
        }
        if (acceptBacklog != null) {
            b.acceptBacklog(acceptBacklog);
        }
        if (maxRequestLineLength != null) {
            b.maxRequestLineLength(toInt(maxRequestLineLength, "max-request-line-length"));
        }
        if (maxFieldSectionSize != null) {
            b.maxFieldSectionSize(toInt(maxFieldSectionSize, "max-field-section-size"));
        }
        if (maxFieldCount != null) {
            b.maxFieldCount(maxFieldCount);
        }
        if (maxRequestBodySize != null) {
            b.maxRequestBodySize(maxRequestBodySize);
        }
        if (maxChunkExtensionLength != null) {
            b.maxChunkExtensionLength(toInt(maxChunkExtensionLength, "max-chunk-extension-length"));
        }
        if (maxTrailerSectionSize != null) {
            b.maxTrailerSectionSize(toInt(maxTrailerSectionSize, "max-trailer-section-size"));
        }
        if (maxUnreadBodyDrain != null) {
            b.maxUnreadBodyDrain(maxUnreadBodyDrain);
        }
        if (responseBufferSize != null) {
            b.responseBufferSize(toInt(responseBufferSize, "response-buffer-size"));
        }
        if (allowed != null) {
            b.allow(allowed.toArray(new ComplianceViolation[0]));
        }
        if (complianceListener != null) {
            b.complianceListener(listener(complianceListener));
        }
        if (headersTimeout != null) {
            b.headersTimeout(headersTimeout);
        }
        if (requestTimeout != null) {
            b.requestTimeout(requestTimeout);
        }
        if (keepAliveTimeout != null) {
            b.keepAliveTimeout(keepAliveTimeout);
        }
        if (writeTimeout != null) {
            b.writeTimeout(writeTimeout);
        }
        if (upgradedIdleTimeout != null) {
            b.upgradedIdleTimeout(upgradedIdleTimeout);
        }
        if (maxConnections != null) {
            b.maxConnections(maxConnections);
        }
        if (maxRequestsPerConnection != null) {
            b.maxRequestsPerConnection(maxRequestsPerConnection);
        }
        if (drainDelay != null) {
            b.drainDelay(drainDelay);
        }
        b.proxyProtocol(proxyProtocol(proxiedListeners));
        return b;
    }

    /**
     * @param proxiedListeners whether some {@code --listen} marks its listener {@code :proxy}
     * @return the PROXY protocol the options ask for, or {@code null}; a half-given one is refused
     */
    private io.hawser.api.ProxyProtocol proxyProtocol(boolean proxiedListeners) {
        if (proxyProtocol && proxiedListeners) {
            throw new IllegalArgumentException("--proxy-protocol puts the PROXY protocol on every listener, --listen"
                    + " ...:proxy on that one only: give one or the other");
        }
        if (!proxyProtocol && !proxiedListeners) {
            if (proxyProtocolTrusted != null || proxyProtocolTimeout != null) {
                throw new IllegalArgumentException("--proxy-protocol-trusted and --proxy-protocol-timeout need"
                        + " --proxy-protocol (or a --listen ...:proxy)");
            }
            return null;
        }
        if (proxyProtocolTrusted == null) {
            throw new IllegalArgumentException((proxyProtocol ? "--proxy-protocol" : "--listen ...:proxy")
                    + " needs --proxy-protocol-trusted CIDR,...");
        }
        io.hawser.api.ProxyProtocol p = io.hawser.api.ProxyProtocol.trusting(proxyProtocolTrusted);
        return proxyProtocolTimeout == null ? p : p.withHeaderTimeout(proxyProtocolTimeout);
    }

    private static ComplianceListener listener(String name) {
        switch (name) {
            case "none":
                return ComplianceListener.NONE;
            case "log":
                System.Logger log = System.getLogger("io.hawser.compliance");
                return (violation, tolerated, detail) -> log.log(System.Logger.Level.INFO, "{0} {1} ({2}): {3}",
                        tolerated ? "tolerated" : "rejected", violation, violation.source(), detail);
            default:
                throw new IllegalArgumentException("--compliance-listener must be none or log: " + name);
        }
    }

    private static int toInt(long bytes, String option) {
        if (bytes > Integer.MAX_VALUE || bytes < Integer.MIN_VALUE) {
            throw new IllegalArgumentException("--" + option + " is too large: " + bytes);
        }
        return (int) bytes;
    }
}
