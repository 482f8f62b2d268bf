package io.hawser.nio;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Accepts connections on a blocking server socket and hands each to a selector loop, round robin.
 * Stops when the server socket is closed.
 */
final class Acceptor implements Runnable {
    private static final Logger LOG = Logger.getLogger(Acceptor.class.getName());

    private final ServerSocketChannel server;
    private final SelectorLoop[] loops;
    private final java.util.concurrent.Semaphore permits;
    private int next;

    /**
     * @param permits one per connection that may be open ({@code maxConnections}): the acceptor
     *     waits for a permit before accepting, so at the limit new connections wait in the listen
     *     backlog instead of being accepted and refused
     */
    Acceptor(ServerSocketChannel server, SelectorLoop[] loops, java.util.concurrent.Semaphore permits) {
        this.server = server;
        this.loops = loops;
        this.permits = permits;
    }

    @Override
    public void run() {
        while (server.isOpen()) {
            SocketChannel channel;
            try {
                permits.acquire();
            } catch (InterruptedException e) {
                return;
            }
            try {
                channel = server.accept();
            } catch (ClosedChannelException e) {
                permits.release();
                return;
            } catch (IOException e) {
                permits.release();
                // e.g. EMFILE: back off a little instead of spinning
                LOG.log(Level.WARNING, "accept failed", e);
                sleepQuietly(50);
                continue;
            }
            try {
                channel.configureBlocking(false);
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            } catch (IOException e) {
                NioConnector.closeQuietly(channel);
                permits.release();
                continue;
            }
            SelectorLoop loop = loops[next];
            next = next + 1 == loops.length ? 0 : next + 1;
            loop.adopt(channel);
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
