package io.hawser.tests.timeouts;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.nio.NioConnector;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * When an exchange ends with an incomplete pipelined head buffered, the connection goes back to its
 * loop and the head's headers timer starts. Bytes completing that head must then be parsed and
 * served, whenever they arrive, and never left to the headers timer.
 */
class ConnectionHandBackTest {
    private static final long HEADERS_MILLIS = 500;

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void headCompletedJustAfterThePreviousResponseIsServedNotTimedOut() throws Exception {
        NioConnector server = Servers.start(b -> b.headersTimeout(Duration.ofMillis(HEADERS_MILLIS)));
        List<String> failures = new ArrayList<>();
        int iterations = 0;
        try (Wire wire = Wire.connect(server.port())) {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(8);
            for (; iterations < 300 && failures.isEmpty() && System.nanoTime() < until; iterations++) {
                // a complete request and the start of the next one, in one write
                wire.send(Wire.get("/plaintext?first") + "GET /plaintext?second HTTP/1.1\r\nHost: 127.0.0.1\r\n");
                Wire.Response first = wire.readResponse();
                assertThat(first.status()).isEqualTo(200);
                // the client completes the second head as soon as it has the first response
                long completed = System.nanoTime();
                wire.send("\r\n");
                Wire.Response second = wire.readResponse(5000);
                long took = System.nanoTime() - completed;
                if (second.status() != 200 || took > TimeUnit.MILLISECONDS.toNanos(HEADERS_MILLIS - 100)) {
                    failures.add(String.format("iteration %d: complete head answered %d after %.1f ms: %s", iterations,
                            second.status(), Wire.millis(took), second.text().trim()));
                }
            }
        } finally {
            System.out.printf("hand-back race: %d iterations, %s; %s%n", iterations, failures, server.stats());
            server.close();
        }
        assertThat(failures).as("complete requests left unparsed until headersTimeout").isEmpty();
    }
}
