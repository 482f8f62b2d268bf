package io.hawser.nio;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpExchange;
import io.hawser.api.HttpHandler;
import io.hawser.bench.HelloServletApp;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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
 * The body paths of the connector: one keep-alive {@code POST /body} with a 64 KiB (or, with
 * {@code requestBodySize=1048576}, 1 MiB) request body,
 * read whole by the handler, answered with a 64 KiB response body with its Content-Length, over an
 * in-memory channel ({@link BodyChannel}). Unlike {@link ConnectorPathBenchmark} the handler is not
 * declared non-blocking: a 64 KiB body does not fit the loop's one 64 KiB read, so the exchange runs
 * on a worker of the connector's own {@link Workers} (as in a server) and parks for the rest of the
 * body, which the benchmark thread, acting as the selector loop, reads in.
 *
 * <p>With a 1 MiB request body all but the loop's first read of the body is read by the exchange
 * itself, straight into the handler's array once it has taken the socket reads over (path A of
 * docs/architecture.md, "Where body bytes are copied"): 64 channel reads per request. The in-memory
 * channel costs no system call, so ns/op shows the Java side of that path, and {@code -prof gc}
 * what it allocates per request.
 *
 * <p>One operation: the channel rewinds (the client sends the request again); the loop side calls
 * {@code connection.onReady(OP_READ)} while request bytes are undelivered and the connection reads
 * ({@code OP_READ} in its interest set), and {@link SelectorLoop#runTasks()}, spinning until the
 * worker has written the response and handed the connection back and it is idle again.
 *
 * <ul>
 * <li>{@code handler=raw}: an {@link HttpHandler} reading the {@code RequestBody} in 16 KiB reads into
 *     a reused array and writing the 64 KiB response from a preallocated array in 16 KiB writes, with
 *     {@code Content-Length}: the connector's own cost and allocation.
 * <li>{@code handler=servlet}: the same through {@code ServletInputStream} and
 *     {@code ServletOutputStream} ({@link HelloServletApp}'s {@code BodyServlet}, which allocates its
 *     16 KiB read array per request, as an application would).
 * </ul>
 *
 * <p>Checks: the response at set-up is read in full ({@code HTTP/1.1 200 OK}, {@code Content-Length:
 * 65536}, head plus body bytes); every operation compares the response length with it; the iteration
 * tear-down fails if any differed or the connection closed. {@code -prof gc}'s
 * {@code gc.alloc.rate.norm} counts every thread's allocation (the worker's included) per request.
 * The worker hand-off (an unpark per request, and per body read that waits) is part of ns/op. See
 * src/jmh/README.md.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class BodyPathBenchmark {
    /** Bytes of the response body. */
    static final int BODY_SIZE = 64 * 1024;
    private static final int PIECE = 16 * 1024;
    private static final byte[] CONTENT = new byte[BODY_SIZE];

    /** Bytes of the request body: 64 KiB, or 1 MiB (the read-ahead path). */
    @Param({"65536", "1048576"})
    public int requestBodySize;

    /** Which handler serves the request: {@code raw} or {@code servlet}. */
    @Param({"raw", "servlet"})
    public String handler;

    private HelloServletApp servletApp;
    private NioConnector connector;
    private SelectorLoop loop;
    private BodyChannel channel;
    private Http1Connection connection;
    private Workers workers;
    private long expectedLength;
    private long wrongResponses;

    /**
     * Builds connector, workers, loop and connection and serves one request, checked in full.
     *
     * @throws Exception when the servlet app cannot start, or the first response is not the expected one
     */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        HttpHandler h;
        switch (handler) {
            case "raw" -> h = BodyPathBenchmark::body;
            case "servlet" -> {
                servletApp = HelloServletApp.start();
                h = servletApp.handler();
            }
            default -> throw new IllegalArgumentException("handler " + handler);
        }
        connector = new NioConnector(ConnectorConfig.defaults(), h);
        // The connector is never started (no socket, no loop thread): give it the workers start() would.
        workers = Workers.create(false, 4);
        java.lang.reflect.Field f = NioConnector.class.getDeclaredField("workers");
        f.setAccessible(true);
        f.set(connector, workers);
        loop = new SelectorLoop(connector, 0, Thread.currentThread());
        InetAddress loopback = InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1});
        byte[] head = ("POST /body HTTP/1.1\r\nHost: localhost:8080\r\nContent-Type: application/octet-stream\r\n"
                + "Content-Length: " + requestBodySize + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
        byte[] request = new byte[head.length + requestBodySize];
        System.arraycopy(head, 0, request, 0, head.length);
        channel = new BodyChannel(request, new InetSocketAddress(loopback, 54321), new InetSocketAddress(loopback, 8080));
        connection = new Http1Connection(connector, loop, channel);
        connection.key = new MemoryKey(channel, connection);
        connector.onOpened();
        connection.onAccepted(System.nanoTime());

        long n = request();
        String start = new String(channel.head, 0, (int) Math.min(n, BodyChannel.HEAD_KEPT), StandardCharsets.ISO_8859_1);
        int end = start.indexOf("\r\n\r\n");
        if (!start.startsWith("HTTP/1.1 200 OK\r\n") || !start.contains("\r\nContent-Length: " + BODY_SIZE + "\r\n")
                || end < 0 || n != end + 4 + BODY_SIZE) {
            throw new IllegalStateException(n + "-byte response:\n" + start);
        }
        expectedLength = n;
        wrongResponses = 0;
    }

    /**
     * One request: deliver it as the connection reads, run the loop's tasks, until the response is
     * written and the connection idle again.
     *
     * @return the response length (never folded away)
     */
    @Benchmark
    public long request() {
        channel.rewind();
        while (true) {
            loop.startBatch(); // each pass is a loop turn: its own batch time (SelectorLoop.now)
            if (channel.undelivered() > 0 && (connection.key.interestOps() & SelectionKey.OP_READ) != 0) {
                connection.onReady(SelectionKey.OP_READ);
            }
            loop.runTasks();
            if (channel.undelivered() == 0 && connection.exchange == null && loop.lists.idle.contains(connection)) {
                break;
            }
            if (connection.isClosed()) {
                throw new IllegalStateException("connection closed");
            }
            Thread.onSpinWait();
        }
        long n = channel.responseLength;
        if (n != expectedLength) {
            wrongResponses++;
        }
        return n;
    }

    /** Fails when a response had the wrong length, or the connection closed. */
    @TearDown(Level.Iteration)
    public void check() {
        if (wrongResponses != 0 || channel.closedByConnection) {
            throw new IllegalStateException(wrongResponses + " responses of the wrong length; closed: "
                    + channel.closedByConnection);
        }
    }

    /** Stops the servlet app and the workers. */
    @TearDown(Level.Trial)
    public void tearDown() {
        if (servletApp != null) {
            servletApp.close();
        }
        workers.shutdownNow();
    }

    /**
     * The raw handler: reads the whole body, then answers {@link #BODY_SIZE} bytes with their
     * Content-Length (500 when fewer bytes came than the request's Content-Length).
     */
    private static void body(HttpExchange exchange) throws IOException {
        byte[] scratch = SCRATCH.get();
        InputStream in = exchange.requestBody();
        long length = 0;
        for (int n; (n = in.read(scratch, 0, scratch.length)) >= 0; ) {
            length += n;
        }
        if (length != exchange.requestBody().contentLength()) {
            exchange.setStatus(500);
            return;
        }
        exchange.responseFields().set("Content-Type", "application/octet-stream");
        exchange.responseFields().set("Content-Length", Integer.toString(BODY_SIZE));
        OutputStream out = exchange.responseBody();
        for (int off = 0; off < BODY_SIZE; off += PIECE) {
            out.write(CONTENT, off, PIECE);
        }
    }

    /** The raw handler's read array, one per worker thread: the connector's allocation alone is measured. */
    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[PIECE]);
}
