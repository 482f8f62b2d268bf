package io.hawser.boot;

import io.hawser.api.ComplianceViolation;
import io.hawser.api.ConnectorConfig;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The {@code server.hawser.*} properties: one for every {@link ConnectorConfig} field but the bind
 * address and ports (those are {@code server.address} and {@code server.port}), TLS (from
 * {@code server.ssl.*}), further listeners and the compliance listener (set those in a
 * {@link HawserConnectorCustomizer}). Each starts at the
 * connector's own default; units and ranges are {@link ConnectorConfig}'s, and an out-of-range value
 * fails startup naming the field.
 */
@ConfigurationProperties("server.hawser")
public class HawserServerProperties {
    private static final ConnectorConfig DEFAULTS = ConnectorConfig.defaults();

    /** Selector loops (the first one also accepts). Default: the number of available processors. */
    private int selectorLoops = DEFAULTS.selectorLoops();

    /** Most platform worker threads; 0 runs every request on a virtual thread (Java 21+). Default 200. */
    private int workerThreads = DEFAULTS.workerThreads();

    /** Whether requests overflow to virtual threads when every platform worker is busy (Java 21+). Default true. */
    private boolean virtualThreads = DEFAULTS.virtualThreads();

    /** Listen backlog in connections. Default 1024. */
    private int acceptBacklog = DEFAULTS.acceptBacklog();

    /** Longest request line (RFC 9112 §3), CRLF excluded; longer is answered 414. Default 8KB. */
    private DataSize maxRequestLineLength = DataSize.ofBytes(DEFAULTS.maxRequestLineLength());

    /**
     * Largest field section (all header lines with their CRLFs); larger is answered 431. Default:
     * server.max-http-request-header-size when set, else 8KB.
     */
    private DataSize maxFieldSectionSize;

    /** Most header field lines; more is answered 431. Default 100. */
    private int maxFieldCount = DEFAULTS.maxFieldCount();

    /** Largest request content after chunked decoding; larger is answered 413. -1B (the default) for no limit. */
    private DataSize maxRequestBodySize = DataSize.ofBytes(DEFAULTS.maxRequestBodySize());

    /** Longest chunk extensions of one chunk line (RFC 9112 §7.1.1); longer is answered 400. Default 1KB. */
    private DataSize maxChunkExtensionLength = DataSize.ofBytes(DEFAULTS.maxChunkExtensionLength());

    /** Largest trailer section; larger is answered 431. Default 8KB. */
    private DataSize maxTrailerSectionSize = DataSize.ofBytes(DEFAULTS.maxTrailerSectionSize());

    /** Request content the application left unread that is read and discarded to keep the connection. Default 2MB. */
    private DataSize maxUnreadBodyDrain = DataSize.ofBytes(DEFAULTS.maxUnreadBodyDrain());

    /** Default response buffer (Servlet setBufferSize). Default 32KB (Jetty's outputBufferSize). */
    private DataSize responseBufferSize = DataSize.ofBytes(DEFAULTS.responseBufferSize());

    /** Protocol leniencies tolerated (ComplianceViolation names). Default none: strict. */
    private Set<ComplianceViolation> allowed = EnumSet.noneOf(ComplianceViolation.class);

    /** From accept, or a request's first byte, to the end of its field section; then 408 and close. Default 20s. */
    private Duration headersTimeout = DEFAULTS.headersTimeout();

    /** From a request's first byte to the end of its body; then 408 (when nothing is committed) and close. Default 300s. */
    private Duration requestTimeout = DEFAULTS.requestTimeout();

    /** Idle time allowed between requests on a persistent connection; then a quiet close. Default 65s. */
    private Duration keepAliveTimeout = DEFAULTS.keepAliveTimeout();

    /** Time a response write may make no progress; then the connection is aborted. Default 30s. */
    private Duration writeTimeout = DEFAULTS.writeTimeout();

    /** Open connections at which accepting pauses until one closes. Default 10000. */
    private int maxConnections = DEFAULTS.maxConnections();

    /** Requests served on one connection before it is closed; -1 (the default) for no limit. */
    private int maxRequestsPerConnection = DEFAULTS.maxRequestsPerConnection();

    /** From accept to a completed TLS handshake (with server.ssl.enabled); then a quiet close. Default 10s. */
    private Duration tlsHandshakeTimeout = DEFAULTS.tlsHandshakeTimeout();

