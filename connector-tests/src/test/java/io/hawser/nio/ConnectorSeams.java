package io.hawser.nio;

import java.io.UncheckedIOException;
import java.net.StandardSocketOptions;
import java.security.KeyStore;
import javax.net.ssl.SSLContext;

/** The test seams of {@link NioConnector} for the integration tests of another package. */
public final class ConnectorSeams {
    private ConnectorSeams() {
    }

    /**
     * Gives every socket {@code connector} accepts from now on a fixed send buffer of {@code bytes}
     * (no autotuning), so a test can fill it with a few KiB.
     */
    public static void fixSendBuffer(NioConnector connector, int bytes) {
        connector.acceptedSocketSeam = channel -> {
            try {
                channel.setOption(StandardSocketOptions.SO_SNDBUF, bytes);
            } catch (java.io.IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    /**
     * Makes every accept of {@code connector} from now on take {@code millis} longer on its loop
     * (a sleep before the connection is registered), as a loop busy with a burst of accepts would.
     */
    public static void delayAccepts(NioConnector connector, long millis) {
        connector.acceptedSocketSeam = channel -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    /**
     * @param keys the client's key store (password {@link TestCertificates#PASSWORD}), or {@code null}
     *     for a client without a certificate
     * @return a client context presenting those keys that trusts any server (test only)
     */
    public static SSLContext clientContext(KeyStore keys) throws Exception {
        return HandshakePump.clientContext(keys);
    }

    /**
     * @return request body bytes {@code connector}'s exchanges read from the socket straight into
     *     the application's array (blocking, Content-Length, cleartext) so far
     */
    public static long bodyBytesReadDirect(NioConnector connector) {
        return connector.metrics.bodyBytesReadDirect.sum();
    }

    /**
     * @return how many times an exchange of {@code connector} took the socket reads over from its
     *     loop to read a body itself (it keeps them until the body ends or the connection closes)
     */
    public static long bodyReadTakeovers(NioConnector connector) {
        return connector.metrics.bodyReadTakeovers.sum();
    }

    /**
     * @return what {@code connector}'s pools have lent and not yet taken back, as
     *     {@code exchanges=N pages=N responseBuffers=N} (all 0 when nothing holds a pooled object)
     */
    public static String outstanding(NioConnector connector) {
        return MemoryConnection.outstanding(connector); // connector-nio's test-jar
    }
}
