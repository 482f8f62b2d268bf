package io.hawser.boot.metrics;

import io.hawser.nio.ConnectorStats;
import io.hawser.nio.NioConnector;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;

/**
 * Publishes a connector's {@link ConnectorStats} to Micrometer: gauges
 * {@code hawser.connections.open}, {@code hawser.connections.idle},
 * {@code hawser.connections.receiving.headers}, {@code hawser.connections.receiving.request},
 * {@code hawser.connections.write.stalled} (connections), and the counter {@code hawser.timeouts}
 * with tag {@code timeout} = {@code headers}, {@code request}, {@code idle} or {@code write}
 * (expiries since start; also {@code tls-handshake} and {@code proxy-header}), the connector's own
 * traffic counters as its JMX MBean has them ({@link NioConnector#management()}): {@code
 * hawser.connector.requests} (request heads received), {@code hawser.connector.bytes} with tag
 * {@code direction} = {@code in} or {@code out} (HTTP bytes, plaintext on TLS), {@code
 * hawser.connector.responses} with tag {@code status} = {@code 1xx} … {@code 5xx}, the response-time
 * histogram {@code hawser.connector.response.time} (cumulative counters, as Prometheus buckets, with
 * tag {@code le} = the bucket's upper bound in milliseconds, {@code 1} … {@code 10000}, or
 * {@code +Inf}: responses that ended within that long of their complete request head), and, when given a
 * request count, the counter {@code hawser.requests} (requests handed to the servlet layer since
 * start). Each reading takes a fresh snapshot.
 */
public final class HawserMetricsBinder implements MeterBinder {
    private final NioConnector connector;
    private final LongSupplier requests;
    private final List<Tag> tags;

    /**
     * @param connector the connector to read
     * @param requests the requests handled since start, or {@code null} for no {@code hawser.requests}
     * @param tags tags added to every meter
     */
    public HawserMetricsBinder(NioConnector connector, LongSupplier requests, List<Tag> tags) {
        this.connector = connector;
        this.requests = requests;
        this.tags = List.copyOf(tags);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        gauge(registry, "hawser.connections.open", "Open connections", ConnectorStats::connections);
        gauge(registry, "hawser.connections.idle", "Idle persistent connections", ConnectorStats::idle);
        gauge(registry, "hawser.connections.receiving.headers", "Connections receiving a field section",
                ConnectorStats::receivingHeaders);
        gauge(registry, "hawser.connections.receiving.request", "Connections receiving a request body",
                ConnectorStats::receivingRequest);
        gauge(registry, "hawser.connections.write.stalled", "Connections with a stalled response write",
                ConnectorStats::writeStalled);
        timeouts(registry, "headers", ConnectorStats::headersTimeouts);
        timeouts(registry, "request", ConnectorStats::requestTimeouts);
        timeouts(registry, "idle", ConnectorStats::idleTimeouts);
        timeouts(registry, "write", ConnectorStats::writeTimeouts);
        timeouts(registry, "tls-handshake", ConnectorStats::tlsHandshakeTimeouts);
        timeouts(registry, "proxy-header", ConnectorStats::proxyHeaderTimeouts);
        traffic(registry, "hawser.connector.requests", "Request heads received since start", List.of(),
                c -> c.management().getRequests());
        traffic(registry, "hawser.connector.bytes", "HTTP bytes read since start (plaintext on TLS)",
                List.of(Tag.of("direction", "in")), c -> c.management().getBytesIn());
        traffic(registry, "hawser.connector.bytes", "HTTP bytes written since start (plaintext on TLS)",
                List.of(Tag.of("direction", "out")), c -> c.management().getBytesOut());
        responses(registry, "1xx", c -> c.management().getResponses1xx());
        responses(registry, "2xx", c -> c.management().getResponses2xx());
        responses(registry, "3xx", c -> c.management().getResponses3xx());
        responses(registry, "4xx", c -> c.management().getResponses4xx());
        responses(registry, "5xx", c -> c.management().getResponses5xx());
        long[] bounds = connector.management() == null ? new long[0] : connector.management().getLatencyBucketBoundsMillis();
        for (int i = 0; i <= bounds.length; i++) {
            int upTo = i;
            traffic(registry, "hawser.connector.response.time",
                    "Responses that ended within le milliseconds of their request head, since start",
                    List.of(Tag.of("le", i < bounds.length ? Long.toString(bounds[i]) : "+Inf")), c -> {
                        long[] counts = c.management().getLatencyCounts();
                        long sum = 0;
                        for (int b = 0; b <= upTo; b++) {
                            sum += counts[b];
                        }
                        return sum;
                    });
        }
        if (requests != null) {
            // Micrometer holds the state object weakly: the connector (held by its server), not the supplier
            FunctionCounter.builder("hawser.requests", connector, c -> requests.getAsLong())
                    .description("Requests handed to the servlet layer since start").tags(tags).register(registry);
        }
    }

    private void gauge(MeterRegistry registry, String name, String description, ToLongFunction<ConnectorStats> value) {
        Gauge.builder(name, connector, c -> value.applyAsLong(c.stats())).description(description)
                .baseUnit("connections").tags(tags).register(registry);
    }

    private void timeouts(MeterRegistry registry, String kind, ToLongFunction<ConnectorStats> value) {
        FunctionCounter.builder("hawser.timeouts", connector, c -> value.applyAsLong(c.stats()))
                .description("Connection timeouts fired since start").tags(tags).tag("timeout", kind)
                .register(registry);
    }

    private void responses(MeterRegistry registry, String status, ToLongFunction<NioConnector> value) {
        traffic(registry, "hawser.connector.responses", "Final responses since start, by status class",
                List.of(Tag.of("status", status)), value);
    }

    /** A counter over one of the connector's traffic totals (0 while it has no MBean: not started, or stopped). */
    private void traffic(MeterRegistry registry, String name, String description, List<Tag> more,
                         ToLongFunction<NioConnector> value) {
        FunctionCounter.builder(name, connector, c -> c.management() == null ? 0 : value.applyAsLong(c))
                .description(description).tags(tags).tags(more).register(registry);
    }
}
