package io.hawser.tests.conformance;

import io.hawser.api.TlsConfig;
import io.hawser.conformance.Tls;
import io.hawser.nio.NioConnector;
import io.hawser.nio.TestCertificates;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole conformance kit — the raw-socket corpus through {@code SSLSocket}s and the jetty-client
 * scenarios over HTTPS — against the same in-process server as {@link ConformanceCorpusTest}, whose
 * only listener is TLS (a PEM certificate made at test time, which the kit's client trusts):
 * framing, smuggling, limits and timeouts answer the same over TLS.
 */
class ConformanceTlsTest {
    @TempDir
    static Path dir;
    private static NioConnector connector;
    private static KitSuite suite;

    @BeforeAll
    static void startServer() throws Exception {
        TestCertificates certs = TestCertificates.make(dir);
        connector = new NioConnector(ConformanceCorpusTest.sampleConfig().toBuilder().port(-1).tlsPort(0)
                .tls(TlsConfig.builder().certificate(certs.chainPem, certs.keyPem).build()).build(), new KitRoutes());
        connector.start();
        suite = new KitSuite("embedded sample over TLS", "127.0.0.1", connector.tlsPort(),
                ConformanceCorpusTest.SAMPLE_TIMEOUT, Tls.trusting(certs.keyStore, TestCertificates.PASSWORD));
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
    Stream<DynamicNode> corpus() throws Exception {
        return suite.tests();
    }
}
