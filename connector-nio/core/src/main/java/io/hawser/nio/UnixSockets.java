package io.hawser.nio;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.NetworkChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

/**
 * Unix domain socket listeners ({@code AF_UNIX}, JDK 16+ {@link UnixDomainSocketAddress}) and the
 * addresses of their connections: a Unix peer has no IP address, so the exchange reports
 * {@link #NO_ADDRESS} for both ends (unless a PROXY header names them).
 */
final class UnixSockets {
    /**
     * What {@code HttpExchange.remoteAddress()} and {@code localAddress()} answer on a Unix domain
     * socket: {@code 0.0.0.0:0}, the unspecified address (so the servlet {@code getRemoteAddr} is
     * {@code "0.0.0.0"} and {@code getRemotePort} 0). Not loopback: an address rule written for
     * local TCP clients must not match a peer of the socket file.
     */
    static final InetSocketAddress NO_ADDRESS;

    static {
        try {
            NO_ADDRESS = new InetSocketAddress(InetAddress.getByAddress(new byte[4]), 0);
        } catch (java.net.UnknownHostException impossible) {
            throw new ExceptionInInitializerError(impossible);
        }
    }

    private UnixSockets() {
    }

    /**
     * Binds a Unix domain server socket at {@code path}. An existing file no server answers on (left
     * by a crash) is replaced; one a server answers on is refused, so a second instance cannot take
     * a running one's socket, and so is a file that is not a socket.
     *
     * @throws IOException the message names the path
     */
    static ServerSocketChannel bind(Path path, int backlog) throws IOException {
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(path);
        if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            if (!isSocketFile(path)) {
                throw new IOException("cannot bind unix:" + path + ": the file exists and is not a socket");
            }
            if (answers(address)) {
                throw new IOException("cannot bind unix:" + path + ": a server is listening on it");
            }
            Files.deleteIfExists(path); // stale: left by a process that ended without removing it
        }
        ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.bind(address, backlog);
            return channel;
        } catch (IOException e) {
            NioConnector.closeQuietly(channel);
            throw new IOException("cannot bind unix:" + path + ": " + e.getMessage(), e);
        }
    }

    private static boolean isSocketFile(Path path) {
        try {
            int mode = (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            return (mode & 0170000) == 0140000; // S_IFSOCK
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false; // cannot tell: never remove it
        }
    }

    private static boolean answers(UnixDomainSocketAddress address) {
        try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            probe.connect(address);
            return true;
        } catch (IOException refused) {
            return false;
        }
    }

    /** @return the socket files of the open Unix domain sockets among {@code servers} (nulls skipped) */
    static List<Path> files(ServerSocketChannel[] servers) {
        List<Path> files = new java.util.ArrayList<>();
        for (ServerSocketChannel c : servers) {
            try {
                if (c != null && c.getLocalAddress() instanceof UnixDomainSocketAddress) {
                    files.add(((UnixDomainSocketAddress) c.getLocalAddress()).getPath());
                }
            } catch (IOException closed) {
                // not ours to remove any more
            }
        }
        return files;
    }

    /** At stop: removes the socket files this connector made, while they are still sockets (what cannot be removed stays). */
    static void remove(List<Path> files) {
        for (Path f : files) {
            try {
                if (isSocketFile(f)) {
                    Files.deleteIfExists(f);
                }
            } catch (IOException ignored) {
                // left for the next start to replace
            }
        }
    }

    /** @return whether {@code channel} is bound to a Unix domain socket */
    static boolean isUnix(NetworkChannel channel) {
        try {
            return channel.getLocalAddress() instanceof UnixDomainSocketAddress;
        } catch (IOException closed) {
            return false;
        }
    }

    /** @return the IP peer of {@code channel}, or {@code null} for a Unix domain one (or a closed channel) */
    static InetSocketAddress inetPeer(SocketChannel channel) throws IOException {
        SocketAddress a = channel.getRemoteAddress();
        return a instanceof InetSocketAddress ? (InetSocketAddress) a : null;
    }

    /**
     * @param remote the peer's address, else the local one
     * @return that IP address, or {@link #NO_ADDRESS} for a Unix domain socket; {@code 0.0.0.0:0}
     *     also when the channel is closed
     */
    static InetSocketAddress inet(SocketChannel channel, boolean remote) {
        try {
            SocketAddress a = remote ? channel.getRemoteAddress() : channel.getLocalAddress();
            return a instanceof InetSocketAddress ? (InetSocketAddress) a : NO_ADDRESS;
        } catch (IOException e) {
            return new InetSocketAddress(0);
        }
    }
}
