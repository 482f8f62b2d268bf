package io.hawser.tests.timeouts;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Drives many slow clients from one thread: each connection sends a preamble at once, then one
 * more byte every {@code interval}, and the thread watches all of them with one {@link Selector}
 * until the server ends them. For each connection it records (in {@link System#nanoTime()}) when
 * it connected and when the server's answer (first byte of a response, EOF or reset) arrived.
 */
final class Trickler implements AutoCloseable {
    /** One slow client. */
    static final class Slow {
        final SocketChannel channel;
        final long connectStart;
        final long connectEnd;
        /** When the preamble's first byte was written. */
        long firstByteSent = -1;
        /** When the delayed preamble is due; -1 once sent (or when not delayed). */
        long preambleAt = -1;
        long nextSend;
        int trickled;
        /** When the server's answer arrived (first response byte, EOF or reset); -1 until then. */
        long answered = -1;
        /** When EOF or reset was seen; -1 until then. */
        long ended = -1;
        boolean reset;
        boolean writeFailed;
        final ByteArrayOutputStream received = new ByteArrayOutputStream();

        Slow(SocketChannel channel, long connectStart, long connectEnd) {
            this.channel = channel;
            this.connectStart = connectStart;
            this.connectEnd = connectEnd;
        }

        String receivedText() {
            return received.toString(StandardCharsets.ISO_8859_1);
        }
    }

    private final Selector selector;
    private final List<Slow> clients = new ArrayList<>();
    private final byte[] preamble;
    private final byte[] trickle;
    private final long firstDelayNanos;
    private final long intervalNanos;
    private long preambleDelayNanos;

    /**
     * @param preamble bytes each connection sends right after connecting (may be empty)
     * @param trickle bytes sent one at a time afterwards (cycled)
     * @param firstDelayMillis from connect to the first trickled byte
     * @param intervalMillis between trickled bytes
     */
    Trickler(String preamble, String trickle, long firstDelayMillis, long intervalMillis) throws IOException {
        this.selector = Selector.open();
        this.preamble = preamble.getBytes(StandardCharsets.ISO_8859_1);
        this.trickle = trickle.getBytes(StandardCharsets.ISO_8859_1);
        this.firstDelayNanos = firstDelayMillis * 1_000_000L;
        this.intervalNanos = intervalMillis * 1_000_000L;
    }

    /**
     * Delays each connection's preamble by {@code millis} after connecting (the client stays silent
     * meanwhile); trickled bytes then follow the preamble.
     */
    Trickler preambleDelay(long millis) {
        this.preambleDelayNanos = millis * 1_000_000L;
        return this;
    }

    /** Opens {@code count} connections, one after another, each sending the preamble (at once by default). */
    void open(int port, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            SocketChannel ch = SocketChannel.open();
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            long start = System.nanoTime();
            ch.connect(new InetSocketAddress("127.0.0.1", port));
            long end = System.nanoTime();
            ch.configureBlocking(false);
            Slow s = new Slow(ch, start, end);
            if (preambleDelayNanos > 0) {
                s.preambleAt = end + preambleDelayNanos;
                s.nextSend = s.preambleAt;
            } else {
                sendPreamble(s);
                s.nextSend = end + firstDelayNanos;
            }
            ch.register(selector, SelectionKey.OP_READ, s);
            clients.add(s);
        }
    }

    private void sendPreamble(Slow s) throws IOException {
        s.preambleAt = -1;
        if (preamble.length > 0) {
            ByteBuffer b = ByteBuffer.wrap(preamble);
            s.firstByteSent = System.nanoTime();
            s.channel.write(b);
            if (b.hasRemaining()) {
                throw new IOException("preamble not written at once");
            }
        }
    }

    List<Slow> clients() {
        return clients;
    }

    /**
     * Trickles and watches until every connection has ended or {@code maxMillis} pass.
     *
     * @return whether every connection ended
     */
    boolean run(long maxMillis) throws IOException {
        long end = System.nanoTime() + maxMillis * 1_000_000L;
        ByteBuffer buf = ByteBuffer.allocate(16 * 1024);
        ByteBuffer one = ByteBuffer.allocate(1);
        int open = clients.size();
        for (int iterations = 0; open > 0 && iterations < 10_000_000; iterations++) {
            long now = System.nanoTime();
            if (now >= end) {
                return false;
            }
            long wake = end;
            for (Slow s : clients) {
                if (s.ended < 0 && !s.writeFailed && s.nextSend < wake) {
                    wake = s.nextSend;
                }
            }
            long waitMillis = Math.max(1, (wake - now + 999_999) / 1_000_000L);
            selector.select(waitMillis);
            Iterator<SelectionKey> it = selector.selectedKeys().iterator();
            while (it.hasNext()) {
                SelectionKey key = it.next();
                it.remove();
                Slow s = (Slow) key.attachment();
                if (readFrom(s, buf)) {
                    key.cancel();
                    closeQuietly(s.channel);
                    open--;
                }
            }
            now = System.nanoTime();
            for (Slow s : clients) {
                if (s.ended >= 0 || s.writeFailed || s.nextSend > now) {
                    continue;
                }
                try {
                    if (s.preambleAt >= 0) {
                        sendPreamble(s);
                        s.nextSend = (s.firstByteSent >= 0 ? s.firstByteSent : now) + firstDelayNanos;
                        continue;
                    }
                    one.clear();
                    one.put(trickle[s.trickled % trickle.length]).flip();
                    if (s.firstByteSent < 0) {
                        s.firstByteSent = now;
                    }
                    s.channel.write(one);
                    s.trickled++;
                    s.nextSend += intervalNanos;
                } catch (IOException e) {
                    // the server closed; the read side reports the answer and the end
                    s.writeFailed = true;
                }
            }
        }
        return open == 0;
    }

    /** @return whether the connection ended (EOF or reset) */
    private static boolean readFrom(Slow s, ByteBuffer buf) {
        for (int i = 0; i < 1000; i++) {
            buf.clear();
            int n;
            try {
                n = s.channel.read(buf);
            } catch (IOException e) {
                long now = System.nanoTime();
                if (s.answered < 0) {
                    s.answered = now;
                }
                s.ended = now;
                s.reset = true;
                return true;
            }
            long now = System.nanoTime();
            if (n < 0) {
                if (s.answered < 0) {
                    s.answered = now;
                }
                s.ended = now;
                return true;
            }
            if (n == 0) {
                return false;
            }
            if (s.answered < 0) {
                s.answered = now;
            }
            s.received.write(buf.array(), 0, n);
        }
        return false;
    }

    private static void closeQuietly(SocketChannel ch) {
        try {
            ch.close();
        } catch (IOException ignored) {
            // a test socket
        }
    }

    @Override
    public void close() {
        for (Slow s : clients) {
            closeQuietly(s.channel);
        }
        try {
            selector.close();
        } catch (IOException ignored) {
            // a test selector
        }
    }
}
