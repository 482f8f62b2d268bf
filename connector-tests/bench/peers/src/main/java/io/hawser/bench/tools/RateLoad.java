package io.hawser.bench.tools;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * An HTTP/1.1 load generator for latency at a fixed rate, free of coordinated omission: requests are
 * due at fixed instants {@code t0 + k / RATE} (one every 1/RATE s, no bursts), spread round-robin over
 * CONNS keep-alive connections, and written when due whether or not earlier responses on that
 * connection have arrived (HTTP/1.1 pipelining, RFC 9112 §9.3.2). Each latency is measured from the
 * instant the request was <em>due</em> to the end of its response, so a server stall counts in full
 * for every request it delays, as in wrk2. {@code max} instead runs closed-loop (each connection sends
 * its next request when the previous response is complete; latency from the send): the highest rate
 * this client reaches against the server over these connections.
 *
 * <p>Usage: {@code RateLoad HOST PORT PATH CONNS WARMUP_S SECONDS RATE|max}. One thread, one selector;
 * the first WARMUP_S seconds are not recorded. Prints one line
 * {@code RESULT mode=… target=… achieved=… requests=… non200=… errors=… unanswered=… p50_us=… p90_us=…
 * p99_us=… p999_us=… max_us=… mean_us=… lag_max_us=…}: {@code achieved} = recorded responses ÷
 * SECONDS; {@code unanswered} = requests due in the window without a response 2 s after it; and
 * {@code lag_max_us} = the longest any request was written after it was due (the client's own delay:
 * above a millisecond or so, the client, not the server, was the limit). Responses must be
 * {@code Content-Length}-framed (as /plaintext is); another status than 200 counts in {@code non200}.
 */
public final class RateLoad {
    private static final long DRAIN_NANOS = 2_000_000_000L;

    /** One connection: its channel, the unparsed response bytes, and the due/sent instants of its requests in flight. */
    static final class Conn {
        final SocketChannel channel;
        final ByteBuffer in = ByteBuffer.allocate(64 * 1024);
        ByteBuffer out;
        long[] due = new long[64];
        int head;
        int size;

        Conn(SocketChannel channel, int requestBytes) {
            this.channel = channel;
            this.out = ByteBuffer.allocate(requestBytes * 64);
            out.flip();
        }

        void push(long t) {
            if (size == due.length) {
                long[] bigger = new long[due.length * 2];
                for (int i = 0; i < size; i++) {
                    bigger[i] = due[(head + i) % due.length];
                }
                due = bigger;
                head = 0;
            }
            due[(head + size++) % due.length] = t;
        }

        long pop() {
            long t = due[head];
            head = (head + 1) % due.length;
            size--;
            return t;
        }
    }

    private final byte[] request;
    private final List<Conn> conns = new ArrayList<>();
    private final Selector selector;
    private long[] samples = new long[1 << 20];
    private int count;
    private long non200;
    private long errors;
    private long lagMax;
    private long recordFrom;
    private long recordUntil;
    private boolean lastOk;

