package io.hawser.nio;

import io.hawser.api.UpgradeHandler;
import io.hawser.http1.DateField;
import io.hawser.http1.ResponseEncoder;
import io.hawser.http1.RequestHead;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;

/**
 * An {@link Http1Connection} after {@code 101 (Switching Protocols)} (RFC 9110 §7.8): the byte
 * streams an {@link UpgradeHandler} speaks its protocol over, through the connection's
 * {@link Transport} (so TLS works unchanged). docs/architecture.md, "Upgraded connections".
 *
 * <p>The switch: the exchange's thread writes the 101 ({@link #switchProtocols}), then the loop
 * takes the connection out of the HTTP lists, moves the bytes buffered behind the upgrade request
 * here (they are the new protocol's, never parsed as HTTP), gives the exchange back to its pool,
 * enters the {@code upgraded} list and runs {@link UpgradeHandler#onUpgrade} on a worker. From
 * then on {@link Http1Connection#onReady} hands every readiness event here.
 *
 * <p>Input: the loop reads into {@link #in} (pooled, given back whenever empty, so an idle
 * upgraded connection holds no buffer) and stops reading above
 * {@link Http1Connection#INPUT_HIGH_WATER} until the handler consumes. Output: {@link #write}
 * writes the transport on the caller's thread; what it does not take waits in {@link #pending}
 * for the loop's {@code OP_WRITE} (bounded by writeTimeout through the write-stalled list).
 *
 * <p>Idle timeout: a read moves the connection to the tail of {@code upgraded}; a write only
 * stamps {@link #lastWrite} (any thread), which the expiry checks: it is at most twice
 * {@code upgradedIdleTimeout} after the last write.
 */
final class Upgraded implements io.hawser.api.UpgradedConnection {
    private static final Logger LOG = System.getLogger(Upgraded.class.getName());
    private static final int INPUT_LOW_WATER = 16 * 1024;

    private final Http1Connection c;
    private final UpgradeHandler handler;
    /** Received, unread input (read mode), or {@code null}. Guarded by this. */
    private ByteBuffer in;
    /** The client ended its input. Guarded by this. */
    private boolean inputEnded;
    /** The loop stopped reading because {@link #in} is full. Guarded by this. */
    private boolean readSuspended;
    /** The callback of {@link #demand}, not yet run. Guarded by this. */
    private Runnable demand;
    /** Guards the output fields below and orders transport writes. */
    private final Object writeLock = new Object();
    /** Output the transport did not take (read mode), or {@code null}. Guarded by writeLock. */
    private ByteBuffer pending;
    /** The callback of {@link #onWritable}, not yet run. Guarded by writeLock. */
    private Runnable writable;
    /** {@link #close()} was asked with output pending: close once it is written. Guarded by writeLock. */
    private boolean closeWhenDrained;
    private final ByteBuffer[] single = new ByteBuffer[1];
    /** {@link System#nanoTime()} of the last write that put bytes on the wire. */
    private volatile long lastWrite;
    /** When the connection last entered the {@code upgraded} list (loop thread only). */
    private long idleSince;
    private volatile boolean stopTold;
    private final java.util.concurrent.atomic.AtomicBoolean closedTold = new java.util.concurrent.atomic.AtomicBoolean();

    private Upgraded(Http1Connection c, UpgradeHandler handler) {
        this.c = c;
        this.handler = handler;
    }

    // ------------------------------------------------------------------ the switch

    /**
     * Ends the upgraded exchange {@code x} (its thread): writes the 101 behind any pipelined
     * responses still corked, then asks the loop to hand the connection over. A response body the
     * handler wrote fails the upgrade: the connection closes without the 101.
     */
    static void switchProtocols(Http1Exchange x, String protocol, UpgradeHandler handler) {
        Http1Connection c = x.connection;
        if (x.responseBody.bytesWritten() > 0 || x.responseBody.isCommitted()) {
            LOG.log(Level.WARNING, "upgrade to " + protocol + " failed: the handler wrote a response body");
            x.responseBody.releaseCork();
            c.close();
            c.retireExchange();
            return;
        }
        ByteBuffer head = switchingProtocolsHead(x, protocol);
        try {
            x.responseBody.writeError(head); // written whole, in order, like a connector-made response
        } catch (IOException failed) {
            c.retireExchange(); // the write closed the connection
            return;
        }
        ByteBuffer unsent = x.responseBody.takePending();
        Upgraded u = new Upgraded(c, handler);
        c.loop.execute(() -> u.takeOver(unsent));
    }

