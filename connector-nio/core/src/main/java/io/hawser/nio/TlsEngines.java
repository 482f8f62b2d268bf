package io.hawser.nio;

import java.net.InetSocketAddress;
import javax.net.ssl.SSLEngine;

/**
 * Makes the {@link SSLEngine} of each connection accepted on a TLS listener (server mode, with
 * the protocols, suites, client authentication, ALPN and SNI selection configured). Called on the
 * accepting connection's loop; must be thread-safe and must not block (no file reads: a reload
 * builds its new context elsewhere and swaps it in).
 */
@FunctionalInterface
interface TlsEngines {
    /**
     * @param peer the client's address (for session caching hints)
     * @return a new server-mode engine whose handshake has not begun
     */
    SSLEngine newEngine(InetSocketAddress peer);
}
