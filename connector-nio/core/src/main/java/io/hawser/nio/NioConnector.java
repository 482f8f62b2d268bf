package io.hawser.nio;

import io.hawser.api.Connector;
import io.hawser.api.Connector.Readiness;
import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpHandler;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.nio.channels.ServerSocketChannel;

/**
 * The NIO HTTP/1.1 connector: {@link ConnectorConfig#selectorLoops()} selector loops (the first
 * also accepts), and workers for handler code (see {@code docs/architecture.md}).
 *
 * <pre>{@code
 * Connector c = new NioConnector(ConnectorConfig.builder().port(8080).build(),
 *         exchange -> exchange.responseBody().write("hi".getBytes()));
 * c.start();
 * }</pre>
 */
public final class NioConnector implements Connector {
    private final ConnectorConfig config;
    private final HttpHandler handler;
    private final AtomicInteger openConnections = new AtomicInteger();
    private final java.util.concurrent.Semaphore connectionPermits;
    /** 8 KiB pages, and a few buffers large enough for a body's input (two reads' worth) while its handler catches up. */
    private final BufferPool pages = new BufferPool(8192, 128, 2 * SelectorLoop.READ_BUFFER_SIZE, 32);
    /** Bytes of response body buffers kept pooled (at least 8 and at most 128 buffers). */
    private static final int RESPONSE_BUFFERS_KEPT = 2 << 20;
    /**
     * Response body buffers of the configured {@code responseBufferSize}, for bodies larger than a
     * page (smaller ones are buffered in a page of {@link #pages}).
     */
    private final BufferPool responseBuffers;
    /** Exchanges lent to connections while they are busy. */
    private final ExchangePool exchanges;
    /** The bound listening sockets, in the order of {@link ConnectorConfig#listeners()}; {@code null} before start. */
    private ServerSocketChannel[] servers;
    /** Traffic counters since start (JMX: {@link ConnectorManagement}). */
    final ConnectorMetrics metrics = new ConnectorMetrics();
    /** The socket files of the Unix domain listeners, removed at stop. */
    private java.util.List<java.nio.file.Path> unixFiles = java.util.List.of();
    private SelectorLoop[] loops;
    private Workers workers;
    private Acceptor[] acceptors = new Acceptor[0];
    /** The TLS listeners' engines ({@code null} without a TLS listener). */
    private TlsEngines tlsEngines;
    /** The context made from {@link ConnectorConfig#tls()} ({@code null} without TLS, or with a test's engines). */
    private TlsContext tlsContext;
    /** Watches the TLS files for a change ({@code null} when not watching). */
    private TlsReloader tlsReloader;
    /** Record-sized pages for TLS input and one-record output, made with the first TLS listener. */
    private BufferPool tlsPages;
    /** Pages for multi-record TLS output ({@link TlsTransport#MAX_WRAP_BYTES} of plaintext). */
    private BufferPool tlsWrapPages;
    private final HandshakeFailureLog handshakeFailures = new HandshakeFailureLog();
    /** A stop began (guards against a second); see {@link #closing} for what connections see. */
    private volatile boolean stopping;
    /** The drain began (after {@code drainDelay}): responses close their connections. */
    private volatile boolean closing;
    private volatile Readiness readiness = Readiness.STARTING;
    /** The JMX MBean while started, or {@code null}. */
    private ConnectorManagement management;
    private final java.util.concurrent.CompletableFuture<Throwable> failure = new java.util.concurrent.CompletableFuture<>();
    private static final System.Logger LOG = System.getLogger(NioConnector.class.getName());
    /** Test seam: run on every accepted socket before it is registered ({@code null}: nothing). */
    volatile java.util.function.Consumer<java.nio.channels.SocketChannel> acceptedSocketSeam;

