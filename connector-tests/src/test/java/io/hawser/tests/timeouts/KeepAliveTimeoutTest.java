package io.hawser.tests.timeouts;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.nio.NioConnector;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** keepAliveTimeout: an idle persistent connection is closed quietly after it, and not before. */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class KeepAliveTimeoutTest {
    private static final long KEEP_ALIVE_MILLIS = 1000;
    private static final long LATE_MILLIS = 100;

    private static long ms(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    @Test
    void idleConnectionIsClosedQuietlyAfterKeepAliveTimeoutAndNotBefore() throws Exception {
        NioConnector server = Servers.start(b -> b.keepAliveTimeout(Duration.ofMillis(KEEP_ALIVE_MILLIS))
                .headersTimeout(Duration.ofMillis(500)));
        try (Jitter jitter = Jitter.start(); Wire watched = Wire.connect(server.port()); Wire probe = Wire.connect(server.port())) {
            watched.send(Wire.get("/plaintext"));
            probe.send(Wire.get("/plaintext"));
            Wire.Response watchedResponse = watched.readResponse();
            Wire.Response probeResponse = probe.readResponse();
            assertThat(watchedResponse.status()).isEqualTo(200);
            assertThat(probeResponse.status()).isEqualTo(200);

            // the probe, set up identically, is still served 0.8 s into its idle time
            long wait = 800 - ms(System.nanoTime() - probeResponse.arrived());
            assertThat(probe.quietFor(wait)).isTrue();
            probe.send(Wire.get("/plaintext"));
            Wire.Response second = probe.readResponse();
            assertThat(second.status()).as("still open at 0.8 s").isEqualTo(200);

            // the watched one sees no byte and no EOF until the timeout, then a quiet close
            Wire.Ending ending = watched.awaitEnd(5000);
            assertThat(ending.ended()).isTrue();
            assertThat(ending.bytes()).as("a quiet close: no 408").isEmpty();
            long idleFor = ending.end() - watchedResponse.arrived();
            System.out.printf("keep-alive %d ms: closed %.1f ms after the response%n", KEEP_ALIVE_MILLIS,
                    Wire.millis(idleFor));
            assertThat(ms(idleFor)).isGreaterThanOrEqualTo(KEEP_ALIVE_MILLIS - 10);
            assertThat(ms(idleFor)).isLessThanOrEqualTo(KEEP_ALIVE_MILLIS + jitter.allow(LATE_MILLIS));

            // the probe's idle time restarted with its second response
            Wire.Ending probeEnding = probe.awaitEnd(5000);
            assertThat(probeEnding.ended()).isTrue();
            assertThat(probeEnding.bytes()).isEmpty();
            long probeIdle = probeEnding.end() - second.arrived();
            System.out.printf("keep-alive %d ms: probe closed %.1f ms after its second response%n", KEEP_ALIVE_MILLIS,
                    Wire.millis(probeIdle));
            assertThat(ms(probeIdle)).isGreaterThanOrEqualTo(KEEP_ALIVE_MILLIS - 10);
            assertThat(ms(probeIdle)).isLessThanOrEqualTo(KEEP_ALIVE_MILLIS + jitter.allow(LATE_MILLIS));

            assertThat(server.stats().idleTimeouts()).isEqualTo(2);
            assertThat(server.stats().headersTimeouts()).as("idle is not under headersTimeout").isZero();
            assertThat(server.stats().connections()).isZero();
        } finally {
            server.close();
        }
    }
}
