package io.hawser.tests.conformance;

import io.hawser.api.Connector;
import io.hawser.api.ConnectorConfig;
import io.hawser.samples.embedded.EmbeddedServer;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * The HTTP/1.1 conformance corpus ({@code src/test/resources/conformance/public}) as one dynamic test
 * per case, grouped by folder; the Java port of {@code run-corpus}, with the same verdicts.
 *
 * <p>Runs against the embedded sample server started in-process, or against a server of your own on
 * loopback when {@code -Dhawser.conformance.port=N} is given (with {@code -Dhawser.conformance.host},
 * default {@code 127.0.0.1}). The embedded sample runs with 5 s timeouts, so every case runs,
 * the {@code timeouts} group included. Other system properties: {@code hawser.conformance.idleTimeout=true}
 * runs the cases that need an idle timeout against your own server (skipped there otherwise), {@code hawser.conformance.strict=true} uses
 * the cases' {@code prefer-status} / {@code prefer-close}, {@code hawser.conformance.jobs} (default 4)
 * cases run at once, {@code hawser.conformance.filter} runs only cases whose id contains one of the
 * comma-separated texts, {@code hawser.conformance.timeout} / {@code .grace} (seconds) as run-corpus's
 * {@code --timeout} / {@code --grace}.
 */
class ConformanceCorpusTest {

    private static final String PREFIX = "hawser.conformance.";
    private static final String CORPUS = "conformance/public";
    private static final String IDLE_TIMEOUT = "idle-timeout";
    private static final String IDLE_TIMEOUT_SKIP =
            "requires idle-timeout: run with -Dhawser.conformance.idleTimeout=true when the server closes idle connections within 10 s";
    /** Timeouts of the in-process sample: short enough for the corpus's 15 s, longer than slow-but-steady's 3 s. */
    private static final Duration SAMPLE_TIMEOUT = Duration.ofSeconds(5);
    /** Longest a test waits for its case's result (cases queue behind each other in the pool). */
    private static final long RESULT_WAIT_MINUTES = 10;

    private static Connector connector;
    private static boolean idleTimeout;
    private static RunSettings settings;
    private static ExecutorService pool;
    private static final AtomicInteger PASSED = new AtomicInteger();
    private static final AtomicInteger FAILED = new AtomicInteger();

    /** Picks the server under test: the one named by the system properties, or the embedded sample. */
    @BeforeAll
    static void startServer() throws Exception {
        PASSED.set(0);
        FAILED.set(0);
        String host = property("host", null);
        String port = property("port", null);
        String h;
        int p;
        if (port != null) {
            h = host == null ? "127.0.0.1" : host;
            p = Integer.parseInt(port);
            if (!RunSettings.isLoopback(h)) {
                throw new IllegalArgumentException(PREFIX + "host must be a loopback address: " + h);
            }
        } else if (host != null) {
            throw new IllegalArgumentException(PREFIX + "host needs " + PREFIX + "port");
        } else {
            connector = EmbeddedServer.start(ConnectorConfig.builder().host("127.0.0.1").port(0)
                    .headersTimeout(SAMPLE_TIMEOUT).requestTimeout(SAMPLE_TIMEOUT)
                    .keepAliveTimeout(SAMPLE_TIMEOUT).writeTimeout(SAMPLE_TIMEOUT).build());
            h = "127.0.0.1";
            p = connector.port();
        }
        idleTimeout = Boolean.parseBoolean(property("idleTimeout", String.valueOf(connector != null)));
        settings = new RunSettings(h, p,
                Double.parseDouble(property("timeout", String.valueOf(RunSettings.DEFAULT_TIMEOUT_SECONDS))),
                Double.parseDouble(property("grace", String.valueOf(RunSettings.DEFAULT_GRACE_SECONDS))),
                Boolean.parseBoolean(property("strict", "false")), Set.of());
        int jobs = Integer.parseInt(property("jobs", "4"));
        AtomicInteger n = new AtomicInteger();
        pool = Executors.newFixedThreadPool(Math.max(1, jobs), r -> {
            Thread t = new Thread(r, "conformance-case-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Stops the case pool and the embedded server, and prints run-corpus's summary line. */
    @AfterAll
    static void stopServer() {
        if (pool != null) {
            pool.shutdownNow();
            pool = null;
        }
        if (connector != null) {
            connector.close();
            connector = null;
        }
        System.out.println(PASSED.get() + " passed, " + FAILED.get() + " failed");
    }

    /** @return one container per group, one test per case, in id order */
    @TestFactory
    Stream<DynamicNode> corpus() throws IOException {
        String filter = property("filter", null);
        Map<String, List<DynamicNode>> groups = new LinkedHashMap<>();
        for (CaseCatalog.Entry e : CaseCatalog.load(CaseCatalog.resourceRoot(CORPUS))) {
            if (filter != null && Stream.of(filter.split(",")).noneMatch(f -> e.id().contains(f.trim()))) {
                continue;
            }
            Executable body;
            if (e.caseFile() == null) {
                body = () -> {
                    FAILED.incrementAndGet();
                    Assertions.fail("malformed case file " + e.id() + ": " + e.error());
                };
            } else if (!idleTimeout && e.caseFile().requires().contains(IDLE_TIMEOUT)) {
                body = () -> {
                    System.out.println("SKIP " + e.id() + ": " + IDLE_TIMEOUT_SKIP);
                    Assumptions.abort(IDLE_TIMEOUT_SKIP);
                };
            } else {
                CaseFile c = e.caseFile();
                Future<CaseResult> result = pool.submit(() -> CaseRunner.execute(c, settings));
                body = () -> judge(result);
            }
            URI source = URI.create("classpath:/" + CORPUS + "/" + e.id() + ".http");
            groups.computeIfAbsent(e.group(), g -> new ArrayList<>())
                    .add(DynamicTest.dynamicTest(e.id(), source, body));
        }
        return groups.entrySet().stream()
                .map(g -> DynamicContainer.dynamicContainer(g.getKey(), g.getValue().stream()));
    }

    private static void judge(Future<CaseResult> pending) throws InterruptedException, ExecutionException {
        CaseResult r;
        try {
            r = pending.get(RESULT_WAIT_MINUTES, TimeUnit.MINUTES);
        } catch (TimeoutException e) {
            FAILED.incrementAndGet();
            pending.cancel(true);
            throw new AssertionError("case did not finish within " + RESULT_WAIT_MINUTES + " minutes", e);
        }
        System.out.println(r.line());
        if (r.status() == CaseResult.Status.SKIP) {
            Assumptions.abort(String.join("; ", r.reasons()));
        }
        if (r.status() == CaseResult.Status.FAIL) {
            FAILED.incrementAndGet();
            Assertions.fail(r.failureMessage());
        }
        PASSED.incrementAndGet();
    }

    private static String property(String name, String fallback) {
        String v = System.getProperty(PREFIX + name);
        return v == null || v.isBlank() ? fallback : v.trim();
    }
}
