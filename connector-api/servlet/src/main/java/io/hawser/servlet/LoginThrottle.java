package io.hawser.servlet;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Failed logins per client address (as Tomcat's {@code LockOutRealm}, keyed by address rather than
 * user so that a guesser cannot lock a known user out from elsewhere): {@link #MAX_FAILURES}
 * failures within {@link #WINDOW_SECONDS} lock the address out for {@link #LOCKOUT_SECONDS}; a
 * locked-out address is refused without asking the realm. A success clears the address.
 * Failures are logged at WARNING with the user name and address, never the password, at most one
 * line per {@link #LOG_INTERVAL_SECONDS} with the number suppressed. At most
 * {@link #MAX_ADDRESSES} addresses are tracked: beyond that, expired entries are dropped, and if
 * none has expired the new address is not tracked (the log still counts it). Thread-safe; times
 * come from the app's {@link SessionClock}.
 */
final class LoginThrottle {
    static final int MAX_FAILURES = 5;
    static final long WINDOW_SECONDS = 60;
    static final long LOCKOUT_SECONDS = 300;
    static final long LOG_INTERVAL_SECONDS = 10;
    static final int MAX_ADDRESSES = 10_000;

    private static final Logger LOG = System.getLogger(LoginThrottle.class.getName());

    /** Failures of one address: count in the window that began at {@code since}; locked until {@code lockedUntil}. */
    private static final class Failures {
        long since;
        int count;
        long lockedUntil;
    }

    private final SessionClock clock;
    private final String app;
    private final Map<String, Failures> byAddress = new ConcurrentHashMap<>();
    private long lastLog = Long.MIN_VALUE;
    private int suppressed;

    /**
     * @param clock time source
     * @param app the context path, for log lines
     */
    LoginThrottle(SessionClock clock, String app) {
        this.clock = clock;
        this.app = app.isEmpty() ? "/" : app;
    }

    /**
     * @param address the client's address
     * @return seconds until the address may try again, or 0 when it is not locked out
     */
    long lockedFor(String address) {
        Failures f = byAddress.get(address);
        if (f == null) {
            return 0;
        }
        synchronized (f) {
            long left = f.lockedUntil - clock.nanoTime();
            return left > 0 ? Math.max(1, TimeUnit.NANOSECONDS.toSeconds(left + 999_999_999L)) : 0;
        }
    }

    /**
     * Records a failed login and logs it (rate-limited).
     *
     * @param address the client's address
     * @param username the name tried (logged with control characters replaced, cut at 64)
     */
    void failed(String address, String username) {
        long now = clock.nanoTime();
        Failures f = byAddress.get(address);
        if (f == null) {
            if (byAddress.size() >= MAX_ADDRESSES) {
                byAddress.values().removeIf(e -> expired(e, now));
            }
            if (byAddress.size() < MAX_ADDRESSES) {
                f = byAddress.computeIfAbsent(address, k -> new Failures());
            }
        }
        boolean locked = false;
        if (f != null) {
            synchronized (f) {
                if (f.count == 0 || now - f.since > TimeUnit.SECONDS.toNanos(WINDOW_SECONDS)) {
                    f.since = now;
                    f.count = 0;
                }
                if (++f.count >= MAX_FAILURES) {
                    f.lockedUntil = now + TimeUnit.SECONDS.toNanos(LOCKOUT_SECONDS);
                    f.count = 0;
                    locked = true;
                }
            }
        }
        log(now, "failed login to '" + app + "' for user '" + printable(username) + "' from " + address
                + (locked ? "; address locked out for " + LOCKOUT_SECONDS + " s after " + MAX_FAILURES + " failures" : ""),
                locked);
    }

    /** @param address the client's address, whose failures a successful login clears */
    void succeeded(String address) {
        byAddress.remove(address);
    }

    private static boolean expired(Failures f, long now) {
        synchronized (f) {
            return now - f.lockedUntil > 0 && now - f.since > TimeUnit.SECONDS.toNanos(WINDOW_SECONDS);
        }
    }

    /** Logs a failure, at most one line per interval, except a lock-out, which is always logged. */
    private void log(long now, String line, boolean always) {
        String tail;
        synchronized (this) {
            if (!always && lastLog != Long.MIN_VALUE && now - lastLog < TimeUnit.SECONDS.toNanos(LOG_INTERVAL_SECONDS)) {
                suppressed++;
                return;
            }
            tail = suppressed == 0 ? "" : " (" + suppressed + " more failed logins not logged)";
            lastLog = now;
            suppressed = 0;
        }
        try {
            // Outside the monitor: a log handler may block on I/O, which must not pin a virtual thread.
            LOG.log(Level.WARNING, line + tail);
        } catch (RuntimeException ignored) {
            // a failing log handler must not turn a failed login into a 500
        }
    }

    static String printable(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(Math.min(s.length(), 64));
        for (int i = 0; i < s.length() && i < 64; i++) {
            char c = s.charAt(i);
            b.append(c < 0x20 || c == 0x7F ? '?' : c);
        }
        return s.length() > 64 ? b.append("...").toString() : b.toString();
    }
}
