package io.hawser.nio;

import io.hawser.api.BadMessageException;
import io.hawser.api.ConnectorConfig;
import io.hawser.http1.Http1Parser;
import io.hawser.http1.RequestHead;
import io.hawser.http1.ResponseEncoder;
import io.hawser.http1.DateField;
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
 * <p>Ownership: while reading a request head ({@link Phase#HEAD}) the connection belongs to its
 * selector loop, which reads into the loop's shared buffer and keeps only unconsumed bytes here
 * ({@link #in}). Once a head is complete ({@link Phase#EXCHANGE}) it belongs to the thread running
 * the exchange: that thread reads the body and writes the response on the non-blocking channel
 * itself, and asks the loop (through {@link SelectorLoop#execute}) to watch for readiness when the
 * channel has nothing to give or cannot take more. The exchange hands the connection back to the
 * loop when it ends, unless the next pipelined head is already buffered, in which case it goes on.
 */
final class Http1Connection extends ListNode {
    enum Phase { HEAD, EXCHANGE, CLOSED }

    private static final int BODY_BUFFER_SIZE = 16 * 1024;

    final NioConnector connector;
    final SelectorLoop loop;
    final SocketChannel channel;
    final ConnectorConfig config;
    final Http1Parser parser;
    final RequestHead head = new RequestHead();
    final Http1Exchange exchange;
    SelectionKey key;
    /** Bytes received and not yet consumed (read mode), or {@code null}: nothing is kept while idle. */
    ByteBuffer in;
    volatile Phase phase = Phase.HEAD;
    private volatile boolean readReady;
    private volatile boolean writeReady;
    private volatile Thread readWaiter;
    private volatile Thread writeWaiter;
    /** Incremented for each request; tells a request-list entry of an earlier request from this one's. */
    volatile int requestSeq;
    /** The request whose {@code request}-list entry this is (loop thread only). */
    private int requestEntrySeq;
    private InetSocketAddress remote;
    private InetSocketAddress local;

    Http1Connection(NioConnector connector, SelectorLoop loop, SocketChannel channel) {
        this.connector = connector;
        this.loop = loop;
        this.channel = channel;
        this.config = connector.config();
        this.parser = new Http1Parser(config);
        this.exchange = new Http1Exchange(this);
    }

    // ------------------------------------------------------------------ loop side

    /** On the loop, once registered: enters {@code all} and {@code headers} (a silent client is cut by headersTimeout). */
    void onAccepted(long now) {
        loop.lists.all.append(this, now);
        loop.lists.headers.append(this, now);
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
        if (phase != Phase.HEAD) {
            return false;
        }
        rejectHead(new BadMessageException(408, "field section not received within headersTimeout"));
        return true;
    }

    /** requestTimeout expired (loop). @return whether it acted (the request was still incomplete) */
    boolean onRequestTimeout() {
        if (phase == Phase.HEAD) {
            rejectHead(new BadMessageException(408, "request not received within requestTimeout"));
            return true;
        }
        if (phase == Phase.EXCHANGE && requestEntrySeq == requestSeq && !exchange.requestBody.isFinished()) {
            exchange.requestBody.timeOut();
            readReady = true;
            LockSupport.unpark(readWaiter);
            return true;
        }
        return false;
    }

    /** keepAliveTimeout expired (loop): a quiet close (RFC 9112 §9.5). */
    void onIdleTimeout() {
        close();
    }

    /** writeTimeout expired (loop): the write made no progress; abort. */
    void onWriteTimeout() {
        close();
    }

    /** Called by the loop when the channel is ready for {@code ops}. */
    void onReady(int ops) {
        if (phase == Phase.HEAD) {
            if ((ops & SelectionKey.OP_READ) != 0) {
                readHead();
            }
            return;
        }
        if (phase == Phase.CLOSED || !key.isValid()) {
            return;
        }
        key.interestOps(key.interestOps() & ~ops);
        if ((ops & SelectionKey.OP_WRITE) != 0) {
            loop.lists.writeStalled.remove(this);
        }
        if ((ops & SelectionKey.OP_READ) != 0) {
            readReady = true;
            LockSupport.unpark(readWaiter);
            exchange.requestBody.onReadable();
        }
        if ((ops & SelectionKey.OP_WRITE) != 0) {
            writeReady = true;
            LockSupport.unpark(writeWaiter);
            exchange.responseBody.onWritable();
        }
    }

    private void readHead() {
        ByteBuffer buf;
        int n;
        try {
            if (in == null) {
                buf = loop.readBuffer;
                buf.clear();
                n = channel.read(buf);
                buf.flip();
            } else {
                buf = in;
                makeRoomForHead();
                n = channel.read(in);
                in.flip();
            }
        } catch (IOException e) {
            close();
            return;
        }
        if (n < 0) {
            close();
            return;
        }
        if (n == 0) {
            return;
        }
        if (!loop.lists.request.contains(this)) {
            onFirstByte(System.nanoTime());
        }
        if (parseHead(buf)) {
            loop.lists.headers.remove(this);
            key.interestOps(0);
            startExchange();
            if (exchange.requestBody.isFinished()) {
                loop.lists.request.remove(this);
            }
        }
    }

    private void makeRoomForHead() throws IOException {
        in.compact();
        if (!in.hasRemaining()) {
            int max = config.maxRequestLineLength() + config.maxFieldSectionSize() + 1024;
            if (in.capacity() >= max) {
                throw new IOException("head larger than the limits allow");
            }
            ByteBuffer bigger = ByteBuffer.allocate(Math.min(max, in.capacity() * 2));
            in.flip();
            bigger.put(in);
            in = bigger;
        }
    }

    /** Runs on the loop: the previous exchange ended and no complete head is buffered. */
    private void resumeReading() {
        if (phase == Phase.CLOSED) {
            return;
        }
        phase = Phase.HEAD;
        if (connector.isStopping() && in == null) {
            close();
            return;
        }
        ConnectionLists lists = loop.lists;
        lists.request.remove(this);
        long now = System.nanoTime();
        if (in == null) {
            lists.idle.append(this, now);
        } else {
            onFirstByte(now);
        }
        key.interestOps(SelectionKey.OP_READ);
    }

    /** On the loop, during graceful stop: closes the connection unless an exchange is running. */
    void closeIfIdle() {
        if (phase == Phase.HEAD) {
            close();
        }
    }

    // ------------------------------------------------------------------ both sides

    /**
     * Parses the next head from {@code buf}.
     *
     * @return {@code true} when a head is complete; {@code false} when more bytes are needed (the
     *     partial head is then kept in {@link #in}) or the connection was closed for a bad head
     */
    boolean parseHead(ByteBuffer buf) {
        int start = buf.position();
        int len;
        try {
            len = parser.parse(buf.array(), buf.arrayOffset() + start, buf.arrayOffset() + buf.limit(), head);
        } catch (BadMessageException e) {
            rejectHead(e);
            return false;
        }
        if (len < 0) {
            if (buf != in) {
                in = copyOf(buf, Math.max(2048, buf.remaining() * 2));
            }
            return false;
        }
        buf.position(start + len);
        if (buf != in) {
            in = buf.hasRemaining() ? copyOf(buf, Math.max(BODY_BUFFER_SIZE, buf.remaining())) : null;
        } else if (!in.hasRemaining() && in.capacity() > BODY_BUFFER_SIZE) {
            in = null;
        }
        return true;
    }

    /** Starts the exchange for the complete head, on a worker (or inline for a non-blocking handler). */
    void startExchange() {
        phase = Phase.EXCHANGE;
        exchange.begin();
        if (connector.handler().isNonBlocking()) {
            exchange.run();
        } else {
            try {
                connector.workers().execute(exchange);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                close();
            }
        }
    }

    /**
     * The exchange ended and the connection persists: prepares the next request.
     *
     * @return {@code true} when the next head was already buffered and its exchange is ready to run
     *     on the calling thread; {@code false} when the loop takes over (or the connection closed)
     */
    boolean next() {
        parser.reset();
        head.reset();
        if (in != null && in.hasRemaining()) {
            if (parseHead(in)) {
                phase = Phase.EXCHANGE;
                exchange.begin();
                if (!exchange.requestBody.isFinished()) {
                    enterRequestList(requestSeq);
                }
                return true;
            }
            if (phase == Phase.CLOSED) {
                return false;
            }
        } else {
            in = null;
        }
        loop.execute(this::resumeReading);
        return false;
    }

    /** A pipelined request with a body still to come: its requestTimeout starts now (on the loop). */
    private void enterRequestList(int seq) {
        loop.execute(() -> {
            if (phase == Phase.EXCHANGE && requestSeq == seq && !exchange.requestBody.isFinished()) {
                loop.lists.request.append(this, System.nanoTime());
                requestEntrySeq = seq;
            }
        });
    }

    /** Answers a head that failed to parse, then closes (RFC 9112 §2.2: framing is in doubt). */
    private void rejectHead(BadMessageException e) {
        int status = e.status();
        byte[] body = "HEAD".equals(head.method()) ? new byte[0]
                : (status + " " + e.getMessage() + "\n").getBytes(StandardCharsets.ISO_8859_1);
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
        out.flip();
        try {
            channel.write(out);
        } catch (IOException ignored) {
            // the client is gone; closing is all that is left
        }
        close();
    }

    /**
     * Reads from the channel into {@link #in} without blocking (exchange side).
     *
     * @return bytes read, 0 when none are available, -1 at end of input
     */
    int fill() throws IOException {
        if (in == null) {
            in = ByteBuffer.allocate(BODY_BUFFER_SIZE);
            in.flip();
        }
        in.compact();
        try {
            return channel.read(in);
        } finally {
            in.flip();
        }
    }

    /** Parks the exchange thread until the loop sees the channel readable (or it closes). */
    void awaitReadable() throws IOException {
        checkNotLoop();
        readReady = false;
        readWaiter = Thread.currentThread();
        interest(SelectionKey.OP_READ);
        while (!readReady && phase != Phase.CLOSED) {
            LockSupport.park(this);
        }
        readWaiter = null;
        if (phase == Phase.CLOSED) {
            throw new IOException("connection closed");
        }
    }

    /** Parks the exchange thread until the loop sees the channel writable (or it closes). */
    void awaitWritable() throws IOException {
        checkNotLoop();
        writeReady = false;
        writeWaiter = Thread.currentThread();
        interest(SelectionKey.OP_WRITE);
        while (!writeReady && phase != Phase.CLOSED) {
            LockSupport.park(this);
        }
        writeWaiter = null;
        if (phase == Phase.CLOSED) {
            throw new IOException("connection closed");
        }
    }

    private void checkNotLoop() {
        if (loop.inLoop()) {
            throw new IllegalStateException("a non-blocking handler must not block the selector loop");
        }
    }

    /** Asks the loop to report readiness for {@code op}. */
    void interest(int op) {
        loop.execute(() -> {
            if (phase != Phase.CLOSED && key.isValid()) {
                key.interestOps(key.interestOps() | op);
                if (op == SelectionKey.OP_WRITE) {
                    loop.lists.writeStalled.append(this, System.nanoTime());
                }
            }
        });
    }

    InetSocketAddress remoteAddress() {
        if (remote == null) {
            try {
                remote = (InetSocketAddress) channel.getRemoteAddress();
            } catch (IOException e) {
                remote = new InetSocketAddress(0);
            }
        }
        return remote;
    }

    InetSocketAddress localAddress() {
        if (local == null) {
            try {
                local = (InetSocketAddress) channel.getLocalAddress();
            } catch (IOException e) {
                local = new InetSocketAddress(0);
            }
        }
        return local;
    }

    /** Closes the connection; idempotent, callable from any thread. Wakes any parked exchange thread. */
    void close() {
        synchronized (this) {
            if (phase == Phase.CLOSED) {
                return;
            }
            phase = Phase.CLOSED;
        }
        NioConnector.closeQuietly(channel);
        if (loop.inLoop()) {
            loop.lists.removeFromAll(this);
        } else {
            loop.execute(() -> loop.lists.removeFromAll(this));
        }
        LockSupport.unpark(readWaiter);
        LockSupport.unpark(writeWaiter);
        exchange.requestBody.onReadable();
        exchange.responseBody.onWritable();
        connector.onClosed();
    }

    boolean isClosed() {
        return phase == Phase.CLOSED;
    }

    private static ByteBuffer copyOf(ByteBuffer src, int capacity) {
        ByteBuffer copy = ByteBuffer.allocate(capacity);
        copy.put(src);
        copy.flip();
        return copy;
    }
}
