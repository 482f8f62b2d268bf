package io.hawser.servlet;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads the servlet layer itself starts, shared by every web app in the JVM: one timer
 * (session sweeps, async timeouts; its tasks only hand work over, never run application code) and
 * the container threads that run async dispatches, {@code AsyncContext.start} tasks and listener
 * callbacks (a virtual thread per task on Java 21+, else a cached pool of daemon threads).
 * Both are created on first use.
 */
final class ContainerThreads {
    private ContainerThreads() {
    }

    private static final class Timer {
        static final ScheduledThreadPoolExecutor INSTANCE = timer();

        private static ScheduledThreadPoolExecutor timer() {
            ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, daemon("hawser-servlet-timer"));
            t.setRemoveOnCancelPolicy(true);
            return t;
        }
    }

    private static final class Workers {
        static final ExecutorService INSTANCE = workers();

        private static ExecutorService workers() {
            try {
                Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
                Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
                Object named = ofVirtual.getMethod("name", String.class, long.class)
                        .invoke(builder, "hawser-async-", 1L);
                ThreadFactory factory = (ThreadFactory) Class.forName("java.lang.Thread$Builder")
                        .getMethod("factory").invoke(named);
                return (ExecutorService) Executors.class.getMethod("newThreadPerTaskExecutor", ThreadFactory.class)
                        .invoke(null, factory);
            } catch (ReflectiveOperationException e) {
                return Executors.newCachedThreadPool(daemon("hawser-async"));
            }
        }
    }

    private static ThreadFactory daemon(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + count.incrementAndGet());
            t.setDaemon(true);
            // Shared by every web app: never keep the loader of whichever app started the thread.
            t.setContextClassLoader(ContainerThreads.class.getClassLoader());
            return t;
        };
    }

    /** @return the shared timer (one daemon thread) */
    static ScheduledThreadPoolExecutor timer() {
        return Timer.INSTANCE;
    }

    /** @return the executor for container work that may run application code */
    static Executor workers() {
        return Workers.INSTANCE;
    }
}
