package io.hawser.servlet;

import java.time.Duration;

/**
 * Opens a {@link SessionDataStore} from a URI ({@code jdbc:...}, {@code redis://...}); found with
 * {@link java.util.ServiceLoader} ({@code META-INF/services/io.hawser.servlet.SessionDataStoreProvider})
 * by {@link SessionDataStores#open}. The hawser-session-jdbc and hawser-session-redis modules each ship one.
 */
public interface SessionDataStoreProvider {
    /**
     * @param uri a store URI as given to {@code --session-store}
     * @return whether this provider opens it (by scheme)
     */
    boolean accepts(String uri);

    /**
     * @param uri a URI {@link #accepts} took
     * @param timeout the bound on connecting and on every call (connect, socket and query timeouts)
     * @return the open store (the schema created when missing)
     * @throws SessionStoreUnavailableException when it cannot be reached
     * @throws IllegalArgumentException when the URI is malformed
     */
    SessionDataStore open(String uri, Duration timeout);
}
