package io.hawser.samples.servlet;

import io.hawser.api.Connector;
import io.hawser.api.ConnectorConfig;
import io.hawser.nio.NioConnector;
import io.hawser.samples.embedded.SampleOptions;
import io.hawser.samples.embedded.UntilStopped;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.util.List;

/**
 * Embedding Hawser with servlets registered in code, no WAR and no web.xml: a {@link WebApp} at the
 * root context with {@link GreetingServlet} at {@code /greeting}, behind the {@link ServletAdapter}.
 * Run {@code java -jar samples/embedded-servlet/target/embedded-servlet.jar [--port N]} (the
 * options of {@link SampleOptions}); the first line on standard output is
 * {@code listening on http://HOST:PORT/}.
 */
public final class ServletServer {
    private ServletServer() {
    }

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

    /**
     * @param args see {@link SampleOptions}
     * @throws Exception when the web app or the connector cannot start, or the wait is interrupted
     */
    public static void main(String[] args) throws Exception {
        SampleOptions options = SampleOptions.parseOrExit("embedded-servlet", args);
        if (options.nonBlocking()) { // servlets block: the loops never run them
            System.err.println("embedded-servlet: --handler non-blocking is the raw sample's; servlets run on workers");
            System.exit(2);
        }
        UntilStopped.serve(start(options.config()), options.host());
    }
}
