package io.hawser.tests.conformance;

import io.hawser.api.Connector;
import io.hawser.deploy.DeployedApp;
import io.hawser.deploy.Deployer;
import io.hawser.nio.NioConnector;
import io.hawser.servlet.ServletAdapter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * The {@code echo} sample WAR as maven-war-plugin built it ({@code target/wars/echo.war}), deployed at
 * the root context on an in-process Hawser on loopback with {@link ConformanceCorpusTest#sampleConfig}'s
 * 5 s timeouts: the kit's server side.
 */
final class EchoWarServer implements AutoCloseable {
    private final DeployedApp app;
    private final Connector connector;

    /** Deploys the WAR and starts the connector on an ephemeral port. */
    EchoWarServer() throws Exception {
        Path war = Paths.get("target/wars/echo.war");
        if (!Files.isRegularFile(war)) {
            throw new IllegalStateException(war.toAbsolutePath() + " is missing: the build copies it in process-test-resources");
        }
        app = Deployer.deploy(war, "");
        connector = new NioConnector(ConformanceCorpusTest.sampleConfig(), new ServletAdapter(List.of(app.webApp())));
        connector.start();
    }

    /** @return the port the connector listens on */
    int port() {
        return connector.port();
    }

    /** Stops the connector, then undeploys. */
    @Override
    public void close() {
        connector.close();
        app.close();
    }
}
