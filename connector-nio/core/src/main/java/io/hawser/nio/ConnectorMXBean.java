package io.hawser.nio;

/**
 * A connector over JMX, registered as {@code io.hawser:type=Connector,name="SCHEME-HOST-PORT"}
 * (the first listener; {@code "unix-PATH"} for a Unix domain socket) once the started connector's
 * first response has ended, or 1 s after the start without one, and unregistered at stop.
 * The list sizes and timeout counts are {@link ConnectorStats} (each read asks every loop, at most
 * 1 s); the traffic counts are totals since start.
 */
public interface ConnectorMXBean {
    /** @return the name in the ObjectName */
    String getName();

    /** @return {@code READY}, {@code DRAINING}, ... ({@link io.hawser.api.Connector.Readiness}) */
    String getReadiness();

    /** @return {@link ConnectorStats#connections()} */
    long getConnections();

    /** @return {@link ConnectorStats#receivingHeaders()} */
    long getReceivingHeaders();

    /** @return {@link ConnectorStats#receivingRequest()} */
    long getReceivingRequest();

    /** @return {@link ConnectorStats#idle()} */
    long getIdle();

    /** @return {@link ConnectorStats#writeStalled()} */
    long getWriteStalled();

    /** @return {@link ConnectorStats#handshaking()} */
    long getHandshaking();

    /** @return {@link ConnectorStats#awaitingProxyHeader()} */
    long getAwaitingProxyHeader();

    /** @return {@link ConnectorStats#headersTimeouts()} */
    long getHeadersTimeouts();

    /** @return {@link ConnectorStats#requestTimeouts()} */
    long getRequestTimeouts();

    /** @return {@link ConnectorStats#idleTimeouts()} */
    long getIdleTimeouts();

    /** @return {@link ConnectorStats#writeTimeouts()} */
    long getWriteTimeouts();

    /** @return {@link ConnectorStats#tlsHandshakeTimeouts()} */
    long getTlsHandshakeTimeouts();

    /** @return {@link ConnectorStats#proxyHeaderTimeouts()} */
    long getProxyHeaderTimeouts();

    /** @return request heads received */
    long getRequests();

    /** @return HTTP bytes read (plaintext on TLS; PROXY headers not counted) */
    long getBytesIn();

    /** @return HTTP bytes the transport took (plaintext on TLS) */
    long getBytesOut();

    /** @return final responses with a 1xx status (101) */
    long getResponses1xx();

    /** @return final responses with a 2xx status */
    long getResponses2xx();

    /** @return final responses with a 3xx status */
    long getResponses3xx();

    /** @return final responses with a 4xx status, the connector's own rejections included */
    long getResponses4xx();

    /** @return final responses with a 5xx status */
    long getResponses5xx();

    /** @return the response-time histogram's bucket upper bounds, milliseconds (a last bucket holds the rest) */
    long[] getLatencyBucketBoundsMillis();

    /** @return responses per bucket, from the complete request head to the response's end; one more than the bounds */
    long[] getLatencyCounts();
}
