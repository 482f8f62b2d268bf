package io.hawser.nio;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Where handler code runs: long-lived worker threads that are handed one task at a time and park
 * between tasks. Platform threads, at most {@code poolSize}, take tasks first; when all of them
 * are busy, a task runs on a virtual worker (Java 21+, when the configuration allows: unbounded,
 * so handlers that block never hold back others) or else waits in a queue for a platform worker.
 *
 * <p>Why platform threads first: measured on the end-to-end benchmark (docs/benchmarks.md), a
 * request handed to a parked platform thread costs less server CPU than one handed to a parked
 * virtual thread (a futex wake against a ForkJoinPool submission, a carrier wake-up, the
 * continuation's mount and unmount, and the carrier's spin before it parks): keep-alive 9.3 against
 * 12.5 µs per request, {@code Connection: close} 20 against 43 µs, on one core. Virtual threads
 * are kept for what they are best at: many handlers blocked at once.
 *
 * <p>The hand-off allocates nothing at steady state: idle workers wait on an intrusive LIFO stack
 * (the most recently idle, cache-warm worker is taken first), and {@link #execute} pops one, sets
 * its task and unparks it — no queue node, no future, no new thread (a virtual thread per request,
 * as {@code Executors.newVirtualThreadPerTaskExecutor()} gives, costs a thread object, its stack
 * chunk and a thread-container entry per request). A worker idle for {@link #KEEP_ALIVE_NANOS}
 * (by default) ends. Compiled for Java 17, so virtual threads are reached reflectively.
 */
final class Workers implements Executor {
    private static final Logger LOG = Logger.getLogger(Workers.class.getName());
    /** An idle worker ends after this long without a task (nanoseconds; 60 s, as Tomcat's pool). */
    static final long KEEP_ALIVE_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final ThreadFactory factory;
    private final int maxWorkers;
    private final long keepAliveNanos;
    /** Virtual workers for tasks arriving while every platform worker is busy, or {@code null}: they wait. */
    private final Workers overflow;
    /** Top of the idle stack (guarded by this). */
    private Worker idleTop;
    /** Tasks waiting for a worker when {@link #maxWorkers} are busy (guarded by this). */
    private final ArrayDeque<Runnable> backlog = new ArrayDeque<>();
    /** Every live worker, for {@link #shutdownNow} and {@link #awaitThreads} (guarded by this). */
    private final List<Worker> live = new ArrayList<>();
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
            Thread t = new Thread(r, "hawser-worker-" + count.incrementAndGet());
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
     * Runs {@code task} on an idle worker, a new one, a virtual worker when every platform worker is
     * busy, or else the first worker to become free.
     *
     * @throws RejectedExecutionException after {@link #shutdownNow}
     */
    @Override
    public void execute(Runnable task) {
        Worker w;
        synchronized (this) {
            if (shutdown) {
                throw new RejectedExecutionException("workers stopped");
            }
            w = idleTop;
            if (w != null) {
                unlinkIdle(w);
            } else if (live.size() < maxWorkers) {
                w = new Worker(task);
                live.add(w);
            } else if (overflow == null) {
                backlog.add(task);
                return;
            }
        }
        if (w == null) {
            overflow.execute(task);
            return;
        }
        if (w.thread == null) {
            start(w);
        } else {
            w.task = task;
            LockSupport.unpark(w.thread);
        }
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
     * Called by a worker whose task ended: the next backlog task, or {@code null} after the worker
     * went on the idle stack.
     */
    private synchronized Runnable idle(Worker w) {
        Runnable next = backlog.poll();
        if (next != null || shutdown) {
            return next;
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
     *     when a task was handed to it meanwhile
     */
    private synchronized boolean retire(Worker w) {
        if (!w.idle && !shutdown) {
            return false; // execute() took it and is about to set its task
        }
        if (w.idle) {
            unlinkIdle(w);
        }
        if (w.task != null && !shutdown) {
            return false;
        }
        live.remove(w);
        return true;
    }

    /** Stops taking tasks and interrupts every worker; running tasks see the interrupt. */
    void shutdownNow() {
        if (overflow != null) {
            overflow.shutdownNow();
        }
        List<Worker> all;
        synchronized (this) {
            shutdown = true;
            backlog.clear();
            all = new ArrayList<>(live);
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
        List<Worker> all;
        synchronized (this) {
            all = new ArrayList<>(live);
        }
        for (Worker w : all) {
            long left = TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime());
            Thread t = w.thread;
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

    /** A worker: runs its task, then waits on the idle stack for the next. */
    private final class Worker implements Runnable {
        volatile Runnable task;
        volatile Thread thread;
        /** Idle-stack links and membership (guarded by the pool's monitor). */
        Worker nextIdle;
        Worker prevIdle;
        boolean idle;

        Worker(Runnable first) {
            this.task = first;
        }

        @Override
        public void run() {
            try {
                while (true) {
                    Runnable t = task;
                    task = null;
                    runSafely(t);
                    Runnable next = idle(this);
                    if (next != null) {
                        task = next;
                        continue;
                    }
                    if (!awaitTask()) {
                        return;
                    }
                }
            } finally {
                synchronized (Workers.this) {
                    live.remove(this);
                    if (idle) {
                        unlinkIdle(this);
                    }
                }
            }
        }

        /** @return {@code true} when a task arrived; {@code false} when this worker should end */
        private boolean awaitTask() {
            long deadline = System.nanoTime() + keepAliveNanos;
            while (task == null) {
                if (isShutdown()) {
                    return false;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    if (retire(this)) {
                        return false;
                    }
                    deadline = System.nanoTime() + keepAliveNanos;
                    continue;
                }
                LockSupport.parkNanos(Workers.this, left);
                Thread.interrupted(); // a stray interrupt from a previous task must not end the wait early
            }
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
