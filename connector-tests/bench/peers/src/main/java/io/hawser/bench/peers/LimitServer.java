package io.hawser.bench.peers;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Iterator;

/**
 * "The limit loop": the cost floor of one HTTP/1.1 response on one selector thread of this JVM. One
 * thread, one {@link Selector}, no HTTP parsing: for every {@code \r\n\r\n} a connection sends it
 * writes one canned {@code 200 text/plain} {@code Hello, World!} response (13 bytes, with
 * {@code Date} and {@code Content-Length}); the only field it looks for is a line starting
 * {@code connection: close} (any case), after which it answers with {@code Connection: close} and
 * closes once that response is written. Request bodies, {@code /echo} and static files are not
 * served: run.sh uses it for keepalive, pipelined, close and idle only. Not a server: a reference.
 *
 * <p>Usage: {@code LimitServer PORT [--hand-off]}; binds {@link WebApp#host()} (127.0.0.1 unless
 * {@code -Dbench.host}). Read into one 64 KiB direct buffer, responses gathered into one 256 KiB
 * direct buffer per read; what the socket does not take is kept per connection and written on
 * {@code OP_WRITE}.
 *
 * <p>With {@code --hand-off} ("the limit loop with a hand-off", run.sh's {@code limit-handoff}) the
 * loop only reads and counts heads; the responses are written by a worker thread it hands the
 * connection to ({@link HandOff}: parked workers, one wake-up per hand-off unless a worker is already
 * awake, the way a server that runs blocking servlet code off its selector must do it): the floor
 * of a blocking-servlet server's response on this JVM, as the plain mode is the floor of a server
 * that answers on its selector thread.
 */
public final class LimitServer {
    private static final byte[] END_OF_HEAD = {'\r', '\n', '\r', '\n'};
    private static final byte[] CLOSE_LINE = "\r\nconnection: close".getBytes(StandardCharsets.US_ASCII);

    /** The canned responses, rebuilt when the second changes (their Date field). */
    private volatile byte[] keepAlive;
    private volatile byte[] closing;
    private long dateSecond = -1;
    private final ByteBuffer in = ByteBuffer.allocateDirect(64 * 1024);
    private final ByteBuffer out = ByteBuffer.allocateDirect(256 * 1024);

    /** What the loop knows about one connection. */
    private static final class Conn {
        /** Bytes of {@link #END_OF_HEAD} matched so far. */
        int headMatched;
        /** Bytes of {@link #CLOSE_LINE} matched so far (lower-cased). */
        int closeMatched;
        /** The current head carries {@code connection: close}. */
        boolean closeSeen;
        /** Close once everything is written. */
        boolean closeAfterWrite;
        /** Response bytes the socket has not taken yet (write mode), or {@code null}. */
        ByteBuffer pending;
        /** Hand-off mode: responses counted by the loop, not yet written by a worker (guarded by this). */
        int owed;
        /** Hand-off mode: the last owed response closes the connection (guarded by this). */
        boolean closeOwed;
        /** Hand-off mode: a worker has this connection (guarded by this). */
        boolean onWorker;
    }

    /** {@code --hand-off}: responses are written by {@link #handOff}'s workers, not by the loop. */
    private final HandOff handOff;

    /**
     * Serves until killed.
     *
     * @param args {@code PORT}
     * @throws IOException when the port cannot be bound
     */
    public static void main(String[] args) throws IOException {
        int port = WebApp.port(args);
        boolean handOff = args.length > 1 && args[1].equals("--hand-off");
        new LimitServer(handOff).run(port);
    }

    private void run(int port) throws IOException {
        Selector selector = Selector.open();
        ServerSocketChannel server = ServerSocketChannel.open();
        server.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        server.bind(new InetSocketAddress(WebApp.host(), port), 4096);
        server.configureBlocking(false);
        server.register(selector, SelectionKey.OP_ACCEPT);
        System.out.println("limit loop (one selector thread, canned responses, no parsing"
                + (handOff != null ? ", written by a worker thread" : "") + ") listening on http://"
                + WebApp.host() + ":" + port + "/");
        System.out.flush();
        refreshResponses();
        while (true) {
            selector.select(1000);
            refreshResponses();
            Iterator<SelectionKey> it = selector.selectedKeys().iterator();
            while (it.hasNext()) {
                SelectionKey key = it.next();
                it.remove();
                try {
                    if (!key.isValid()) {
                        continue;
                    }
                    if (key.isAcceptable()) {
                        accept(server, selector);
                        continue;
                    }
                    if (key.isWritable()) {
                        writePending(key);
                    }
                    if (key.isValid() && key.isReadable()) {
                        read(key);
                    }
                } catch (IOException e) {
                    close(key);
                }
            }
        }
    }

    private static void accept(ServerSocketChannel server, Selector selector) throws IOException {
        for (int i = 0; i < 64; i++) {
            SocketChannel ch = server.accept();
            if (ch == null) {
                return;
            }
            ch.configureBlocking(false);
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ch.register(selector, SelectionKey.OP_READ, new Conn());
        }
    }

