package io.hawser.nio;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One selector thread: it owns its sockets, their selection keys and one 64 KiB read buffer shared
 * by all of them; the first loop also accepts connections ({@link Acceptor}). Other threads hand it work with {@link #execute}; it never blocks except in
 * {@code select}, and never runs application code unless a handler declared itself non-blocking.
 */
final class SelectorLoop implements Runnable {
    private static final Logger LOG = System.getLogger(SelectorLoop.class.getName());
    static final int READ_BUFFER_SIZE = 64 * 1024;

    private final NioConnector connector;
    private final Selector selector;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    /**
     * Connections handed back by workers whose exchange ended (a Treiber stack through
     * {@link Http1Connection#nextHandBack}; the loop takes the whole stack at once, so there is no
     * ABA): the hand-back allocates no queue node.
     */
    private final java.util.concurrent.atomic.AtomicReference<Http1Connection> handBacks =
            new java.util.concurrent.atomic.AtomicReference<>();
    /**
     * Connections whose exchange was dispatched to a worker and not yet handed back (loop thread
     * only). While there are any, {@code select} waits at most {@link #LAZY_HAND_BACK_MILLIS}, so a
     * hand-back posted without a wake-up is seen within that time even when no socket is ready.
     */
    int onWorkers;
    /**
     * The most a hand-back posted without waking the loop waits to be seen (milliseconds). It only
     * delays bookkeeping — the keep-alive timer's start and the exchange's return to the pool — never
     * a request: the loop stays registered for reads and takes the next request whenever it comes.
     */
    static final long LAZY_HAND_BACK_MILLIS = 10;
    private final AtomicBoolean wakeupPending = new AtomicBoolean();
    /** {@link #onSelected} as the selector's action, made once: a {@code this::onSelected} per select allocated 16 bytes a turn. */
    private final java.util.function.Consumer<SelectionKey> selectedAction = this::onSelected;
    /**
     * The loop's read buffer: only the loop thread touches it. Its capacity is twice
     * {@link #READ_BUFFER_SIZE}, the pages pool's large size, so a connection can take it over whole
     * as its input (the body bytes behind a head, uncopied: {@link #takeReadBuffer}), the loop taking
     * another from the pool. A read for a connection holding no input may fill it whole; other reads
     * take at most {@link #READ_BUFFER_SIZE} bytes ({@code Http1Connection.readLimit}).
     */
    ByteBuffer readBuffer = ByteBuffer.allocate(2 * READ_BUFFER_SIZE);
    /** Whether {@link #open} reads a new cleartext socket at once (loop thread only). */
    private final EagerReads eagerReads = new EagerReads();
    private final Thread thread;
    /** {@link #now}'s cached clock reading for the current batch, 0 when not read yet (loop thread only). */
    private long batchNanos;
    /** This loop's connection lists; touched only by the loop thread. */
    final ConnectionLists lists;
    private volatile boolean running = true;
    /** The acceptors (one per listener), on the first loop only; none elsewhere and once accepting stopped. */
    private Acceptor[] acceptors = new Acceptor[0];
    /** Contains what fails on this loop (loop thread only). */
    final LoopFailures failures = new LoopFailures();

    SelectorLoop(NioConnector connector, int index) throws IOException {
        this(connector, index, null);
    }

    /**
     * Benchmark/test seam (connector-tests' {@code ConnectorPathBenchmark}): with a non-null
     * {@code owner}, that thread (typically the caller) counts as this loop's thread for
     * {@link #inLoop()}, and the loop is never {@link #start() started}: the owner drives
     * connections itself and runs the queued tasks and hand-backs with {@link #runTasks()}.
     *
     * @param owner the thread to treat as the loop thread, or {@code null} for a new daemon thread
     */
    SelectorLoop(NioConnector connector, int index, Thread owner) throws IOException {
        this.connector = connector;
        this.selector = Selector.open();
        this.lists = new ConnectionLists(connector.config());
        if (owner != null) {
            this.thread = owner;
        } else {
            this.thread = new OutputThread(this, "hawser-loop-" + index);
            this.thread.setDaemon(true);
        }
    }

    void start() {
        thread.start();
    }

    /**
     * On the loop: hands the read buffer, as it is (read mode), to a connection as its input; the
     * loop reads into a pooled large buffer from now on. The buffer goes back to the pool with the
     * connection's input (so the pool's lent and returned counts stay balanced).
     *
     * @return the buffer the loop read into
     */
    ByteBuffer takeReadBuffer() {
        ByteBuffer taken = readBuffer;
        readBuffer = connector.pages().take(2 * READ_BUFFER_SIZE);
        return taken;
    }

    /** Test seam: the selector (a test closes it to break the loop). */
    Selector selector() {
        return selector;
    }

    /** @return the loop's thread; for tests */
    Thread thread() {
        return thread;
    }

    boolean inLoop() {
        return Thread.currentThread() == thread;
    }

    /**
     * On the loop: the time of the current batch ({@code System.nanoTime()}), read at the first
     * call after {@link #startBatch} and then shared by what the loop does until the next one: a
     * batch is one ready key's work (its heads, list entries and hand-back), one turn's tasks, or
     * the sweep after a select; one clock read per batch rather than several per request. Never
     * decreases. Since it is read after the readiness the key reports, a timeout counted from an
     * event that select reported never fires early; one counted from something the batch itself
     * did (the response it wrote) can fire early by at most that one key's work, microseconds.
     * A new connection reads the clock afresh ({@link #freshNow}).
     *
     * @return nanoseconds on {@link System#nanoTime()}'s scale
     */
    long now() {
        long t = batchNanos;
        if (t == 0) {
            t = System.nanoTime() | 1; // never 0: 0 means "not read in this batch"
            batchNanos = t;
        }
        return t;
    }

    /**
     * On the loop: reads the clock now and makes it the batch time, for an event whose timeout must
     * count from its own moment (an accepted connection: a batch of accepts can last longer than the
     * headers timeout's margin). Never decreases: a later reading replaces an earlier one.
     *
     * @return nanoseconds on {@link System#nanoTime()}'s scale
     */
    long freshNow() {
        long t = System.nanoTime() | 1;
        batchNanos = t;
        return t;
    }

    /** On the loop: a new batch begins (before each ready key's work, each turn's tasks and each select); the next {@link #now} reads the clock. */
    void startBatch() {
        batchNanos = 0;
    }

    /** Runs {@code task} on the loop thread, soon; callable from any thread. */
    void execute(Runnable task) {
        tasks.add(task);
        wakeUp();
    }

    /** Wakes the loop from {@code select} unless called on it or a wake-up is already pending. */
    private void wakeUp() {
        if (!inLoop() && wakeupPending.compareAndSet(false, true)) {
            selector.wakeup();
        }
    }

    /**
     * A worker hands back {@code connection}, whose exchange ended with nothing more buffered
     * (see {@link Http1Connection#onExchangeEnded}). Allocates nothing; a connection already queued
     * is not queued twice (its latest {@code endedSeq} is what the loop reads).
     *
     * @param wake whether the loop must look at once (input is buffered, or the connector stops);
     *     otherwise it sees the hand-back at its next wake-up, at most {@link #LAZY_HAND_BACK_MILLIS} later
     */
    void handBack(Http1Connection connection, boolean wake) {
        if (!connection.markHandBackQueued()) {
            return;
        }
        Http1Connection top;
        do {
            top = handBacks.get();
            connection.nextHandBack = top;
        } while (!handBacks.compareAndSet(top, connection));
        if (wake) {
            wakeUp();
        }
    }

    /** Before {@link #start}: this loop accepts connections for all loops. */
    void listen(Acceptor acceptor) throws IOException {
        acceptor.register(selector);
        acceptors = java.util.Arrays.copyOf(acceptors, acceptors.length + 1);
        acceptors[acceptors.length - 1] = acceptor;
    }

    /**
     * Stops accepting and closes the server socket, on the loop; the returned future completes once
     * the socket is closed and deregistered (its port free).
     */
    java.util.concurrent.CompletableFuture<Void> stopAccepting() {
        java.util.concurrent.CompletableFuture<Void> done = new java.util.concurrent.CompletableFuture<>();
        execute(() -> {
            try {
                if (acceptors.length > 0) {
                    for (Acceptor a : acceptors) {
                        a.close();
                    }
                    acceptors = new Acceptor[0];
                    select(-1); // deregisters the cancelled keys: the sockets close now
                }
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "select after closing the server socket", e);
            } finally {
                done.complete(null);
            }
        });
        return done;
    }

    /** Takes a socket accepted on another loop (called from the accepting loop); {@code tls} as for {@link #open}. */
    void adopt(SocketChannel channel, TlsEngines tls, io.hawser.api.ProxyProtocol proxy) {
        execute(() -> open(channel, tls, proxy));
    }

    /**
     * On the loop: registers a freshly accepted socket and, as {@link #eagerReads} advises, reads
     * it at once, since a client usually sends its request right after connecting (saving a
     * select round trip).
     *
     * @param tls the engines of a TLS listener, or {@code null} for cleartext
     * @param proxy the PROXY protocol the listener expects, or {@code null} for none
     */
    void open(SocketChannel channel, TlsEngines tls, io.hawser.api.ProxyProtocol proxy) {
        Http1Connection connection;
        try {
            java.util.function.Consumer<SocketChannel> seam = connector.acceptedSocketSeam;
            if (seam != null) {
                seam.accept(channel);
            }
            ProxyHeaderReader proxyHeader = ProxyHeaderReader.forAccepted(proxy, channel);
            Transport transport = tls == null ? new PlainTransport(channel)
                    : new TlsTransport(channel, tls.newEngine(UnixSockets.inetPeer(channel)),
                            connector.tlsPages(), connector.tlsWrapPages());
            connection = new Http1Connection(connector, this, channel, transport);
            connection.proxyHeader = proxyHeader;
            connection.key = channel.register(selector, SelectionKey.OP_READ, connection);
        } catch (Throwable e) {
            LOG.log(Level.DEBUG, "cannot register a connection", e);
            NioConnector.closeQuietly(channel);
            connector.releasePermit();
            return;
        }
        connector.onOpened();
        connection.onAccepted(freshNow());
        Observability.accepted(connection);
        boolean learn = tls == null && proxy == null; // a TLS or PROXY first read is always made at once
        if (learn && !eagerReads.readAtOnce()) {
            return; // its readiness event reads it
        }
        try {
            connection.onReady(SelectionKey.OP_READ);
        } catch (Throwable e) {
            failures.connectionFailed(e);
            connection.close();
        }
        if (learn) {
            eagerReads.record(connection.readFoundBytes());
        }
    }

    /** Asks the loop to stop; pending tasks still run, connections are closed. */
    void stop() {
        running = false;
        selector.wakeup();
    }

    boolean awaitStopped(long millis) throws InterruptedException {
        thread.join(millis);
        return !thread.isAlive();
    }

    /** @return a snapshot of this loop's list sizes and timeout counts, taken on the loop thread */
    java.util.concurrent.CompletableFuture<long[]> stats() {
        java.util.concurrent.CompletableFuture<long[]> result = new java.util.concurrent.CompletableFuture<>();
        execute(() -> result.complete(ConnectorStats.of(lists)));
        return result;
    }

    /** Runs {@code action} for every connection of this loop, on the loop thread. */
    void forEachConnection(java.util.function.Consumer<Http1Connection> action) {
        execute(() -> {
            for (SelectionKey key : selector.keys()) {
                if (key.attachment() instanceof Http1Connection) {
                    action.accept((Http1Connection) key.attachment());
                }
            }
        });
    }

    /**
     * Turns until stopped. Whatever one task, event or timeout throws is contained where it runs
     * ({@link LoopFailures}); only a broken selector ends the loop early, and then the connector fails.
     */
    @Override
    public void run() {
        Throwable broken = null;
        try {
            while (running) {
                try {
                    turn();
                    failures.selected();
                } catch (IOException e) {
                    if (failures.selectFailed(e)) {
                        broken = e;
                        break;
                    }
                } catch (ClosedSelectorException e) {
                    broken = e;
                    break;
                } catch (Throwable t) {
                    failures.taskFailed(t);
                }
            }
            runTasks();
        } finally {
            closeEverything();
            if (broken != null) {
                connector.onLoopFailed(broken);
            }
        }
    }

    /** One turn: tasks and hand-backs, select (ready sockets handled in {@link #onSelected}), timeouts. */
    private void turn() throws IOException {
        startBatch();
        runTasks();
        long timeout = lists.selectTimeoutMillis(now());
        if (onWorkers > 0 && (timeout == 0 || timeout > LAZY_HAND_BACK_MILLIS)) {
            timeout = LAZY_HAND_BACK_MILLIS;
        }
        for (Acceptor a : acceptors) {
            long retry = a.retryMillis(now());
            if (retry > 0 && (timeout == 0 || timeout > retry)) {
                timeout = retry;
            }
        }
        startBatch(); // select may block: the keys it reports are a new batch
        select(tasks.isEmpty() && handBacks.get() == null ? timeout : -1);
        long now = now();
        lists.sweep(now, failures);
        for (Acceptor a : acceptors) {
            a.onTick(now);
        }
    }

    /**
     * Every select of the loop: handles the ready keys, then clears {@link #wakeupPending}, since a
     * select consumes any pending {@code Selector.wakeup()} (whoever asked for it queued its task
     * before, and the loop runs it next). A select that skipped the reset would leave the flag set
     * with no wake-up pending: no later {@link #execute} would wake the loop until an event or a
     * timeout came.
     *
     * @param timeoutMillis -1 for {@code selectNow}; 0 waits without a bound; else the most to wait
     */
    private void select(long timeoutMillis) throws IOException {
        if (timeoutMillis < 0) {
            selector.selectNow(selectedAction);
        } else {
            selector.select(selectedAction, timeoutMillis);
        }
        wakeupPending.set(false);
    }

    /** The loop ends: closes the server socket, every connection (found by its list, the selector may be broken) and the selector. */
    private void closeEverything() {
        for (Acceptor a : acceptors) {
            a.close();
        }
        for (ListNode n = lists.all.first(); n != null; n = lists.all.first()) {
            lists.removeFromAll(n);
            try {
                ((Http1Connection) n).close();
            } catch (Throwable t) {
                failures.connectionFailed(t);
            }
        }
        for (ListNode n = lists.lingering.first(); n != null; n = lists.lingering.first()) {
            Lingering.end((Http1Connection) n);
        }
        try {
            selector.close();
        } catch (IOException ignored) {
            // nothing more to release
        }
    }

    private void onSelected(SelectionKey key) {
        startBatch(); // each key's work is a batch: its stamps are read after the readiness it reports
        if (!key.isValid()) {
            return; // closed by an exchange thread while the loop was selecting
        }
        Object attachment = key.attachment();
        if (attachment instanceof Acceptor) {
            try {
                ((Acceptor) attachment).onAcceptable();
            } catch (Throwable t) {
                failures.taskFailed(t);
            }
            return;
        }
        Http1Connection connection = (Http1Connection) attachment;
        try {
            connection.onReady(key.readyOps());
        } catch (java.nio.channels.CancelledKeyException e) {
            // A worker closed the connection (which cancels its key) while the loop was looking at it.
            connection.close();
        } catch (Throwable t) {
            failures.connectionFailed(t);
            connection.close();
        }
    }

    /** Runs the hand-backs and queued tasks (loop thread); package-private as a benchmark/test seam only. */
    void runTasks() {
        Http1Connection c = handBacks.getAndSet(null);
        while (c != null) {
            Http1Connection next = c.nextHandBack;
            c.nextHandBack = null;
            c.clearHandBackQueued();
            try {
                c.run();
            } catch (Throwable t) {
                failures.connectionFailed(t);
                c.close();
            }
            c = next;
        }
        Runnable task;
        while ((task = tasks.poll()) != null) {
            try {
                task.run();
            } catch (Throwable t) {
                failures.taskFailed(t);
            }
        }
    }
}
