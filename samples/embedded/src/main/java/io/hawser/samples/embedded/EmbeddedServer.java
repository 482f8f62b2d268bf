package io.hawser.samples.embedded;

import io.hawser.api.Connector;
import io.hawser.api.ConnectorConfig;
import io.hawser.api.DurationText;
import io.hawser.nio.NioConnector;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Embedding Hawser in a few lines: a {@code main} that starts the connector with
 * {@link SampleHandler}. Run {@code java -jar samples/embedded/target/embedded.jar [--port N]};
 * the first line on standard output is {@code listening on http://HOST:PORT/}. {@link ServletServer}
 * shows the same with a servlet registered in code.
 */
@Command(name = "embedded", mixinStandardHelpOptions = true, version = "Hawser embedded sample 0.1",
        description = "Serves /plaintext, /echo, /status/NNN and /stream with the Hawser connector.")
public final class EmbeddedServer implements Callable<Integer> {
    @Option(names = "--port", description = "TCP port; 0 picks a free one (default: ${DEFAULT-VALUE})")
    int port = 8080;

    @Option(names = "--host", description = "address to bind (default: ${DEFAULT-VALUE})")
    String host = "127.0.0.1";

    @Option(names = "--headers-timeout", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "time to receive a field section, e.g. 500ms, 20s (default 20s)")
    Duration headersTimeout;

    @Option(names = "--request-timeout", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "time to receive a whole request (default 300s)")
    Duration requestTimeout;

    @Option(names = "--keep-alive-timeout", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "idle time between requests (default 65s)")
    Duration keepAliveTimeout;

    @Option(names = "--write-timeout", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "time a response write may make no progress (default 30s)")
    Duration writeTimeout;

    /** Reads durations such as {@code 500ms} or {@code 20s}. */
    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            return DurationText.parse(value);
        }
    }

    /** @return the configuration the options describe */
    ConnectorConfig config() {
        ConnectorConfig.Builder b = ConnectorConfig.builder().host(host).port(port);
        if (headersTimeout != null) {
            b.headersTimeout(headersTimeout);
        }
        if (requestTimeout != null) {
            b.requestTimeout(requestTimeout);
        }
        if (keepAliveTimeout != null) {
            b.keepAliveTimeout(keepAliveTimeout);
        }
        if (writeTimeout != null) {
            b.writeTimeout(writeTimeout);
        }
        return b.build();
    }

    /**
     * Starts a connector serving {@link SampleHandler}.
     *
     * @param config the connector configuration
     * @return the started connector; {@link Connector#port()} tells the bound port
     * @throws IOException when the address cannot be bound
     */
    public static Connector start(ConnectorConfig config) throws IOException {
        Connector connector = new NioConnector(config, new SampleHandler());
        connector.start();
        return connector;
    }

    @Override
    public Integer call() throws Exception {
        return UntilStopped.serve(start(config()), host);
    }

    /**
     * @param args {@code [--port N] [--host ADDRESS] [--headers-timeout D] [--request-timeout D]
     *     [--keep-alive-timeout D] [--write-timeout D]}
     */
    public static void main(String[] args) {
        int code = new CommandLine(new EmbeddedServer()).execute(args);
        if (code != 0) {
            System.exit(code);
        }
    }
}
