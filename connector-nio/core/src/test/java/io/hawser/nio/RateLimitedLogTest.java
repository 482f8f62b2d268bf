package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

/** A condition repeated at will is one line with its stack trace, then one summary line per interval. */
class RateLimitedLogTest {
    private static final String NAME = "io.hawser.nio.RateLimitedLogTest";

    @Test
    void firstOccurrenceHasItsStackTraceThenOneSummaryPerIntervalWithTheCount() {
        AtomicLong clock = new AtomicLong(1_000);
        RateLimitedLog log = new RateLimitedLog(System.getLogger(NAME), System.Logger.Level.WARNING, clock::get);
        try (LogCapture capture = new LogCapture(NAME)) {
            IOException emfile = new IOException("Too many open files");
            for (int i = 0; i < 1000; i++) {
                log.log("accept failed", emfile);
                clock.addAndGet(1_000_000); // 1 ms apart: 1 s in all
            }
            assertThat(capture.records).hasSize(1);
            assertThat(capture.records.get(0).getThrown()).isSameAs(emfile);
            assertThat(log.suppressed()).isEqualTo(999);

            clock.addAndGet(RateLimitedLog.INTERVAL_NANOS);
            log.log("accept failed", emfile);
            assertThat(capture.records).hasSize(2);
            assertThat(capture.records.get(1).getThrown()).isNull();
            assertThat(capture.records.get(1).getMessage())
                    .isEqualTo("accept failed: java.io.IOException: Too many open files (999 more like this not logged in the last 10 s)");
            assertThat(capture.records.get(1).getLevel()).isEqualTo(Level.WARNING);
        }
    }

    @Test
    void aLoggerThatThrowsDoesNotReachTheCaller() {
        RateLimitedLog log = new RateLimitedLog(System.getLogger(NAME), System.Logger.Level.WARNING);
        try (LogCapture capture = new LogCapture(NAME) {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                throw new Error("java.io.FileNotFoundException: tzdb.dat (Too many open files)");
            }
        }) {
            log.log("accept failed", new IOException("Too many open files"));
        }
    }
}
