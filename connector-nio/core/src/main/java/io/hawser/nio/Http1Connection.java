package io.hawser.nio;

import io.hawser.api.BadMessageException;
import io.hawser.http1.DateField;
import io.hawser.http1.ResponseEncoder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.locks.LockSupport;

/**
 * One TCP connection carrying HTTP/1.1 requests one after another (RFC 9112 §9).
 *
 * <p>Reading: the selector loop does the socket reads, into its shared buffer, and stays
 * registered for reads. With no exchange running it parses request heads straight from that buffer
 * and keeps only unconsumed bytes here ({@link #in}). While an exchange runs, the loop appends what
 * it reads to {@link #in} (under this object's monitor) and wakes the exchange's reader; it stops
 * reading above {@link #INPUT_HIGH_WATER} bytes until the exchange consumes them. One exception: an
 * exchange reading a Content-Length body in blocking mode on cleartext, with {@link #in} empty,
 * takes the reads over ({@link #readBody}) and reads the socket straight into the application's
 * array; the loop then only wakes it on readiness ({@link #reads}).
 *
 * <p>Writing: the thread running the exchange writes the non-blocking channel itself, and asks the
 * loop to watch for writability when the channel cannot take more.
 *
 * <p>When an exchange ends its thread parses the next head if it is already buffered and goes on;
 * otherwise the connection returns to the loop, which needs no re-registration to see the next
 * request.
 *
 * <p>States: {@link ConnectionState} names them and draws the transitions; the fields below keep
 * them as the flags each thread reads without the other's lock, and {@link #state()} names the
 * state they make.
 */
final class Http1Connection extends ListNode implements Runnable {
    /** Buffered, unconsumed input above which the loop stops reading from this connection. */
    static final int INPUT_HIGH_WATER = 64 * 1024;
    private static final int INPUT_LOW_WATER = 16 * 1024;

    final NioConnector connector;
    final SelectorLoop loop;
    final SocketChannel channel;
    /** What the connection reads and writes through: the socket itself, or TLS over it. */
    final Transport transport;
    /** The TLS session's facts, made at the first request that asks ({@link #tlsInfo()}). */
    private volatile io.hawser.api.TlsInfo tlsInfo;
    /**
     * The exchange (parser, head, bodies) borrowed from the connector's pool while a request is
     * being received or served; {@code null} while idle, so an idle connection holds nothing else.
     */
    volatile Http1Exchange exchange;
    /** Requests served on this connection (for {@code maxRequestsPerConnection}). */
    int requestsServed;
    SelectionKey key;
    /** Bytes received and not yet consumed (read mode), or {@code null}: nothing is kept while idle. Guarded by this. */
    ByteBuffer in;
    /** Whether an exchange owns the request (its thread consumes {@link #in}). Guarded by this. */
    private boolean exchangeActive;
    /** Whether the client ended its input (read returned -1). Guarded by this. */
    private boolean inputEnded;
    /**
     * Whether the loop removed OP_READ: {@link #in} is full, the input ended, or the exchange reads
     * the socket itself. Written by the loop only; read by the exchange thread to ask for it back.
     */
    private volatile boolean readSuspended;
    /**
     * Who reads the socket: {@link #READS_LOOP}, {@link #READS_LOOP_READING} (the loop between its
     * read and handing the bytes over) or {@link #READS_EXCHANGE} (the exchange thread reads its
     * body straight into the application's array: {@link #readBody}). The exchange takes the reads
     * only from {@code READS_LOOP}, by compare-and-set, so no byte the loop read is still on its way
     * to {@link #in}; it reads the socket only once {@link #in} is empty, and the loop appends
     * nothing more: bytes are neither lost nor reordered.
     */
    private volatile int reads;
    static final int READS_LOOP = 0;
    static final int READS_LOOP_READING = 1;
    static final int READS_EXCHANGE = 2;
    private static final java.lang.invoke.VarHandle READS;
    /** {@link #resumeReadingInterest} as a task for the loop, made once. */
    private final Runnable resumeReads = this::resumeReadingInterest;
    private volatile boolean closed;
    /** Closing with a reset: unsent output is dropped, not flushed first. */
    private volatile boolean resetting;
    /** A connector-made error response is queued behind pending output: close (lingering) once it is written. */
    private volatile boolean closeWhenWritten;
    /** The PROXY protocol phase and its addresses, or {@code null} without PROXY protocol (set at accept). */
    ProxyHeaderReader proxyHeader;
    /** While closed and lingering ({@link Lingering}): reads are discarded (loop thread only). */
    Lingering lingering;
    /** Once the connection switched protocols (a 101): what it is now; HTTP is over ({@link Upgraded}). */
    volatile Upgraded upgraded;
    private volatile boolean readReady;
    private volatile boolean writeReady;
    private volatile Thread readWaiter;
    private volatile Thread writeWaiter;
    /** Incremented for each request; tells a request-list entry of an earlier request from this one's. */
    volatile int requestSeq;
    /** The request whose {@code request}-list entry this is (loop thread only). */
    private int requestEntrySeq;
    /** The request sequence number at the end of the last exchange, for {@link #run()}. */
    private volatile int endedSeq;
    /** Whether the loop's last read of this connection found bytes or the end of input (loop thread only). */
    private boolean lastReadFound;
    /** Next in the loop's hand-back stack (see {@link SelectorLoop#handBack}). */
    Http1Connection nextHandBack;
    /** 1 while on the loop's hand-back stack (through {@link #HAND_BACK_QUEUED}). */
    private volatile int handBackQueued;
    /**
     * Whether an exchange of this connection was dispatched to a worker by the loop and not handed
     * back; written by the loop only, read by the worker to know that the loop bounds its select
     * while waiting for the hand-back.
     */
    private volatile boolean onWorker;
    private static final java.lang.invoke.VarHandle HAND_BACK_QUEUED;

