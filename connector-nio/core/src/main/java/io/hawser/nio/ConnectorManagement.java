package io.hawser.nio;

import io.hawser.api.Listener;
import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/** The {@link ConnectorMXBean} of one started connector, on the platform MBean server. */
final class ConnectorManagement implements ConnectorMXBean {
    private static final System.Logger LOG = System.getLogger(ConnectorManagement.class.getName());

    private final NioConnector connector;
    private final String name;
    private final ObjectName objectName;

    private ConnectorManagement(NioConnector connector, String name) throws JMException {
        this.connector = connector;
        this.name = name;
        this.objectName = new ObjectName("io.hawser:type=Connector,name=" + ObjectName.quote(name));
    }

    /**
     * At start: registers the connector's MBean. A failure (another connector of that name) is
     * logged and leaves the connector without one; it never fails the start.
     *
     * @return the MBean, registered or not
     */
    static ConnectorManagement register(NioConnector connector) {
        Listener first = connector.config().listeners().get(0);
        String name = first.unixSocket() != null ? "unix-" + first.unixSocket()
                : first.scheme() + "-" + first.host() + "-" + connector.port(0);
        try {
            ConnectorManagement m = new ConnectorManagement(connector, name);
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            server.registerMBean(m, m.objectName);
            return m;
        } catch (JMException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "connector " + name + " has no JMX MBean: " + e);
            try {
                return new ConnectorManagement(connector, name);
            } catch (JMException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
    }

    /** At stop: unregisters {@code m} (nothing when {@code null} or never registered). */
    static void unregister(ConnectorManagement m) {
        if (m == null) {
            return;
        }
        try {
            ManagementFactory.getPlatformMBeanServer().unregisterMBean(m.objectName);
        } catch (JMException | RuntimeException ignored) {
            // not registered
        }
    }

    private ConnectorStats stats() {
        return connector.stats();
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String getReadiness() {
        return connector.readiness().name();
    }

    @Override
    public long getConnections() {
        return stats().connections();
    }

    @Override
    public long getReceivingHeaders() {
        return stats().receivingHeaders();
    }

    @Override
    public long getReceivingRequest() {
        return stats().receivingRequest();
    }

    @Override
    public long getIdle() {
        return stats().idle();
    }

    @Override
    public long getWriteStalled() {
        return stats().writeStalled();
    }

    @Override
    public long getHandshaking() {
        return stats().handshaking();
    }

    @Override
    public long getAwaitingProxyHeader() {
        return stats().awaitingProxyHeader();
    }

    @Override
    public long getHeadersTimeouts() {
        return stats().headersTimeouts();
    }

    @Override
    public long getRequestTimeouts() {
        return stats().requestTimeouts();
    }

    @Override
    public long getIdleTimeouts() {
        return stats().idleTimeouts();
    }

    @Override
    public long getWriteTimeouts() {
        return stats().writeTimeouts();
    }

    @Override
    public long getTlsHandshakeTimeouts() {
        return stats().tlsHandshakeTimeouts();
    }

    @Override
    public long getProxyHeaderTimeouts() {
        return stats().proxyHeaderTimeouts();
    }

    @Override
    public long getRequests() {
        return connector.metrics.requests.sum();
    }

    @Override
    public long getBytesIn() {
        return connector.metrics.bytesIn.sum();
    }

    @Override
    public long getBytesOut() {
        return connector.metrics.bytesOut.sum();
    }

    @Override
    public long getResponses1xx() {
        return connector.metrics.responses(1);
    }

    @Override
    public long getResponses2xx() {
        return connector.metrics.responses(2);
    }

    @Override
    public long getResponses3xx() {
        return connector.metrics.responses(3);
    }

    @Override
    public long getResponses4xx() {
        return connector.metrics.responses(4);
    }

    @Override
    public long getResponses5xx() {
        return connector.metrics.responses(5);
    }

    @Override
    public long[] getLatencyBucketBoundsMillis() {
        return ConnectorMetrics.LATENCY_BOUNDS_MILLIS.clone();
    }

    @Override
    public long[] getLatencyCounts() {
        return connector.metrics.latencyCounts();
    }
}
