package io.hawser.launcher;

import io.hawser.servlet.SessionDataStore;
import io.hawser.servlet.SessionDataStores;
import io.hawser.servlet.SessionPersistence;
import io.hawser.servlet.SessionWritePolicy;
import io.hawser.servlet.WebApp;
import java.time.Duration;
import java.util.List;

/**
 * Where the sessions of every deployed web app live ({@code docs/sessions.md}): this process's memory
 * (the default), or a store shared by every instance started with the same {@code --session-store}.
 */
final class SessionStoreOptions {
    /** The options below, in the order --help lists them. */
    final Options options = new Options();

    final Opt<String> uri = options.add(Opt.of(String.class, "--session-store", "URI",
            "keep sessions in a shared store: jdbc:postgresql://HOST/DB?user=U&password=P,"
                    + " jdbc:h2:file:PATH (one node, kept across restarts), redis://[:PASSWORD@]HOST[:PORT][/DB]"
                    + " (default: this process's memory)"));

    final Opt<String> write = options.add(Opt.of(String.class, "--session-write", "on-change|always",
            "with --session-store: write the attributes set during a request (on-change, default) or"
                    + " every attribute on every request (always)"));

    final Opt<Duration> timeout = options.add(Opt.of(Duration.class, "--session-store-timeout", "DURATION",
            "with --session-store: the bound on connecting and on every store call (default 2s);"
                    + " past it a request that uses its session gets 503").converter(new DurationConverter()));

    final Opt<String> fallback = options.add(Opt.of(String.class, "--session-store-fallback", "503|memory",
            "with --session-store: when the store cannot be reached, answer 503 to requests that use"
                    + " their session (503, default) or keep the session in this process's memory with a warning"
                    + " (memory)"));

    /**
     * Checks the options agree, before anything is opened.
     *
     * @throws IllegalArgumentException naming the option at fault
     */
    void check() {
        if (uri.value() == null && (write.value() != null || timeout.value() != null || fallback.value() != null)) {
            throw new IllegalArgumentException((write.value() != null ? "--session-write" : timeout.value() != null
                    ? "--session-store-timeout" : "--session-store-fallback") + " needs --session-store URI");
        }
        if (write.value() != null && !List.of("on-change", "always").contains(write.value())) {
            throw new IllegalArgumentException("--session-write must be on-change or always: " + write.value());
        }
        if (fallback.value() != null && !List.of("503", "memory").contains(fallback.value())) {
            throw new IllegalArgumentException("--session-store-fallback must be 503 or memory: " + fallback.value());
        }
        if (timeout.value() != null && (timeout.value().isZero() || timeout.value().isNegative())) {
            throw new IllegalArgumentException("--session-store-timeout must be positive: " + timeout.value());
        }
    }

    /**
     * Opens the store, once for every web app.
     *
     * @return the store, or {@code null} for memory
     * @throws IllegalArgumentException for a URI no module takes
     * @throws io.hawser.servlet.SessionStoreUnavailableException when it cannot be reached
     */
    SessionDataStore open() {
        return uri.value() == null ? null
                : SessionDataStores.open(uri.value(), timeout(), SessionStoreOptions.class.getClassLoader());
    }

    private Duration timeout() {
        return timeout.value() != null ? timeout.value() : SessionPersistence.DEFAULT_CALL_TIMEOUT;
    }

    /**
     * @param store what {@link #open()} returned, or {@code null}
     * @param apps the deployed apps, before any request
     */
    void applyTo(SessionDataStore store, List<WebApp> apps) {
        if (store == null) {
            return;
        }
        SessionPersistence p = SessionPersistence.of(store).withCallTimeout(timeout())
                .withWritePolicy("always".equals(write.value()) ? SessionWritePolicy.ALWAYS : SessionWritePolicy.ON_CHANGE)
                .withFallBackToMemory("memory".equals(fallback.value()));
        for (WebApp app : apps) {
            app.setSessionPersistence(p);
        }
    }
}
