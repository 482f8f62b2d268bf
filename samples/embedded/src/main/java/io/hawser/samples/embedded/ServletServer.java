package io.hawser.samples.embedded;

import io.hawser.api.Connector;
import io.hawser.api.ConnectorConfig;
import io.hawser.nio.NioConnector;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Embedding Hawser with servlets registered in code, no WAR and no web.xml: a {@link WebApp} at the
 * root context with {@link GreetingServlet} at {@code /greeting}, behind the {@link ServletAdapter}.
 * Run {@code java -cp samples/embedded/target/embedded.jar io.hawser.samples.embedded.ServletServer
 * [--port N]}; the first line on standard output is {@code listening on http://HOST:PORT/}.
 */
@Command(name = "servlet-server", mixinStandardHelpOptions = true, version = "Hawser embedded servlet sample 0.1",
        description = "Serves a servlet registered in code at /greeting.")
public final class ServletServer implements Callable<Integer> {
    @Option(names = "--port", description = "TCP port; 0 picks a free one (default: ${DEFAULT-VALUE})")
    int port = 8080;

    @Option(names = "--host", description = "address to bind (default: ${DEFAULT-VALUE})")
    String host = "127.0.0.1";

    /**
     * Builds the web app in code, starts it and a connector serving it.
     *
     * @param config the connector configuration
     * @return the started connector ({@link Connector#port()} tells the port); stopping it leaves
     *     the web app to the JVM's exit, as this sample never undeploys
     * @throws IOException when the address cannot be bound
     * @throws ServletException when the web app fails to start
     */
    public static Connector start(ConnectorConfig config) throws IOException, ServletException {
        WebApp app = WebApp.create("", null, ServletServer.class.getClassLoader());
        app.setDisplayName("embedded servlets");
        app.servletContext().addServlet("greeting", new GreetingServlet("Hello")).addMapping("/greeting");
        app.start();
        Connector connector = new NioConnector(config, new ServletAdapter(List.of(app)));
        try {
            connector.start();
        } catch (IOException e) {
            app.stop();
            throw e;
        }
        return connector;
    }

    @Override
    public Integer call() throws Exception {
        return UntilStopped.serve(start(ConnectorConfig.builder().host(host).port(port).build()), host);
    }

    /** @param args {@code [--port N] [--host ADDRESS]} */
    public static void main(String[] args) {
        int code = new CommandLine(new ServletServer()).execute(args);
        if (code != 0) {
            System.exit(code);
        }
    }
}