    /** @return the 101 head: status line, Date, the handler's fields, {@code Connection} and {@code Upgrade} */
    private static ByteBuffer switchingProtocolsHead(Http1Exchange x, String protocol) {
        io.hawser.api.MutableHttpFields fields = x.responseFields();
        ByteBuffer out = ByteBuffer.allocate(160 + protocol.length() + ResponseEncoder.fieldsLength(fields));
        out.put(ResponseEncoder.statusLine(101));
        out.put(DateField.line(System.currentTimeMillis()));
        ResponseEncoder.putField(out, "Connection", "Upgrade");
        ResponseEncoder.putField(out, "Upgrade", protocol);
        for (int i = 0, n = fields.size(); i < n; i++) {
            String name = fields.name(i);
            if (!name.equalsIgnoreCase("Content-Length") && !name.equalsIgnoreCase("Transfer-Encoding")
                    && !name.equalsIgnoreCase("Connection") && !name.equalsIgnoreCase("Date")
                    && !name.equalsIgnoreCase("Upgrade")) {
                ResponseEncoder.putField(out, name, fields.value(i));
            }
        }
        ResponseEncoder.putCrlf(out);
        out.flip();
        return out;
    }

    /**
     * Checks what {@link io.hawser.api.HttpExchange#upgrade} requires of the request (RFC 9110 §7.8).
     *
     * @throws IllegalStateException or {@link IllegalArgumentException} as that method says
     */
    static void checkUpgradable(Http1Exchange x, String protocol, UpgradeHandler handler) {
        java.util.Objects.requireNonNull(handler, "handler");
        int slash = protocol.indexOf('/');
        if (!io.hawser.api.Tokens.isToken(slash < 0 ? protocol : protocol.substring(0, slash))
                || slash >= 0 && !io.hawser.api.Tokens.isToken(protocol.substring(slash + 1))) {
            throw new IllegalArgumentException("not a protocol token: " + protocol);
        }
        if (x.isCommitted()) {
            throw new IllegalStateException("response committed");
        }
        if (x.head.version() != RequestHead.HTTP_1_1) {
            throw new IllegalStateException("only an HTTP/1.1 request can be upgraded (RFC 9110 §7.8)");
        }
        if (!x.head.contains("Upgrade") || !hasUpgradeOption(x.head)) {
            throw new IllegalStateException("the request has no Upgrade field with a Connection: upgrade option");
        }
        if (!x.requestBody.isFinished()) {
            throw new IllegalStateException("a request with a body cannot be upgraded here");
        }
    }

