package io.hawser.servlet;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** Records what one class logs (through {@code java.util.logging}, where System.Logger goes) until closed. */
final class LogCapture extends Handler implements AutoCloseable {
    /** Each record as {@code LEVEL message}. */
    final List<String> lines = new CopyOnWriteArrayList<>();
    private final Logger logger;

    private LogCapture(Class<?> source) {
        logger = Logger.getLogger(source.getName());
        logger.addHandler(this);
    }

    /** @return a capture of what {@code source} logs from now on */
    static LogCapture of(Class<?> source) {
        return new LogCapture(source);
    }

    @Override
    public void publish(LogRecord r) {
        lines.add(r.getLevel() + " " + r.getMessage());
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
