package io.hawser.tests.conformance;

import io.hawser.api.Connector;
import io.hawser.deploy.DeployedApp;
import io.hawser.deploy.Deployer;
import io.hawser.nio.NioConnector;
import io.hawser.servlet.ServletAdapter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The whole conformance corpus against the {@code echo} sample WAR as maven-war-plugin built it,
 * deployed at the root context: the same endpoints as servlets behind the servlet adapter, with the
 * same 5 s timeouts as {@link ConformanceCorpusTest}.
 */
class EchoWarCorpusTest {
    private static DeployedApp app;
    private static Connector connector;
    private static CorpusSuite suite;

    @BeforeAll
    static void deployEcho() throws Exception {
        Path war = Paths.get("target/wars/echo.war");
        if (!Files.isRegularFile(war)) {
            throw new IllegalStateException(war.toAbsolutePath() + " is missing: the build copies it in process-test-resources");
        }
        app = Deployer.deploy(war, "");
        connector = new NioConnector(ConformanceCorpusTest.sampleConfig(), new ServletAdapter(List.of(app.webApp())));
        connector.start();
        suite = new CorpusSuite("echo WAR", "127.0.0.1", connector.port(), true);
    }

    @AfterAll
    static void stop() {
        if (suite != null) {
            suite.close();
        }
        if (connector != null) {
            connector.close();
        }
        if (app != null) {
            app.close();
        }
    }

    @TestFactory
    Stream<DynamicNode> corpusAgainstTheEchoWar() throws IOException {
        return suite.tests();
    }
}
