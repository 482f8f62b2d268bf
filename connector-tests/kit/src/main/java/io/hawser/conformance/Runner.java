package io.hawser.conformance;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs cases against one target a few at a time (each on its own connection or client), in a pool of
 * daemon threads. Both front doors submit through this class.
 */
public final class Runner implements AutoCloseable {
    /** Cases run at once unless told otherwise (the corpus's slow cases mostly wait). */
    public static final int DEFAULT_JOBS = 4;

    private final KitConfig config;
    private final ExecutorService pool;

    /**
     * @param config the target
     * @param jobs cases at once, at least 1
     */
    public Runner(KitConfig config, int jobs) {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1: " + jobs);
        }
        this.config = config;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r, "conformance-case-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** @return the case's report, once it has run */
    public Future<CaseReport> submit(KitCase c) {
        return pool.submit(() -> c.run(config));
    }

    /** @return the futures of every case, in the given order (they run a few at a time) */
    public List<Future<CaseReport>> submitAll(List<KitCase> cases) {
        return cases.stream().map(this::submit).toList();
    }

    /** Stops the pool; cases still running are interrupted. */
    @Override
    public void close() {
        pool.shutdownNow();
    }
}
