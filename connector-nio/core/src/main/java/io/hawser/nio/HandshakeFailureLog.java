package io.hawser.nio;

import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The log of failed TLS handshakes: one line (the client's address and the reason, no stack
 * trace) at most once per client address per {@link #INTERVAL_NANOS}, so a scanner or a client
 * that distrusts the certificate cannot flood the log. Remembers the {@link #MAX_ADDRESSES} most
 * recent addresses (least recently logged forgotten first). Thread-safe.
 */
final class HandshakeFailureLog {
    /** One line per address per minute. */
    static final long INTERVAL_NANOS = 60_000_000_000L;
    /** Addresses remembered. */
    static final int MAX_ADDRESSES = 4096;
    private static final System.Logger LOG = System.getLogger(HandshakeFailureLog.class.getName());

    private final System.Logger logger;
    private final LongSupplier clock;
    private final Map<InetAddress, Long> lastLogged = new LinkedHashMap<>(64, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<InetAddress, Long> eldest) {
            return size() > MAX_ADDRESSES;
        }
    };

    HandshakeFailureLog() {
        this(LOG, System::nanoTime);
    }

    /** With a logger and a fake clock (tests). */
    HandshakeFailureLog(System.Logger logger, LongSupplier clock) {
        this.logger = logger;
        this.clock = clock;
    }

    /**
     * @param client the client's address ({@code null}: unknown)
     * @param reason what failed (the exception's message)
     * @return whether a line was written
     */
    boolean failed(InetAddress client, String reason) {
        long now = clock.getAsLong();
        synchronized (this) {
            Long last = lastLogged.get(client);
            if (last != null && now - last < INTERVAL_NANOS) {
                return false;
            }
            lastLogged.put(client, now);
        }
        try {
            logger.log(Level.INFO, "TLS handshake with " + (client == null ? "?" : client.getHostAddress())
                    + " failed: " + reason);
        } catch (Throwable ignored) {
            // logging must not end the loop
        }
        return true;
    }
}
