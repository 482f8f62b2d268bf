package io.hawser.launcher;

import io.hawser.api.ComplianceListener;
import io.hawser.api.ComplianceViolation;
import io.hawser.api.ConnectorConfig;
import java.time.Duration;
import java.util.List;

/**
 * One command-line option per {@link ConnectorConfig} field, named after it in kebab-case
 * ({@code maxConnections} → {@code --max-connections}). An option left out keeps the field's
 * default, except {@code --host}, which defaults to {@code 127.0.0.1} here (the connector's own
 * default is every interface). Durations are written {@code 500ms}, {@code 20s}, {@code 5m}; sizes
 * in bytes, with an optional {@code k}, {@code m} or {@code g}.
 */
final class ConnectorOptions {
    /** The options below, in the order --help lists them. */
    final Options options = new Options();

    final Opt<String> host = options.add(Opt.of(String.class, "--host", "ADDRESS",
            "address to bind (default: ${DEFAULT-VALUE})").initial("127.0.0.1"));

    final Opt<Integer> port = options.add(Opt.of(int.class, "--port", "PORT",
            "cleartext HTTP port; 0 picks a free one; -1: none (with --tls-port) (default: ${DEFAULT-VALUE})")
            .initial(8080));

    final Opt<Integer> selectorLoops = options.add(Opt.of(Integer.class, "--selector-loops", "N",
            "selector loops (default: the number of cores)"));

    final Opt<Integer> workerThreads = options.add(Opt.of(Integer.class, "--worker-threads", "N",
            "platform worker threads, taken first; 0: every request on a virtual thread (default 200)"));

    final Opt<Boolean> virtualThreads = options.add(Opt.of(Boolean.class, "--virtual-threads", "true|false",
            "when all worker threads are busy, run requests on virtual threads (Java 21+) instead of waiting (default true)")
            .arity("1"));

    final Opt<Integer> acceptBacklog = options.add(Opt.of(Integer.class, "--accept-backlog", "N",
            "listen backlog (default 1024)"));

    final Opt<Long> maxRequestLineLength = options.add(Opt.of(Long.class, "--max-request-line-length", "BYTES",
            "longest request-line, else 414 (default 8k)").converter(new ByteSizeConverter()));

    final Opt<Long> maxFieldSectionSize = options.add(Opt.of(Long.class, "--max-field-section-size", "BYTES",
            "largest field section, else 431 (default 8k)").converter(new ByteSizeConverter()));

    final Opt<Integer> maxFieldCount = options.add(Opt.of(Integer.class, "--max-field-count", "N",
            "most field lines, else 431 (default 100)"));

    final Opt<Long> maxRequestBodySize = options.add(Opt.of(Long.class, "--max-request-body-size", "BYTES",
            "largest request content, else 413; -1 no limit (default -1)").converter(new ByteSizeConverter()));

    final Opt<Long> maxChunkExtensionLength = options.add(Opt.of(Long.class, "--max-chunk-extension-length", "BYTES",
            "longest chunk extensions of one chunk line, else 400 (default 1k)").converter(new ByteSizeConverter()));

    final Opt<Long> maxTrailerSectionSize = options.add(Opt.of(Long.class, "--max-trailer-section-size", "BYTES",
            "largest trailer section, else 431 (default 8k)").converter(new ByteSizeConverter()));

    final Opt<Long> maxUnreadBodyDrain = options.add(Opt.of(Long.class, "--max-unread-body-drain", "BYTES",
            "unread request body discarded to keep a connection; more closes it (default 2m)")
            .converter(new ByteSizeConverter()));

    final Opt<Long> responseBufferSize = options.add(Opt.of(Long.class, "--response-buffer-size", "BYTES",
            "response buffer before commit (default 32k)").converter(new ByteSizeConverter()));

    final Opt<List<ComplianceViolation>> allowed = options.add(Opt.list(ComplianceViolation.class, "--allowed", "VIOLATION",
            "leniencies to tolerate, comma-separated: ${COMPLETION-CANDIDATES} (default none)")
            .names("--allowed", "--allow"));

    final Opt<String> complianceListener = options.add(Opt.of(String.class, "--compliance-listener", "none|log",
            "report every compliance violation seen: none, or log (to standard error; for"
                    + " debugging) (default none)"));

    final Opt<Duration> headersTimeout = options.add(Opt.of(Duration.class, "--headers-timeout", "DURATION",
            "time to receive a field section, else 408 (default 20s)").converter(new DurationConverter()));

    final Opt<Duration> requestTimeout = options.add(Opt.of(Duration.class, "--request-timeout", "DURATION",
            "time to receive a whole request (default 300s)").converter(new DurationConverter()));

    final Opt<Duration> keepAliveTimeout = options.add(Opt.of(Duration.class, "--keep-alive-timeout", "DURATION",
            "idle time between requests on a connection (default 65s)").converter(new DurationConverter()));

    final Opt<Duration> writeTimeout = options.add(Opt.of(Duration.class, "--write-timeout", "DURATION",
            "time a response write may make no progress (default 30s)").converter(new DurationConverter()));

    final Opt<Duration> upgradedIdleTimeout = options.add(Opt.of(Duration.class, "--upgraded-idle-timeout", "DURATION",
            "idle time of an upgraded connection, e.g. a WebSocket (default 5m)").converter(new DurationConverter()));

    final Opt<Integer> maxConnections = options.add(Opt.of(Integer.class, "--max-connections", "N",
            "open connections at which accepting pauses (default 10000)"));

    final Opt<Integer> maxRequestsPerConnection = options.add(Opt.of(Integer.class, "--max-requests-per-connection", "N",
            "requests per connection, then close; -1 no limit (default -1)"));