    /**
     * @param config the configuration
     * @param handler called once per request
     */
    public NioConnector(ConnectorConfig config, HttpHandler handler) {
        this.config = Objects.requireNonNull(config, "config");
        this.handler = Objects.requireNonNull(handler, "handler");
        this.connectionPermits = new java.util.concurrent.Semaphore(config.maxConnections());
        this.exchanges = new ExchangePool(config, 256);
        int size = Math.max(1, config.responseBufferSize());
        this.responseBuffers = size == pages.pageSize() ? pages
                : new BufferPool(size, Math.max(8, Math.min(128, RESPONSE_BUFFERS_KEPT / size)));
    }

    /**
     * Binds every listener ({@link ConnectorConfig#listeners()}), reads the TLS keys and
     * certificates when a listener is secure, and starts the loops.
     *
     * @throws IOException when an address cannot be bound (the message names it); an
     *     {@link javax.net.ssl.SSLException} when a TLS key, certificate or trust file cannot be read
     *     or used (the message names the file); nothing stays bound then
     */
    @Override
    public synchronized void start() throws IOException {
        if (servers != null) {
            throw new IllegalStateException("already started");
        }
        java.util.List<io.hawser.api.Listener> listeners = config.listeners();
        boolean secure = listeners.stream().anyMatch(io.hawser.api.Listener::secure);
        if (secure && tlsEngines == null) {
            try {
                tlsContext = TlsContext.create(config.tls());
            } catch (IOException e) {
                throw new javax.net.ssl.SSLException("TLS: " + e.getMessage(), e);
            }
            tlsEngines = tlsContext;
        }
        if (secure) {
            javax.net.ssl.SSLSession probe = tlsEngines.newEngine(null).getSession();
            int page = Math.max(probe.getPacketBufferSize(), probe.getApplicationBufferSize());
            tlsPages = new BufferPool(page, 256);
            tlsWrapPages = new BufferPool(4 * probe.getPacketBufferSize(), 64);
        }
        ServerSocketChannel[] bound = new ServerSocketChannel[listeners.size()];
        try {
            for (int i = 0; i < bound.length; i++) {
                bound[i] = bind(listeners.get(i));
            }
        } catch (IOException e) {
            closeAll(bound);
            throw e;
        }
        workers = Workers.create(config.virtualThreads(), config.workerThreads());
        if (config.workerThreads() == 0 && !workers.overflowsToVirtualThreads()) {
            closeAll(bound);
            workers = null;
            throw new IllegalStateException("workerThreads=0 needs virtual threads (Java 21+ and virtualThreads=true)");
        }
        servers = bound;
        unixFiles = UnixSockets.files(bound);
        loops = new SelectorLoop[config.selectorLoops()];
        for (int i = 0; i < loops.length; i++) {
            loops[i] = new SelectorLoop(this, i);
        }
        acceptors = new Acceptor[bound.length];
        for (int i = 0; i < bound.length; i++) {
            acceptors[i] = new Acceptor(bound[i], loops, connectionPermits,
                    listeners.get(i).secure() ? tlsEngines : null, config.proxyProtocol(listeners.get(i)));
            loops[0].listen(acceptors[i]);
        }
        management = ConnectorManagement.register(this);
        metrics.awaitingFirstResponse = management;
        for (SelectorLoop loop : loops) {
            loop.start();
        }
        readiness = Readiness.READY;
        if (tlsContext != null && !config.tls().reloadInterval().isZero()) {
            tlsReloader = new TlsReloader(tlsContext);
            tlsReloader.start();
        }
    }

    /**
     * Reads the TLS keys, certificates and trust store again (as a change of their files does by
     * itself every {@link io.hawser.api.TlsConfig#reloadInterval()}): handshakes from now on use
     * them; open connections go on with theirs.
     *
     * @throws IOException when a file cannot be read or used (the old ones stay in use); the
     *     message names the file
     * @throws IllegalStateException before {@link #start()}, or without TLS
     */
    public void reloadTls() throws IOException {
        TlsContext c = tlsContext;
        if (c == null) {
            throw new IllegalStateException(servers == null ? "not started" : "no TLS listener");
        }
        c.reload();
    }

