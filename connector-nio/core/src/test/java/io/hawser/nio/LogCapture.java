package io.hawser.nio;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** Collects what a {@code java.util.logging} logger (the System.Logger backend) publishes, while open. */
class LogCapture extends Handler implements AutoCloseable {
    final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Logger logger;
    private final Level previous;

    LogCapture(String loggerName) {
        logger = Logger.getLogger(loggerName);
        previous = logger.getLevel();
        logger.setLevel(Level.ALL);
        setLevel(Level.ALL);
        logger.addHandler(this);
    }

    /** @return records at {@code level} or above */
    List<LogRecord> atLeast(Level level) {
        return records.stream().filter(r -> r.getLevel().intValue() >= level.intValue()).toList();
    }

    @Override
    public void publish(LogRecord record) {
        records.add(record);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
        logger.setLevel(previous);
    }
}
