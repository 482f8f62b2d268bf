package io.hawser.servlet;

import java.time.Duration;
import java.util.Objects;

/**
 * A web app's sessions kept in a {@link SessionDataStore} ({@link WebApp#setSessionPersistence}).
 *
 * @param store where the sessions live
 * @param writePolicy which attributes each request writes (default {@link SessionWritePolicy#ON_CHANGE})
 * @param callTimeout the bound on every store call (default 2 s); past it the request gets 503
 * @param fallBackToMemory when the store cannot be reached: {@code false} (default) answers 503 to
 *     requests that touch a session; {@code true} keeps the session in this instance's memory instead
 *     and logs a warning (other instances will not see it)
 */
public record SessionPersistence(SessionDataStore store, SessionWritePolicy writePolicy, Duration callTimeout,
                                 boolean fallBackToMemory) {
    /** The default bound on one store call. */
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(2);

    /**
     * @throws NullPointerException for a {@code null} store, policy or timeout
     * @throws IllegalArgumentException for a timeout that is not positive
     */
    public SessionPersistence {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(writePolicy, "writePolicy");
        Objects.requireNonNull(callTimeout, "callTimeout");
        if (callTimeout.isZero() || callTimeout.isNegative()) {
            throw new IllegalArgumentException("callTimeout must be positive: " + callTimeout);
        }
    }

    /**
     * @param store where the sessions live
     * @return the store with the defaults: {@code ON_CHANGE}, 2 s, no fallback
     */
    public static SessionPersistence of(SessionDataStore store) {
        return new SessionPersistence(store, SessionWritePolicy.ON_CHANGE, DEFAULT_CALL_TIMEOUT, false);
    }

    /** @param policy the write policy @return a copy with it */
    public SessionPersistence withWritePolicy(SessionWritePolicy policy) {
        return new SessionPersistence(store, policy, callTimeout, fallBackToMemory);
    }

    /** @param timeout the bound on every store call @return a copy with it */
    public SessionPersistence withCallTimeout(Duration timeout) {
        return new SessionPersistence(store, writePolicy, timeout, fallBackToMemory);
    }

    /** @param fallBack whether to keep sessions in memory when the store is unreachable @return a copy with it */
    public SessionPersistence withFallBackToMemory(boolean fallBack) {
        return new SessionPersistence(store, writePolicy, callTimeout, fallBack);
    }
}
