package io.hawser.tests.timeouts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.nio.NioConnector;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** maxConnections (accepting pauses at the limit and resumes) and maxRequestsPerConnection. */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class ConnectionLimitsTest {

    @Test
    void connectionBeyondMaxConnectionsWaitsUntilOneClosesThenIsServed() throws Exception {
        NioConnector server = Servers.start(b -> b.maxConnections(5));
        List<Wire> open = new ArrayList<>();
        try {
            for (int i = 0; i < 5; i++) {
                Wire w = Wire.connect(server.port());
                open.add(w);
                w.send(Wire.get("/plaintext"));
                assertThat(w.readResponse().status()).isEqualTo(200);
            }
            await().atMost(Duration.ofSeconds(2)).untilAsserted(() -> {
                assertThat(server.stats().connections()).isEqualTo(5);
                assertThat(server.stats().idle()).isEqualTo(5);
            });

            try (Wire sixth = Wire.connect(server.port())) { // completes in the listen backlog
                sixth.send(Wire.get("/plaintext?sixth"));
                assertThat(sixth.quietFor(700)).as("no answer while 5 connections are open").isTrue();
                assertThat(server.stats().connections()).isEqualTo(5);

                long closed = System.nanoTime();
                open.remove(0).close();
                Wire.Response r = sixth.readResponse(5000);
                System.out.printf("maxConnections 5: the sixth was answered %.1f ms after one of the five closed%n",
                        Wire.millis(r.arrived() - closed));
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.text()).isEqualTo("Hello, World!");
                assertThat(r.closes()).isFalse();
                sixth.send(Wire.get("/plaintext"));
                assertThat(sixth.readResponse().status()).isEqualTo(200);

                for (Wire w : open) {
                    w.send(Wire.get("/plaintext"));
                    assertThat(w.readResponse().status()).as("the other four still work").isEqualTo(200);
                }
                assertThat(server.stats().connections()).isEqualTo(5);
            }
            // and again: the sixth closed, so a seventh gets in at once
            try (Wire seventh = Wire.connect(server.port())) {
                seventh.send(Wire.get("/plaintext"));
                assertThat(seventh.readResponse(5000).status()).isEqualTo(200);
            }
        } finally {
            open.forEach(Wire::close);
            server.close();
        }
    }

    @Test
    void headersTimerOfAConnectionWaitingForAPermitStartsWhenItIsAccepted() throws Exception {
        NioConnector server = Servers.start(b -> b.maxConnections(1).headersTimeout(Duration.ofMillis(800)));
        Wire holder = Wire.connect(server.port());
        try (Jitter jitter = Jitter.start(); Wire waiting = connectAfter(holder, server.port())) {
            waiting.send("GET /plaintext HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Part");
            assertThat(waiting.quietFor(1200)).as("in the backlog: not accepted, not timed").isTrue();
            long released = System.nanoTime();
            holder.close();
            Wire.Ending ending = waiting.awaitEnd(5000);
            long after = ending.firstByte() - released;
            System.out.printf("waited in the backlog 1.2 s: 408 %.1f ms after the permit was released%n",
                    Wire.millis(after));
            assertThat(ending.text()).startsWith("HTTP/1.1 408 ");
            assertThat(TimeUnit.NANOSECONDS.toMillis(after)).as("800 ms from accept, not from connect")
                    .isBetween(800L, 800L + jitter.allow(150));
        } finally {
            holder.close();
            server.close();
        }
    }

    /** Lets {@code holder} be served once (so it holds the only permit, idle), then connects another. */
    private static Wire connectAfter(Wire holder, int port) throws IOException {
        holder.send(Wire.get("/plaintext"));
        assertThat(holder.readResponse().status()).isEqualTo(200);
        return Wire.connect(port);
    }

    @Test
    void thirdResponseCarriesConnectionCloseWhenMaxRequestsPerConnectionIsThree() throws Exception {
        NioConnector server = Servers.start(b -> b.maxRequestsPerConnection(3));
        try (Wire wire = Wire.connect(server.port())) {
            for (int i = 1; i <= 3; i++) {
                wire.send(Wire.get("/plaintext"));
                Wire.Response r = wire.readResponse();
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.closes()).as("response " + i + " closes").isEqualTo(i == 3);
            }
            Wire.Ending ending = wire.awaitEnd(3000);
            assertThat(ending.ended()).as("closed after the third response").isTrue();
            assertThat(ending.bytes()).isEmpty();
        } finally {
            server.close();
        }
    }

    @Test
    void pipelinedRequestsBeyondMaxRequestsPerConnectionAreNotAnswered() throws Exception {
        NioConnector server = Servers.start(b -> b.maxRequestsPerConnection(3));
        try (Wire wire = Wire.connect(server.port())) {
            wire.send(Wire.get("/plaintext?1") + Wire.get("/plaintext?2") + Wire.get("/plaintext?3")
                    + Wire.get("/plaintext?4"));
            for (int i = 1; i <= 3; i++) {
                Wire.Response r = wire.readResponse();
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.closes()).as("response " + i + " closes").isEqualTo(i == 3);
            }
            Wire.Ending ending = wire.awaitEnd(3000);
            assertThat(ending.ended()).isTrue();
            assertThat(ending.text()).as("no fourth response").doesNotContain("HTTP/1.1");
        } finally {
            server.close();
        }
    }

    /**
     * When the worker closes a connection after its last allowed response, the selector loop may
     * still be handed the key of the closing channel; that is no failure and must not be logged as one.
     */
    @Test
    void closingAfterTheLastAllowedResponseLogsNoLoopFailure() throws Exception {
        List<LogRecord> warnings = new CopyOnWriteArrayList<>();
        Logger logger = Logger.getLogger("io.hawser.nio");
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                    warnings.add(r);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logger.addHandler(capture);
        NioConnector server = Servers.start(b -> b.maxRequestsPerConnection(1));
        int connections = 0;
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(6);
            for (; connections < 1000 && warnings.isEmpty() && System.nanoTime() < until; connections++) {
                try (Wire wire = Wire.connect(server.port())) {
                    wire.send(Wire.get("/plaintext"));
                    Wire.Response r = wire.readResponse();
                    assertThat(r.status()).isEqualTo(200);
                    assertThat(r.closes()).isTrue();
                    assertThat(wire.awaitEnd(2000).ended()).isTrue();
                }
            }
        } finally {
            logger.removeHandler(capture);
            server.close();
        }
        System.out.printf("maxRequestsPerConnection 1: %d connections, %d warnings%s%n", connections, warnings.size(),
                warnings.isEmpty() ? "" : ": " + warnings.get(0).getMessage() + " " + warnings.get(0).getThrown());
        assertThat(warnings).extracting(r -> r.getMessage() + " " + r.getThrown()).isEmpty();
    }
}
