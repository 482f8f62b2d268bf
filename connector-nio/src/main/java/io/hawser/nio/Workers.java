package io.hawser.nio;

import java.lang.reflect.Method;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where handler code runs: a virtual thread per task when the runtime has them (Java 21+) and the
 * configuration allows it, else a bounded pool of platform threads. Compiled for Java 17, so virtual
 * threads are reached reflectively.
 */
final class Workers {
    private Workers() {
    }

    /**
     * @param virtualThreads whether to use virtual threads when available
     * @param poolSize threads of the bounded pool otherwise
     * @return the executor
     */
    static ExecutorService create(boolean virtualThreads, int poolSize) {
        if (virtualThreads) {
            ExecutorService virtual = virtualThreadPerTask();
            if (virtual != null) {
                return virtual;
            }
        }
        ThreadPoolExecutor pool = new ThreadPoolExecutor(poolSize, poolSize, 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), new PoolThreads());
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /**
     * Waits until the executor's threads have ended, not only its tasks: a pool reports itself
     * terminated while its last threads are still exiting.
     *
     * @param executor an executor made by {@link #create}
     * @param millis the most to wait, in milliseconds
     * @throws InterruptedException when interrupted while waiting
     */
    static void awaitThreads(ExecutorService executor, long millis) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        executor.awaitTermination(millis, TimeUnit.MILLISECONDS);
        if (executor instanceof ThreadPoolExecutor
                && ((ThreadPoolExecutor) executor).getThreadFactory() instanceof PoolThreads) {
            PoolThreads threads = (PoolThreads) ((ThreadPoolExecutor) executor).getThreadFactory();
            for (Thread t : threads.snapshot()) {
                long left = TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime());
                if (left <= 0) {
                    return;
                }
                t.join(left);
            }
        }
    }

    /** Names the pool's platform threads and remembers them, so a stop can wait for them to end. */
    private static final class PoolThreads implements ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();
        private final java.util.Set<Thread> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(() -> {
                try {
                    r.run();
                } finally {
                    threads.remove(Thread.currentThread());
                }
            }, "hawser-worker-" + count.incrementAndGet());
            t.setDaemon(true);
            threads.add(t);
            return t;
        }

        java.util.List<Thread> snapshot() {
            return new java.util.ArrayList<>(threads);
        }
    }

    /** @return whether {@link #create} gives virtual threads on this runtime */
    static boolean virtualThreadsAvailable() {
        return virtualFactory() != null;
    }

    private static ExecutorService virtualThreadPerTask() {
        Object builder = virtualFactory();
        if (builder == null) {
            return null;
        }
        try {
            Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
            Object named = ofVirtual.getMethod("name", String.class, long.class).invoke(builder, "hawser-vworker-", 1L);
            ThreadFactory factory = (ThreadFactory) Class.forName("java.lang.Thread$Builder")
                    .getMethod("factory").invoke(named);
            Method perTask = java.util.concurrent.Executors.class.getMethod("newThreadPerTaskExecutor", ThreadFactory.class);
            return (ExecutorService) perTask.invoke(null, factory);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    private static Object virtualFactory() {
        try {
            return Thread.class.getMethod("ofVirtual").invoke(null);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
