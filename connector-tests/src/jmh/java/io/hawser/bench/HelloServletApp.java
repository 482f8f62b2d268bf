package io.hawser.bench;

import io.hawser.api.HttpHandler;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A root web app with a hello-world servlet at {@code /plaintext} and a body servlet at
 * {@code /body}, behind a {@link ServletAdapter}, for the servlet variants of
 * {@code io.hawser.nio.ConnectorPathBenchmark} and {@code io.hawser.nio.BodyPathBenchmark}. In its own package because
 * classes in {@code io.hawser.nio} must not depend on servlet types (the architecture test checks the
 * benchmark classes too): the benchmark sees only an {@link HttpHandler}.
 */
public final class HelloServletApp implements AutoCloseable {
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    private final WebApp app;
    private final HttpHandler handler;
    private final AsyncPlaintextServlet async;

    private HelloServletApp(WebApp app, HttpHandler handler, AsyncPlaintextServlet async) {
        this.app = app;
        this.handler = handler;
        this.async = async;
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
        app.servletContext().addServlet("body", new BodyServlet()).addMapping("/body");
        app.start();
        return new HelloServletApp(app, new ServletAdapter(List.of(app)), null);
    }

    /**
     * Builds and starts the web app with an async servlet at {@code /plaintext} instead: it starts
     * async and returns; {@link #completePending()} then writes the same response and completes.
     *
     * @return the started app
     * @throws ServletException when the web app fails to start
     */
    public static HelloServletApp startAsync() throws ServletException {
        WebApp app = WebApp.create("", null, HelloServletApp.class.getClassLoader());
        AsyncPlaintextServlet servlet = new AsyncPlaintextServlet();
        jakarta.servlet.ServletRegistration.Dynamic registration = app.servletContext().addServlet("plaintext", servlet);
        registration.addMapping("/plaintext");
        registration.setAsyncSupported(true);
        app.start();
        return new HelloServletApp(app, new ServletAdapter(List.of(app)), servlet);
    }

    /**
     * For {@link #startAsync()}: answers the request whose dispatch started async and returned, as
     * an application's own thread would: {@code Hello, World!} with its Content-Length, then
     * {@code AsyncContext.complete()}.
     *
     * @return whether a request was pending
     * @throws java.io.IOException when the write fails
     */
    public boolean completePending() throws java.io.IOException {
        AsyncContext ac = async == null ? null : async.pending;
        if (ac == null) {
            return false;
        }
        async.pending = null;
        PlaintextServlet.answer((HttpServletResponse) ac.getResponse());
        ac.complete();
        return true;
    }

    /**
     * @return the adapter serving this app, as it is (blocking: its exchanges run on workers)
     */
    public HttpHandler handler() {
        return handler;
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
            answer(resp);
        }

        static void answer(HttpServletResponse resp) throws java.io.IOException {
            resp.setContentType("text/plain");
            resp.setContentLength(HELLO.length);
            resp.getOutputStream().write(HELLO);
        }
    }

    /** {@code GET /plaintext} answered later: starts async and returns; see {@link #completePending()}. */
    static final class AsyncPlaintextServlet extends HttpServlet {
        private static final long serialVersionUID = 1L;
        /** The started request, until {@link #completePending()} answers it (one thread: the benchmark's). */
        transient AsyncContext pending;

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) {
            pending = req.startAsync();
        }
    }

    /**
     * {@code POST /body}: reads the whole request body from {@code getInputStream()} in 16 KiB reads,
     * then answers {@code 200 application/octet-stream} with {@link #RESPONSE_SIZE} bytes and their
     * Content-Length, written from one preallocated array in 16 KiB writes (the echo WAR's
     * UploadServlet and DownloadServlet in one request). A body of another length than the
     * request's Content-Length is a 500, which the benchmark's response check catches.
     */
    static final class BodyServlet extends HttpServlet {
        private static final long serialVersionUID = 1L;
        /** Bytes of the response body. */
        static final int RESPONSE_SIZE = 64 * 1024;
        private static final int PIECE = 16 * 1024;
        private static final byte[] CONTENT = new byte[RESPONSE_SIZE];

        @Override
        protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws java.io.IOException {
            byte[] scratch = new byte[PIECE];
            jakarta.servlet.ServletInputStream in = req.getInputStream();
            long length = 0;
            for (int n; (n = in.read(scratch, 0, scratch.length)) >= 0; ) {
                length += n;
            }
            if (length != req.getContentLengthLong()) {
                resp.sendError(500, "read " + length + " body bytes");
                return;
            }
            resp.setContentType("application/octet-stream");
            resp.setContentLength(RESPONSE_SIZE);
            jakarta.servlet.ServletOutputStream out = resp.getOutputStream();
            for (int off = 0; off < RESPONSE_SIZE; off += PIECE) {
                out.write(CONTENT, off, PIECE);
            }
        }
    }
}
