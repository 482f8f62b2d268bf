package io.hawser.nio;

import java.io.IOException;
import java.lang.System.Logger.Level;

/**
 * How a selector loop contains what fails on it (docs/architecture.md, "When something fails"):
 * any {@code Throwable} from one task, one hand-back, one readiness event or one timeout — an
 * application bug, a JDK bug, an {@code OutOfMemoryError} — ends that connection or that task, is
 * logged rate-limited ({@link RateLimitedLog}), and the loop goes on. Only a broken selector (closed,
 * or {@code select} failing {@link #SELECT_FAILURES_TO_GIVE_UP} times in a row) ends the loop, and
 * then the whole connector stops and reports the failure ({@link NioConnector#failure()}) rather
 * than serve half-dead. One per loop; loop thread only.
 */
final class LoopFailures {
    /** Consecutive failed {@code select} calls after which the selector counts as broken. */
    static final int SELECT_FAILURES_TO_GIVE_UP = 3;
    private static final System.Logger LOG = System.getLogger(SelectorLoop.class.getName());

    private final RateLimitedLog connections = new RateLimitedLog(LOG, Level.WARNING);
    private final RateLimitedLog tasks = new RateLimitedLog(LOG, Level.WARNING);
    private final RateLimitedLog selects = new RateLimitedLog(LOG, Level.WARNING);
    private int selectFailures;

    /** Work for a connection failed on the loop (the caller closes the connection). */
    void connectionFailed(Throwable t) {
        connections.log("a connection failed on the selector loop and was closed", t);
    }

    /** A task or a loop turn failed (the loop goes on). */
    void taskFailed(Throwable t) {
        tasks.log("a task failed on the selector loop", t);
    }

    /** {@code select} returned normally. */
    void selected() {
        selectFailures = 0;
    }

    /** @return whether the selector counts as broken ({@code select} failed too many times in a row) */
    boolean selectFailed(IOException e) {
        selects.log("select failed", e);
        return ++selectFailures >= SELECT_FAILURES_TO_GIVE_UP;
    }
}
