package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.api.Connector.Readiness;
import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpHandler;
import io.hawser.api.TlsConfig;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.net.ssl.SSLSocket;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JFR events read back with a {@link RecordingStream}, the MBean read over JMX, and readiness at stop. */
class ObservabilityTest {
    @TempDir
    static Path dir;
    private static TestCertificates certs;
    private NioConnector connector;

    /** /status/NNN answers NNN; /slow/MS answers 200 after MS milliseconds (a slow application); else 200 "ok". */
    private static final HttpHandler STATUS = exchange -> {
        String p = exchange.path();
        if (p.startsWith("/status/")) {
            exchange.setStatus(Integer.parseInt(p.substring(8)));
        } else if (p.startsWith("/slow/")) {
            java.util.concurrent.locks.LockSupport.parkNanos(Duration.ofMillis(Long.parseLong(p.substring(6))).toNanos());
        }
        exchange.responseFields().set("Content-Length", "2");
        exchange.responseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
    };

    @AfterEach
    void closeConnector() {
        NioConnector started = connector;
        if (started != null) {
            started.close();
        }
    }

    private void start(ConnectorConfig.Builder b) throws Exception {
        if (certs == null) {
            certs = TestCertificates.make(dir);
        }
        TlsConfig tls = TlsConfig.builder().keyStore(certs.keyStore, "PKCS12", TestCertificates.PASSWORD).build();
        connector = new NioConnector(b.host("127.0.0.1").port(0).tls(tls).tlsPort(0).build(), STATUS);
        connector.tlsEngines(certs.engines());
        connector.start();
    }

