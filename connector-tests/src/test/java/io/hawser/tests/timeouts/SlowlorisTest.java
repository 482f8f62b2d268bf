package io.hawser.tests.timeouts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.nio.ConnectorStats;
import io.hawser.nio.NioConnector;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.SoftAssertions;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * 500 slowloris connections, each adding one byte of a field line per second, are all cut by
 * headersTimeout close to their own deadline, while a well-behaved client keeps being served.
 */
class SlowlorisTest {
    private static final int CONNECTIONS = 500;
    private static final long HEADERS_TIMEOUT_MILLIS = 2000;
    private static final long MARGIN_MILLIS = 100;

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void headersTimeoutCutsEverySlowlorisConnectionOnTimeWhileOthersAreServed() throws Exception {
        NioConnector server = Servers.start(b -> b.headersTimeout(Duration.ofMillis(HEADERS_TIMEOUT_MILLIS))
                .maxConnections(2 * CONNECTIONS));
        HttpClient client = new HttpClient();
        Trickler slowloris = new Trickler("GET /plaintext HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ",
                "abcdefghijklmnopqrstuvwxyz", 500, 1000);
        Jitter jitter = Jitter.start();
        try {
            client.start();
            String uri = "http://127.0.0.1:" + server.port() + "/plaintext";
            for (int i = 0; i < 50; i++) {
                assertThat(client.GET(uri).getStatus()).isEqualTo(200);
            }

            CompletableFuture<Boolean> driven = new CompletableFuture<>();
            Thread driver = new Thread(() -> {
                try {
                    slowloris.open(server.port(), CONNECTIONS);
                    driven.complete(slowloris.run(10_000));
                } catch (Throwable t) {
                    driven.completeExceptionally(t);
                }
            }, "slowloris-driver");
            driver.setDaemon(true);
            driver.start();

            int ok = 0;
            List<String> failures = new ArrayList<>();
            long worstNanos = 0;
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            for (int i = 0; i < 20_000 && !driven.isDone() && System.nanoTime() < until; i++) {
                long t0 = System.nanoTime();
                try {
                    ContentResponse r = client.newRequest(uri).timeout(5, TimeUnit.SECONDS).send();
                    if (r.getStatus() == 200 && "Hello, World!".equals(r.getContentAsString())) {
                        ok++;
                    } else {
                        failures.add("status " + r.getStatus());
                    }
                } catch (Exception e) {
                    failures.add(e.toString());
                }
                worstNanos = Math.max(worstNanos, System.nanoTime() - t0);
            }
            assertThat(driven.get(15, TimeUnit.SECONDS)).as("every slowloris connection ended").isTrue();
            driver.join(5000);

            long[] lateness = new long[CONNECTIONS];
            long[] early = new long[CONNECTIONS];
            int with408 = 0;
            int resets = 0;
            List<String> wrong = new ArrayList<>();
            List<Trickler.Slow> clients = slowloris.clients();
            for (int i = 0; i < clients.size(); i++) {
                Trickler.Slow s = clients.get(i);
                lateness[i] = s.answered - s.connectEnd - TimeUnit.MILLISECONDS.toNanos(HEADERS_TIMEOUT_MILLIS);
                early[i] = s.answered - s.connectStart;
                String text = s.receivedText();
                if (text.startsWith("HTTP/1.1 408 ") && text.toLowerCase().contains("connection: close")) {
                    with408++;
                } else if (wrong.size() < 5) {
                    wrong.add("#" + i + " reset=" + s.reset + " writeFailed=" + s.writeFailed + " got '" + text + "'");
                }
                if (s.reset) {
                    resets++;
                }
            }
            long[] sorted = lateness.clone();
            Arrays.sort(sorted);
            long spread = clients.get(CONNECTIONS - 1).connectEnd - clients.get(0).connectStart;
            ConnectorStats stats = server.stats();
            System.out.printf("slowloris: %d connections opened in %.1f ms; close time - (connect + %d ms): "
                    + "min %.1f p50 %.1f p90 %.1f p99 %.1f max %.1f ms; 408 seen on %d, resets %d%n",
                    CONNECTIONS, Wire.millis(spread), HEADERS_TIMEOUT_MILLIS, Wire.millis(sorted[0]),
                    Wire.millis(sorted[CONNECTIONS / 2]), Wire.millis(sorted[CONNECTIONS * 9 / 10]),
                    Wire.millis(sorted[CONNECTIONS * 99 / 100]), Wire.millis(sorted[CONNECTIONS - 1]), with408, resets);
            StringBuilder byIndex = new StringBuilder();
            for (int i = 0; i < CONNECTIONS; i += CONNECTIONS / 10) {
                byIndex.append(String.format(" #%d:%.0f", i, Wire.millis(lateness[i])));
            }
            System.out.println("slowloris: lateness (ms) by connection index:" + byIndex);
            System.out.printf("slowloris: jetty-client %d ok, %d failed %s, slowest %.1f ms; worst scheduling delay seen "
                    + "by a 5 ms sleeper %.1f ms; %s%n", ok, failures.size(), failures, Wire.millis(worstNanos),
                    (double) jitter.worstMillis(), stats);

            SoftAssertions soft = new SoftAssertions();
            soft.assertThat(Arrays.stream(early).min().getAsLong()).as("no connection cut before headersTimeout (ns)")
                    .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(HEADERS_TIMEOUT_MILLIS));
            soft.assertThat(sorted[CONNECTIONS - 1]).as("latest close after its deadline (ns); worst wake-up delay %d ms",
                    jitter.worstMillis()).isLessThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(jitter.allow(MARGIN_MILLIS)));
            soft.assertThat(wrong).as("slowloris connections that did not see 408 + Connection: close").isEmpty();
            soft.assertThat(with408).isEqualTo(CONNECTIONS);
            soft.assertThat(stats.receivingHeaders()).isZero();
            // the well-behaved client: every request answered 200 (and none of its connections timed out)
            soft.assertThat(failures).as("jetty-client requests during the attack").isEmpty();
            soft.assertThat(ok).as("jetty-client requests served during the attack").isGreaterThan(20);
            soft.assertThat(stats.headersTimeouts()).as("headers timeouts: the slowloris connections only")
                    .isEqualTo(CONNECTIONS);
            soft.assertAll();
            await().atMost(Duration.ofSeconds(2)).untilAsserted(() -> {
                ConnectorStats after = server.stats();
                assertThat(after.connections()).as("only the jetty-client connection is left").isEqualTo(1);
                assertThat(after.idle()).as("and it is idle").isEqualTo(1);
            });
        } finally {
            jitter.close();
            slowloris.close();
            client.stop();
            server.close();
        }
    }
}
