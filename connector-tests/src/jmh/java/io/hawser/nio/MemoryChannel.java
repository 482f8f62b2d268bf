package io.hawser.nio;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.channels.spi.SelectorProvider;
import java.util.Set;

/**
 * An in-memory {@link SocketChannel} for {@link ConnectorPathBenchmark}: every {@link #read} delivers
 * one copy of a fixed request (as a client sending its next keep-alive request would), and every
 * write copies the bytes into a reused sink array (as the kernel copies them into the socket's send
 * buffer), so the connector's whole path runs without a socket and without allocating here.
 *
 * <p>{@link #read} also starts a new response: {@link #responseLength} then counts the bytes
 * written for that request, and {@link #sink} holds them (up to {@link #SINK_SIZE}).
 */
final class MemoryChannel extends SocketChannel {
    /** Most response bytes kept per request; more fails the write. */
    static final int SINK_SIZE = 64 * 1024;

    private final byte[] request;
    private final InetSocketAddress remote;
    private final InetSocketAddress local;
    /** The bytes written since the last read (the response to the last request). */
    final byte[] sink = new byte[SINK_SIZE];
    /** How many bytes of {@link #sink} were written since the last read. */
    int responseLength;
    /** Requests delivered so far. */
    long reads;
    /** Whether the connection closed the channel (it must not, on the measured path). */
    boolean closedByConnection;

    MemoryChannel(byte[] request, InetSocketAddress remote, InetSocketAddress local) {
        super(SelectorProvider.provider());
        this.request = request;
        this.remote = remote;
        this.local = local;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (dst.remaining() < request.length) {
            throw new IOException("read buffer too small for the request");
        }
        dst.put(request);
        reads++;
        responseLength = 0;
        return request.length;
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        throw new UnsupportedOperationException("scattering read");
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        return take(src);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        long n = 0;
        for (int i = offset, end = offset + length; i < end; i++) {
            n += take(srcs[i]);
        }
        return n;
    }

    private int take(ByteBuffer src) throws IOException {
        int n = src.remaining();
        if (responseLength + n > SINK_SIZE) {
            throw new IOException("response larger than the sink");
        }
        src.get(sink, responseLength, n);
        responseLength += n;
        return n;
    }

    @Override
    public SocketAddress getRemoteAddress() {
        return remote;
    }

    @Override
    public SocketAddress getLocalAddress() {
        return local;
    }

    @Override
    public boolean isConnected() {
        return true;
    }

    @Override
    public boolean isConnectionPending() {
        return false;
    }

    @Override
    protected void implCloseSelectableChannel() {
        closedByConnection = true;
    }

    @Override
    protected void implConfigureBlocking(boolean block) {
        // nothing to configure: reads and writes never block
    }

    @Override
    public SocketChannel bind(SocketAddress address) {
        throw new UnsupportedOperationException("bind");
    }

    @Override
    public <T> SocketChannel setOption(SocketOption<T> name, T value) {
        return this;
    }

    @Override
    public <T> T getOption(SocketOption<T> name) {
        throw new UnsupportedOperationException("getOption");
    }

    @Override
    public Set<SocketOption<?>> supportedOptions() {
        return Set.of();
    }

    @Override
    public SocketChannel shutdownInput() {
        return this;
    }

    @Override
    public SocketChannel shutdownOutput() {
        return this;
    }

    @Override
    public Socket socket() {
        throw new UnsupportedOperationException("socket");
    }

    @Override
    public boolean connect(SocketAddress remote) {
        throw new UnsupportedOperationException("connect");
    }

    @Override
    public boolean finishConnect() {
        return true;
    }
}
