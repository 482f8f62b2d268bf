package io.hawser.bench.tools;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Holds N idle keep-alive connections open against one server, each of which has served exactly one
 * {@code GET /plaintext}, so the server has built whatever it keeps per connection after a request.
 *
 * <p>Usage: {@code IdleHolder HOST PORT COUNT STOP_FILE MAX_SECONDS [TRUSTED_PEM]}. With
 * {@code TRUSTED_PEM} (the server's certificate, PEM) the connections are HTTPS: see {@link TlsOpener}
 * (a full TLS handshake and one request each, then held without TLS traffic). Cleartext connections are opened in
 * batches of {@value #BATCH} (connect, send the request; then read every response of the batch
 * through one selector), so no server's accept backlog overflows; opening stops after half of
 * MAX_SECONDS whatever the count. Prints {@code READY ...} once all are open and answered, then holds them until STOP_FILE exists or MAX_SECONDS pass; then checks
 * every connection without blocking (a read of 0 bytes means still open, -1 or an error means the
 * server closed it), prints {@code ALIVE ...} and exits. One thread, no per-connection thread.
 *
 * <p>With {@code -Dbench.idle.sources=ADDR[,ADDR...]} (e.g. {@code 127.0.0.1,127.0.0.2,127.0.0.3})
 * cleartext connection {@code i} is bound to source address {@code i mod n} before it connects: one
 * source address has only the ephemeral port range ({@code net.ipv4.ip_local_port_range}, ~28,000
 * ports here) towards one server port, so 50,000 connections need two or more. Without it the kernel
 * picks the source as usual. With source addresses, every connection is closed at the end with
 * {@code SO_LINGER 0} (a reset): an explicitly bound port in {@code TIME_WAIT} could not be bound again
 * by the next measurement (without them, the kernel reuses loopback {@code TIME_WAIT} ports on connect).
 */
public final class IdleHolder {
    private static final int BATCH = 32;
    private static final long RESPONSE_TIMEOUT_NANOS = 10_000_000_000L;

    /** One connection and the bytes of its first response read so far. */
    static final class Conn {
        final SocketChannel channel;
        byte[] got = new byte[256];
        int length;
        boolean done;
        boolean ok;

        Conn(SocketChannel channel) {
            this.channel = channel;
        }

        void append(ByteBuffer buf) {
            int n = buf.remaining();
            if (length + n > got.length) {
                got = java.util.Arrays.copyOf(got, Math.max(got.length * 2, length + n));
            }
            buf.get(got, length, n);
            length += n;
            int end = headerEnd();
            if (end < 0) {
                return;
            }
            String head = new String(got, 0, end, StandardCharsets.ISO_8859_1);
            long contentLength = 0;
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("content-length")) {
                    contentLength = Long.parseLong(line.substring(colon + 1).trim());
                }
            }
            if (length >= end + 4 + contentLength) {
                done = true;
                ok = head.startsWith("HTTP/1.1 200");
            }
        }

        private int headerEnd() {
            for (int i = 0; i + 3 < length; i++) {
                if (got[i] == '\r' && got[i + 1] == '\n' && got[i + 2] == '\r' && got[i + 3] == '\n') {
                    return i;
                }
            }
            return -1;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 5 && args.length != 6) {
            System.err.println("usage: IdleHolder HOST PORT COUNT STOP_FILE MAX_SECONDS [TRUSTED_PEM]");
            System.exit(2);
        }
        InetSocketAddress address = new InetSocketAddress(args[0], Integer.parseInt(args[1]));
        int count = Integer.parseInt(args[2]);
        Path stop = Path.of(args[3]);
        long maxNanos = Long.parseLong(args[4]) * 1_000_000_000L;
        long start = System.nanoTime();
        byte[] request = ("GET /plaintext HTTP/1.1\r\nHost: " + args[0] + ":" + args[1] + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);

        TlsOpener.Result opened = args.length == 6
                ? new TlsOpener(address, request, Path.of(args[5])).open(count, start + maxNanos / 2)
                : openPlain(address, request, count, start + maxNanos / 2);
        List<SocketChannel> open = opened.open();
        long openedMs = (System.nanoTime() - start) / 1_000_000;
        System.out.println("READY open=" + open.size() + " failed=" + opened.failed() + " ms=" + openedMs
                + (opened.firstError() == null ? "" : " first_error=" + opened.firstError().replace(' ', '_')));
        System.out.flush();

        while (!Files.exists(stop) && System.nanoTime() - start < maxNanos) {
            Thread.sleep(50);
        }

        ByteBuffer buf = ByteBuffer.allocateDirect(16 * 1024);
        int alive = 0;
        int closed = 0;
        boolean reset = !sources().isEmpty();
        for (SocketChannel channel : open) {
            boolean isOpen;
            try {
                buf.clear();
                int n = channel.read(buf);
                while (n > 0) {   // something unsolicited (e.g. a 408, a close_notify) : drain, then look again
                    buf.clear();
                    n = channel.read(buf);
                }
                isOpen = n == 0;
            } catch (IOException e) {
                isOpen = false;
            }
            if (isOpen) {
                alive++;
            } else {
                closed++;
            }
            if (reset) {
                try {
                    channel.setOption(StandardSocketOptions.SO_LINGER, 0);
                } catch (IOException e) {
                    // already reset by the server: nothing left to linger
                }
            }
            channel.close();
        }
        System.out.println("ALIVE alive=" + alive + " closed=" + closed + " held_ms="
                + ((System.nanoTime() - start) / 1_000_000 - openedMs)
                + (opened.sockets().isEmpty() ? "" : " tls_sockets=" + opened.sockets().size()));
    }

    /**
     * Opens the connections in cleartext, {@value #BATCH} at a time, until {@code count} or
     * {@code deadlineNanos} ({@link System#nanoTime}).
     *
     * @return the channels (non-blocking) of the connections that got a {@code 200}, and the failures
     */
    private static TlsOpener.Result openPlain(InetSocketAddress address, byte[] request, int count,
                                              long deadlineNanos) throws IOException {
        List<SocketChannel> open = new ArrayList<>(count);
        int failed = 0;
        String firstError = null;
        ByteBuffer buf = ByteBuffer.allocateDirect(16 * 1024);
        List<InetSocketAddress> sources = sources();
        try (Selector selector = Selector.open()) {
            for (int base = 0; base < count && System.nanoTime() < deadlineNanos; base += BATCH) {
                List<Conn> batch = new ArrayList<>(BATCH);
                for (int i = base; i < Math.min(count, base + BATCH); i++) {
                    SocketChannel ch = null;
                    try {
                        ch = SocketChannel.open();
                        if (!sources.isEmpty()) {
                            ch.bind(sources.get(i % sources.size()));
                        }
                        ch.connect(address);
                        ch.write(ByteBuffer.wrap(request));
                        ch.configureBlocking(false);
                        Conn c = new Conn(ch);
                        ch.register(selector, SelectionKey.OP_READ, c);
                        batch.add(c);
                    } catch (IOException e) {
                        failed++;
                        firstError = firstError == null ? e.toString() : firstError;
                        if (ch != null) {
                            ch.close();
                        }
                    }
                }
                int pending = batch.size();
                long deadline = System.nanoTime() + RESPONSE_TIMEOUT_NANOS;
                while (pending > 0 && System.nanoTime() < deadline) {
                    selector.select(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                    for (SelectionKey key : selector.selectedKeys()) {
                        Conn c = (Conn) key.attachment();
                        buf.clear();
                        int n;
                        try {
                            n = c.channel.read(buf);
                        } catch (IOException e) {
                            n = -1;
                        }
                        if (n > 0) {
                            buf.flip();
                            c.append(buf);
                        }
                        if (n < 0 || c.done) {
                            key.cancel();
                            pending--;
                        }
                    }
                    selector.selectedKeys().clear();
                }
                selector.selectNow();   // flush the cancelled keys
                for (Conn c : batch) {
                    if (c.ok) {
                        open.add(c.channel);
                    } else {
                        failed++;
                        firstError = firstError == null ? "no 200 response (" + c.length + " bytes)" : firstError;
                        for (SelectionKey k : selector.keys()) {
                            if (k.attachment() == c) {
                                k.cancel();
                            }
                        }
                        c.channel.close();
                    }
                }
                selector.selectNow();
            }
        }
        return new TlsOpener.Result(open, List.of(), failed, firstError);
    }

    /** @return the source addresses of {@code -Dbench.idle.sources} (port 0: any), empty if unset */
    private static List<InetSocketAddress> sources() throws IOException {
        List<InetSocketAddress> sources = new ArrayList<>();
        String list = System.getProperty("bench.idle.sources", "").trim();
        for (String a : list.isEmpty() ? new String[0] : list.split(",")) {
            sources.add(new InetSocketAddress(InetAddress.getByName(a.trim()), 0));
        }
        return sources;
    }

    private IdleHolder() {}
}
