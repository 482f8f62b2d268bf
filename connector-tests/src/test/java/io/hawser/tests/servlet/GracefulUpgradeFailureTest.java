package io.hawser.tests.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.servlet.GracefulUpgradeHandler;
import jakarta.servlet.http.WebConnection;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@link GracefulUpgradeHandler} whose {@code serverStopping} throws: the failure closes its
 * connection (the client sees the end of input), {@code destroy} follows, and the graceful stop
 * ends then, not at its deadline.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GracefulUpgradeFailureTest {
    static final CompletableFuture<Boolean> destroyed = new CompletableFuture<>();

    /** Holds its connection open; fails when told of the stop. */
    public static final class Failing implements GracefulUpgradeHandler {
        @Override
        public void init(WebConnection wc) {
        }

        @Override
        public void serverStopping() {
            throw new IllegalStateException("boom in serverStopping");
        }

        @Override
        public void destroy() {
            destroyed.complete(true);
        }
    }

    @Test
    void aThrowingServerStoppingClosesItsConnectionAndTheStopGoesOn() throws Exception {
        try (ServletServer server = ServletServer.start("/app", app -> app.servletContext()
                .addServlet("up", ServletServer.servlet((req, res) -> req.upgrade(Failing.class))).addMapping("/up"))) {
            try (Socket s = server.socket()) {
                s.setSoTimeout(20_000);
                s.getOutputStream().write(("GET /app/up HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\n"
                        + "Upgrade: x-failing\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                InputStream in = s.getInputStream();
                byte[] head = in.readNBytes(12);
                assertThat(new String(head, StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 101");
                long started = System.nanoTime();
                server.connector.stop(Duration.ofSeconds(30));
                assertThat(Duration.ofNanos(System.nanoTime() - started)).as("ended by the failure's close, not the deadline")
                        .isLessThan(Duration.ofSeconds(20));
                while (in.read() >= 0) {
                    // the rest of the 101's head, then the end of input
                }
                assertThat(destroyed.get(10, TimeUnit.SECONDS)).isTrue();
            }
        }
    }
}
