package io.hawser.session.jdbc;

import io.hawser.servlet.SessionDataStore;
import io.hawser.servlet.SessionDataStoreProvider;
import java.time.Duration;

/** Opens {@code jdbc:postgresql:...} and {@code jdbc:h2:...} session stores ({@link JdbcSessionDataStore}). */
public final class JdbcSessionStoreProvider implements SessionDataStoreProvider {
    @Override
    public boolean accepts(String uri) {
        return uri.startsWith("jdbc:");
    }

    @Override
    public SessionDataStore open(String uri, Duration timeout) {
        return JdbcSessionDataStore.open(uri, timeout);
    }
}
