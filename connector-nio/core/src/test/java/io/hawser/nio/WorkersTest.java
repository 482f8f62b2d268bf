package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The worker hand-off: reuse, bounds, retirement, shutdown, and no lost or doubled task under races. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WorkersTest {
    private Workers workers;

    @AfterEach
    void stop() throws InterruptedException {
        if (workers != null) {
            workers.shutdownNow();
            workers.awaitThreads(5000);
        }
    }

    private static Thread runAndGetThread(Workers w) throws InterruptedException {
        AtomicReference<Thread> seen = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        w.execute(() -> {
            seen.set(Thread.currentThread());
            done.countDown();
        });
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        return seen.get();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void anIdleWorkerIsReusedForTheNextTask(boolean virtual) throws Exception {
        workers = Workers.create(virtual, 8);
        Thread first = runAndGetThread(workers);
        for (int i = 0; i < 20; i++) {
            // the worker goes idle right after counting down; wait until it is back on the stack
            await().until(() -> workers.idleWorkers() == 1);
            Thread t = runAndGetThread(workers);
            assertThat(t).isSameAs(first);
        }
        assertThat(workers.liveWorkers()).isEqualTo(1);
    }

    @Test
    void platformWorkersAreBoundedAndTheBacklogRunsWhenOneFrees() throws Exception {
        workers = Workers.create(false, 2);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(2);
        for (int i = 0; i < 2; i++) {
            workers.execute(() -> {
                started.countDown();
                awaitQuietly(release);
            });
        }
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        CountDownLatch third = new CountDownLatch(1);
        workers.execute(third::countDown);
        assertThat(third.await(200, TimeUnit.MILLISECONDS)).as("waits for a free worker").isFalse();
        assertThat(workers.liveWorkers()).isEqualTo(2);
        release.countDown();
        assertThat(third.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(workers.liveWorkers()).isEqualTo(2);
    }

    @Test
    void beyondThePlatformWorkersTasksRunOnVirtualThreadsSoBlockedTasksNeverHoldBackOthers() throws Exception {
        workers = Workers.create(true, 2);
        org.junit.jupiter.api.Assumptions.assumeTrue(workers.overflowsToVirtualThreads(), "needs Java 21+");
        int n = 500;
        CountDownLatch allRunning = new CountDownLatch(n);
        CountDownLatch release = new CountDownLatch(1);
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < n; i++) {
            workers.execute(() -> {
                threads.add(Thread.currentThread());
                allRunning.countDown();
                awaitQuietly(release);
            });
        }
        assertThat(allRunning.await(20, TimeUnit.SECONDS)).isTrue();
        assertThat(workers.liveWorkers()).isEqualTo(2);
        assertThat(workers.liveVirtualWorkers()).isEqualTo(n - 2);
        assertThat(threads).hasSize(n);
        assertThat(threads.stream().filter(t -> t.getName().startsWith("hawser-worker-"))).hasSize(2);
        assertThat(threads.stream().filter(t -> t.getName().startsWith("hawser-vworker-"))).hasSize(n - 2);
        release.countDown();
    }

    /**
     * A task queued behind one that blocks, with no platform worker left to take it, goes to a
     * virtual worker instead of waiting for the blocked one (repeated: the interleaving varies).
     */
    @Test
    void aTaskQueuedBehindABlockedOneDoesNotWaitForIt() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Workers.virtualThreadsAvailable(), "needs Java 21+");
        workers = Workers.create(true, 2);
        CountDownLatch release = new CountDownLatch(1);
        try {
            workers.execute(() -> awaitQuietly(release)); // platform worker 1: blocked throughout
            for (int i = 0; i < 50; i++) {
                await().until(() -> workers.liveWorkers() < 2 || workers.idleWorkers() == 1);
                CountDownLatch secondRan = new CountDownLatch(1);
                CountDownLatch firstRelease = new CountDownLatch(1);
                workers.execute(() -> awaitQuietly(firstRelease)); // takes the idle (or a new) platform worker
                workers.execute(secondRan::countDown);
                assertThat(secondRan.await(5, TimeUnit.SECONDS)).as("round %d", i).isTrue();
                firstRelease.countDown();
            }
        } finally {
            release.countDown();
        }
    }

    @Test
    void withoutVirtualThreadsTheSameLoadWaitsForPlatformWorkers() throws Exception {
        workers = Workers.create(false, 2);
        assertThat(workers.overflowsToVirtualThreads()).isFalse();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch ran = new CountDownLatch(5);
        for (int i = 0; i < 5; i++) {
            workers.execute(() -> {
                ran.countDown();
                awaitQuietly(release);
            });
        }
        assertThat(ran.await(200, TimeUnit.MILLISECONDS)).isFalse();
        assertThat(ran.getCount()).isEqualTo(3);
        assertThat(workers.liveVirtualWorkers()).isZero();
        release.countDown();
        assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void anIdleWorkerEndsAfterItsKeepAlive() throws Exception {
        workers = Workers.create(false, 4, TimeUnit.MILLISECONDS.toNanos(50));
        Thread t = runAndGetThread(workers);
        await().atMost(Duration.ofSeconds(10)).until(() -> workers.liveWorkers() == 0 && !t.isAlive());
        Thread next = runAndGetThread(workers);
        assertThat(next).isNotSameAs(t);
    }

    @Test
    void aFailingTaskDoesNotEndItsWorkerNorLeakAnInterrupt() throws Exception {
        workers = Workers.create(false, 1);
        Thread first = runAndGetThread(workers);
        await().until(() -> workers.idleWorkers() == 1);
        workers.execute(() -> {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("expected by the test");
        });
        AtomicReference<Boolean> interrupted = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        workers.execute(() -> {
            interrupted.set(Thread.currentThread().isInterrupted());
            done.countDown();
        });
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(interrupted.get()).isFalse();
        await().until(() -> workers.idleWorkers() == 1);
        assertThat(runAndGetThread(workers)).isSameAs(first);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void shutdownInterruptsRunningTasksRefusesNewOnesAndEndsEveryThread(boolean virtual) throws Exception {
        // with virtual threads: two platform workers, the third task on a virtual one
        workers = Workers.create(virtual, virtual && Workers.virtualThreadsAvailable() ? 2 : 4);
        CountDownLatch started = new CountDownLatch(3);
        AtomicInteger interrupted = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            workers.execute(() -> {
                synchronized (threads) {
                    threads.add(Thread.currentThread());
                }
                started.countDown();
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    interrupted.incrementAndGet();
                }
            });
        }
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        runAndGetThread(workers); // a fourth worker, idle afterwards
        workers.shutdownNow();
        workers.awaitThreads(10_000);
        assertThat(interrupted.get()).isEqualTo(3);
        synchronized (threads) {
            assertThat(threads).noneMatch(Thread::isAlive);
        }
        assertThat(workers.liveWorkers()).isZero();
        assertThat(workers.liveVirtualWorkers()).isZero();
        assertThatThrownBy(() -> workers.execute(() -> { })).isInstanceOf(RejectedExecutionException.class);
    }

    /**
     * Many submitters against workers that retire almost at once: every task runs exactly once, so
     * no race between a retiring worker and a hand-off loses or repeats a task.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void racingSubmittersAndRetiringWorkersLoseNoTask(boolean virtual) throws Exception {
        workers = Workers.create(virtual, 3, 1_000);
        int submitters = 4;
        int perSubmitter = 5_000;
        AtomicReferenceArray<Integer> runs = new AtomicReferenceArray<>(submitters * perSubmitter);
        Set<String> errors = ConcurrentHashMap.newKeySet();
        CountDownLatch all = new CountDownLatch(submitters * perSubmitter);
        List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < submitters; s++) {
            int base = s * perSubmitter;
            Thread t = new Thread(() -> {
                for (int i = 0; i < perSubmitter; i++) {
                    int id = base + i;
                    workers.execute(() -> {
                        if (!runs.compareAndSet(id, null, 1)) {
                            errors.add("task " + id + " ran twice");
                        }
                        all.countDown();
                    });
                    if (i % 64 == 0) {
                        Thread.yield(); // let workers go idle and retire between bursts
                    }
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(all.await(30, TimeUnit.SECONDS)).as("every task ran").isTrue();
        assertThat(errors).isEmpty();
        assertThat(workers.liveWorkers()).isLessThanOrEqualTo(3);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