    private ServerSocketChannel bind(io.hawser.api.Listener listener) throws IOException {
        if (listener.unixSocket() != null) {
            return UnixSockets.bind(listener.unixSocket(), config.acceptBacklog());
        }
        ServerSocketChannel channel = ServerSocketChannel.open();
        try {
            channel.bind(new InetSocketAddress(listener.host(), listener.port()), config.acceptBacklog());
            return channel;
        } catch (IOException e) {
            closeQuietly(channel);
            throw new IOException("cannot bind " + listener.host() + ":" + listener.port() + ": " + e.getMessage(), e);
        }
    }

    private static void closeAll(ServerSocketChannel[] channels) {
        java.util.List<java.nio.file.Path> files = UnixSockets.files(channels);
        for (ServerSocketChannel c : channels) {
            if (c != null) {
                closeQuietly(c);
            }
        }
        UnixSockets.remove(files);
    }

    /** @return the first listener's bound port */
    @Override
    public int port() {
        return port(0);
    }

    /** @return the first TLS listener's bound port, or -1 without one */
    @Override
    public int tlsPort() {
        java.util.List<io.hawser.api.Listener> listeners = config.listeners();
        for (int i = 0; i < listeners.size(); i++) {
            if (listeners.get(i).secure()) {
                return port(i);
            }
        }
        if (servers == null) {
            throw new IllegalStateException("not started");
        }
        return -1;
    }

    /**
     * @param listener an index into {@link ConnectorConfig#listeners()}
     * @return that listener's bound port (the system's choice for port 0); -1 for a Unix domain socket
     * @throws IllegalStateException before {@link #start()}
     * @throws IndexOutOfBoundsException for no such listener
     */
    public int port(int listener) {
        ServerSocketChannel[] bound = servers;
        if (bound == null) {
            throw new IllegalStateException("not started");
        }
        try {
            java.net.SocketAddress local = bound[listener].getLocalAddress();
            return local instanceof InetSocketAddress ? ((InetSocketAddress) local).getPort() : -1;
        } catch (IOException e) {
            throw new IllegalStateException("closed", e);
        }
    }

    /** @return whether handlers run on virtual threads when every platform worker is busy (Java 21+, {@code virtualThreads}) */
    public boolean usesVirtualThreads() {
        return workers != null ? workers.overflowsToVirtualThreads() : config.virtualThreads() && Workers.virtualThreadsAvailable();
    }

    /** @return connections currently open */
    public int openConnections() {
        return openConnections.get();
    }

    @Override
    public void stop(Duration deadline) throws InterruptedException {
        ServerSocketChannel[] bound;
        synchronized (this) {
            bound = servers;
            if (bound == null || stopping) {
                return;
            }
            stopping = true;
        }
        readiness = Readiness.DRAINING;
        if (!config.drainDelay().isZero() && !failure.isDone()) {
            Thread.sleep(config.drainDelay().toMillis()); // serving on while load balancers see DRAINING
        }
        closing = true;
        try {
            if (!failure.isDone()) { // a failed connector's loops have ended, and closed the server sockets
                loops[0].stopAccepting().get(1, TimeUnit.SECONDS);
            }
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            closeAll(bound);
        }
        long end = System.nanoTime() + deadline.toNanos();
        for (SelectorLoop loop : loops) {
            loop.forEachConnection(Http1Connection::closeIfIdle);
        }
        while (openConnections.get() > 0 && System.nanoTime() < end) {
            Thread.sleep(10);
            for (SelectorLoop loop : loops) {
                loop.forEachConnection(Http1Connection::closeIfIdle);
            }
        }
        for (SelectorLoop loop : loops) {
            loop.stop();
        }
        for (SelectorLoop loop : loops) {
            loop.awaitStopped(5000);
        }
        UnixSockets.remove(unixFiles);
        ConnectorManagement.unregister(management);
        readiness = Readiness.STOPPED;
        workers.shutdownNow();
        workers.awaitThreads(5000);
        if (tlsReloader != null) {
            tlsReloader.close();
        }
    }

