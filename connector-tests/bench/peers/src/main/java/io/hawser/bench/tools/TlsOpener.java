package io.hawser.bench.tools;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * Opens the idle connections of {@link IdleHolder} over HTTPS: per connection a TCP connect, a full
 * TLS handshake (JSSE {@link SSLSocket} over the connection's {@link SocketChannel}, the JDK client's
 * default protocols, TLS 1.3 first), one {@code GET /plaintext} and its complete response. The
 * connections are then handed back as plain channels: holding and the final liveness check read the
 * TCP stream without TLS, so nothing is decrypted and nothing is sent while they are held.
 *
 * <p>Every handshake is a full one (no resumption, RFC 8446 §2.2): each opening thread has its own
 * {@link SSLContext}, whose client session cache is emptied after every connection, so the session
 * tickets the server sends are never offered back. Only the certificate in the given PEM file is
 * trusted, so a server that presents another certificate fails (counted in {@code failed}).
 * Connections are opened by {@value #THREADS} threads (blocking sockets: a handshake costs both ends
 * CPU, and the threads keep the server's core busy while one waits).
 */
final class TlsOpener {
    private static final int THREADS = 8;
    private static final int READ_TIMEOUT_MILLIS = 10_000;

    /**
     * What {@link #open} opened (the channels, and their TLS sockets, kept reachable so that nothing
     * closes them), how many failed, and the first failure seen.
     */
    record Result(List<SocketChannel> open, List<SSLSocket> sockets, int failed, String firstError) {}

    /** One opened connection: its channel and the TLS socket layered over it. */
    private record Opened(SocketChannel channel, SSLSocket socket) {}

    private final InetSocketAddress address;
    private final byte[] request;
    private final KeyStore trust;

    /**
     * @param address the server's HTTPS address
     * @param request the bytes of the one request sent on each connection
     * @param trusted a PEM file of the certificate(s) to trust
     * @throws Exception if the PEM file cannot be read
     */
    TlsOpener(InetSocketAddress address, byte[] request, Path trusted) throws Exception {
        this.address = address;
        this.request = request.clone();
        this.trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(trusted)) {
            int i = 0;
            for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                trust.setCertificateEntry("trusted-" + i++, c);
            }
        }
        if (trust.size() == 0) {
            throw new IllegalArgumentException("no certificate in " + trusted);
        }
    }

    /**
     * Opens up to {@code count} connections, stopping at {@code deadlineNanos} ({@link System#nanoTime}).
     *
     * @return the channels of the connections that completed the handshake and got a {@code 200}
     *         response, in non-blocking mode, and the failures
     * @throws InterruptedException if interrupted while waiting for the opening threads
     */
    Result open(int count, long deadlineNanos) throws Exception {
        List<Opened> open = Collections.synchronizedList(new ArrayList<>(count));
        AtomicInteger next = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicReference<String> firstError = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            SSLContext ctx = context();
            Thread thread = new Thread(() -> {
                while (next.getAndIncrement() < count && System.nanoTime() < deadlineNanos) {
                    try {
                        open.add(openOne(ctx));
                    } catch (IOException | RuntimeException e) {
                        failed.incrementAndGet();
                        firstError.compareAndSet(null, e.toString());
                    }
                }
            }, "tls-opener-" + t);
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        return new Result(open.stream().map(Opened::channel).toList(), open.stream().map(Opened::socket).toList(),
                failed.get(), firstError.get());
    }

    private SSLContext context() throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, tmf.getTrustManagers(), null);
        return ctx;
    }

    private Opened openOne(SSLContext ctx) throws IOException {
        SocketChannel channel = SocketChannel.open(address);
        try {
            channel.socket().setSoTimeout(READ_TIMEOUT_MILLIS);
            SSLSocket ssl = (SSLSocket) ctx.getSocketFactory().createSocket(channel.socket(),
                    address.getHostString(), address.getPort(), false);
            ssl.startHandshake();
            ssl.getOutputStream().write(request);
            ssl.getOutputStream().flush();
            IdleHolder.Conn response = new IdleHolder.Conn(channel);
            InputStream in = ssl.getInputStream();
            byte[] chunk = new byte[4096];
            while (!response.done) {
                int n = in.read(chunk);
                if (n < 0) {
                    throw new IOException("closed before a complete response (" + response.length + " bytes)");
                }
                response.append(ByteBuffer.wrap(chunk, 0, n));
            }
            if (!response.ok) {
                throw new IOException("no 200 response");
            }
            forgetSessions(ctx.getClientSessionContext());
            channel.configureBlocking(false);
            return new Opened(channel, ssl);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Empties a client session cache, so that the next handshake from it is a full one. */
    private static void forgetSessions(SSLSessionContext sessions) {
        for (byte[] id : Collections.list(sessions.getIds())) {
            var session = sessions.getSession(id);
            if (session != null) {
                session.invalidate();
            }
        }
    }
}
