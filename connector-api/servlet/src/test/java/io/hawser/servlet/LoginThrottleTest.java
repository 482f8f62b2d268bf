package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Failed logins: counted per address, locked out, logged rate-limited and without the password. */
class LoginThrottleTest {
    private final FakeClock clock = new FakeClock();
    private final LoginThrottle throttle = new LoginThrottle(clock, "/app");
    private LogCapture log;
    private List<String> lines;

    @BeforeEach
    void listen() {
        log = LogCapture.of(LoginThrottle.class);
        lines = log.lines;
    }

    @AfterEach
    void stopListening() {
        log.close();
    }

    @Test
    void failuresAreLoggedRateLimitedWithTheNameAndAddressOnly() {
        throttle.failed("10.0.0.1", "clerk\r\nforged line");
        throttle.failed("10.0.0.2", "home");
        throttle.failed("10.0.0.2", "home");
        assertThat(lines).containsExactly("WARNING failed login to '/app' for user 'clerk??forged line' from 10.0.0.1");
        clock.advanceSeconds(LoginThrottle.LOG_INTERVAL_SECONDS);
        throttle.failed("10.0.0.3", "x".repeat(100));
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).isEqualTo("WARNING failed login to '/app' for user '" + "x".repeat(64) + "...' from"
                + " 10.0.0.3 (2 more failed logins not logged)");
    }

    @Test
    void theFifthFailureInTheWindowLocksTheAddressOutAndASuccessClearsItsCount() {
        for (int i = 1; i < LoginThrottle.MAX_FAILURES; i++) {
            throttle.failed("10.0.0.1", "u");
        }
        assertThat(throttle.lockedFor("10.0.0.1")).isZero();
        throttle.succeeded("10.0.0.1");
        throttle.failed("10.0.0.1", "u");
        assertThat(throttle.lockedFor("10.0.0.1")).as("counting restarted after the success").isZero();
        for (int i = 1; i < LoginThrottle.MAX_FAILURES; i++) {
            throttle.failed("10.0.0.1", "u");
        }
        assertThat(throttle.lockedFor("10.0.0.1")).isEqualTo(LoginThrottle.LOCKOUT_SECONDS);
        assertThat(throttle.lockedFor("10.0.0.2")).as("other addresses are not locked").isZero();
        clock.advanceSeconds(LoginThrottle.LOCKOUT_SECONDS - 10);
        assertThat(throttle.lockedFor("10.0.0.1")).isEqualTo(10);
        clock.advanceSeconds(10);
        assertThat(throttle.lockedFor("10.0.0.1")).isZero();
    }

    @Test
    void aLockOutIsAlwaysLoggedEvenInsideTheLogInterval() {
        throttle.failed("10.0.0.9", "first"); // logged, starts the interval
        for (int i = 0; i < LoginThrottle.MAX_FAILURES; i++) {
            throttle.failed("10.0.0.1", "u");
        }
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).startsWith("WARNING failed login to '/app' for user 'u' from 10.0.0.1; address locked"
                + " out for " + LoginThrottle.LOCKOUT_SECONDS + " s after " + LoginThrottle.MAX_FAILURES + " failures");
    }
}
