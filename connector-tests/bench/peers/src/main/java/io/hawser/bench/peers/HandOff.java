package io.hawser.bench.peers;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;

/**
 * The least a selector loop can pay to run work on another thread: long-lived platform workers
 * that park between tasks, an array queue (no node per task), idle workers on a LIFO stack, and a
 * wake-up only when no worker is already awake and about to look at the queue (a worker that
 * finishes a task takes the next without parking). The same policy as Hawser's own worker pool,
 * reduced to what {@link LimitServer}'s {@code --hand-off} mode needs: no overflow, no idle
 * timeout, no shutdown (the process is killed). Each worker has one 256 KiB direct buffer for its
 * writes ({@link #buffer}).
 */
final class HandOff implements Executor {
    private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
    private final ArrayDeque<Worker> idle = new ArrayDeque<>();
    /** Workers woken for queued tasks that have not looked at the queue yet (guarded by this). */
    private int searching;
    private int started;
    private static final ThreadLocal<ByteBuffer> BUFFERS = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(256 * 1024));

    /** @return the calling worker's write buffer */
    static ByteBuffer buffer() {
        return BUFFERS.get();
    }

    @Override
    public void execute(Runnable task) {
        Worker wake = null;
        synchronized (this) {
            boolean wasEmpty = queue.isEmpty();
            queue.add(task);
            if (!wasEmpty || searching > 0) {
                return; // a worker is on the way, and whoever takes a task wakes the next
            }
            wake = idle.pollFirst();
            searching++;
            if (wake == null) {
                startWorker();
                return;
            }
        }
        wake.signalled = true;
        LockSupport.unpark(wake.thread);
    }

    /** Starts a worker, counted as searching by the caller (caller holds the monitor). */
    private void startWorker() {
        Thread t = new Thread(new Worker(), "limit-worker-" + ++started);
        t.setDaemon(true);
        t.start();
    }

    /** A worker's next task, or {@code null} after it went on the idle stack. */
    private synchronized Runnable next(Worker w, boolean wasSearching) {
        if (wasSearching) {
            searching--;
        }
        Runnable task = queue.poll();
        if (task != null) {
            if (!queue.isEmpty() && searching == 0) {
                Worker more = idle.pollFirst();
                searching++;
                if (more != null) {
                    more.signalled = true;
                    LockSupport.unpark(more.thread);
                } else {
                    startWorker();
                }
            }
            return task;
        }
        idle.addFirst(w);
        return null;
    }

    private final class Worker implements Runnable {
        volatile Thread thread;
        volatile boolean signalled;

        @Override
        public void run() {
            thread = Thread.currentThread();
            boolean searchingNow = true;
            while (true) {
                Runnable t = next(this, searchingNow);
                searchingNow = false;
                if (t != null) {
                    t.run();
                    continue;
                }
                while (!signalled) {
                    LockSupport.park(this);
                }
                signalled = false;
                searchingNow = true;
            }
        }
    }
}