    static {
        try {
            HAND_BACK_QUEUED = java.lang.invoke.MethodHandles.lookup()
                    .findVarHandle(Http1Connection.class, "handBackQueued", int.class);
            READS = java.lang.invoke.MethodHandles.lookup().findVarHandle(Http1Connection.class, "reads", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    Http1Connection(NioConnector connector, SelectorLoop loop, SocketChannel channel) {
        this(connector, loop, channel, new PlainTransport(channel));
    }

    /** @param transport the channel itself ({@link PlainTransport}) or a {@link TlsTransport} over it */
    Http1Connection(NioConnector connector, SelectorLoop loop, SocketChannel channel, Transport transport) {
        this.connector = connector;
        this.loop = loop;
        this.channel = channel;
        this.transport = transport;
    }

    /**
     * @return what this connection's TLS session negotiated (made once: renegotiation is refused,
     *     so it cannot change), or {@code null} on cleartext
     */
    io.hawser.api.TlsInfo tlsInfo() {
        TlsTransport tls = tls();
        if (tls == null) {
            return null;
        }
        io.hawser.api.TlsInfo info = tlsInfo;
        if (info == null) {
            info = TlsSessionInfo.of(tls.engine());
            tlsInfo = info;
        }
        return info;
    }

    /** @return the TLS transport, or {@code null} on cleartext */
    TlsTransport tls() {
        return transport instanceof TlsTransport ? (TlsTransport) transport : null;
    }

    // ------------------------------------------------------------------ loop side: lists

    /**
     * On the loop, once registered: enters {@code all} and {@code headers} (a silent client is cut
     * by headersTimeout); on TLS {@code tlsHandshake} instead of {@code headers} until the
     * handshake is done.
     */
    void onAccepted(long now) {
        loop.lists.all.append(this, now);
        if (proxyHeader != null) {
            loop.lists.proxyHeader.append(this, now);
        } else {
            enterFirstList(now);
        }
    }

    /** On the loop, once any PROXY header is read: into {@code tlsHandshake} on TLS, else {@code headers}. */
    void enterFirstList(long now) {
        (tls() != null ? loop.lists.tlsHandshake : loop.lists.headers).append(this, now);
    }

    /** tlsHandshakeTimeout expired (loop): a quiet close, no alert (the client is stalled). */
    void onHandshakeTimeout() {
        close();
    }

    /** The first byte of a request arrived (loop): its headers and request timeouts start now. */
    private void onFirstByte(long now) {
        ConnectionLists lists = loop.lists;
        lists.idle.remove(this);
        if (!lists.headers.contains(this)) {
            lists.headers.append(this, now);
        }
        lists.request.append(this, now);
        requestEntrySeq = requestSeq + 1;
    }

    /** headersTimeout expired (loop). @return whether it acted (the field section was still incomplete) */
    boolean onHeadersTimeout() {
        if (isExchangeActive() || closed || closeWhenWritten) {
            return false;
        }
        rejectHead(new BadMessageException(408, "field section not received within headersTimeout"));
        return true;
    }

    /** requestTimeout expired (loop). @return whether it acted (the request was still incomplete) */
    boolean onRequestTimeout() {
        if (closed || closeWhenWritten) {
            return false;
        }
        if (!isExchangeActive()) {
            rejectHead(new BadMessageException(408, "request not received within requestTimeout"));
            return true;
        }
        if (requestEntrySeq == requestSeq && !exchange.requestBody.isFinished()
                && !exchange.requestBody.isBuffered(bufferedBytes())) {
            exchange.requestBody.timeOut();
            signalReadable();
            return true;
        }
        return false;
    }

    /** keepAliveTimeout expired (loop): a quiet close (RFC 9112 §9.5). */
    void onIdleTimeout() {
        close();
    }

    /** writeTimeout expired (loop): the write made no progress; abort with a reset. */
    void onWriteTimeout() {
        reset();
    }

    /**
     * Aborts with a reset ({@code SO_LINGER} 0): the kernel drops the unsent output at once instead
     * of keeping it (up to megabytes) for an orphaned socket whose client stopped reading.
     */
    void reset() {
        try {
            channel.setOption(java.net.StandardSocketOptions.SO_LINGER, 0);
        } catch (IOException | RuntimeException ignored) {
            // closing anyway
        }
        resetting = true;
        TlsTransport tls = tls();
        if (tls != null) {
            tls.abort();
        }
        close();
    }

    // ------------------------------------------------------------------ loop side: I/O

    /** Called by the loop when the channel is ready for {@code ops}. */
    void onReady(int ops) {
        if (lingering != null) {
            lingering.onReadable(this);
            return;
        }
        if (proxyHeader != null && proxyHeader.pending() && !proxyHeader.onReadable(this, loop.readBuffer)) {
            return;
        }
        Upgraded u = upgraded;
        if (u != null) {
            u.onReady(ops);
            return;
        }
        boolean handshaking = false;
        if ((ops & SelectionKey.OP_WRITE) != 0) {
            InterestOps.remove(key, SelectionKey.OP_WRITE);
            loop.lists.writeStalled.remove(this);
            writeReady = true;
            LockSupport.unpark(writeWaiter);
            Http1Exchange x = exchange;
            if (x != null) {
                x.responseBody.onWritable();
            } else if (!flushTransport()) {
                return;
            }
            TlsTransport tls = tls();
            handshaking = tls != null && !tls.handshakeDone();
        }
        if (((ops & SelectionKey.OP_READ) != 0 || handshaking) && !closed && !closeWhenWritten) {
            onReadable();
        }
    }

    /**
     * On the loop with no exchange: writes what the transport took and has not written (a TLS
     * handshake flight, a KeyUpdate answer). @return whether nothing is left (else OP_WRITE is set)
     */
    private boolean flushTransport() {
        try {
            if (transport.flush()) {
                return true;
            }
        } catch (IOException e) {
            close();
            return false;
        }
        watchWritable();
        return false;
    }

    /** On the loop: asks for OP_WRITE, bounded by writeTimeout. */
    private void watchWritable() {
        if (!closed && key.isValid() && InterestOps.add(key, SelectionKey.OP_WRITE)) {
            loop.lists.writeStalled.append(this, loop.now());
        }
    }

    /** What {@link #readInput} returns when it dealt with the read itself. */
    private static final int HANDLED = Integer.MIN_VALUE;

    private void onReadable() {
        if (!READS.compareAndSet(this, READS_LOOP, READS_LOOP_READING)) {
            onReadableWhileExchangeReads();
            return;
        }
        int n;
        try {
            n = readInput();
        } finally {
            reads = READS_LOOP;
        }
        if (n == HANDLED) {
            return;
        }
        if (n < 0) {
            close();
            return;
        }
        ByteBuffer buf = loop.readBuffer;
        boolean firstByte = !loop.lists.request.contains(this);
        if (firstByte) {
            onFirstByte(loop.now());
        }
        if (exchange == null) {
            Http1Exchange borrowed = connector.exchanges().take();
            borrowed.bind(this);
            exchange = borrowed;
        }
        if (firstByte) {
            Observability.firstByte(exchange);
        }
        ByteBuffer src = buf;
        if (in != null) {
            append(buf);
            src = in;
        }
        if (parseHeadOrReject(src)) {
            loop.lists.headers.remove(this);
            startExchange();
        }
    }

    /**
     * On the loop, readable while the exchange reads its body itself: the loop does not read. It
     * stops watching (the exchange asks again when a read of its own finds nothing) and wakes it;
     * reads the exchange gave back meanwhile are watched again at once.
     */
    private void onReadableWhileExchangeReads() {
        suspendReading();
        if (reads != READS_EXCHANGE) {
            resumeReadingInterest();
        }
        if (exchange != null) {
            signalReadable();
        }
    }

    /**
     * On the loop, owning the reads: reads into the loop's buffer; while an exchange runs the bytes
     * go to {@link #in} (and the exchange is woken).
     *
     * @return {@link #HANDLED}, or what was read for a head (read mode in {@code loop.readBuffer}; -1: the input ended)
     */
    private int readInput() {
        ByteBuffer buf = loop.readBuffer;
        int limit = readLimit(buf.capacity());
        if (limit == 0) {
            suspendReading(); // the exchange holds a full input: it asks for more once it consumed some
            return HANDLED;
        }
        buf.clear().limit(limit);
        int n;
        try {
            n = transport.read(buf);
        } catch (IOException e) {
            onReadFailed(e);
            return HANDLED;
        }
        lastReadFound = n != 0;
        TlsTransport tls = tls();
        if (tls != null) {
            if (tls.wantsWrite()) {
                watchWritable(); // a handshake flight or a KeyUpdate answer the socket did not take at once
            }
            if (loop.lists.tlsHandshake.contains(this) && tls.handshakeDone()) {
                long now = loop.now();
                Observability.handshake(tls, now - since(ConnectionLists.TLS_HANDSHAKE));
                loop.lists.tlsHandshake.remove(this);
                loop.lists.headers.append(this, now); // as a cleartext connection's accept
            }
        } else if (n > 0 && buf.get(0) == 22 && exchange == null && in == null) {
            close(); // a TLS ClientHello on the cleartext port: nothing sensible to answer in either protocol
            return HANDLED;
        }
        if (n == 0) {
            return HANDLED;
        }
        if (n > 0) {
            connector.metrics.bytesIn.add(n);
        }
        buf.flip();
        synchronized (this) {
            if (exchangeActive) {
                if (n < 0) {
                    inputEnded = true;
                    suspendReading();
                } else {
                    append(buf);
                    if (in.remaining() >= INPUT_HIGH_WATER) {
                        suspendReading();
                    }
                }
                signalReadable();
                return HANDLED;
            }
        }
        return n;
    }

    /**
     * On the loop, before a read: how many bytes it may take into the loop's buffer. With no
     * exchange running and nothing buffered, the whole buffer ({@code capacity}, 128 KiB): the
     * bytes are parsed in place and what follows the head either becomes the input whole
     * ({@link SelectorLoop#takeReadBuffer}) or is copied into a page, so a request whose head and
     * body together pass 64 KiB (a 64 KiB upload) arrives in one read and its exchange never reads
     * the socket. Otherwise {@link SelectorLoop#READ_BUFFER_SIZE}, less while a running exchange's
     * input holds more than {@link #INPUT_HIGH_WATER} (after a whole-buffer read): no more than the
     * input takes without growing, so it never grows past the pages pool's large buffers. The
     * exchange only consumes input meanwhile, so the room can only grow after this look.
     *
     * @param capacity the loop's read buffer's capacity in bytes
     * @return the most bytes to read; 0: the running exchange's input is full, read nothing
     */
    private synchronized int readLimit(int capacity) {
        if (in == null) {
            return exchangeActive ? SelectorLoop.READ_BUFFER_SIZE : capacity;
        }
        if (!exchangeActive || in.remaining() <= INPUT_HIGH_WATER) {
            return SelectorLoop.READ_BUFFER_SIZE;
        }
        return Math.min(SelectorLoop.READ_BUFFER_SIZE, in.capacity() - in.remaining());
    }

    /** On the loop, after {@link #onReady}: @return whether its read found bytes or the end of input ({@link EagerReads}) */
    boolean readFoundBytes() {
        return lastReadFound;
    }

    /** On the loop: reading failed; a TLS handshake failure is reported (rate-limited), then the connection closes. */
    private void onReadFailed(IOException e) {
        TlsTransport tls = tls();
        if (e instanceof TlsTransport.NotTls && ((TlsTransport.NotTls) e).looksLikeHttp) {
            answerCleartextOnTlsPort();
        } else if (tls != null && !tls.handshakeDone()) {
            connector.onHandshakeFailed(this, e);
        }
        close();
    }

    /**
     * A cleartext HTTP request on a TLS port: a cleartext 400 saying so, as Tomcat and Jetty answer
     * (a browser shows it), then the close. Written straight to the socket, which has room for it.
     */
    private void answerCleartextOnTlsPort() {
        ByteBuffer out = closingResponse(400,
                "400 this port speaks HTTPS: send the request with https://\n".getBytes(StandardCharsets.ISO_8859_1));
        try {
            channel.write(out);
            channel.shutdownOutput();
        } catch (IOException ignored) {
            // the client is gone
        }
    }

    private void suspendReading() {
        if (!readSuspended && key.isValid()) {
            readSuspended = true;
            InterestOps.remove(key, SelectionKey.OP_READ);
        }
    }

    private void resumeReadingInterest() {
        if (readSuspended && !closed && key.isValid()) {
            readSuspended = false;
            InterestOps.add(key, SelectionKey.OP_READ); // a worker's close may cancel the key right after isValid()
        }
    }

    /** Appends {@code src} to {@link #in}, growing it as needed (caller holds the monitor or owns the connection). */
    private void append(ByteBuffer src) {
        if (in == null) {
            in = connector.pages().take(src.remaining());
            in.flip();
        }
        if (in.capacity() - in.remaining() < src.remaining()) {
            ByteBuffer bigger = connector.pages().take(Math.max(in.capacity() * 2, in.remaining() + src.remaining()));
            bigger.put(in);
            bigger.flip();
            connector.pages().give(in);
            in = bigger;
        }
        in.compact();
        in.put(src);
        in.flip();
    }

    /** Runs on the loop: the previous exchange ended and no complete head is buffered. */
    private void onExchangeEnded(int seq) {
        if (closed) {
            return;
        }
        // One look under the monitor: only the loop (this thread) makes an exchange active, so an
        // inactive one stays inactive here; an active one hands back again when it ends.
        boolean current;
        synchronized (this) {
            current = !exchangeActive && requestSeq == seq;
            if (!exchangeActive) {
                leaveWorker();
            }
        }
        resumeReadingInterest();
        if (connector.isStopping()) {
            closeIfIdle();
            return;
        }
        if (!current) {
            return;
        }
        ConnectionLists lists = loop.lists;
        if (lists.request.contains(this) && requestEntrySeq > seq) {
            return;
        }
        lists.request.remove(this);
        long now = loop.now();
        if (in == null) {
            lists.idle.append(this, now);
            releaseExchange();
            return;
        }
        onFirstByte(now);
        if (exchange != null) {
            Observability.firstByte(exchange);
        }
        if (parseHeadOrReject(in)) {
            lists.headers.remove(this);
            startExchange();
        }
    }

    /**
     * On the loop, during graceful stop: closes the connection unless an exchange is running; an
     * upgraded one's handler is told instead, and it closes.
     */
    void closeIfIdle() {
        Upgraded u = upgraded;
        if (u != null) {
            u.onStop();
        } else if (!isExchangeActive()) {
            close();
        }
    }

    // ------------------------------------------------------------------ both sides

    synchronized boolean isExchangeActive() {
        return exchangeActive;
    }

    /** On the loop: {@link #parseHead}, answering a malformed head. */
    private boolean parseHeadOrReject(ByteBuffer buf) {
        try {
            return parseHead(buf);
        } catch (BadMessageException e) {
            rejectHead(e);
            return false;
        }
    }

    /**
     * Parses the next head from {@code buf} (loop with no exchange, or the exchange thread in {@link #next()}).
     *
     * @return {@code true} when a head is complete; {@code false} when more bytes are needed (the
     *     partial head is then kept in {@link #in})
     * @throws BadMessageException for a malformed head, to be answered with {@link #rejectHead}
     */
    private boolean parseHead(ByteBuffer buf) throws BadMessageException {
        int start = buf.position();
        int len = exchange.parser.parse(buf.array(), buf.arrayOffset() + start, buf.arrayOffset() + buf.limit(),
                exchange.head);
        if (len < 0) {
            if (buf != in) {
                in = copyOf(buf);
            }
            return false;
        }
        buf.position(start + len);
        if (buf != in) {
            // More than a page of body behind the head: the loop's buffer itself becomes the input (no copy).
            in = !buf.hasRemaining() ? null
                    : buf == loop.readBuffer && buf.remaining() > connector.pages().pageSize() ? loop.takeReadBuffer()
                    : copyOf(buf);
        } else if (!in.hasRemaining()) {
            releaseInput();
        }
        return true;
    }

    /** On the loop: hands the complete head to an exchange (a worker, or inline for a non-blocking handler). */
    private void startExchange() {
        synchronized (this) {
            exchangeActive = true;
        }
        exchange.begin(loop.now());
        if (exchange.requestBody.isFinished()) {
            loop.lists.request.remove(this);
        }
        if (connector.handler().isNonBlocking()) {
            exchange.run();
        } else {
            if (!onWorker) {
                onWorker = true;
                loop.onWorkers++;
            }
            try {
                connector.workers().execute(exchange);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                synchronized (this) {
                    exchangeActive = false;
                }
                close();
            }
        }
    }

    /**
     * The exchange ended and the connection persists: prepares the next request (exchange thread).
     * Finished responses stay corked only while the next request is complete (its head and body
     * received), so it runs at once; otherwise they are written first.
     *
     * @return {@code true} when the next head was already buffered and its exchange is ready to run
     *     on the calling thread; {@code false} when the loop takes over (or the connection closed)
     */
    boolean next() {
        releaseReads(); // the body ended (else the connection closes): the loop reads what follows
        BadMessageException bad = null;
        boolean ready = false;
        long handOver = NOT_DECIDED;
        synchronized (this) {
            exchange.parser.reset();
            exchange.head.reset();
            try {
                // The response has just ended: a head already buffered was complete by then.
                ready = !closed && nextBufferedHead(exchange.endNanos);
            } catch (BadMessageException e) {
                bad = e;
            }
            if (!ready && bad == null && !closed && !exchange.responseBody.hasCorked()) {
                // Nothing to run and nothing corked to write: the hand-over is decided in this same
                // critical section (the loop cannot have appended bytes since the look above).
                exchange.responseBody.releaseCork();
                handOver = endExchangeLocked();
            }
        }
        if (handOver == NOT_DECIDED) {
            if (ready && (exchange.requestBody.isFinished() || exchange.requestBody.isBuffered(bufferedBytes()))) {
                return true;
            }
            if (bad == null && !closed) {
                // The pipeline has no complete request left: corked responses go out now.
                try {
                    exchange.responseBody.flushCork();
                } catch (IOException e) {
                    close();
                }
                if (ready) {
                    return !closed || retired();
                }
                exchange.responseBody.releaseCork();
            }
            synchronized (this) {
                // Bytes the loop appended while the cork was written may complete the next head.
                try {
                    if (bad == null && !closed && nextBufferedHead(System.nanoTime())) {
                        return true;
                    }
                } catch (BadMessageException e) {
                    bad = e;
                }
                handOver = bad != null || closed ? RETIRE : endExchangeLocked();
            }
        }
        if (bad != null) {
            rejectHead(bad);
        }
        if (handOver == RETIRE) {
            return retired();
        }
        if ((handOver & INPUT_ENDED) != 0) {
            close();
            return false;
        }
        endedSeq = (int) (handOver >>> 32);
        // With nothing buffered the loop need not wake: it reads the next request whenever it
        // comes, and sees this hand-back then or within LAZY_HAND_BACK_MILLIS (a wake-up is a syscall).
        loop.handBack(this, (handOver & BUFFERED) != 0 || !onWorker || connector.isStopping() || loop.inLoop());
        return false;
    }

    /** {@link #next}'s hand-over, not decided yet. */
    private static final long NOT_DECIDED = -1;
    /** {@link #next}'s hand-over: the connection closed or the next head was malformed; the exchange retires. */
    private static final long RETIRE = -2;
    /** A bit of {@link #endExchangeLocked}'s answer: input is buffered (the loop must wake for it). */
    private static final long BUFFERED = 1;
    /** A bit of {@link #endExchangeLocked}'s answer: the client's input has ended (the connection closes). */
    private static final long INPUT_ENDED = 2;

    /**
     * Caller holds the monitor, on the exchange thread, with no next head to run: the exchange is
     * no longer active.
     *
     * @return the request sequence number to hand back in the high 32 bits, and the flags
     *     {@link #BUFFERED} and {@link #INPUT_ENDED}; never {@link #NOT_DECIDED} or {@link #RETIRE}
     */
    private long endExchangeLocked() {
        if (in != null && !in.hasRemaining()) {
            releaseInput();
        }
        exchangeActive = false;
        return (long) requestSeq << 32 | (in != null ? BUFFERED : 0) | (inputEnded ? INPUT_ENDED : 0);
    }

    /** {@link #retireExchange()}; @return {@code false} (nothing more runs on this thread) */
    private boolean retired() {
        retireExchange();
        return false;
    }

    /**
     * Parses a buffered next head, if complete, and begins its exchange (caller holds the monitor).
     *
     * @param now when the head was complete at the latest ({@code System.nanoTime()}): its exchange's start
     */
    private boolean nextBufferedHead(long now) throws BadMessageException {
        if (in == null || !in.hasRemaining() || !parseHead(in)) {
            return false;
        }
        exchange.begin(now);
        if (!exchange.requestBody.isFinished()) {
            enterRequestList(requestSeq);
        }
        return true;
    }

    /**
     * On the loop, once the 101 is written: HTTP is over ({@link Upgraded#switchProtocols}). The
     * connection leaves the HTTP lists, the exchange goes back to its pool, and {@code u} receives
     * every readiness event from now on. A connection closed meanwhile only retires its exchange.
     *
     * @return the bytes buffered behind the upgrade request (read mode, now the caller's), or {@code null}
     */
    ByteBuffer switchProtocols(Upgraded u) {
        ByteBuffer rest = null;
        boolean switched = false;
        synchronized (this) {
            if (!closed) {
                rest = in;
                in = null;
                exchangeActive = false;
                upgraded = u;
                switched = true;
            }
        }
        if (!switched) {
            retireExchange();
            return null;
        }
        readSuspended = false;
        leaveWorker();
        loop.lists.headers.remove(this);
        loop.lists.request.remove(this);
        loop.lists.idle.remove(this);
        Http1Exchange x = exchange;
        exchange = null;
        x.responseBody.release();
        connector.exchanges().give(x);
        return rest;
    }

    /** @return how many received bytes are not yet consumed */
    private synchronized int bufferedBytes() {
        return in == null ? 0 : in.remaining();
    }

    /** @return whether request bytes are buffered beyond the current request (a pipeline) */
    synchronized boolean hasBufferedInput() {
        return in != null && in.hasRemaining();
    }

    private synchronized boolean inputEnded() {
        return inputEnded;
    }

    /** A pipelined request with a body still to come: its requestTimeout starts now (on the loop). */
    private void enterRequestList(int seq) {
        loop.execute(() -> {
            Http1Exchange x = exchange;
            if (!closed && x != null && requestSeq == seq && !x.requestBody.isFinished()) {
                loop.lists.request.append(this, loop.now());
                requestEntrySeq = seq;
            }
        });
    }

    /**
     * @return a whole connector-made response, read mode: status line, Date, a plain-text
     *     Content-Type, Content-Length (unless the body is empty: HEAD), {@code Connection: close}
     */
    private static ByteBuffer closingResponse(int status, byte[] body) {
        ByteBuffer out = ByteBuffer.allocate(256 + body.length);
        out.put(ResponseEncoder.statusLine(status));
        out.put(DateField.line(System.currentTimeMillis()));
        ResponseEncoder.putField(out, "Content-Type", "text/plain;charset=iso-8859-1");
        if (body.length > 0) {
            ResponseEncoder.putContentLength(out, body.length);
        }
        ResponseEncoder.putField(out, "Connection", "close");
        ResponseEncoder.putCrlf(out);
        out.put(body);
        return out.flip();
    }

    /**
     * Answers a head that failed to parse, then closes (RFC 9112 §2.2: framing is in doubt). The
     * answer goes through the exchange's ordered output: behind corked and pending responses, and
     * whole; on the loop the close waits until it is written (bounded by writeTimeout).
     */
    private void rejectHead(BadMessageException e) {
        Http1Exchange x = exchange;
        int status = e.status();
        Observability.rejected(connector, status, e.getMessage());
        byte[] body = x != null && "HEAD".equals(x.head.method()) ? new byte[0]
                : (status + " " + e.getMessage() + "\n").getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer out = closingResponse(status, body);
        if (x == null) {
            // no request byte yet (a silent client): nothing can be ahead of the answer
            try {
                transport.write(new ByteBuffer[] {out}, 0, 1);
            } catch (IOException ignored) {
                // the client is gone; closing is all that is left
            }
            closeLingering(); // the client may start sending yet
            return;
        }
        closeWhenWritten = true;
        suspendReadingOnLoop();
        try {
            x.responseBody.writeError(out);
        } catch (IOException failed) {
            close();
            return;
        }
        if (!x.responseBody.hasPending()) {
            closeLingering(); // the rest of the request may still be coming
        }
    }

    /** Stops reading, when called on the loop (a worker's rejection closes before returning). */
    private void suspendReadingOnLoop() {
        if (loop.inLoop()) {
            suspendReading();
        }
    }

    /** @return whether an error response is queued and the connection closes once it is written */
    boolean closesWhenWritten() {
        return closeWhenWritten;
    }

    // ------------------------------------------------------------------ exchange side: body input

    /**
     * Takes body bytes from {@link #in} with {@code taker}, under the monitor (exchange thread).
     *
     * @return what the taker returned, or 0 when nothing is buffered; -2 when the input ended
     */
    synchronized int takeInput(InputTaker taker) throws IOException {
        if (in == null || !in.hasRemaining()) {
            return inputEnded || closed ? -2 : 0;
        }
        int n = taker.take(in);
        if (readSuspended && in.remaining() < INPUT_LOW_WATER && reads != READS_EXCHANGE) {
            loop.execute(this::resumeReadingInterest);
        }
        return n;
    }

    /** Consumes buffered input. */
    @FunctionalInterface
    interface InputTaker {
        int take(ByteBuffer in) throws IOException;
    }

    /** @return whether buffered input or the end of input is there to be consumed */
    synchronized boolean hasInput() {
        return (in != null && in.hasRemaining()) || inputEnded || closed;
    }

    /** On the loop: input arrived, ended, or timed out; wakes the exchange's reader. */
    private void signalReadable() {
        readReady = true;
        LockSupport.unpark(readWaiter);
        exchange.requestBody.onReadable();
    }

    /** Parks the exchange thread until the loop brings input (or the connection closes). */
    void awaitReadable() throws IOException {
        readReady = false;
        awaitSignal();
    }

    /**
     * Exchange thread, blocking mode, cleartext, after {@link #takeReads} and with {@link #in}
     * empty: reads body bytes from the socket straight into {@code dst} (never more than
     * {@code dst.remaining()}, so nothing behind the body is taken). After 0,
     * {@link #awaitBodyReadable} waits: readiness is then watched for this thread.
     *
     * @return bytes read; 0 when the socket has none yet; -1 at the end of input
     * @throws IOException a {@code ClientAbortException} when the read failed (the connection closes)
     */
    int readBody(ByteBuffer dst) throws IOException {
        readReady = false; // before the read: a readiness signalled after it is not lost
        int n;
        try {
            n = transport.read(dst); // cleartext only (mayReadBody): the channel's own read
        } catch (IOException e) {
            close();
            throw clientAbort(e);
        }
        if (n > 0) {
            connector.metrics.bytesIn.add(n);
            connector.metrics.bodyBytesReadDirect.add(n);
            return n;
        }
        if (n < 0) {
            synchronized (this) {
                inputEnded = true;
            }
            return -1;
        }
        if (readSuspended) {
            loop.execute(resumeReads); // the loop watches readiness again, for this thread
        }
        return 0;
    }

    /**
     * Exchange thread: takes the socket reads over from the loop (unless it is mid-read), so that
     * once {@link #in} is drained the body is read with {@link #readBody}. The loop reads no more.
     *
     * @return whether the exchange thread has the reads ({@link #reads})
     */
    boolean takeReads() {
        if (reads == READS_EXCHANGE) {
            return true;
        }
        boolean taken;
        synchronized (this) {
            taken = exchangeActive && !closed && !inputEnded && READS.compareAndSet(this, READS_LOOP, READS_EXCHANGE);
        }
        if (taken) {
            connector.metrics.bodyReadTakeovers.increment();
        }
        return taken;
    }

    /** @return whether the exchange thread reads the socket ({@link #takeReads}) */
    boolean exchangeReads() {
        return reads == READS_EXCHANGE;
    }

    /**
     * Exchange thread: gives the socket reads back to the loop (the body ended, or it is read in
     * non-blocking mode now), which watches readiness again. Nothing when the loop has them.
     */
    void releaseReads() {
        if (reads == READS_EXCHANGE) {
            reads = READS_LOOP;
            if (readSuspended) {
                loop.execute(resumeReads); // paired with the loop's check in onReadableWhileExchangeReads
            }
        }
    }

    /** @return whether a blocking body read may read the socket itself ({@link #readBody}): cleartext, off the loop */
    boolean mayReadBody() {
        return transport instanceof PlainTransport && !loop.inLoop();
    }

    /** Parks the exchange thread after {@link #readBody} returned 0, until readable or closed. */
    void awaitBodyReadable() throws IOException {
        awaitSignal();
    }

    private void awaitSignal() throws IOException {
        checkNotLoop();
        readWaiter = Thread.currentThread();
        try {
            while (!readReady && !closed && !hasInput()) {
                LockSupport.park(this);
            }
        } finally {
            readWaiter = null;
        }
        if (closed) {
            throw new io.hawser.api.ClientAbortException("connection closed", null);
        }
    }

    /** Parks the exchange thread until the loop sees the channel writable (or it closes). */
    void awaitWritable() throws IOException {
        checkNotLoop();
        writeReady = false;
        writeWaiter = Thread.currentThread();
        interest(SelectionKey.OP_WRITE);
        try {
            while (!writeReady && !closed) {
                LockSupport.park(this);
            }
        } finally {
            writeWaiter = null;
        }
        if (closed) {
            throw new io.hawser.api.ClientAbortException("connection closed", null);
        }
    }

    private void checkNotLoop() {
        if (loop.inLoop()) {
            throw new IllegalStateException("a non-blocking handler must not block the selector loop");
        }
    }

    /**
     * Runs an application callback of {@code x} (a body demand or writability callback): on a
     * worker, or at once on the loop for a handler that declared itself non-blocking. Whatever it
     * throws ends that exchange ({@link Http1Exchange#onCallbackFailure}), never the thread.
     */
    void dispatch(Http1Exchange x, Runnable callback) {
        int gen = x.generation;
        if (connector.handler().isNonBlocking()) {
            runCallback(x, gen, callback);
        } else {
            try {
                connector.workers().execute(() -> runCallback(x, gen, callback));
            } catch (java.util.concurrent.RejectedExecutionException e) {
                close();
            }
        }
    }

    private static void runCallback(Http1Exchange x, int gen, Runnable callback) {
        try {
            callback.run();
        } catch (Throwable t) {
            x.onCallbackFailure(t, gen);
        }
    }

    /** Asks the loop to report readiness for {@code op}. */
    void interest(int op) {
        loop.execute(() -> {
            if (!closed && key.isValid() && InterestOps.add(key, op)) {
                if (op == SelectionKey.OP_WRITE) {
                    loop.lists.writeStalled.append(this, loop.now());
                }
            }
        });
    }

    /**
     * @return the client's address: the PROXY header's source, else the socket's peer (cached by
     *     the channel); {@link UnixSockets#NO_ADDRESS} on a Unix domain socket
     */
    InetSocketAddress remoteAddress() {
        ProxyHeaderReader proxy = proxyHeader;
        if (proxy != null && proxy.source() != null) {
            return proxy.source();
        }
        return UnixSockets.inet(channel, true);
    }

    /**
     * @return the address the client connected to: the PROXY header's destination, else the
     *     socket's local address; {@link UnixSockets#NO_ADDRESS} on a Unix domain socket
     */
    InetSocketAddress localAddress() {
        ProxyHeaderReader proxy = proxyHeader;
        if (proxy != null && proxy.destination() != null) {
            return proxy.destination();
        }
        return UnixSockets.inet(channel, false);
    }

    /** @return {@code true} when this call queued the hand-back ({@code false}: already queued) */
    boolean markHandBackQueued() {
        return HAND_BACK_QUEUED.compareAndSet(this, 0, 1);
    }

    /** The loop took this connection off its hand-back stack. */
    void clearHandBackQueued() {
        HAND_BACK_QUEUED.setVolatile(this, 0);
    }

    /** On the loop: the connection is no longer on a worker (its exchange was handed back, or it closed). */
    private void leaveWorker() {
        if (onWorker) {
            onWorker = false;
            loop.onWorkers--;
        }
    }

    /**
     * Run by the loop for a hand-back (the connection itself is the task, so the hand-back
     * allocates nothing): see {@link #onExchangeEnded}.
     */
    @Override
    public void run() {
        onExchangeEnded(endedSeq);
    }

    /**
     * Closes the connection; idempotent, callable from any thread. Wakes any parked exchange
     * thread. What the connection borrowed goes back to the pools now when no exchange thread
     * holds it, else when that thread is done ({@link #retireExchange()}).
     */
    void close() {
        close(false);
    }

    /**
     * Closes after a final response while the client may still be sending: half-closes and lingers
     * ({@link Lingering}) so the response is not lost to a reset; a plain close once the client ended
     * its input. Idempotent, callable from any thread.
     */
    void closeLingering() {
        close(!inputEnded());
    }

    private void close(boolean linger) {
        boolean idle;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            idle = !exchangeActive;
        }
        Observability.closed(this);
        // TLS output the socket has not taken yet (a response's last records) goes out before the close.
        boolean lingers = (linger || !resetting && transport.wantsWrite()) && Lingering.halfClose(this);
        if (!lingers) {
            NioConnector.closeQuietly(transport);
        }
        LockSupport.unpark(readWaiter);
        LockSupport.unpark(writeWaiter);
        Upgraded u = upgraded;
        if (u != null) {
            u.onConnectionClosed();
        }
        Http1Exchange x = exchange;
        if (x != null) {
            x.requestBody.onReadable();
            x.responseBody.onWritable();
        }
        if (loop.inLoop()) {
            leaveLists(idle, lingers);
        } else {
            loop.execute(() -> leaveLists(idle, lingers));
        }
        if (!lingers) {
            connector.onClosed(); // a lingering connection counts until its socket closes
        }
    }

    /**
     * On the loop, once closed: out of every list (into the lingering one when it lingers); with no
     * exchange thread holding the exchange, it and the pages go back to the pools now (lingering
     * holds none of them).
     */
    private void leaveLists(boolean idle, boolean lingers) {
        loop.lists.removeFromAll(this);
        TlsTransport tls = tls();
        if (tls != null && !lingers) {
            tls.releaseReadBuffers();
        }
        leaveWorker();
        if (idle) {
            releaseResources();
        }
        if (lingers) {
            Lingering.start(this, loop.inLoop() ? loop.now() : System.nanoTime());
        }
    }

    /**
     * The exchange's thread is done with the exchange of a closed connection (it ended, failed or
     * was aborted) or of one closing behind an error response: the exchange and the buffers go
     * back to the pools, on the loop, once it is closed. Does nothing while the connection is open
     * or when no exchange thread holds the exchange.
     */
    void retireExchange() {
        synchronized (this) {
            if (!exchangeActive || !(closed || closeWhenWritten)) {
                return;
            }
            exchangeActive = false;
            if (!closed) {
                return; // the close, once the error response is written, gives everything back
            }
        }
        if (loop.inLoop()) {
            releaseResources();
        } else {
            loop.execute(this::releaseResources);
        }
    }

    /** On the loop, once closed with no exchange thread left: gives back the input, the exchange and its buffers. */
    private void releaseResources() {
        ByteBuffer input;
        synchronized (this) {
            if (exchangeActive) {
                return;
            }
            input = in;
            in = null;
        }
        connector.pages().give(input);
        Http1Exchange x = exchange;
        if (x != null) {
            exchange = null;
            x.generation++; // views of its last request are stale
            x.responseBody.release();
            connector.exchanges().give(x);
        }
    }

    boolean isClosed() {
        return closed;
    }

    /**
     * @return the state the flags make ({@link ConnectionState}); exact on the loop thread between
     *     two events, a snapshot on any other (for tests and diagnostics, not for decisions)
     */
    ConnectionState state() {
        if (closed) {
            return channel.isOpen() ? ConnectionState.LINGERING : ConnectionState.CLOSED;
        }
        if (closeWhenWritten) {
            return ConnectionState.ERROR_PENDING;
        }
        if (upgraded != null) {
            return ConnectionState.UPGRADED;
        }
        boolean active;
        boolean buffered;
        synchronized (this) {
            active = exchangeActive;
            buffered = in != null;
        }
        Http1Exchange x = exchange;
        if (active) {
            return x != null && x.responseBody.hasPending() ? ConnectionState.OUTPUT_PENDING : ConnectionState.EXCHANGE;
        }
        if (handBackQueued != 0) {
            return ConnectionState.HANDED_BACK;
        }
        return x != null || buffered ? ConnectionState.READING_HEAD : ConnectionState.IDLE;
    }

    /**
     * @param e what a read or write of the channel threw (reset, broken pipe, closed by a timeout)
     * @return it as the {@code ClientAbortException} the application sees: the connection is gone
     */
    static IOException clientAbort(IOException e) {
        return e instanceof io.hawser.api.ClientAbortException ? e
                : new io.hawser.api.ClientAbortException("connection closed: " + e.getMessage(), e);
    }

    /** @return a pooled (or, when larger, new) buffer holding {@code src}'s remaining bytes, read mode */
    private ByteBuffer copyOf(ByteBuffer src) {
        ByteBuffer copy = connector.pages().take(src.remaining());
        copy.put(src);
        copy.flip();
        return copy;
    }

    /** On the loop, with no exchange running: gives the exchange back to the pool. */
    private void releaseExchange() {
        Http1Exchange x = exchange;
        if (x != null) {
            exchange = null;
            connector.exchanges().give(x);
        }
    }

    /** Gives the input buffer back to the pool (caller owns {@link #in}; it must be empty). */
    private void releaseInput() {
        ByteBuffer b = in;
        in = null;
        connector.pages().give(b);
    }
}