    /** How long an upgraded connection (a WebSocket) may go without a byte read or written; then a quiet close. Default 5m. */
    private Duration upgradedIdleTimeout = DEFAULTS.upgradedIdleTimeout();

    /**
     * How long a graceful stop keeps serving after readiness turned to draining, before it closes
     * the listeners and drains. Default 0 (Boot's own readiness state also turns first).
     */
    private Duration drainDelay = DEFAULTS.drainDelay();

    /**
     * Applies every property to a connector configuration.
     *
     * @param builder the configuration being built
     * @param maxHttpRequestHeaderSize {@code server.max-http-request-header-size}, or {@code null}
     *     when not set; used for the field section size unless {@code max-field-section-size} is set
     * @throws IllegalArgumentException for a value out of {@link ConnectorConfig}'s range, naming it
     */
    public void applyTo(ConnectorConfig.Builder builder, DataSize maxHttpRequestHeaderSize) {
        DataSize fieldSection = maxFieldSectionSize != null ? maxFieldSectionSize : maxHttpRequestHeaderSize;
        builder.selectorLoops(selectorLoops).workerThreads(workerThreads).virtualThreads(virtualThreads)
                .acceptBacklog(acceptBacklog).maxRequestLineLength(intBytes(maxRequestLineLength, "max-request-line-length"))
                .maxFieldCount(maxFieldCount).maxRequestBodySize(maxRequestBodySize.toBytes())
                .maxChunkExtensionLength(intBytes(maxChunkExtensionLength, "max-chunk-extension-length"))
                .maxTrailerSectionSize(intBytes(maxTrailerSectionSize, "max-trailer-section-size"))
                .maxUnreadBodyDrain(maxUnreadBodyDrain.toBytes())
                .responseBufferSize(intBytes(responseBufferSize, "response-buffer-size"))
                .allow(allowed.toArray(new ComplianceViolation[0])).headersTimeout(headersTimeout)
                .requestTimeout(requestTimeout).keepAliveTimeout(keepAliveTimeout).writeTimeout(writeTimeout)
                .maxConnections(maxConnections).maxRequestsPerConnection(maxRequestsPerConnection)
                .tlsHandshakeTimeout(tlsHandshakeTimeout).upgradedIdleTimeout(upgradedIdleTimeout)
                .drainDelay(drainDelay);
        if (fieldSection != null) {
            builder.maxFieldSectionSize(intBytes(fieldSection, "max-field-section-size"));
        }
    }

    private static int intBytes(DataSize size, String name) {
        long bytes = size.toBytes();
        if (bytes > Integer.MAX_VALUE || bytes < Integer.MIN_VALUE) {
            throw new IllegalArgumentException("server.hawser." + name + " is too large: " + size);
        }
        return (int) bytes;
    }

    /** @return selector loops */
    public int getSelectorLoops() {
        return selectorLoops;
    }

    /** @param selectorLoops at least 1 */
    public void setSelectorLoops(int selectorLoops) {
        this.selectorLoops = selectorLoops;
    }

    /** @return most platform worker threads */
    public int getWorkerThreads() {
        return workerThreads;
    }

    /** @param workerThreads 0 to 100,000 */
    public void setWorkerThreads(int workerThreads) {
        this.workerThreads = workerThreads;
    }

    /** @return whether requests overflow to virtual threads */
    public boolean isVirtualThreads() {
        return virtualThreads;
    }

    /** @param virtualThreads whether requests overflow to virtual threads */
    public void setVirtualThreads(boolean virtualThreads) {
        this.virtualThreads = virtualThreads;
    }

    /** @return listen backlog */
    public int getAcceptBacklog() {
        return acceptBacklog;
    }

    /** @param acceptBacklog at least 1 */
    public void setAcceptBacklog(int acceptBacklog) {
        this.acceptBacklog = acceptBacklog;
    }

    /** @return longest request line */
    public DataSize getMaxRequestLineLength() {
        return maxRequestLineLength;
    }

    /** @param size 64B to 1MB */
    public void setMaxRequestLineLength(DataSize size) {
        this.maxRequestLineLength = size;
    }

    /** @return largest field section, or {@code null} for server.max-http-request-header-size */
    public DataSize getMaxFieldSectionSize() {
        return maxFieldSectionSize;
    }

    /** @param size 256B to 1MB */
    public void setMaxFieldSectionSize(DataSize size) {
        this.maxFieldSectionSize = size;
    }

    /** @return most header field lines */
    public int getMaxFieldCount() {
        return maxFieldCount;
    }