    /** Reads what is there and answers every complete head in it. */
    private void read(SelectionKey key) throws IOException {
        Conn c = (Conn) key.attachment();
        in.clear();
        int n = ((SocketChannel) key.channel()).read(in);
        if (n < 0) {
            close(key);
            return;
        }
        out.clear();
        for (int i = 0; i < n; i++) {
            byte b = in.get(i);
            byte lower = b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
            if (lower == CLOSE_LINE[c.closeMatched]) {
                if (++c.closeMatched == CLOSE_LINE.length) {
                    c.closeSeen = true;
                    c.closeMatched = 0;
                }
            } else {
                c.closeMatched = lower == CLOSE_LINE[0] ? 1 : 0;
            }
            if (b != END_OF_HEAD[c.headMatched]) {
                c.headMatched = b == END_OF_HEAD[0] ? 1 : 0;
                continue;
            }
            if (++c.headMatched < END_OF_HEAD.length) {
                continue;
            }
            c.headMatched = 0;
            c.closeMatched = 0;
            if (handOff != null) {
                owe(key, c);
                if (c.closeSeen) {
                    break;
                }
                continue;
            }
            byte[] response = c.closeSeen ? closing : keepAlive;
            if (out.remaining() < response.length) {
                flush(key, c);
            }
            out.put(response);
            if (c.closeSeen) {
                c.closeAfterWrite = true;
                break; // nothing after a closing request is answered
            }
        }
        if (handOff == null) {
            flush(key, c);
        }
    }

    /** Hand-off mode, on the loop: one more response owed on {@code c}; hands it to a worker unless one has it. */
    private void owe(SelectionKey key, Conn c) {
        boolean submit;
        synchronized (c) {
            c.owed++;
            c.closeOwed |= c.closeSeen;
            submit = !c.onWorker;
            c.onWorker = true;
        }
        if (submit) {
            handOff.execute(() -> answer(key, c));
        }
    }

    /**
     * Hand-off mode, on a worker: writes every response owed on {@code c}, then gives it back. The
     * workloads' responses always fit the socket's buffer; should one not, the worker waits for
     * room (this is a reference, not a server).
     */
    private void answer(SelectionKey key, Conn c) {
        ByteBuffer buf = HandOff.buffer();
        SocketChannel ch = (SocketChannel) key.channel();
        try {
            while (true) {
                int n;
                boolean closes;
                synchronized (c) {
                    n = c.owed;
                    closes = c.closeOwed;
                    c.owed = 0;
                    if (n == 0) {
                        c.onWorker = false;
                        return;
                    }
                }
                buf.clear();
                for (int i = 0; i < n; i++) {
                    byte[] response = closes && i == n - 1 ? closing : keepAlive;
                    if (buf.remaining() < response.length) {
                        drain(ch, buf);
                    }
                    buf.put(response);
                }
                drain(ch, buf);
                if (closes) {
                    close(key);
                    return;
                }
            }
        } catch (IOException e) {
            close(key);
        }
    }

    /** Writes all of {@code buf} (write mode) and clears it. */
    private static void drain(SocketChannel ch, ByteBuffer buf) throws IOException {
        buf.flip();
        while (buf.hasRemaining()) {
            if (ch.write(buf) == 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(10_000);
            }
        }
        buf.clear();
    }

    /** Writes {@link #out}; what the socket does not take is kept for {@code OP_WRITE}. */
    private void flush(SelectionKey key, Conn c) throws IOException {
        out.flip();
        if (out.hasRemaining()) {
            if (c.pending == null) {
                ((SocketChannel) key.channel()).write(out);
            }
            if (out.hasRemaining()) {
                keep(c, out);
                key.interestOps(c.closeAfterWrite ? SelectionKey.OP_WRITE : SelectionKey.OP_READ | SelectionKey.OP_WRITE);
            }
        }
        out.clear();
        if (c.pending == null && c.closeAfterWrite) {
            close(key);
        }
    }

    private static void keep(Conn c, ByteBuffer rest) {
        if (c.pending == null) {
            c.pending = ByteBuffer.allocate(Math.max(4096, rest.remaining()));
        } else if (c.pending.remaining() < rest.remaining()) {
            ByteBuffer bigger = ByteBuffer.allocate(2 * (c.pending.position() + rest.remaining()));
            c.pending.flip();
            bigger.put(c.pending);
            c.pending = bigger;
        }
        c.pending.put(rest);
    }

    private static void writePending(SelectionKey key) throws IOException {
        Conn c = (Conn) key.attachment();
        if (c.pending != null) {
            c.pending.flip();
            ((SocketChannel) key.channel()).write(c.pending);
            if (c.pending.hasRemaining()) {
                c.pending.compact();
                return;
            }
            c.pending = null;
        }
        key.interestOps(SelectionKey.OP_READ);
        if (c.closeAfterWrite) {
            close(key);
        }
    }

    private void refreshResponses() {
        long second = System.currentTimeMillis() / 1000;
        if (second == dateSecond) {
            return;
        }
        dateSecond = second;
        String head = "HTTP/1.1 200 OK\r\nServer: limit\r\nDate: "
                + DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC))
                + "\r\nContent-Type: text/plain\r\nContent-Length: 13\r\n";
        keepAlive = (head + "\r\nHello, World!").getBytes(StandardCharsets.US_ASCII);
        closing = (head + "Connection: close\r\n\r\nHello, World!").getBytes(StandardCharsets.US_ASCII);
    }

    private static void close(SelectionKey key) {
        key.cancel();
        try {
            key.channel().close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private LimitServer(boolean handOff) {
        this.handOff = handOff ? new HandOff() : null;
    }
}
