package io.hawser.tests.timeouts;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures how late this JVM's threads wake up while a timing test runs: a daemon thread sleeps
 * 5 ms again and again and keeps the worst oversleep. On a busy machine every thread, the server's
 * loops and the test's client alike, can be that late, so upper bounds on when a timeout fires
 * allow it on top of their fixed margin; on a quiet machine it is a millisecond or two.
 */
final class Jitter implements AutoCloseable {
    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final AtomicLong worstNanos = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    private Jitter() {
        thread = new Thread(this::probe, "jitter-probe");
        thread.setDaemon(true);
    }

    static Jitter start() {
        Jitter j = new Jitter();
        j.thread.start();
        return j;
    }

    private void probe() {
        for (int i = 0; i < 200_000 && running; i++) {
            long t0 = System.nanoTime();
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
            long late = System.nanoTime() - t0 - PERIOD_NANOS;
            worstNanos.accumulateAndGet(late, Math::max);
        }
    }

    /** @return the worst wake-up delay seen so far, in milliseconds (rounded up) */
    long worstMillis() {
        return (worstNanos.get() + 999_999) / 1_000_000;
    }

    /** @return {@code marginMillis} plus the worst wake-up delay seen so far */
    long allow(long marginMillis) {
        return marginMillis + worstMillis();
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