    /** @param maxFieldCount 1 to 10000 */
    public void setMaxFieldCount(int maxFieldCount) {
        this.maxFieldCount = maxFieldCount;
    }

    /** @return largest request content; -1B for none */
    public DataSize getMaxRequestBodySize() {
        return maxRequestBodySize;
    }

    /** @param size -1B for no limit, else at least 0 */
    public void setMaxRequestBodySize(DataSize size) {
        this.maxRequestBodySize = size;
    }

    /** @return longest chunk extensions */
    public DataSize getMaxChunkExtensionLength() {
        return maxChunkExtensionLength;
    }

    /** @param size 0 to 1MB */
    public void setMaxChunkExtensionLength(DataSize size) {
        this.maxChunkExtensionLength = size;
    }

    /** @return largest trailer section */
    public DataSize getMaxTrailerSectionSize() {
        return maxTrailerSectionSize;
    }

    /** @param size 0 to 1MB */
    public void setMaxTrailerSectionSize(DataSize size) {
        this.maxTrailerSectionSize = size;
    }

    /** @return unread request content drained to keep the connection */
    public DataSize getMaxUnreadBodyDrain() {
        return maxUnreadBodyDrain;
    }

    /** @param size at least 0 */
    public void setMaxUnreadBodyDrain(DataSize size) {
        this.maxUnreadBodyDrain = size;
    }

    /** @return default response buffer */
    public DataSize getResponseBufferSize() {
        return responseBufferSize;
    }

    /** @param size 0 to 16MB */
    public void setResponseBufferSize(DataSize size) {
        this.responseBufferSize = size;
    }

    /** @return leniencies tolerated */
    public Set<ComplianceViolation> getAllowed() {
        return allowed;
    }

    /** @param allowed leniencies tolerated */
    public void setAllowed(Set<ComplianceViolation> allowed) {
        this.allowed = allowed.isEmpty() ? EnumSet.noneOf(ComplianceViolation.class) : EnumSet.copyOf(allowed);
    }

    /** @return the headers timeout */
    public Duration getHeadersTimeout() {
        return headersTimeout;
    }

    /** @param timeout positive */
    public void setHeadersTimeout(Duration timeout) {
        this.headersTimeout = timeout;
    }

    /** @return the request timeout */
    public Duration getRequestTimeout() {
        return requestTimeout;
    }

    /** @param timeout positive */
    public void setRequestTimeout(Duration timeout) {
        this.requestTimeout = timeout;
    }

    /** @return the keep-alive timeout */
    public Duration getKeepAliveTimeout() {
        return keepAliveTimeout;
    }

    /** @param timeout positive */
    public void setKeepAliveTimeout(Duration timeout) {
        this.keepAliveTimeout = timeout;
    }

    /** @return the write timeout */
    public Duration getWriteTimeout() {
        return writeTimeout;
    }

    /** @param timeout positive */
    public void setWriteTimeout(Duration timeout) {
        this.writeTimeout = timeout;
    }

    /** @return most open connections */
    public int getMaxConnections() {
        return maxConnections;
    }

    /** @param maxConnections 1 to 10,000,000 */
    public void setMaxConnections(int maxConnections) {
        this.maxConnections = maxConnections;
    }

    /** @return requests per connection; -1 for no limit */
    public int getMaxRequestsPerConnection() {
        return maxRequestsPerConnection;
    }

    /** @param maxRequestsPerConnection -1 or at least 1 */
    public void setMaxRequestsPerConnection(int maxRequestsPerConnection) {
        this.maxRequestsPerConnection = maxRequestsPerConnection;
    }

    /** @return the TLS handshake timeout */
    public Duration getTlsHandshakeTimeout() {
        return tlsHandshakeTimeout;
    }

    /** @param timeout positive */
    public void setTlsHandshakeTimeout(Duration timeout) {
        this.tlsHandshakeTimeout = timeout;
    }

    /** @return the upgraded connections' idle timeout */
    public Duration getUpgradedIdleTimeout() {
        return upgradedIdleTimeout;
    }

    /** @param timeout positive */
    public void setUpgradedIdleTimeout(Duration timeout) {
        this.upgradedIdleTimeout = timeout;
    }

    /** @return the delay between readiness turning to draining and the drain */
    public Duration getDrainDelay() {
        return drainDelay;
    }

    /** @param delay zero or positive */
    public void setDrainDelay(Duration delay) {
        this.drainDelay = delay;
    }
}