    private static boolean hasUpgradeOption(io.hawser.api.HttpFields fields) {
        for (String value : fields.getAll("Connection")) {
            for (String option : value.split(",")) {
                if (option.trim().equalsIgnoreCase("upgrade")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** On the loop: the 101 is written (but {@code unsent}); the connection becomes this. */
    private void takeOver(ByteBuffer unsent) {
        ByteBuffer rest = c.switchProtocols(this);
        if (c.isClosed()) {
            c.connector.pages().give(rest);
            return;
        }
        long now = System.nanoTime();
        synchronized (this) {
            in = rest;
        }
        lastWrite = now;
        idleSince = now;
        c.loop.lists.upgraded.append(c, now);
        if (unsent != null) {
            synchronized (writeLock) {
                pending = unsent;
            }
            c.interest(SelectionKey.OP_WRITE);
        }
        if (rest == null || rest.remaining() < Http1Connection.INPUT_HIGH_WATER) {
            InterestOps.add(c.key, SelectionKey.OP_READ);
        } else {
            synchronized (this) {
                readSuspended = true;
            }
            InterestOps.remove(c.key, SelectionKey.OP_READ);
        }
        dispatch(() -> {
            try {
                handler.onUpgrade(this);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    // ------------------------------------------------------------------ loop side

    /** On the loop: the channel is ready for {@code ops}. */
    void onReady(int ops) {
        if ((ops & SelectionKey.OP_WRITE) != 0) {
            InterestOps.remove(c.key, SelectionKey.OP_WRITE);
            c.loop.lists.writeStalled.remove(c);
            onWritable();
        }
        if ((ops & SelectionKey.OP_READ) != 0 && !c.isClosed()) {
            onReadable();
        }
    }

    private void onReadable() {
        ByteBuffer buf = c.loop.readBuffer;
        buf.clear();
        int n;
        try {
            n = c.transport.read(buf);
        } catch (IOException e) {
            c.close();
            return;
        }
        if (c.transport.wantsWrite()) {
            c.interest(SelectionKey.OP_WRITE); // a TLS KeyUpdate answer the socket did not take at once
        }
        if (n == 0) {
            return;
        }
        Runnable callback;
        synchronized (this) {
            if (n < 0) {
                inputEnded = true;
                InterestOps.remove(c.key, SelectionKey.OP_READ);
            } else {
                buf.flip();
                append(buf);
                if (in.remaining() >= Http1Connection.INPUT_HIGH_WATER) {
                    readSuspended = true;
                    InterestOps.remove(c.key, SelectionKey.OP_READ);
                }
            }
            callback = demand;
            demand = null;
        }
        if (n > 0) {
            long now = System.nanoTime();
            idleSince = now;
            c.loop.lists.upgraded.append(c, now);
        }
        if (callback != null) {
            dispatch(callback);
        }
    }

    /** Appends {@code src} to {@link #in} (caller holds the monitor). */
    private void append(ByteBuffer src) {
        if (in == null) {
            in = c.connector.pages().take(src.remaining());
            in.flip();
        }
        if (in.capacity() - in.remaining() < src.remaining()) {
            ByteBuffer bigger = ByteBuffer.allocate(in.remaining() + src.remaining());
            bigger.put(in);
            bigger.flip();
            c.connector.pages().give(in);
            in = bigger;
        }
        in.compact();
        in.put(src);
        in.flip();
    }

    /** On the loop: writable; writes what is pending, then runs the {@link #onWritable} callback. */
    private void onWritable() {
        Runnable callback;
        boolean close;
        synchronized (writeLock) {
            try {
                if (!c.transport.flush() || pending == null) {
                    if (c.transport.wantsWrite()) {
                        c.interest(SelectionKey.OP_WRITE);
                    }
                    return;
                }
                if (pending.hasRemaining()) {
                    single[0] = pending;
                    c.transport.write(single, 0, 1);
                }
            } catch (IOException e) {
                c.close();
                return;
            } finally {
                single[0] = null;
            }
            if (pending.hasRemaining() || c.transport.wantsWrite()) {
                c.interest(SelectionKey.OP_WRITE);
                return;
            }
            pending = null;
            lastWrite = System.nanoTime();
            callback = writable;
            writable = null;
            close = closeWhenDrained;
        }
        if (close) {
            c.close();
        } else if (callback != null) {
            dispatch(callback);
        }
    }

    /**
     * {@code upgradedIdleTimeout} expired (loop; the list has removed the connection).
     *
     * @return whether it closed the connection ({@code false}: a write since the last read, so it
     *     re-enters the list)
     */
    boolean onIdleTimeout(long now) {
        long timeout = c.connector.config().upgradedIdleTimeout().toNanos();
        if (lastWrite - idleSince > 0 && now - lastWrite < timeout) {
            idleSince = now;
            c.loop.lists.upgraded.append(c, now);
            return false;
        }
        c.close();
        return true;
    }

    /** On the loop, during graceful stop (called repeatedly): tells the handler once. */
    void onStop() {
        if (!stopTold) {
            stopTold = true;
            dispatch(() -> handler.onStop(this));
        }
    }

    /** The connection closed (any thread): wakes the callbacks, gives back the input, tells the handler. */
    void onConnectionClosed() {
        if (!closedTold.compareAndSet(false, true)) {
            return;
        }
        Runnable r;
        Runnable w;
        ByteBuffer input;
        synchronized (this) {
            r = demand;
            demand = null;
            input = in;
            in = null;
        }
        synchronized (writeLock) {
            w = writable;
            writable = null;
            pending = null;
        }
        c.connector.pages().give(input);
        if (r != null) {
            dispatch(r);
        }
        if (w != null) {
            dispatch(w);
        }
        dispatch(handler::onClosed);
    }

    /**
     * Runs application code: on a worker, or at once for a non-blocking connector handler. A
     * failure closes this connection only.
     */
    private void dispatch(Runnable callback) {
        Runnable guarded = () -> {
            try {
                callback.run();
            } catch (Throwable t) {
                LOG.log(Level.WARNING, "upgrade handler failed; the connection closes", t);
                c.close();
            }
        };
        if (c.connector.handler().isNonBlocking()) {
            guarded.run();
            return;
        }
        try {
            c.connector.workers().execute(guarded);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            c.close();
        }
    }

    // ------------------------------------------------------------------ UpgradedConnection

    @Override
    public int read(ByteBuffer dst) throws IOException {
        synchronized (this) {
            if (in == null || !in.hasRemaining()) {
                return inputEnded || c.isClosed() ? -1 : 0;
            }
            int n = Math.min(dst.remaining(), in.remaining());
            int limit = in.limit();
            in.limit(in.position() + n);
            dst.put(in);
            in.limit(limit);
            if (!in.hasRemaining()) {
                c.connector.pages().give(in);
                in = null;
            }
            if (readSuspended && (in == null || in.remaining() < INPUT_LOW_WATER)) {
                readSuspended = false;
                c.loop.execute(() -> {
                    if (!c.isClosed()) {
                        InterestOps.add(c.key, SelectionKey.OP_READ);
                    }
                });
            }
            return n;
        }
    }

    @Override
    public void demand(Runnable callback) {
        java.util.Objects.requireNonNull(callback, "callback");
        synchronized (this) {
            if ((in == null || !in.hasRemaining()) && !inputEnded && !c.isClosed()) {
                demand = callback;
                return;
            }
        }
        dispatch(callback);
    }

    @Override
    public boolean write(ByteBuffer src) throws IOException {
        synchronized (writeLock) {
            if (c.isClosed()) {
                throw new io.hawser.api.ClientAbortException("connection closed", null);
            }
            if (pending != null) {
                pending = concat(pending, src);
                return false;
            }
            try {
                single[0] = src;
                c.transport.write(single, 0, 1);
            } catch (IOException e) {
                c.close();
                throw Http1Connection.clientAbort(e);
            } finally {
                single[0] = null;
            }
            lastWrite = System.nanoTime();
            if (!src.hasRemaining() && !c.transport.wantsWrite()) {
                return true;
            }
            pending = concat(null, src);
        }
        c.interest(SelectionKey.OP_WRITE);
        return false;
    }

    /** @return {@code head}'s and {@code src}'s remaining bytes in one buffer (read mode); consumes {@code src} */
    private static ByteBuffer concat(ByteBuffer head, ByteBuffer src) {
        ByteBuffer all = ByteBuffer.allocate((head == null ? 0 : head.remaining()) + src.remaining());
        if (head != null) {
            all.put(head);
        }
        all.put(src);
        all.flip();
        return all;
    }

    @Override
    public boolean isWriteReady() {
        synchronized (writeLock) {
            return pending == null;
        }
    }

    @Override
    public void onWritable(Runnable callback) {
        java.util.Objects.requireNonNull(callback, "callback");
        synchronized (writeLock) {
            if (pending != null && !c.isClosed()) {
                writable = callback;
                return;
            }
        }
        dispatch(callback);
    }

    @Override
    public void close() {
        synchronized (writeLock) {
            if (pending != null && !c.isClosed()) {
                closeWhenDrained = true;
                return;
            }
        }
        c.close();
    }

    @Override
    public boolean isOpen() {
        return !c.isClosed();
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return c.remoteAddress();
    }

    @Override
    public InetSocketAddress localAddress() {
        return c.localAddress();
    }

    @Override
    public boolean isSecure() {
        return c.tls() != null;
    }
}
