package io.hawser.tests.integration;

import io.hawser.nio.TestCertificates;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@link JettyClientTest} again over HTTPS: the connector's only listener is TLS (a PEM
 * certificate made at test time), and Jetty's client trusts it. Bodies, chunking, trailers,
 * keep-alive, pipelined reuse and failures after commit behave as on cleartext.
 */
class JettyClientTlsTest extends JettyClientTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        startWith(TestCertificates.make(dir));
    }
}
