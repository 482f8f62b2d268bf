package io.hawser.tests.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.api.HttpHandler;
import io.hawser.nio.NioConnector;
import io.hawser.samples.embedded.SampleHandler;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Where handler code runs, and that closing the connector releases every thread and socket. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WorkerThreadsTest {
    private static final Method IS_VIRTUAL = isVirtualMethod();

    private static Method isVirtualMethod() {
        try {
            return Thread.class.getMethod("isVirtual");
        } catch (NoSuchMethodException e) {
            return null; // Java 17–20
        }
    }

    private static boolean isVirtual(Thread t) throws Exception {
        return IS_VIRTUAL != null && (boolean) IS_VIRTUAL.invoke(t);
    }

    /** Starts a connector whose handler records the thread it runs on, serves one GET, returns it. */
    private static Thread threadOfOneRequest(io.hawser.api.ConnectorConfig config, boolean nonBlocking) throws Exception {
        AtomicReference<Thread> seen = new AtomicReference<>();
        HttpHandler recording = exchange -> {
            seen.set(Thread.currentThread());
            exchange.responseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
        };
        NioConnector c = RawHttp.start(config, nonBlocking ? HttpHandler.nonBlocking(recording) : recording);
        try (RawHttp client = RawHttp.connect(c.port())) {
            RawHttp.Response r = client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n").read();
            assertThat(r.status).isEqualTo(200);
            assertThat(r.bodyText()).isEqualTo("ok");
        } finally {
            c.close();
        }
        return seen.get();
    }

    @Test
    void runsHandlersOnPlatformWorkersByDefault() throws Exception {
        Thread t = threadOfOneRequest(RawHttp.local().build(), false);
        assertThat(isVirtual(t)).isFalse();
        assertThat(t.getName()).startsWith("hawser-worker-");
    }

    @Test
    void withZeroWorkerThreadsEveryRequestRunsOnAVirtualThread() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(IS_VIRTUAL != null, "needs Java 21+");
        Thread t = threadOfOneRequest(RawHttp.local().workerThreads(0).build(), false);
        assertThat(isVirtual(t)).isTrue();
        assertThat(t.getName()).startsWith("hawser-vworker-");
    }

    @Test
    void zeroWorkerThreadsWithoutVirtualThreadsIsRefusedAtStart() throws Exception {
        NioConnector c = new NioConnector(RawHttp.local().workerThreads(0).virtualThreads(false).build(),
                new SampleHandler());
        org.assertj.core.api.Assertions.assertThatThrownBy(c::start)
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("workerThreads=0");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> RawHttp.local().workerThreads(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void whenEveryPlatformWorkerIsBusyHandlersRunOnVirtualThreadsOnJava21AndLater() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(IS_VIRTUAL != null, "needs Java 21+");
        int clients = 12;
        CountDownLatch allIn = new CountDownLatch(clients);
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        NioConnector c = RawHttp.start(RawHttp.local().workerThreads(2).build(), exchange -> {
            threads.add(Thread.currentThread());
            allIn.countDown();
            allIn.await(20, TimeUnit.SECONDS); // every handler blocks until all 12 run at once
            exchange.responseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
        });
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                statuses.add(pool.submit(() -> {
                    try (RawHttp client = RawHttp.connect(c.port())) {
                        return client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n").read().status;
                    }
                }));
            }
            for (Future<Integer> s : statuses) {
                assertThat(s.get(30, TimeUnit.SECONDS)).isEqualTo(200);
            }
            assertThat(threads).hasSize(clients);
            long virtual = 0;
            for (Thread t : threads) {
                virtual += isVirtual(t) ? 1 : 0;
            }
            assertThat(virtual).isEqualTo(clients - 2);
        } finally {
            pool.shutdownNow();
            c.close();
        }
    }

    @Test
    void reportsWhetherVirtualThreadsAreUsed() throws IOException {
        NioConnector on = new NioConnector(RawHttp.local().build(), new SampleHandler());
        NioConnector off = new NioConnector(RawHttp.local().virtualThreads(false).build(), new SampleHandler());
        assertThat(on.usesVirtualThreads()).isEqualTo(IS_VIRTUAL != null);
        assertThat(off.usesVirtualThreads()).isFalse();
    }

    @Test
    void runsHandlersOnPlatformWorkersWhenVirtualThreadsAreOff() throws Exception {
        Thread t = threadOfOneRequest(RawHttp.local().virtualThreads(false).build(), false);
        assertThat(isVirtual(t)).isFalse();
        assertThat(t.getName()).startsWith("hawser-worker-");
    }

    @Test
    void runsANonBlockingHandlerOnTheSelectorLoop() throws Exception {
        Thread t = threadOfOneRequest(RawHttp.local().build(), true);
        assertThat(isVirtual(t)).isFalse();
        assertThat(t.getName()).startsWith("hawser-loop-");
    }

    @Test
    void boundsThePlatformWorkerPool() throws Exception {
        Set<String> names = ConcurrentHashMap.newKeySet();
        NioConnector c = RawHttp.start(RawHttp.local().virtualThreads(false).workerThreads(2).build(), exchange -> {
            names.add(Thread.currentThread().getName());
            Thread.sleep(20);
            exchange.responseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
        });
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                statuses.add(clients.submit(() -> {
                    try (RawHttp client = RawHttp.connect(c.port())) {
                        return client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n").read().status;
                    }
                }));
            }
            for (Future<Integer> s : statuses) {
                assertThat(s.get(20, TimeUnit.SECONDS)).isEqualTo(200);
            }
            assertThat(names).hasSizeBetween(1, 2).allMatch(n -> n.startsWith("hawser-worker-"));
        } finally {
            clients.shutdownNow();
            c.close();
        }
    }

    @Test
    void spreadsConnectionsOverEveryLoopRoundRobin() throws Exception {
        Set<String> loops = ConcurrentHashMap.newKeySet();
        NioConnector c = RawHttp.start(RawHttp.local().selectorLoops(3).build(), HttpHandler.nonBlocking(exchange -> {
            loops.add(Thread.currentThread().getName());
            exchange.responseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
        }));
        try {
            for (int i = 0; i < 9; i++) {
                try (RawHttp client = RawHttp.connect(c.port())) {
                    assertThat(client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n").read().status).isEqualTo(200);
                }
            }
            assertThat(loops).containsExactlyInAnyOrder("hawser-loop-0", "hawser-loop-1", "hawser-loop-2");
        } finally {
            c.close();
        }
    }

    @Test
    void thePortIsFreeAsSoonAsStopReturns() throws Exception {
        NioConnector c = RawHttp.start(RawHttp.local().build(),
                exchange -> exchange.responseBody().write("ok".getBytes(StandardCharsets.US_ASCII)));
        int port = c.port();
        try (RawHttp client = RawHttp.connect(port)) {
            assertThat(client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n").read().status).isEqualTo(200);
        }
        c.stop(Duration.ofSeconds(1));
        try (java.nio.channels.ServerSocketChannel again = java.nio.channels.ServerSocketChannel.open()) {
            again.bind(new java.net.InetSocketAddress("127.0.0.1", port));
            assertThat(again.isOpen()).isTrue();
        }
    }

    // ------------------------------------------------------------------ release on close

    private static Set<Thread> hawserThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("hawser-") && t.isAlive())
                .collect(Collectors.toSet());
    }

    @Test
    void leavesNoHawserThreadAliveAfterClose() throws Exception {
        Set<Thread> before = hawserThreads();
        NioConnector c = RawHttp.start(RawHttp.local().virtualThreads(false).build(), new SampleHandler());
        try (RawHttp client = RawHttp.connect(c.port())) {
            for (int i = 0; i < 5; i++) {
                assertThat(client.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n").read().status).isEqualTo(200);
            }
            assertThat(hawserThreads()).hasSizeGreaterThan(before.size());
            c.close();
        }
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            Set<Thread> left = hawserThreads();
            left.removeAll(before);
            assertThat(left).as("hawser threads still alive").isEmpty();
        });
    }

    @Test
    void closeEndsAHandlerBlockedOnItsBodyAndStopsEveryThread() throws Exception {
        Set<Thread> before = hawserThreads();
        CountDownLatch reading = new CountDownLatch(1);
        AtomicReference<Throwable> readFailure = new AtomicReference<>();
        NioConnector c = RawHttp.start(RawHttp.local().virtualThreads(false).build(), exchange -> {
            reading.countDown();
            try {
                exchange.requestBody().readAllBytes();
            } catch (IOException e) {
                readFailure.set(e);
                throw e;
            }
        });
        try (RawHttp client = RawHttp.connect(c.port())) {
            client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\nonly a part");
            assertThat(reading.await(5, TimeUnit.SECONDS)).isTrue();
            long start = System.nanoTime();
            c.close();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(10_000);
            assertThat(client.awaitClosedByPeer(5_000)).isTrue();
        }
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(readFailure.get()).isNotNull());
        assertThat(c.openConnections()).isZero();
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            Set<Thread> left = hawserThreads();
            left.removeAll(before);
            assertThat(left).isEmpty();
        });
    }

    @Test
    void releasesConnectionsWhenClientsDisconnect() throws Exception {
        NioConnector c = RawHttp.start(new SampleHandler());
        List<RawHttp> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 10; i++) {
                RawHttp client = RawHttp.connect(c.port());
                clients.add(client);
                assertThat(client.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n").read().status).isEqualTo(200);
            }
            await().atMost(Duration.ofSeconds(5)).until(() -> c.openConnections() == 10);
            for (RawHttp client : clients) {
                client.close();
            }
            await().atMost(Duration.ofSeconds(5)).until(() -> c.openConnections() == 0);
        } finally {
            for (RawHttp client : clients) {
                client.close();
            }
            c.close();
        }
    }

    @Test
    void closesOpenConnectionsOnClose() throws Exception {
        NioConnector c = RawHttp.start(new SampleHandler());
        List<RawHttp> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 5; i++) {
                RawHttp client = RawHttp.connect(c.port());
                clients.add(client);
                assertThat(client.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n").read().status).isEqualTo(200);
            }
            await().atMost(Duration.ofSeconds(5)).until(() -> c.openConnections() == 5);
            c.close();
            assertThat(c.openConnections()).isZero();
            for (RawHttp client : clients) {
                assertThat(client.awaitClosedByPeer(5_000)).isTrue();
            }
        } finally {
            for (RawHttp client : clients) {
                client.close();
            }
        }
    }

    @Test
    void releasesFileDescriptorsAfterClose() throws Exception {
        File fds = new File("/proc/self/fd");
        org.junit.jupiter.api.Assumptions.assumeTrue(fds.isDirectory(), "needs /proc/self/fd (Linux)");
        // warm up once so class loading and lazily opened JDK files do not count
        NioConnector warm = RawHttp.start(new SampleHandler());
        try (RawHttp client = RawHttp.connect(warm.port())) {
            client.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n").read();
        }
        warm.close();
        int before = fds.list().length;
        for (int round = 0; round < 3; round++) {
            NioConnector c = RawHttp.start(new SampleHandler());
            for (int i = 0; i < 20; i++) {
                try (RawHttp client = RawHttp.connect(c.port())) {
                    assertThat(client.send("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n").read().status).isEqualTo(200);
                }
            }
            c.close();
        }
        await().atMost(Duration.ofSeconds(5)).untilAsserted(
                () -> assertThat(fds.list().length).as("open file descriptors").isLessThanOrEqualTo(before + 2));
    }
}
