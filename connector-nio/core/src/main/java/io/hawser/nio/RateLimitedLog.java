package io.hawser.nio;

import java.lang.System.Logger.Level;
import java.util.function.LongSupplier;

/**
 * The log of one condition that can repeat at will (a failed accept, a task failing on a loop,
 * anything a client can trigger): the first occurrence is logged with its stack trace; later ones
 * are counted, and at most one summary line per {@link #INTERVAL_NANOS} reports how many were
 * suppressed (written when the condition next occurs after the interval; with none suppressed,
 * that occurrence is logged like a first one). So a condition repeated
 * a thousand times a second costs one line per interval, never one stack trace per event.
 *
 * <p>Logging never throws: it runs out of file descriptors or memory as the rest of the server
 * does, so a failure of the logger is swallowed (after one attempt at a plain line on standard
 * error), and the JDK's log formatter is exercised once when this class loads, so the time-zone
 * data it reads on first use is loaded before descriptors can run out. Thread-safe.
 */
final class RateLimitedLog {
    /** At most one line per condition in this interval (10 s). */
    static final long INTERVAL_NANOS = 10_000_000_000L;

    static {
        preloadFormatter();
    }

    private final System.Logger logger;
    private final Level level;
    private final LongSupplier clock;
    private boolean reported;
    private long reportedAt;
    private long suppressed;

    /**
     * @param logger where the lines go
     * @param level their level
     */
    RateLimitedLog(System.Logger logger, Level level) {
        this(logger, level, System::nanoTime);
    }

    /** With a fake clock (tests). */
    RateLimitedLog(System.Logger logger, Level level, LongSupplier clock) {
        this.logger = logger;
        this.level = level;
        this.clock = clock;
    }

    /**
     * Records one occurrence: logged with {@code thrown} if it is the first, summarised with the
     * count of those suppressed if the interval since the last line has passed, otherwise counted.
     *
     * @param message what happened, without the count
     * @param thrown the cause, or {@code null}
     */
    void log(String message, Throwable thrown) {
        long count;
        boolean first;
        synchronized (this) {
            long now = clock.getAsLong();
            if (reported && now - reportedAt < INTERVAL_NANOS) {
                suppressed++;
                return;
            }
            first = !reported || suppressed == 0;
            count = suppressed;
            reported = true;
            reportedAt = now;
            suppressed = 0;
        }
        try {
            if (first) {
                logger.log(level, message, thrown);
            } else {
                logger.log(level, message + (thrown == null ? "" : ": " + thrown)
                        + " (" + count + " more like this not logged in the last " + INTERVAL_NANOS / 1_000_000_000L + " s)");
            }
        } catch (Throwable failed) {
            try {
                System.err.println("hawser: " + message);
            } catch (Throwable ignored) {
                // nothing left to report with
            }
        }
    }

    /** @return occurrences counted and not yet reported in a line */
    synchronized long suppressed() {
        return suppressed;
    }

    /**
     * Formats one record with a stack trace through {@code java.util.logging}'s default formatter,
     * which loads the time-zone data and formatting classes on first use (a file read that fails
     * with an {@code Error} once descriptors have run out).
     */
    private static void preloadFormatter() {
        try {
            java.util.logging.LogRecord r = new java.util.logging.LogRecord(java.util.logging.Level.INFO, "preload");
            r.setThrown(new Exception("preload"));
            new java.util.logging.SimpleFormatter().format(r);
            java.time.ZoneId.systemDefault().getRules();
        } catch (Throwable ignored) {
            // best effort: logging stays contained anyway
        }
    }
}
