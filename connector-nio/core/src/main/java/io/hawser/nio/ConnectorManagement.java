package io.hawser.nio;

import io.hawser.api.Listener;
import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The {@link ConnectorMXBean} of one started connector, on the platform MBean server. Registered off
 * the start's critical path: the platform MBean server's own start costs ≈ 80 ms of CPU on a cold
 * JVM, so a daemon thread registers the MBean once the connector's first response has ended, or
 * {@link #REGISTER_AFTER} after the start when no request came (docs/operations.md "JMX").
 * {@link #unregister} at stop is final: a registration it overtakes never happens.
 */
final class ConnectorManagement implements ConnectorMXBean {
    /** The longest a started connector waits for its first response before registering anyway. */
    static final java.time.Duration REGISTER_AFTER = java.time.Duration.ofSeconds(1);
    private static final System.Logger LOG = System.getLogger(ConnectorManagement.class.getName());

    private final NioConnector connector;
    private final String name;
    private final java.util.concurrent.CountDownLatch firstResponse = new java.util.concurrent.CountDownLatch(1);
    /** Guarded by {@code this}: registered on the platform MBean server, and whether a stop came. */
    private ObjectName registered;
    private boolean stopped;

    private ConnectorManagement(NioConnector connector, String name) {
        this.connector = connector;
        this.name = name;
    }

    /**
     * At start: the connector's MBean, registered by a daemon thread after the first response (see
     * the class comment). A failure to register (another connector of that name) is logged and
     * leaves the connector without one; it never fails the connector.
     *
     * @return the MBean, registered soon
     */
    static ConnectorManagement register(NioConnector connector) {
        Listener first = connector.config().listeners().get(0);
        String name = first.unixSocket() != null ? "unix-" + first.unixSocket()
                : first.scheme() + "-" + first.host() + "-" + connector.port(0);
        ConnectorManagement m = new ConnectorManagement(connector, name);
        Thread t = new Thread(m::registerSoon, "hawser-jmx-" + name);
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
        return m;
    }

    /** A response of the connector ended: the MBean may be registered now. */
    void responded() {
        firstResponse.countDown();
    }

    private void registerSoon() {
        try {
            firstResponse.await(REGISTER_AFTER.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            return;
        }
        synchronized (this) {
            if (stopped) {
                return;
            }
            try {
                ObjectName objectName = new ObjectName("io.hawser:type=Connector,name=" + ObjectName.quote(name));
                MBeanServer server = ManagementFactory.getPlatformMBeanServer();
                server.registerMBean(this, objectName);
                registered = objectName;
            } catch (JMException | RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "connector " + name + " has no JMX MBean: " + e);
            }
        }
    }

    /** At stop: unregisters {@code m}, or keeps it from registering (nothing when {@code null}). */
    static void unregister(ConnectorManagement m) {
        if (m == null) {
            return;
        }
        synchronized (m) {
            m.stopped = true;
            m.firstResponse.countDown();
            if (m.registered == null) {
                return;
            }
            try {
                ManagementFactory.getPlatformMBeanServer().unregisterMBean(m.registered);
            } catch (JMException | RuntimeException ignored) {
                // unregistered by someone else
            }
            m.registered = null;
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
