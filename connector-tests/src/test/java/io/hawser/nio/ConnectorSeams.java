package io.hawser.nio;

import java.io.UncheckedIOException;
import java.net.StandardSocketOptions;

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
     * @return what {@code connector}'s pools have lent and not yet taken back, as
     *     {@code exchanges=N pages=N responseBuffers=N} (all 0 when nothing holds a pooled object)
     */
    public static String outstanding(NioConnector connector) {
        return MemoryConnection.outstanding(connector); // connector-nio's test-jar
    }
}
