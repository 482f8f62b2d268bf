package io.hawser.nio;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.channels.spi.SelectorProvider;
import java.util.Set;

/**
 * What every in-memory {@link SocketChannel} of the tests and benchmarks shares: fixed addresses,
 * always connected, options accepted and ignored, no socket, no scattering read, nothing to do on
 * blocking-mode changes or input shutdown; closing and output shutdown only recorded. Subclasses
 * ({@link MemoryChannel}, connector-tests' {@code BodyChannel}) supply reading and writing.
 */
abstract class InMemorySocketChannel extends SocketChannel {
    private final InetSocketAddress remote;
    private final InetSocketAddress local;
    /** Whether the connection half-closed the output (a lingering close). */
    volatile boolean outputShutdown;
    /** Whether the connection closed the channel (it must not, on a measured path). */
    volatile boolean closedByConnection;

    /**
     * @param remote the client's address
     * @param local the server's address
     */
    InMemorySocketChannel(InetSocketAddress remote, InetSocketAddress local) {
        super(SelectorProvider.provider());
        this.remote = remote;
        this.local = local;
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) {
        throw new UnsupportedOperationException("scattering read");
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
    protected void implCloseSelectableChannel() {
        closedByConnection = true;
    }

    @Override
    public SocketChannel shutdownOutput() {
        outputShutdown = true;
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