    /** @return the whole response to {@code request} on a new connection (asks the connector to close it) */
    private static String send(Socket s, String request) throws IOException {
        try (s) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    private String get(String path) throws IOException {
        return send(new Socket("127.0.0.1", connector.port()),
                "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    }

    private static final List<String> EVENTS = List.of("ConnectionAccepted", "ConnectionClosed", "RequestHeadReceived",
            "ResponseCommitted", "ExchangeCompleted", "TimeoutFired", "RequestRejected", "TlsHandshake");

    @Test
    void jfrEventsAreRecordedWithTheirFields() throws Exception {
        start(ConnectorConfig.builder().headersTimeout(Duration.ofMillis(200)));
        Queue<RecordedEvent> seen = new ConcurrentLinkedQueue<>();
        try (RecordingStream rs = new RecordingStream()) {
            for (String e : EVENTS) {
                rs.enable("io.hawser." + e).withThreshold(Duration.ZERO); // every request, not only the slow ones
            }
            EVENTS.forEach(e -> rs.onEvent("io.hawser." + e, seen::add));
            CompletableFuture<Void> started = new CompletableFuture<>();
            rs.onFlush(() -> started.complete(null));
            rs.startAsync();
            started.get();
            assertThat(get("/status/404")).startsWith("HTTP/1.1 404 ");
            StringBuilder pipelined = new StringBuilder(); // five on one connection: the exchange's events reused
            for (int i = 1; i <= 5; i++) {
                pipelined.append("GET /seq/").append(i).append(" HTTP/1.1\r\nHost: localhost\r\n")
                        .append(i == 5 ? "Connection: close\r\n" : "").append("\r\n");
            }
            assertThat(send(new Socket("127.0.0.1", connector.port()), pipelined.toString())).contains("HTTP/1.1 200 ");
            assertThat(send(new Socket("127.0.0.1", connector.port()), "GET / HTTP/1.1\r\n\r\n")) // no Host
                    .startsWith("HTTP/1.1 400 ");
            try (Socket silent = new Socket("127.0.0.1", connector.port())) {
                silent.setSoTimeout(10_000);
                assertThat(new String(silent.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1))
                        .startsWith("HTTP/1.1 408 ");
            }
            try (SSLSocket tls = (SSLSocket) certs.context.getSocketFactory().createSocket("127.0.0.1", connector.tlsPort())) {
                tls.setEnabledProtocols(new String[] {"TLSv1.3"});
                assertThat(send(tls, "GET /tls HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"))
                        .startsWith("HTTP/1.1 200 ");
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> names(seen).containsAll(EVENTS));
        }
        for (int i = 1; i <= 5; i++) {
            String target = "/seq/" + i;
            for (String type : List.of("RequestHeadReceived", "ResponseCommitted", "ExchangeCompleted")) {
                assertThat(seen.stream().filter(e -> e.getEventType().getName().equals("io.hawser." + type)
                        && target.equals(e.getString("target")))).as(type + " " + target).hasSize(1);
            }
        }
        RecordedEvent completed = first(seen, "ExchangeCompleted", e -> "/status/404".equals(e.getString("target")));
        assertThat(completed.getInt("status")).isEqualTo(404);
        assertThat(completed.getString("method")).isEqualTo("GET");
        assertThat(completed.getDuration()).isPositive();
        assertThat(first(seen, "ResponseCommitted", e -> e.getInt("status") == 404).getString("target"))
                .isEqualTo("/status/404");
        assertThat(first(seen, "RequestHeadReceived", e -> "/tls".equals(e.getString("target"))).getString("method"))
                .isEqualTo("GET");
        RecordedEvent rejected = first(seen, "RequestRejected", e -> e.getInt("status") == 400);
        assertThat(rejected.getString("reason")).containsIgnoringCase("host");
        assertThat(first(seen, "TimeoutFired", e -> "headers".equals(e.getString("list"))).getDuration("waited"))
                .isGreaterThanOrEqualTo(Duration.ofMillis(200));
        RecordedEvent handshake = first(seen, "TlsHandshake", e -> true);
        assertThat(handshake.getString("protocol")).isEqualTo("TLSv1.3");
        assertThat(handshake.getString("cipherSuite")).startsWith("TLS_");
        assertThat(handshake.getDuration("handshakeTime")).isPositive();
        assertThat(first(seen, "ConnectionClosed", e -> true).getDuration("lifetime")).isPositive();
        assertThat(first(seen, "ConnectionAccepted", e -> !e.getBoolean("secure")).getString("remoteAddress"))
                .contains("127.0.0.1");
    }

    @Test
    void withTheDefaultThresholdOnlySlowRequestsAreRecorded() throws Exception {
        start(ConnectorConfig.builder());
        Queue<RecordedEvent> seen = new ConcurrentLinkedQueue<>();
        java.util.concurrent.atomic.AtomicInteger flushes = new java.util.concurrent.atomic.AtomicInteger();
        List<String> perRequest = List.of("RequestHeadReceived", "ResponseCommitted", "ExchangeCompleted");
        try (RecordingStream rs = new RecordingStream()) {
            for (String e : perRequest) {
                rs.enable("io.hawser." + e); // the event's own threshold, as with settings=default or profile
                rs.onEvent("io.hawser." + e, seen::add);
            }
            rs.onFlush(flushes::incrementAndGet);
            rs.startAsync();
            await().until(() -> flushes.get() > 0);
            for (int i = 0; i < 20; i++) {
                assertThat(get("/status/404")).startsWith("HTTP/1.1 404 ");
            }
            assertThat(get("/slow/60")).startsWith("HTTP/1.1 200 ");
            try (Socket slowHead = new Socket("127.0.0.1", connector.port())) { // a client 60 ms into its head
                slowHead.getOutputStream().write("GET /late-head HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII));
                java.util.concurrent.locks.LockSupport.parkNanos(Duration.ofMillis(60).toNanos());
                assertThat(send(slowHead, "Host: localhost\r\nConnection: close\r\n\r\n")).startsWith("HTTP/1.1 200 ");
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> names(seen).containsAll(perRequest));
            int now = flushes.get();
            await().until(() -> flushes.get() > now + 1); // whatever the fast requests committed has arrived by now
        }
        RecordedEvent slow = first(seen, "ExchangeCompleted", e -> true);
        assertThat(slow.getString("target")).isEqualTo("/slow/60");
        assertThat(slow.getDuration()).isGreaterThanOrEqualTo(Duration.ofMillis(60));
        assertThat(first(seen, "ResponseCommitted", e -> true).getString("target")).isEqualTo("/slow/60");
        RecordedEvent head = first(seen, "RequestHeadReceived", e -> true);
        assertThat(head.getString("target")).isEqualTo("/late-head");
        assertThat(head.getDuration()).isGreaterThanOrEqualTo(Duration.ofMillis(50));
        assertThat(seen).as("one event of each type: the fast requests are under the threshold").hasSize(3);
    }

    private static java.util.Set<String> names(Queue<RecordedEvent> seen) {
        return seen.stream().map(e -> e.getEventType().getName().substring("io.hawser.".length()))
                .collect(Collectors.toSet());
    }

    private static RecordedEvent first(Queue<RecordedEvent> seen, String name,
                                       java.util.function.Predicate<RecordedEvent> which) {
        return seen.stream().filter(e -> e.getEventType().getName().equals("io.hawser." + name)).filter(which)
                .findFirst().orElseThrow(() -> new AssertionError("no " + name + " event matching in " + names(seen)));
    }

    @Test
    void theMBeanCountsRequestsBytesStatusClassesAndLatency() throws Exception {
        start(ConnectorConfig.builder());
        get("/");
        get("/status/302");
        get("/status/404");
        get("/status/503");
        send(new Socket("127.0.0.1", connector.port()), "GET / HTTP/1.1\r\n\r\n"); // 400, made by the connector
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName("io.hawser:type=Connector,name=\"http-127.0.0.1-" + connector.port() + "\"");
        // registered off the start's critical path, once the first response has ended
        await().atMost(Duration.ofSeconds(10)).until(() -> server.isRegistered(name));
        await().atMost(Duration.ofSeconds(10)).until(() -> (Long) server.getAttribute(name, "Connections") == 0);
        Map<String, Object> a = new java.util.HashMap<>();
        for (String attr : List.of("Requests", "Responses1xx", "Responses2xx", "Responses3xx", "Responses4xx",
                "Responses5xx", "BytesIn", "BytesOut", "Readiness", "HeadersTimeouts")) {
            a.put(attr, server.getAttribute(name, attr));
        }
        assertThat(a).containsEntry("Requests", 4L).containsEntry("Responses1xx", 0L).containsEntry("Responses2xx", 1L)
                .containsEntry("Responses3xx", 1L).containsEntry("Responses4xx", 2L).containsEntry("Responses5xx", 1L)
                .containsEntry("Readiness", "READY").containsEntry("HeadersTimeouts", 0L);
        assertThat((Long) a.get("BytesIn")).isGreaterThan(4 * 50L);
        assertThat((Long) a.get("BytesOut")).isGreaterThan(5 * 60L);
        long[] bounds = (long[]) server.getAttribute(name, "LatencyBucketBoundsMillis");
        long[] counts = (long[]) server.getAttribute(name, "LatencyCounts");
        assertThat(counts).hasSize(bounds.length + 1);
        assertThat(java.util.Arrays.stream(counts).sum()).isEqualTo(4);
        connector.close();
        assertThat(server.isRegistered(name)).isFalse();
    }

    @Test
    void anIdleConnectorRegistersItsMBeanToo() throws Exception {
        start(ConnectorConfig.builder());
        ObjectName name = new ObjectName("io.hawser:type=Connector,name=\"http-127.0.0.1-" + connector.port() + "\"");
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        await().atMost(Duration.ofSeconds(10)).until(() -> server.isRegistered(name)); // no request came
        assertThat(server.getAttribute(name, "Readiness")).isEqualTo("READY");
        connector.close();
        assertThat(server.isRegistered(name)).isFalse();
    }

    @Test
    void aStopBeforeTheMBeanIsRegisteredKeepsItUnregistered() throws Exception {
        start(ConnectorConfig.builder());
        String name = "http-127.0.0.1-" + connector.port();
        connector.close(); // before the first response, well within the second the registration waits
        Thread registrar = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("hawser-jmx-" + name)).findFirst().orElse(null);
        if (registrar != null) {
            registrar.join(10_000);
            assertThat(registrar.isAlive()).isFalse();
        }
        assertThat(ManagementFactory.getPlatformMBeanServer()
                .isRegistered(new ObjectName("io.hawser:type=Connector,name=\"" + name + "\""))).isFalse();
    }

    @Test
    void aGracefulStopTurnsDrainingFirstAndServesThroughTheDelay() throws Exception {
        start(ConnectorConfig.builder().drainDelay(Duration.ofSeconds(3)));
        assertThat(connector.readiness()).isEqualTo(Readiness.READY);
        CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> {
            try {
                connector.stop(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        await().atMost(Duration.ofSeconds(2)).until(() -> connector.readiness() == Readiness.DRAINING);
        assertThat(get("/")).startsWith("HTTP/1.1 200 "); // still accepting and serving in the delay
        stopped.get();
        assertThat(connector.readiness()).isEqualTo(Readiness.STOPPED);
    }
}
