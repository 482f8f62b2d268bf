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
        AtomicInteger count = new AtomicInteger();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, "hawser-worker-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        ThreadPoolExecutor pool = new ThreadPoolExecutor(poolSize, poolSize, 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), factory);
        pool.allowCoreThreadTimeOut(true);
        return pool;
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
