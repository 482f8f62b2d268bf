package io.hawser.tests.conformance;

import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The whole conformance kit (corpus and jetty-client scenarios) against the {@code echo} sample WAR
 * as maven-war-plugin built it, deployed at the root context: the kit's server side behind the
 * servlet adapter, with the same 5 s timeouts as {@link ConformanceCorpusTest}.
 */
class EchoWarCorpusTest {
    private static EchoWarServer server;
    private static KitSuite suite;

    @BeforeAll
    static void deployEcho() throws Exception {
        server = new EchoWarServer();
        suite = new KitSuite("echo WAR", "127.0.0.1", server.port(), ConformanceCorpusTest.SAMPLE_TIMEOUT);
    }

    @AfterAll
    static void stop() {
        if (suite != null) {
            suite.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @TestFactory
    Stream<DynamicNode> kitAgainstTheEchoWar() throws IOException {
        return suite.tests();
    }
}
