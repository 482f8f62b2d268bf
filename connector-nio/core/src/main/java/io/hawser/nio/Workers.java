package io.hawser.nio;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Where handler code runs: long-lived worker threads that are handed one task at a time and park
 * between tasks. Platform threads, at most {@code poolSize}, take tasks first; when all of them
 * are busy, a task runs on a virtual worker (Java 21+, when the configuration allows: unbounded,
 * so handlers that block never hold back others) or else waits in a queue for a platform worker.
 *
 * <p>Why platform threads first: on the end-to-end benchmark a request handed to a parked platform
 * thread costs less server CPU than one handed to a parked virtual thread (a futex wake against a
 * ForkJoinPool submission, a carrier wake-up, the continuation's mount and unmount, and the
 * carrier's spin before it parks), in every workload; {@code docs/benchmarks.md} ("Dispatch: platform workers first") has
 * the figures. Virtual threads are kept for what they are best at: many handlers blocked at once.
 *
 * <p>The hand-off allocates nothing at steady state and wakes as few threads as it can. Tasks go
 * into one array queue (no node per task); idle workers wait on an intrusive LIFO stack (the most
 * recently idle, cache-warm worker is taken first). {@link #execute} wakes an idle worker only when
 * no worker is already awake and about to look at the queue; a worker that takes a task and sees
 * more queued wakes one more; a worker that finishes a task takes the next queued one without
 * parking. So a selector loop handing over a batch of requests costs one wake-up, and on a busy
 * core one worker runs the batch back to back instead of one context switch per request (measured
 * against waking one worker per task and against a {@code ThreadPoolExecutor}, which wakes the same
 * way but allocates a queue node per task: {@code docs/benchmarks.md}).
 * A virtual thread per request, as {@code Executors.newVirtualThreadPerTaskExecutor()} gives, costs a
 * thread object, its stack chunk and a thread-container entry per request. A worker idle for
 * {@link #KEEP_ALIVE_NANOS} (by default) ends. Compiled for Java 17, so virtual threads are reached
 * reflectively.
 */
final class Workers implements Executor {
    private static final Logger LOG = System.getLogger(Workers.class.getName());
    /** An idle worker ends after this long without a task (nanoseconds; 60 s, as Tomcat's pool). */
    static final long KEEP_ALIVE_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final ThreadFactory factory;
    private final int maxWorkers;
    private final long keepAliveNanos;
    /** Virtual workers for tasks arriving while every platform worker is busy, or {@code null}: they wait. */
    private final Workers overflow;
    /** Top of the idle stack (guarded by this). */
    private Worker idleTop;
    /** Tasks not yet taken by a worker (guarded by this). */
    private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
    /** Workers woken or started for queued tasks that have not looked at the queue yet (guarded by this). */
    private int searching;
    /** Every live worker, for {@link #shutdownNow} and {@link #awaitThreads} (guarded by this). */
    private final List<Worker> live = new ArrayList<>();
    /**
     * Threads live at {@link #shutdownNow}: a worker leaves {@link #live} before its thread has
     * ended, so {@link #awaitThreads} joins these too (guarded by this).
     */
    private final List<Thread> ending = new ArrayList<>();
    private boolean shutdown;

    private Workers(ThreadFactory factory, int maxWorkers, long keepAliveNanos, Workers overflow) {
        this.factory = factory;
        this.maxWorkers = maxWorkers;
        this.keepAliveNanos = keepAliveNanos;
        this.overflow = overflow;
    }

    /**
     * @param virtualThreads whether tasks beyond {@code poolSize} busy platform workers run on
     *     virtual threads when the runtime has them (else they wait for a platform worker)
     * @param poolSize the most platform workers
     * @return the workers
     */
    static Workers create(boolean virtualThreads, int poolSize) {
        return create(virtualThreads, poolSize, KEEP_ALIVE_NANOS);
    }

    /**
     * @param virtualThreads whether tasks beyond {@code poolSize} busy platform workers run on
     *     virtual threads when the runtime has them (else they wait for a platform worker)
     * @param poolSize the most platform workers
     * @param keepAliveNanos how long an idle worker waits for a task before it ends, in nanoseconds
     * @return the workers
     */
    static Workers create(boolean virtualThreads, int poolSize, long keepAliveNanos) {
        Workers overflow = null;
        if (virtualThreads) {
            ThreadFactory virtual = virtualThreadFactory();
            if (virtual != null) {
                overflow = new Workers(virtual, Integer.MAX_VALUE, keepAliveNanos, null);
            }
        }
        AtomicInteger count = new AtomicInteger();
        ThreadFactory platform = r -> {
            Thread t = new OutputThread(r, "hawser-worker-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        return new Workers(platform, poolSize, keepAliveNanos, overflow);
    }

    /** @return whether tasks run on virtual threads when every platform worker is busy */
    boolean overflowsToVirtualThreads() {
        return overflow != null;
    }

    /**
     * Runs {@code task}: queued for a worker that is awake or is woken for it, on a new worker when
     * none is idle, on a virtual worker when every platform worker is busy, or else queued until a
     * worker is free.
     *
     * @throws RejectedExecutionException after {@link #shutdownNow}
     */
    @Override
    public void execute(Runnable task) {
        Worker wake = null;
        Worker fresh = null;
        synchronized (this) {
            if (shutdown) {
                throw new RejectedExecutionException("workers stopped");
            }
            if (idleTop != null || searching > 0) {
                // A worker is awake or can be woken: queue, and wake one only if the queue was
                // empty and nobody is already on the way (whoever takes a task wakes the next).
                boolean wasEmpty = queue.isEmpty();
                queue.add(task);
                if (wasEmpty && searching == 0) {
                    wake = popIdle();
                }
                if (wake == null) {
                    return;
                }
            } else if (live.size() < maxWorkers) {
                fresh = new Worker(task);
                live.add(fresh);
            } else if (overflow == null) {
                queue.add(task); // every worker is busy: the first to finish takes it
                return;
            }
        }
        if (wake != null) {
            wake.signal();
        } else if (fresh != null) {
            start(fresh);
        } else {
            overflow.execute(task); // every platform worker is busy
        }
    }

    /** Pops the top idle worker, if any, and counts it as searching (caller holds the monitor). */
    private Worker popIdle() {
        Worker w = idleTop;
        if (w != null) {
            unlinkIdle(w);
            searching++;
        }
        return w;
    }

    private void start(Worker w) {
        try {
            Thread t = factory.newThread(w);
            w.thread = t;
            t.start();
        } catch (RuntimeException | OutOfMemoryError e) {
            synchronized (this) {
                live.remove(w);
            }
            throw new RejectedExecutionException("cannot start a worker", e);
        }
    }

    /**
     * Called by a worker that is awake and has no task: the next queued task (waking one more
     * worker when more are queued than awake workers will take), or {@code null} after the worker
     * went on the idle stack.
     *
     * @param wasSearching whether the worker was counted as searching (woken for a task)
     */
    private synchronized Runnable next(Worker w, boolean wasSearching) {
        if (wasSearching) {
            searching--;
        }
        Runnable task = queue.poll();
        if (task != null) {
            if (!queue.isEmpty() && searching == 0) {
                // Tasks remain and nobody is on the way: wake an idle worker, else start one, else
                // (every platform worker busy, perhaps blocked) hand them to virtual workers, so a
                // task never waits behind a handler that blocks.
                Worker more = popIdle();
                if (more != null) {
                    more.signal(); // unpark under the monitor: only in a burst, and keeps the order simple
                } else if (live.size() < maxWorkers) {
                    Worker fresh = new Worker(null);
                    live.add(fresh);
                    searching++;
                    w.toStart = fresh;
                } else if (overflow != null) {
                    w.toSpill = new ArrayList<>(queue);
                    queue.clear();
                }
            }
            return task;
        }
        if (shutdown) {
            return null;
        }
        w.nextIdle = idleTop;
        w.prevIdle = null;
        if (idleTop != null) {
            idleTop.prevIdle = w;
        }
        idleTop = w;
        w.idle = true;
        return null;
    }

    /** Takes {@code w} off the idle stack (caller holds the monitor). */
    private void unlinkIdle(Worker w) {
        if (w.prevIdle != null) {
            w.prevIdle.nextIdle = w.nextIdle;
        } else {
            idleTop = w.nextIdle;
        }
        if (w.nextIdle != null) {
            w.nextIdle.prevIdle = w.prevIdle;
        }
        w.nextIdle = null;
        w.prevIdle = null;
        w.idle = false;
    }

    /**
     * A worker that waited {@link #KEEP_ALIVE_NANOS} asks to end.
     *
     * @return {@code true} when it may end (it is off the stack and counted out); {@code false}
     *     when it was woken for a task meanwhile
     */
    private synchronized boolean retire(Worker w) {
        if (!w.idle && !shutdown) {
            return false; // popped for a task: its signal is on the way
        }
        forget(w);
        return true;
    }

    /** Counts {@code w} out: off the idle stack and the live list (caller holds the monitor). */
    private void forget(Worker w) {
        if (w.idle) {
            unlinkIdle(w);
        }
        live.remove(w);
    }

    /** Stops taking tasks and interrupts every worker; running tasks see the interrupt. */
    void shutdownNow() {
        if (overflow != null) {
            overflow.shutdownNow();
        }
        List<Worker> all;
        synchronized (this) {
            shutdown = true;
            queue.clear();
            all = new ArrayList<>(live);
            for (Worker w : all) {
                if (w.thread != null) {
                    ending.add(w.thread);
                }
            }
        }
        for (Worker w : all) {
            Thread t = w.thread;
            if (t != null) {
                t.interrupt();
                LockSupport.unpark(t);
            }
        }
    }

    /**
     * Waits until every worker thread has ended.
     *
     * @param millis the most to wait, in milliseconds
     * @throws InterruptedException when interrupted while waiting
     */
    void awaitThreads(long millis) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        if (overflow != null) {
            overflow.awaitThreads(millis);
        }
        List<Thread> all;
        synchronized (this) {
            all = new ArrayList<>(ending);
            for (Worker w : live) {
                all.add(w.thread);
            }
        }
        for (Thread t : all) {
            long left = TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime());
            if (left <= 0) {
                return;
            }
            if (t != null) {
                t.join(left);
            }
        }
    }

    /** @return live platform workers (running or idle); for tests and statistics */
    synchronized int liveWorkers() {
        return live.size();
    }

    /** @return live virtual workers (running or idle); for tests and statistics */
    int liveVirtualWorkers() {
        return overflow == null ? 0 : overflow.liveWorkers();
    }

    /** @return workers waiting on the idle stack; for tests */
    synchronized int idleWorkers() {
        int n = 0;
        for (Worker w = idleTop; w != null; w = w.nextIdle) {
            n++;
        }
        return n;
    }

    /** A worker: runs its task, takes queued ones while there are any, then waits on the idle stack. */
    private final class Worker implements Runnable {
        private Runnable first;
        volatile Thread thread;
        /** Set by whoever popped this worker off the idle stack; cleared by the worker. */
        private volatile boolean signalled;
        /** Idle-stack links and membership (guarded by the pool's monitor). */
        Worker nextIdle;
        Worker prevIdle;
        boolean idle;

        Worker(Runnable first) {
            this.first = first;
        }

        /** Set by {@link #next}: a worker to start, or queued tasks for the virtual workers (this thread only). */
        Worker toStart;
        List<Runnable> toSpill;

        /** Does, outside the monitor, what {@link #next} decided for the tasks it left in the queue. */
        private void handOn() {
            if (toStart != null) {
                Worker fresh = toStart;
                toStart = null;
                try {
                    start(fresh);
                } catch (RejectedExecutionException e) {
                    synchronized (Workers.this) {
                        searching--;
                    }
                    LOG.log(Level.WARNING, "cannot start a worker", e);
                }
            }
            if (toSpill != null) {
                List<Runnable> spill = toSpill;
                toSpill = null;
                for (Runnable r : spill) {
                    try {
                        overflow.execute(r);
                    } catch (RejectedExecutionException e) {
                        return; // shutting down
                    }
                }
            }
        }

        void signal() {
            signalled = true;
            LockSupport.unpark(thread);
        }

        @Override
        public void run() {
            try {
                Runnable t = first;
                first = null;
                boolean wasSearching = t == null; // started by next() to take queued tasks: counted as searching
                while (true) {
                    if (t != null) {
                        runSafely(t);
                    }
                    t = next(this, wasSearching);
                    wasSearching = false;
                    handOn();
                    if (t == null) {
                        if (!awaitSignal()) {
                            return;
                        }
                        wasSearching = true;
                    }
                }
            } finally {
                synchronized (Workers.this) {
                    forget(this);
                }
            }
        }

        /** @return {@code true} when woken for a task; {@code false} when this worker should end */
        private boolean awaitSignal() {
            long left = keepAliveNanos;
            long deadline = System.nanoTime() + left; // one clock read per wait; the first park needs no second
            while (!signalled) {
                if (isShutdown()) {
                    return false;
                }
                if (left <= 0) {
                    if (retire(this)) {
                        return false;
                    }
                    left = keepAliveNanos;
                    deadline = System.nanoTime() + left;
                    continue;
                }
                LockSupport.parkNanos(Workers.this, left);
                Thread.interrupted(); // a stray interrupt from a previous task must not end the wait early
                if (!signalled) {
                    left = deadline - System.nanoTime();
                }
            }
            signalled = false;
            return true;
        }

        private void runSafely(Runnable t) {
            try {
                t.run();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "task failed on a worker", e);
            }
            Thread.interrupted(); // an interrupt from one task must not leak into the next
        }
    }

    private synchronized boolean isShutdown() {
        return shutdown;
    }

    private static ThreadFactory virtualThreadFactory() {
        try {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
            Object named = ofVirtual.getMethod("name", String.class, long.class).invoke(builder, "hawser-vworker-", 1L);
            return (ThreadFactory) Class.forName("java.lang.Thread$Builder").getMethod("factory").invoke(named);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    /** @return whether {@link #create} can give virtual workers on this runtime (Java 21+) */
    static boolean virtualThreadsAvailable() {
        return virtualThreadFactory() != null;
    }
}