    final Opt<Duration> drainDelay = options.add(Opt.of(Duration.class, "--drain-delay", "DURATION",
            "at a graceful stop, serve on this long after readiness turns DRAINING, then drain (default 0s)")
            .converter(new DurationConverter()));

    final Opt<Boolean> proxyProtocol = options.add(Opt.flag("--proxy-protocol",
            "every listener expects a PROXY protocol v1 or v2 header first (HAProxy send-proxy,"
                    + " nginx proxy_protocol); needs --proxy-protocol-trusted"));

    final Opt<List<String>> proxyProtocolTrusted = options.add(Opt.list(String.class, "--proxy-protocol-trusted", "CIDR",
            "peers allowed to send the PROXY header, comma-separated CIDR blocks or addresses;"
                    + " any other peer is closed at accept"));

    final Opt<Duration> proxyProtocolTimeout = options.add(Opt.of(Duration.class, "--proxy-protocol-timeout", "DURATION",
            "time from accept to a complete PROXY header, else a quiet close (default 5s)")
            .converter(new DurationConverter()));

    /**
     * @param proxiedListeners whether some {@code --listen} marks its listener {@code :proxy}
     * @return a builder holding what these options describe (the TLS options add to it)
     * @throws IllegalArgumentException for a value the configuration rejects (its message names the field)
     */
    ConnectorConfig.Builder builder(boolean proxiedListeners) {
        ConnectorConfig.Builder b = ConnectorConfig.builder().host(host.value()).port(port.value());
        if (selectorLoops.value() != null) {
            b.selectorLoops(selectorLoops.value());
        }
        if (workerThreads.value() != null) {
            b.workerThreads(workerThreads.value());
        }
        if (virtualThreads.value() != null) {
            b.virtualThreads(virtualThreads.value());
        }
        if (acceptBacklog.value() != null) {
            b.acceptBacklog(acceptBacklog.value());
        }
        if (maxRequestLineLength.value() != null) {
            b.maxRequestLineLength(toInt(maxRequestLineLength.value(), "max-request-line-length"));
        }
        if (maxFieldSectionSize.value() != null) {
            b.maxFieldSectionSize(toInt(maxFieldSectionSize.value(), "max-field-section-size"));
        }
        if (maxFieldCount.value() != null) {
            b.maxFieldCount(maxFieldCount.value());
        }
        if (maxRequestBodySize.value() != null) {
            b.maxRequestBodySize(maxRequestBodySize.value());
        }
        if (maxChunkExtensionLength.value() != null) {
            b.maxChunkExtensionLength(toInt(maxChunkExtensionLength.value(), "max-chunk-extension-length"));
        }
        if (maxTrailerSectionSize.value() != null) {
            b.maxTrailerSectionSize(toInt(maxTrailerSectionSize.value(), "max-trailer-section-size"));
        }
        if (maxUnreadBodyDrain.value() != null) {
            b.maxUnreadBodyDrain(maxUnreadBodyDrain.value());
        }
        if (responseBufferSize.value() != null) {
            b.responseBufferSize(toInt(responseBufferSize.value(), "response-buffer-size"));
        }
        if (allowed.value() != null) {
            b.allow(allowed.value().toArray(new ComplianceViolation[0]));
        }
        if (complianceListener.value() != null) {
            b.complianceListener(listener(complianceListener.value()));
        }
        if (headersTimeout.value() != null) {
            b.headersTimeout(headersTimeout.value());
        }
        if (requestTimeout.value() != null) {
            b.requestTimeout(requestTimeout.value());
        }
        if (keepAliveTimeout.value() != null) {
            b.keepAliveTimeout(keepAliveTimeout.value());
        }
        if (writeTimeout.value() != null) {
            b.writeTimeout(writeTimeout.value());
        }
        if (upgradedIdleTimeout.value() != null) {
            b.upgradedIdleTimeout(upgradedIdleTimeout.value());
        }
        if (maxConnections.value() != null) {
            b.maxConnections(maxConnections.value());
        }
        if (maxRequestsPerConnection.value() != null) {
            b.maxRequestsPerConnection(maxRequestsPerConnection.value());
        }
        if (drainDelay.value() != null) {
            b.drainDelay(drainDelay.value());
        }
        b.proxyProtocol(proxyProtocol(proxiedListeners));
        return b;
    }

    /**
     * @param proxiedListeners whether some {@code --listen} marks its listener {@code :proxy}
     * @return the PROXY protocol the options ask for, or {@code null}; a half-given one is refused
     */
    private io.hawser.api.ProxyProtocol proxyProtocol(boolean proxiedListeners) {
        if (proxyProtocol.value() && proxiedListeners) {
            throw new IllegalArgumentException("--proxy-protocol puts the PROXY protocol on every listener, --listen"
                    + " ...:proxy on that one only: give one or the other");
        }
        if (!proxyProtocol.value() && !proxiedListeners) {
            if (proxyProtocolTrusted.value() != null || proxyProtocolTimeout.value() != null) {
                throw new IllegalArgumentException("--proxy-protocol-trusted and --proxy-protocol-timeout need"
                        + " --proxy-protocol (or a --listen ...:proxy)");
            }
            return null;
        }
        if (proxyProtocolTrusted.value() == null) {
            throw new IllegalArgumentException((proxyProtocol.value() ? "--proxy-protocol" : "--listen ...:proxy")
                    + " needs --proxy-protocol-trusted CIDR,...");
        }
        io.hawser.api.ProxyProtocol p = io.hawser.api.ProxyProtocol.trusting(proxyProtocolTrusted.value());
        return proxyProtocolTimeout.value() == null ? p : p.withHeaderTimeout(proxyProtocolTimeout.value());
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
