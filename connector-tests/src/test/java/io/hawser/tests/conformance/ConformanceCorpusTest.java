package io.hawser.tests.conformance;

import io.hawser.api.ConnectorConfig;
import io.hawser.nio.NioConnector;
import java.io.IOException;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The conformance kit (the raw-socket corpus and the jetty-client scenarios) as one dynamic test per
 * case, through {@link KitSuite}: the same code as {@code hawser-conformance.jar}.
 *
 * <p>Runs against the raw handler of the embedded sample behind {@link KitRoutes} (the echo WAR's
 * routes as a raw handler), started in-process with 5 s timeouts, so every case runs, the
 * {@code timeouts} group included; or against a server of your own on loopback when
 * {@code -Dhawser.conformance.port=N} is given (with {@code -Dhawser.conformance.host}, default
 * {@code 127.0.0.1}; add {@code -Dhawser.conformance.serverTimeout=SECONDS} with its timeouts to run
 * the cases that need one).
 */
class ConformanceCorpusTest {
    /** Timeouts of the in-process sample: short enough for the corpus's 15 s, longer than slow-but-steady's 3 s. */
    static final Duration SAMPLE_TIMEOUT = Duration.ofSeconds(5);

    private static NioConnector connector;
    private static KitSuite suite;

    @BeforeAll
    static void startServer() throws IOException {
        String host = KitSuite.property("host", null);
        String port = KitSuite.property("port", null);
        if (port != null) {
            String timeout = KitSuite.property("serverTimeout", null);
            suite = new KitSuite("server under test", host == null ? "127.0.0.1" : host, Integer.parseInt(port),
                    timeout == null ? null : Duration.ofSeconds(Long.parseLong(timeout)));
            return;
        }
        if (host != null) {
            throw new IllegalArgumentException(KitSuite.PREFIX + "host needs " + KitSuite.PREFIX + "port");
        }
        connector = new NioConnector(sampleConfig(), new KitRoutes());
        connector.start();
        suite = new KitSuite("embedded sample", "127.0.0.1", connector.port(), SAMPLE_TIMEOUT);
    }

    /** @return the configuration of the servers the corpus runs against in-process */
    static ConnectorConfig sampleConfig() {
        return ConnectorConfig.builder().host("127.0.0.1").port(0)
                .headersTimeout(SAMPLE_TIMEOUT).requestTimeout(SAMPLE_TIMEOUT)
                .keepAliveTimeout(SAMPLE_TIMEOUT).writeTimeout(SAMPLE_TIMEOUT).build();
    }

    @AfterAll
    static void stopServer() {
        if (suite != null) {
            suite.close();
        }
        if (connector != null) {
            connector.close();
        }
    }

    @TestFactory
    Stream<DynamicNode> corpus() throws IOException {
        return suite.tests();
    }
}
