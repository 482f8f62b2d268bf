package io.hawser.nio;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpExchange;
import io.hawser.api.HttpHandler;
import io.hawser.bench.HelloServletApp;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The whole connector path of one keep-alive HTTP/1.1 request without a body, over an in-memory
 * channel ({@link MemoryChannel}): what a selector loop does when a keep-alive connection's next
 * request arrives, with the handler run inline (declared non-blocking).
 *
 * <p>One operation is {@code connection.onReady(OP_READ)}, which reads the request into the loop's
 * shared read buffer, takes an exchange from the pool, parses the head, updates the connection
 * lists and runs the handler, whose response goes out with one gathering write; then
 * {@link SelectorLoop#runTasks()}, which runs the hand-back the ended exchange posted with
 * {@code loop.handBack(connection, …)}, so the connection is idle again (in the idle list, exchange and
 * buffers back in their pools) as on a real loop. The loop and connector are real but never
 * started: no thread, no socket; the benchmark thread is the loop thread (the
 * {@code SelectorLoop(connector, index, owner)} seam).
 *
 * <ul>
 * <li>{@code handler=raw}: an {@link HttpHandler} that checks the method and path and writes
 *     {@code Hello, World!} (13 bytes) as {@code text/plain}; the connector adds the Content-Length.
 * <li>{@code handler=servlet}: the same through the servlet adapter and a hello-world
 *     {@code HttpServlet} ({@link HelloServletApp}), declared non-blocking for the benchmark only.
 * <li>{@code handler=servletAsync}: the servlet starts async and returns; the operation then
 *     writes the same response through the {@code AsyncContext} and completes it, as an
 *     application thread would (here the benchmark thread), before the loop runs its tasks.
 * </ul>
 *
 * <p>Every operation checks that the response has the length of the one verified at set-up (a
 * complete {@code HTTP/1.1 200 OK} with {@code Content-Length: 13} and the body); the iteration
 * tear-down fails when any did not, or when the connection closed or did not return to idle. Run
 * with {@code -prof gc}: {@code gc.alloc.rate.norm} is bytes allocated per request. See
 * src/jmh/README.md.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class ConnectorPathBenchmark {
    /** A browser-like keep-alive GET (Chrome's navigation fields, no cookie): 426 bytes. */
    static final String REQUEST = "GET /plaintext HTTP/1.1\r\n"
            + "Host: localhost:8080\r\n"
            + "Connection: keep-alive\r\n"
            + "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)"
            + " Chrome/124.0.0.0 Safari/537.36\r\n"
            + "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8\r\n"
            + "Sec-Fetch-Site: none\r\n"
            + "Sec-Fetch-Mode: navigate\r\n"
            + "Sec-Fetch-Dest: document\r\n"
            + "Accept-Encoding: gzip, deflate, br\r\n"
            + "Accept-Language: en-US,en;q=0.9\r\n"
            + "\r\n";
    static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    /** Which handler serves the request: {@code raw}, {@code servlet} or {@code servletAsync}. */
    @Param({"raw", "servlet", "servletAsync"})
    public String handler;

    private HelloServletApp servletApp;
    private NioConnector connector;
    private SelectorLoop loop;
    private MemoryChannel channel;
    private Http1Connection connection;
    private Thread owner;
    /** Length of the response verified at set-up; every response must have it. */
    private int expectedLength;
    /** Responses of another length (checked at each iteration's end). */
    private long wrongResponses;

    /**
     * Builds connector, loop and connection (the connection accepted and in the lists as on a real
     * loop) and serves one request, whose response is checked in full.
     *
     * @throws Exception when the servlet app cannot start, or the first response is not the
     *     expected one
     */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        HttpHandler h;
        switch (handler) {
            case "raw" -> h = HttpHandler.nonBlocking(ConnectorPathBenchmark::plaintext);
            case "servlet" -> {
                servletApp = HelloServletApp.start();
                h = servletApp.nonBlockingHandler();
            }
            case "servletAsync" -> {
                servletApp = HelloServletApp.startAsync();
                h = servletApp.nonBlockingHandler();
            }
            default -> throw new IllegalArgumentException("handler " + handler);
        }
        connector = new NioConnector(ConnectorConfig.defaults(), h);
        owner = Thread.currentThread();
        loop = new SelectorLoop(connector, 0, owner);
        InetAddress loopback = InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1});
        channel = new MemoryChannel(REQUEST.getBytes(StandardCharsets.ISO_8859_1),
                new InetSocketAddress(loopback, 54321), new InetSocketAddress(loopback, 8080));
        connection = new Http1Connection(connector, loop, channel);
        connection.key = new MemoryKey(channel, connection);
        connector.onOpened();
        connection.onAccepted(System.nanoTime());

        request();
        String response = new String(channel.sink, 0, channel.responseLength, StandardCharsets.ISO_8859_1);
        String bodyStart = "\r\n\r\n";
        if (!response.startsWith("HTTP/1.1 200 OK\r\n") || !response.contains("\r\nContent-Length: 13\r\n")
                || !response.endsWith(bodyStart + "Hello, World!")
                || response.indexOf(bodyStart) != response.length() - bodyStart.length() - HELLO.length) {
            throw new IllegalStateException("unexpected response:\n" + response);
        }
        checkIdle();
        expectedLength = channel.responseLength;
        wrongResponses = 0;
    }

    /** Fails when JMH runs the iteration on another thread than the one the loop was bound to. */
    @Setup(Level.Iteration)
    public void checkThread() {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("the benchmark thread changed; the loop is bound to " + owner);
        }
    }

    /**
     * One keep-alive request: the loop sees the connection readable, then runs its queued tasks.
     *
     * @return the response length (never folded away)
     */
    @Benchmark
    public int request() throws IOException {
        loop.startBatch(); // as a loop turn: the select's batch (one clock read), then the next turn's tasks
        connection.onReady(SelectionKey.OP_READ);
        if (servletApp != null) {
            servletApp.completePending();
        }
        loop.startBatch();
        loop.runTasks();
        int n = channel.responseLength;
        if (n != expectedLength) {
            wrongResponses++;
        }
        return n;
    }

    /** Fails when a response had the wrong length, or the connection is not idle and open. */
    @TearDown(Level.Iteration)
    public void check() {
        if (wrongResponses != 0) {
            throw new IllegalStateException(wrongResponses + " responses of the wrong length; last:\n"
                    + new String(channel.sink, 0, channel.responseLength, StandardCharsets.ISO_8859_1));
        }
        checkIdle();
    }

    private void checkIdle() {
        if (connection.isClosed() || channel.closedByConnection || connection.exchange != null
                || !loop.lists.idle.contains(connection) || loop.lists.request.contains(connection)
                || loop.lists.headers.contains(connection) || connection.in != null) {
            throw new IllegalStateException("connection not idle after the request (closed: "
                    + connection.isClosed() + ")");
        }
    }

    /**
     * Stops the servlet app. The connection is left open: closing it would give its permit back to
     * the acceptor, which a connector that was never started does not have (the fork ends anyway).
     */
    @TearDown(Level.Trial)
    public void tearDown() {
        if (servletApp != null) {
            servletApp.close();
        }
    }

    /** The raw handler: {@code GET /plaintext} answers {@code Hello, World!}, anything else 404. */
    private static void plaintext(HttpExchange exchange) throws IOException {
        if (!"GET".equals(exchange.method()) || !"/plaintext".equals(exchange.path())) {
            exchange.setStatus(404);
            return;
        }
        exchange.responseFields().set("Content-Type", "text/plain");
        exchange.responseBody().write(HELLO);
    }
}
