package io.hawser.samples.embedded;

import io.hawser.api.Connector;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/** What the sample mains do once their connector runs: announce it, then serve until the JVM stops. */
public final class UntilStopped {
    private UntilStopped() {
    }

    /**
     * Prints {@code listening on http://HOST:PORT/} (the first line scripts wait for) and blocks
     * until Ctrl-C or SIGTERM, which stops the connector gracefully (5 s for exchanges in flight).
     *
     * @param connector a started connector
     * @param host the address it is bound to, for the printed URL
     * @return 0, the exit code
     * @throws InterruptedException when interrupted while waiting
     */
    public static int serve(Connector connector, String host) throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                connector.stop(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            stopped.countDown();
        }, "hawser-shutdown"));
        int tls = connector.tlsPort();
        if (connector.port() != tls) {
            System.out.println("listening on http://" + host + ":" + connector.port() + "/");
        }
        if (tls > 0) {
            System.out.println("listening on https://" + host + ":" + tls + "/");
        }
        System.out.flush();
        stopped.await();
        return 0;
    }
}