    /**
     * Whether the connector failed while serving: a selector loop could not go on (its selector
     * broke; a failing task, event or timeout never ends a loop, see docs/architecture.md). The
     * connector has then closed its server socket and every connection, rather than serve half-dead;
     * {@link #stop} is all that is left to call. The launcher exits non-zero on it.
     *
     * @return completes with the cause when the connector failed; never completes otherwise
     */
    public java.util.concurrent.CompletionStage<Throwable> failure() {
        return failure.minimalCompletionStage();
    }

    /** A loop ended on a broken selector (its connections are closed): the whole connector stops. */
    void onLoopFailed(Throwable cause) {
        if (!failure.complete(cause)) {
            return;
        }
        readiness = Readiness.STOPPED;
        try {
            LOG.log(System.Logger.Level.ERROR, "a selector loop cannot go on; the connector stops", cause);
        } catch (Throwable ignored) {
            // the failure is reported through failure() anyway
        }
        for (SelectorLoop loop : loops) {
            loop.stop();
        }
    }

    /** Test seam: loop {@code index}. */
    SelectorLoop loop(int index) {
        return loops[index];
    }

    /** Test seam: the first listener's acceptor (on loop 0). */
    Acceptor acceptor() {
        return acceptors.length == 0 ? null : acceptors[0];
    }

    /** Test seam: serve TLS listeners with these engines instead of ones made from {@link ConnectorConfig#tls()}. */
    void tlsEngines(TlsEngines engines) {
        this.tlsEngines = engines;
    }

    BufferPool tlsPages() {
        return tlsPages;
    }

    BufferPool tlsWrapPages() {
        return tlsWrapPages;
    }

    /** A TLS handshake failed on {@code c} (loop): one line per client address per minute. */
    void onHandshakeFailed(Http1Connection c, IOException e) {
        handshakeFailures.failed(c.remoteAddress().getAddress(), String.valueOf(e.getMessage()));
    }

    ExchangePool exchanges() {
        return exchanges;
    }

    BufferPool pages() {
        return pages;
    }

    BufferPool responseBuffers() {
        return responseBuffers;
    }

    ConnectorConfig config() {
        return config;
    }

    HttpHandler handler() {
        return handler;
    }

    Workers workers() {
        return workers;
    }

    /** @return whether the drain began: responses carry {@code Connection: close}, idle connections close */
    boolean isStopping() {
        return closing;
    }

    /** @return {@link Readiness#READY} once started, {@link Readiness#DRAINING} from the start of a stop */
    @Override
    public Readiness readiness() {
        return readiness;
    }

    /** @return the traffic counters since start, as JMX shows them (see {@link ConnectorMXBean}) */
    public ConnectorMXBean management() {
        ConnectorManagement m = management;
        if (m == null) {
            throw new IllegalStateException("not started");
        }
        return m;
    }

    void onOpened() {
        openConnections.incrementAndGet();
    }

    void onClosed() {
        openConnections.decrementAndGet();
        releasePermit();
    }

    /** Gives back a connection's permit (it closed, or was accepted but never opened). */
    void releasePermit() {
        connectionPermits.release();
        for (Acceptor a : acceptors) { // none on a connector never started (the connection tests drive one by hand)
            a.onPermitReleased();
        }
    }

    /**
     * @return the connection lists' sizes and the timeouts fired so far, summed over the loops
     * @throws IllegalStateException before {@link #start()}
     */
    public ConnectorStats stats() {
        if (loops == null) {
            throw new IllegalStateException("not started");
        }
        long[] sum = new long[15];
        for (SelectorLoop loop : loops) {
            try {
                long[] one = loop.stats().get(1, TimeUnit.SECONDS);
                for (int i = 0; i < sum.length; i++) {
                    sum[i] += one[i];
                }
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new IllegalStateException("loop did not answer", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        return new ConnectorStats(sum);
    }

    static void closeQuietly(Closeable c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // closing; nothing to report
        }
    }
}
