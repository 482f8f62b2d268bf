package io.hawser.tests.timeouts;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpExchange;
import io.hawser.api.HttpHandler;
import io.hawser.nio.NioConnector;
import io.hawser.samples.embedded.SampleHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/** Starts connectors on 127.0.0.1 for the timeout tests, and the handler they share. */
final class Servers {
    private Servers() {
    }

    /** A builder on 127.0.0.1, an ephemeral port and long timeouts, for a test to shorten the one it checks. */
    static ConnectorConfig.Builder config() {
        return ConnectorConfig.builder().host("127.0.0.1").port(0)
                .headersTimeout(Duration.ofSeconds(30))
                .requestTimeout(Duration.ofSeconds(60))
                .keepAliveTimeout(Duration.ofSeconds(60))
                .writeTimeout(Duration.ofSeconds(30));
    }

    static NioConnector start(UnaryOperator<ConnectorConfig.Builder> settings, HttpHandler handler) throws IOException {
        NioConnector connector = new NioConnector(settings.apply(config()).build(), handler);
        connector.start();
        return connector;
    }

    static NioConnector start(UnaryOperator<ConnectorConfig.Builder> settings) throws IOException {
        return start(settings, new TestHandler());
    }

    /** @return names of the live platform threads whose name starts with {@code hawser-} */
    static Set<String> hawserThreads() {
        Set<String> names = new TreeSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && t.getName().startsWith("hawser-")) {
                names.add(t.getName() + "#" + t.getId());
            }
        }
        return names;
    }

    /**
     * The sample endpoints plus {@code /sleep/N} (sleeps N ms, then answers "slept") and
     * {@code /sleep-then-read/N} (sleeps N ms, then reads the whole body and answers its length).
     */
    static final class TestHandler implements HttpHandler {
        private final SampleHandler sample = new SampleHandler();

        @Override
        public void handle(HttpExchange exchange) throws Exception {
            String path = exchange.path();
            if (path.startsWith("/sleep/")) {
                Thread.sleep(Long.parseLong(path.substring("/sleep/".length())));
                exchange.responseBody().write("slept".getBytes(StandardCharsets.US_ASCII));
            } else if (path.startsWith("/sleep-then-read/")) {
                Thread.sleep(Long.parseLong(path.substring("/sleep-then-read/".length())));
                byte[] buf = new byte[8192];
                long total = 0;
                for (int n; (n = exchange.requestBody().read(buf, 0, buf.length)) >= 0; ) {
                    total += n;
                }
                exchange.responseBody().write(("read " + total).getBytes(StandardCharsets.US_ASCII));
            } else {
                sample.handle(exchange);
            }
        }
    }
}
