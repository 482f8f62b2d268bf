package io.hawser.session.redis;

import io.hawser.servlet.SessionDataStore;
import io.hawser.servlet.SessionDataStoreProvider;
import java.time.Duration;

/** Opens {@code redis://} and {@code rediss://} (TLS) session stores ({@link RedisSessionDataStore}). */
public final class RedisSessionStoreProvider implements SessionDataStoreProvider {
    @Override
    public boolean accepts(String uri) {
        return uri.startsWith("redis://") || uri.startsWith("rediss://");
    }

    @Override
    public SessionDataStore open(String uri, Duration timeout) {
        return RedisSessionDataStore.open(uri, timeout);
    }
}
