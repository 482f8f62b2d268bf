package io.hawser.nio;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Polls a {@link TlsContext}'s files every {@code TlsConfig.reloadInterval()} on one daemon platform
 * thread named {@code hawser-tls-reload}, calling {@link TlsContext#reloadIfChanged()} (a cheap
 * {@code stat} of each file when nothing changed). An interval of zero polls nothing (reload
 * through {@link TlsContext#reload()} only). Started and closed by the context's owner (the
 * connector); {@link #close()} is idempotent and waits for a poll in progress to end.
 */
final class TlsReloader implements AutoCloseable {
    /** The name of the polling thread. */
    static final String THREAD_NAME = "hawser-tls-reload";

    private static final System.Logger LOG = System.getLogger(TlsContext.class.getName());

    private final TlsContext context;
    private final Duration interval;
    private ScheduledExecutorService executor;

    /** @param context whose files are polled at its configuration's {@code reloadInterval()} */
    TlsReloader(TlsContext context) {
        this.context = context;
        this.interval = context.config().reloadInterval();
    }

    /** Starts polling (the first poll one interval from now); nothing with a zero interval or when started. */
    synchronized void start() {
        if (interval.isZero() || executor != null) {
            return;
        }
        ScheduledThreadPoolExecutor e = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, THREAD_NAME);
            t.setDaemon(true);
            return t;
        });
        e.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        long nanos = interval.toNanos();
        e.scheduleWithFixedDelay(this::poll, nanos, nanos, TimeUnit.NANOSECONDS);
        executor = e;
    }

    /** @return whether the polling thread is scheduled (started, not closed) */
    synchronized boolean running() {
        return executor != null;
    }

    private void poll() {
        try {
            context.reloadIfChanged();
        } catch (Throwable t) {
            // never let a failure cancel the schedule; reloadIfChanged itself does not throw
            LOG.log(Level.WARNING, "TLS reload poll failed: " + t);
        }
    }

    /** Stops polling and waits (at most 5 s) for a poll in progress. */
    @Override
    public void close() {
        ScheduledExecutorService e;
        synchronized (this) {
            e = executor;
            executor = null;
        }
        if (e == null) {
            return;
        }
        e.shutdownNow();
        try {
            e.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
