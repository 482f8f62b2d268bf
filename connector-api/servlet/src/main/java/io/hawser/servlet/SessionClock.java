package io.hawser.servlet;

/**
 * Time for sessions: a monotonic clock orders the expiry lists and measures inactivity (immune to
 * wall-clock jumps), the wall clock gives {@code getCreationTime}/{@code getLastAccessedTime}.
 * Tests pass a fake one.
 */
interface SessionClock {
    /** The system clocks. */
    SessionClock SYSTEM = new SessionClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public long currentTimeMillis() {
            return System.currentTimeMillis();
        }
    };

    /** @return monotonic nanoseconds, as {@link System#nanoTime()} */
    long nanoTime();

    /** @return milliseconds since the epoch, as {@link System#currentTimeMillis()} */
    long currentTimeMillis();
}
