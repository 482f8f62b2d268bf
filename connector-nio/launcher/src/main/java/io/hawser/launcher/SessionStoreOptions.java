package io.hawser.launcher;

import io.hawser.servlet.SessionDataStore;
import io.hawser.servlet.SessionDataStores;
import io.hawser.servlet.SessionPersistence;
import io.hawser.servlet.SessionWritePolicy;
import io.hawser.servlet.WebApp;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Where the sessions of every deployed web app live ({@code docs/sessions.md}): this process's memory
 * (the default), or a store shared by every instance started with the same {@code --session-store}.
 */
final class SessionStoreOptions {
    @Option(names = "--session-store", paramLabel = "URI",
            description = "keep sessions in a shared store: jdbc:postgresql://HOST/DB?user=U&password=P,"
                    + " jdbc:h2:file:PATH (one node, kept across restarts), redis://[:PASSWORD@]HOST[:PORT][/DB]"
                    + " (default: this process's memory)")
    String uri;

    @Option(names = "--session-write", paramLabel = "on-change|always",
            description = "with --session-store: write the attributes set during a request (on-change, default) or"
                    + " every attribute on every request (always)")
    String write;

    @Option(names = "--session-store-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "with --session-store: the bound on connecting and on every store call (default 2s);"
                    + " past it a request that uses its session gets 503")
    Duration timeout;

    @Option(names = "--session-store-fallback", paramLabel = "503|memory",
            description = "with --session-store: when the store cannot be reached, answer 503 to requests that use"
                    + " their session (503, default) or keep the session in this process's memory with a warning"
                    + " (memory)")
    String fallback;

    /**
     * Checks the options agree, before anything is opened.
     *
     * @throws IllegalArgumentException naming the option at fault
     */
    void check() {
        if (uri == null && (write != null || timeout != null || fallback != null)) {
            throw new IllegalArgumentException((write != null ? "--session-write" : timeout != null
                    ? "--session-store-timeout" : "--session-store-fallback") + " needs --session-store URI");
        }
        if (write != null && !List.of("on-change", "always").contains(write)) {
            throw new IllegalArgumentException("--session-write must be on-change or always: " + write);
        }
        if (fallback != null && !List.of("503", "memory").contains(fallback)) {
            throw new IllegalArgumentException("--session-store-fallback must be 503 or memory: " + fallback);
        }
        if (timeout != null && (timeout.isZero() || timeout.isNegative())) {
            throw new IllegalArgumentException("--session-store-timeout must be positive: " + timeout);
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
        return uri == null ? null : SessionDataStores.open(uri, timeout(), SessionStoreOptions.class.getClassLoader());
    }

    private Duration timeout() {
        return timeout != null ? timeout : SessionPersistence.DEFAULT_CALL_TIMEOUT;
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
                .withWritePolicy("always".equals(write) ? SessionWritePolicy.ALWAYS : SessionWritePolicy.ON_CHANGE)
                .withFallBackToMemory("memory".equals(fallback));
        for (WebApp app : apps) {
            app.setSessionPersistence(p);
        }
    }
}
