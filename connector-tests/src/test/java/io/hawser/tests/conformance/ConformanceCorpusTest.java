package io.hawser.tests.conformance;

import io.hawser.api.Connector;
import io.hawser.api.ConnectorConfig;
import io.hawser.samples.embedded.EmbeddedServer;
import java.io.IOException;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The HTTP/1.1 conformance corpus as one dynamic test per case; the Java port of {@code run-corpus},
 * with the same verdicts (see {@link CorpusSuite}).
 *
 * <p>Runs against the embedded sample (the raw handler) started in-process with 5 s timeouts, so
 * every case runs, the {@code timeouts} group included; or against a server of your own on
 * loopback when {@code -Dhawser.conformance.port=N} is given (with {@code -Dhawser.conformance.host},
 * default {@code 127.0.0.1}; add {@code -Dhawser.conformance.idleTimeout=true} when it closes idle
 * connections within 10 s).
 */
class ConformanceCorpusTest {
    /** Timeouts of the in-process sample: short enough for the corpus's 15 s, longer than slow-but-steady's 3 s. */
    static final Duration SAMPLE_TIMEOUT = Duration.ofSeconds(5);

    private static Connector connector;
    private static CorpusSuite suite;

    @BeforeAll
    static void startServer() throws IOException {
        String host = CorpusSuite.property("host", null);
        String port = CorpusSuite.property("port", null);
        if (port != null) {
            suite = new CorpusSuite("server under test", host == null ? "127.0.0.1" : host, Integer.parseInt(port),
                    Boolean.parseBoolean(CorpusSuite.property("idleTimeout", "false")));
            return;
        }
        if (host != null) {
            throw new IllegalArgumentException(CorpusSuite.PREFIX + "host needs " + CorpusSuite.PREFIX + "port");
        }
        connector = EmbeddedServer.start(sampleConfig());
        suite = new CorpusSuite("embedded sample", "127.0.0.1", connector.port(), true);
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
