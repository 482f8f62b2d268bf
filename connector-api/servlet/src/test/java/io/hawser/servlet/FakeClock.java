package io.hawser.servlet;

import java.util.concurrent.TimeUnit;

/** A {@link SessionClock} that moves only when told. */
final class FakeClock implements SessionClock {
    private long nanos = 1_000_000_000L;
    private long millis = 1_700_000_000_000L;

    void advanceMillis(long ms) {
        nanos += TimeUnit.MILLISECONDS.toNanos(ms);
        millis += ms;
    }

    void advanceSeconds(long seconds) {
        nanos += TimeUnit.SECONDS.toNanos(seconds);
        millis += TimeUnit.SECONDS.toMillis(seconds);
    }

    @Override
    public long nanoTime() {
        return nanos;
    }

    @Override
    public long currentTimeMillis() {
        return millis;
    }
}
