package io.hawser.servlet;

import java.time.Duration;
import java.util.ServiceLoader;

/** Opens a {@link SessionDataStore} by URI through the {@link SessionDataStoreProvider}s on the class path. */
public final class SessionDataStores {
    private SessionDataStores() {
    }

    /**
     * @param uri {@code memory:}, {@code jdbc:...} (hawser-session-jdbc) or {@code redis://...}
     *     (hawser-session-redis)
     * @param timeout the bound on connecting and on every call
     * @param loader where to look for providers
     * @return the open store
     * @throws IllegalArgumentException when no provider takes the URI (naming the module it needs)
     * @throws SessionStoreUnavailableException when the store cannot be reached
     */
    public static SessionDataStore open(String uri, Duration timeout, ClassLoader loader) {
        if (uri.equals("memory:")) {
            return new MemorySessionDataStore();
        }
        for (SessionDataStoreProvider p : ServiceLoader.load(SessionDataStoreProvider.class, loader)) {
            if (p.accepts(uri)) {
                return p.open(uri, timeout);
            }
        }
        String module = uri.startsWith("jdbc:") ? "hawser-session-jdbc" : uri.startsWith("redis") ? "hawser-session-redis"
                : null;
        throw new IllegalArgumentException(module != null ? "no session store for '" + scheme(uri) + "': put " + module
                + " on the class path" : "unknown session store '" + scheme(uri) + "': expected jdbc:..., redis://..."
                + " or memory:");
    }

    private static String scheme(String uri) {
        int colon = uri.indexOf(':');
        return colon < 0 ? uri : uri.substring(0, colon + 1) + "...";
    }
}
