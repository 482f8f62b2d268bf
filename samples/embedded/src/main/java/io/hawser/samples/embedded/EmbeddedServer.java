package io.hawser.samples.embedded;

import io.hawser.api.Connector;
import io.hawser.api.ConnectorConfig;
import io.hawser.nio.NioConnector;
import java.io.IOException;

/**
 * Embedding Hawser in a few lines: a {@code main} that starts the connector with
 * {@link SampleHandler}. Run {@code java -jar samples/embedded/target/embedded.jar [--port N]}
 * ({@link SampleOptions} has the rest); the first line on standard output is
 * {@code listening on http://HOST:PORT/}. Its only dependencies are Hawser's SPI and connector
 * core (the build refuses anything more). {@code samples/embedded-servlet} shows the same with a
 * servlet registered in code.
 */
public final class EmbeddedServer {
    private EmbeddedServer() {
    }

    /**
     * Starts a connector serving {@link SampleHandler}.
     *
     * @param config the connector configuration
     * @return the started connector; {@link Connector#port()} tells the bound port
     * @throws IOException when the address cannot be bound
     */
    public static Connector start(ConnectorConfig config) throws IOException {
        return start(config, false);
    }

    /**
     * Starts a connector serving {@link SampleHandler}, blocking or not.
     *
     * @param config the connector configuration
     * @param nonBlocking whether the handler runs on the selector loops ({@link SampleHandler#isNonBlocking()})
     * @return the started connector
     * @throws IOException when the address cannot be bound
     */
    public static Connector start(ConnectorConfig config, boolean nonBlocking) throws IOException {
        Connector connector = new NioConnector(config, new SampleHandler(nonBlocking));
        connector.start();
        return connector;
    }

    /**
     * @param args see {@link SampleOptions}
     * @throws Exception when the connector cannot start or the wait is interrupted
     */
    public static void main(String[] args) throws Exception {
        SampleOptions options = SampleOptions.parseOrExit("embedded", args);
        UntilStopped.serve(start(options.config(), options.nonBlocking()), options.host());
    }
}