    private RateLoad(String host, int port, String path, int connections) throws IOException {
        request = ("GET " + path + " HTTP/1.1\r\nHost: " + host + ":" + port + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        selector = Selector.open();
        InetSocketAddress address = new InetSocketAddress(host, port);
        for (int i = 0; i < connections; i++) {
            SocketChannel ch = SocketChannel.open(address);
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ch.configureBlocking(false);
            Conn c = new Conn(ch, request.length);
            ch.register(selector, SelectionKey.OP_READ, c);
            conns.add(c);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            System.err.println("usage: RateLoad HOST PORT PATH CONNS WARMUP_S SECONDS RATE|max");
            System.exit(2);
        }
        RateLoad load = new RateLoad(args[0], Integer.parseInt(args[1]), args[2], Integer.parseInt(args[3]));
        long warmup = (long) (Double.parseDouble(args[4]) * 1e9);
        long seconds = (long) (Double.parseDouble(args[5]) * 1e9);
        boolean max = args[6].equals("max");
        double rate = max ? 0 : Double.parseDouble(args[6]);
        long start = System.nanoTime();
        load.recordFrom = start + warmup;
        load.recordUntil = load.recordFrom + seconds;
        long unanswered = max ? load.closedLoop() : load.openLoop(start, rate);
        long[] v = Arrays.copyOf(load.samples, load.count);
        Arrays.sort(v);
        double sum = 0;
        for (long x : v) {
            sum += x;
        }
        System.out.println(String.format(Locale.ROOT,
                "RESULT mode=%s target=%.0f achieved=%.1f requests=%d non200=%d errors=%d unanswered=%d "
                        + "p50_us=%d p90_us=%d p99_us=%d p999_us=%d max_us=%d mean_us=%.1f lag_max_us=%d",
                max ? "max" : "rate", rate, v.length / (seconds / 1e9), v.length, load.non200, load.errors, unanswered,
                pct(v, 0.5), pct(v, 0.9), pct(v, 0.99), pct(v, 0.999), v.length == 0 ? 0 : v[v.length - 1] / 1000,
                v.length == 0 ? 0 : sum / v.length / 1000, load.lagMax / 1000));
    }

    /** @return the q-quantile of sorted nanosecond samples, in µs (nearest rank) */
    private static long pct(long[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))] / 1000;
    }

    /** Open loop: a request due every 1/rate s until the window ends. @return requests due in the window left unanswered */
    private long openLoop(long start, double rate) throws IOException {
        double interval = 1e9 / rate;
        long k = 0;
        long end = recordUntil;
        while (true) {
            long now = System.nanoTime();
            long due = start + (long) (k * interval);
            while (due <= now && due < end) {
                Conn c = conns.get((int) (k % conns.size()));
                c.push(due);
                send(c);
                lagMax = due >= recordFrom ? Math.max(lagMax, System.nanoTime() - due) : lagMax;
                k++;
                due = start + (long) (k * interval);
            }
            if (now >= end) {
                break;
            }
            long wait = due - System.nanoTime();
            if (wait > 2_000_000) {
                selector.select(Math.max(1, (wait - 1_000_000) / 1_000_000));
            } else {
                selector.selectNow();
            }
            readAll(false);
        }
        return drain(end);
    }

    /** Closed loop: one request in flight per connection. @return requests sent in the window left unanswered */
    private long closedLoop() throws IOException {
        long now = System.nanoTime();
        for (Conn c : conns) {
            c.push(now);
            send(c);
        }
        while (System.nanoTime() < recordUntil) {
            selector.select(10);
            readAll(true);
        }
        return drain(recordUntil);
    }

    /** Reads what remains until every in-flight request is answered or 2 s pass. @return requests due before {@code end} still unanswered */
    private long drain(long end) throws IOException {
        long deadline = System.nanoTime() + DRAIN_NANOS;
        while (System.nanoTime() < deadline && conns.stream().anyMatch(c -> c.size > 0)) {
            selector.select(10);
            readAll(false);
        }
        long left = 0;
        for (Conn c : conns) {
            for (int i = 0; i < c.size; i++) {
                long due = c.due[(c.head + i) % c.due.length];
                left += due >= recordFrom && due < end ? 1 : 0;
            }
            c.channel.close();
        }
        return left;
    }

    private void send(Conn c) throws IOException {
        if (c.out.remaining() + request.length > c.out.capacity()) {   // the server stopped reading: keep them all
            ByteBuffer bigger = ByteBuffer.allocate(c.out.capacity() * 2);
            bigger.put(c.out).flip();
            c.out = bigger;
        }
        c.out.compact().put(request).flip();
        try {
            c.channel.write(c.out);
        } catch (IOException e) {
            errors++;
        }
        SelectionKey key = c.channel.keyFor(selector);
        key.interestOps(c.out.hasRemaining() ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
    }

    private void readAll(boolean closedLoop) throws IOException {
        for (SelectionKey key : selector.selectedKeys()) {
            Conn c = (Conn) key.attachment();
            if (key.isValid() && key.isWritable()) {
                c.channel.write(c.out);
                key.interestOps(c.out.hasRemaining() ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
            }
            if (!key.isValid() || !key.isReadable()) {
                continue;
            }
            int n;
            try {
                n = c.channel.read(c.in);
            } catch (IOException e) {
                n = -1;
            }
            if (n < 0) {
                errors++;
                key.cancel();
                continue;
            }
            c.in.flip();
            while (c.size > 0 && response(c.in)) {
                long due = c.pop();
                long now = System.nanoTime();
                if (due >= recordFrom && due < recordUntil) {
                    record(now - due);
                    non200 += lastOk ? 0 : 1;
                }
                if (closedLoop && now < recordUntil) {
                    c.push(now);
                    send(c);
                }
            }
            c.in.compact();
        }
        selector.selectedKeys().clear();
    }

    /**
     * Consumes one complete response from {@code buf} if it holds one ({@link #lastOk}: was it a 200), without
     * allocating: the status is bytes 9–11 of the status line, the body length the value of a
     * {@code Content-Length} field (names compared ignoring case). @return whether it did
     */
    private boolean response(ByteBuffer buf) {
        int p = buf.position();
        int lim = buf.limit();
        long length = 0;
        int line = p;
        for (int i = p; i + 1 < lim; i++) {
            if (buf.get(i) != '\r' || buf.get(i + 1) != '\n') {
                continue;
            }
            if (i == line) {   // the empty line: end of the header section
                if (lim - (i + 2) < length) {
                    return false;
                }
                lastOk = lim - p >= 12 && buf.get(p + 9) == '2' && buf.get(p + 10) == '0' && buf.get(p + 11) == '0';
                buf.position((int) (i + 2 + length));
                return true;
            }
            if (i - line > CONTENT_LENGTH.length && buf.get(line + CONTENT_LENGTH.length) == ':' && named(buf, line)) {
                length = 0;
                for (int j = line + CONTENT_LENGTH.length + 1; j < i; j++) {
                    byte d = buf.get(j);
                    length = d >= '0' && d <= '9' ? length * 10 + (d - '0') : length;
                }
            }
            line = i + 2;
            i++;
        }
        return false;
    }

    private static final byte[] CONTENT_LENGTH = "content-length".getBytes(StandardCharsets.US_ASCII);

    private static boolean named(ByteBuffer buf, int at) {
        for (int k = 0; k < CONTENT_LENGTH.length; k++) {
            if (Character.toLowerCase(buf.get(at + k)) != CONTENT_LENGTH[k]) {
                return false;
            }
        }
        return true;
    }

    private void record(long nanos) {
        if (count == samples.length) {
            samples = Arrays.copyOf(samples, samples.length * 2);
        }
        samples[count++] = nanos;
    }
}
