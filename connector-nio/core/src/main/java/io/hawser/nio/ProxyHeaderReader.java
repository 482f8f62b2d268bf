package io.hawser.nio;

import io.hawser.api.ProxyProtocol;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The PROXY protocol phase of one connection ({@link ProxyHeader}), before its {@link Transport}
 * reads anything: on the loop, it reads the header straight from the socket, never past its end,
 * so a TLS handshake or an HTTP request behind it is the transport's as if nothing came before.
 * Meanwhile the connection is in the {@code proxyHeader} list ({@link ConnectionLists}); a
 * malformed header, the end of input, or that list's timeout close it with nothing written.
 */
final class ProxyHeaderReader {
    private static final System.Logger LOG = System.getLogger(ProxyHeaderReader.class.getName());
    private static final RateLimitedLog MALFORMED = new RateLimitedLog(LOG, System.Logger.Level.INFO);

    /** The header's fixed part and address block; TLV bytes beyond it are read and dropped. */
    private final byte[] head = new byte[ProxyHeader.V2_FIXED + ProxyHeader.V2_LONGEST_ADDRESSES];
    private int kept;
    private int skipped;
    private volatile boolean done;
    /** The header's addresses, or {@code null}: the socket's own (or not read yet). */
    private volatile ProxyHeader.Addresses addresses;

    /**
     * At accept: the phase for a connection, or {@code null} when the connector has no PROXY
     * protocol. A Unix domain socket peer is trusted: whoever may open the socket file may send.
     *
     * @throws IOException the peer is not a trusted source (the caller closes the socket)
     */
    static ProxyHeaderReader forAccepted(ProxyProtocol proxy, SocketChannel channel) throws IOException {
        if (proxy == null) {
            return null;
        }
        InetSocketAddress peer = UnixSockets.inetPeer(channel);
        if (peer != null && !proxy.trusts(peer.getAddress())) { // a Unix domain peer: its file's permissions decide
            throw new IOException("PROXY protocol from an untrusted source refused: " + peer.getAddress());
        }
        return new ProxyHeaderReader();
    }

    /** @return whether the header is still being read */
    boolean pending() {
        return !done;
    }

    /** @return the original client, or {@code null}: the socket's peer */
    InetSocketAddress source() {
        ProxyHeader.Addresses a = addresses;
        return a == null ? null : a.source();
    }

    /** @return the address the client connected to, or {@code null}: the socket's local address */
    InetSocketAddress destination() {
        ProxyHeader.Addresses a = addresses;
        return a == null ? null : a.destination();
    }

    /**
     * On the loop, the socket readable: reads what belongs to the header.
     *
     * @param scratch the loop's read buffer, for TLV bytes to drop
     * @return whether the header is complete (the connection goes on to its transport); when not,
     *     the connection is either waiting for more or has been closed
     */
    boolean onReadable(Http1Connection c, ByteBuffer scratch) {
        try {
            while (true) {
                int missing = ProxyHeader.missing(head, kept);
                int toKeep = Math.min(missing, head.length - kept);
                int toSkip = missing - toKeep - skipped;
                if (toKeep == 0 && toSkip <= 0) {
                    addresses = ProxyHeader.parse(head, kept);
                    done = true;
                    c.loop.lists.proxyHeader.remove(c);
                    c.enterFirstList(c.loop.now());
                    return true;
                }
                int n;
                if (toKeep > 0) {
                    n = c.channel.read(ByteBuffer.wrap(head, kept, toKeep));
                    kept += Math.max(n, 0);
                } else {
                    scratch.clear().limit(Math.min(toSkip, scratch.capacity()));
                    n = c.channel.read(scratch);
                    skipped += Math.max(n, 0);
                }
                if (n == 0) {
                    return false;
                }
                if (n < 0) {
                    c.close();
                    return false;
                }
            }
        } catch (ProxyHeader.Malformed e) {
            MALFORMED.log("closed a connection with a bad PROXY protocol header: " + e.getMessage(), null);
            c.close();
        } catch (IOException e) {
            c.close();
        }
        return false;
    }
}
