package io.hawser.samples.embedded;

import io.hawser.api.Connector;
import io.hawser.api.ConnectorConfig;
import io.hawser.nio.NioConnector;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Embedding Hawser in a few lines: a {@code main} that starts the connector with
 * {@link SampleHandler}. Run {@code java -jar samples/embedded/target/embedded.jar [--port N]};
 * the first line on standard output is {@code listening on http://HOST:PORT/}.
 */
@Command(name = "embedded", mixinStandardHelpOptions = true, version = "Hawser embedded sample 0.1",
        description = "Serves /plaintext, /echo, /status/NNN and /stream with the Hawser connector.")
public final class EmbeddedServer implements Callable<Integer> {
    @Option(names = "--port", description = "TCP port; 0 picks a free one (default: ${DEFAULT-VALUE})")
    int port = 8080;

    @Option(names = "--host", description = "address to bind (default: ${DEFAULT-VALUE})")
    String host = "127.0.0.1";

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
        Connector connector = start(ConnectorConfig.builder().host(host).port(port).build());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                connector.stop(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            stopped.countDown();
        }, "hawser-shutdown"));
        System.out.println("listening on http://" + host + ":" + connector.port() + "/");
        System.out.flush();
        stopped.await();
        return 0;
    }

    /**
     * @param args {@code [--port N] [--host ADDRESS]}
     */
    public static void main(String[] args) {
        int code = new CommandLine(new EmbeddedServer()).execute(args);
        if (code != 0) {
            System.exit(code);
        }
    }
}
