package io.hawser.bench;

import io.hawser.api.HttpHandler;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A root web app with one hello-world servlet at {@code /plaintext}, behind a {@link ServletAdapter},
 * for the servlet variant of {@code io.hawser.nio.ConnectorPathBenchmark}. In its own package because
 * classes in {@code io.hawser.nio} must not depend on servlet types (the architecture test checks the
 * benchmark classes too): the benchmark sees only an {@link HttpHandler}.
 */
public final class HelloServletApp implements AutoCloseable {
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    private final WebApp app;
    private final HttpHandler handler;

    private HelloServletApp(WebApp app, HttpHandler handler) {
        this.app = app;
        this.handler = handler;
    }

    /**
     * Builds and starts the web app.
     *
     * @return the started app
     * @throws ServletException when the web app fails to start
     */
    public static HelloServletApp start() throws ServletException {
        WebApp app = WebApp.create("", null, HelloServletApp.class.getClassLoader());
        app.servletContext().addServlet("plaintext", new PlaintextServlet()).addMapping("/plaintext");
        app.start();
        return new HelloServletApp(app, new ServletAdapter(List.of(app)));
    }

    /**
     * The adapter, declared non-blocking <em>for the benchmark only</em>: the {@link ServletAdapter}
     * is blocking by design, but this servlet never blocks (13 bytes fit the response buffer and the
     * in-memory channel takes every write at once), so it can run inline on the loop thread like the
     * raw variant and the two measure the same connector path.
     *
     * @return the adapter serving this app, wrapped with {@link HttpHandler#nonBlocking}
     */
    public HttpHandler nonBlockingHandler() {
        return HttpHandler.nonBlocking(handler);
    }

    /** Stops the web app. */
    @Override
    public void close() {
        app.stop();
    }

    /** {@code GET /plaintext}: {@code Hello, World!} as text/plain with a Content-Length, as TechEmpower's plaintext test. */
    static final class PlaintextServlet extends HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws java.io.IOException {
            resp.setContentType("text/plain");
            resp.setContentLength(HELLO.length);
            resp.getOutputStream().write(HELLO);
        }
    }
}
