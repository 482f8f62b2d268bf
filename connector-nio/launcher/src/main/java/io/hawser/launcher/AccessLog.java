package io.hawser.launcher;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An access log written off the request path: the request's thread formats its line
 * ({@link AccessLogFormat}, CPU only) and offers it to a bounded queue; one daemon writer thread
 * ({@code hawser-access-log}) takes what is queued, writes it and flushes once per batch. No loop
 * or worker ever waits for the disk. When the queue is full the line is dropped and counted, and
 * the writer then writes {@code hawser: access log queue full: N lines dropped} into the log
 * before the next line it writes (and at {@link #close()}).
 *
 * <p>A file is opened for appending ({@code O_APPEND}), so {@code logrotate}'s
 * {@code copytruncate} works: after the truncation the next write lands at the new end.
 */
final class AccessLog implements Closeable {
    /** Lines the queue holds by default before it drops. */
    static final int DEFAULT_QUEUE = 8192;
    private static final String STOP = new String("stop");

    private final Writer out;
    private final boolean ownsOut;
    private final AccessLogFormat format;
    private final BlockingQueue<String> queue;
    private final AtomicLong dropped = new AtomicLong();
    private final Thread writer;

    AccessLog(Writer out, boolean ownsOut, AccessLogFormat format, int capacity) {
        this.out = out;
        this.ownsOut = ownsOut;
        this.format = format;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.writer = new Thread(this::drain, "hawser-access-log");
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * @param target a file to append to, or {@code -} for standard output
     * @param format the line format
     * @return the open log, its writer thread started
     * @throws IOException when the file cannot be opened for appending
     */
    static AccessLog open(String target, AccessLogFormat format) throws IOException {
        if (target.equals("-")) {
            return new AccessLog(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8)),
                    false, format, DEFAULT_QUEUE);
        }
        return new AccessLog(new BufferedWriter(new OutputStreamWriter(new FileOutputStream(target, true),
                StandardCharsets.UTF_8)), true, format, DEFAULT_QUEUE);
    }

    /**
     * Formats the record and queues its line; never blocks.
     *
     * @param record the finished exchange
     */
    void log(AccessRecord record) {
        StringBuilder s = new StringBuilder(160);
        format.format(record, s);
        if (!queue.offer(s.append('\n').toString())) {
            dropped.incrementAndGet();
        }
    }

    /** @return lines dropped so far because the queue was full */
    long dropped() {
        return dropped.get();
    }

    private void drain() {
        List<String> batch = new ArrayList<>(256);
        boolean stop = false;
        while (!stop) {
            try {
                batch.add(queue.take());
            } catch (InterruptedException e) {
                stop = true;
            }
            queue.drainTo(batch);
            stop |= batch.remove(STOP);
            write(batch);
            batch.clear();
        }
    }

    private void write(List<String> lines) {
        try {
            long lost = dropped.getAndSet(0);
            if (lost > 0) {
                out.write("hawser: access log queue full: " + lost + (lost == 1 ? " line" : " lines") + " dropped\n");
            }
            for (String line : lines) {
                out.write(line);
            }
            out.flush();
        } catch (IOException e) {
            // an access log that cannot be written must not break requests
        }
    }

    /** Writes what is queued (waiting at most 5 s), stops the writer, then closes a file. */
    @Override
    public void close() throws IOException {
        try {
            queue.put(STOP);
            writer.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        write(List.of());
        if (ownsOut) {
            out.close();
        }
    }
}
