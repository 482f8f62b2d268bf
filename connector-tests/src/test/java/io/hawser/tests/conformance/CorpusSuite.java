package io.hawser.tests.conformance;

import java.io.IOException;
import java.net.URI;
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
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;

/**
 * The corpus ({@code src/test/resources/conformance/public}) against one server, as dynamic tests:
 * one container per group, one test per case, cases run a few at a time. Used by the test classes
 * that pick the server ({@link ConformanceCorpusTest}, {@link EchoWarCorpusTest}).
 *
 * <p>System properties ({@code hawser.conformance.*}): {@code strict=true} uses the cases'
 * {@code prefer-status} / {@code prefer-close}; {@code jobs} (default 4) cases run at once;
 * {@code filter} runs only cases whose id contains one of the comma-separated texts;
 * {@code timeout} / {@code grace} (seconds) as run-corpus's {@code --timeout} / {@code --grace}.
 */
final class CorpusSuite implements AutoCloseable {
    static final String PREFIX = "hawser.conformance.";
    private static final String CORPUS = "conformance/public";
    private static final String IDLE_TIMEOUT = "idle-timeout";
    private static final String IDLE_TIMEOUT_SKIP =
            "requires idle-timeout: run with -Dhawser.conformance.idleTimeout=true when the server closes idle connections within 10 s";
    /** Longest a test waits for its case's result (cases queue behind each other in the pool). */
    private static final long RESULT_WAIT_MINUTES = 10;

    private final String name;
    private final RunSettings settings;
    private final boolean idleTimeout;
    private final ExecutorService pool;
    private final AtomicInteger passed = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();

    /**
     * @param name the server's name, for the summary line
     * @param host a loopback address
     * @param port the server's port
     * @param idleTimeout whether the server closes idle connections within the corpus's 10 s (runs the
     *     {@code requires: idle-timeout} cases)
     */
    CorpusSuite(String name, String host, int port, boolean idleTimeout) {
        if (!RunSettings.isLoopback(host)) {
            throw new IllegalArgumentException(PREFIX + "host must be a loopback address: " + host);
        }
        this.name = name;
        this.idleTimeout = idleTimeout;
        this.settings = new RunSettings(host, port,
                Double.parseDouble(property("timeout", String.valueOf(RunSettings.DEFAULT_TIMEOUT_SECONDS))),
                Double.parseDouble(property("grace", String.valueOf(RunSettings.DEFAULT_GRACE_SECONDS))),
                Boolean.parseBoolean(property("strict", "false")), Set.of());
        int jobs = Integer.parseInt(property("jobs", "4"));
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(Math.max(1, jobs), r -> {
            Thread t = new Thread(r, "conformance-case-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** @return one container per group, one test per case, in id order */
    Stream<DynamicNode> tests() throws IOException {
        String filter = property("filter", null);
        Map<String, List<DynamicNode>> groups = new LinkedHashMap<>();
        for (CaseCatalog.Entry e : CaseCatalog.load(CaseCatalog.resourceRoot(CORPUS))) {
            if (filter != null && Stream.of(filter.split(",")).noneMatch(f -> e.id().contains(f.trim()))) {
                continue;
            }
            Executable body;
            if (e.caseFile() == null) {
                body = () -> {
                    failed.incrementAndGet();
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

    private void judge(Future<CaseResult> pending) throws InterruptedException, ExecutionException {
        CaseResult r;
        try {
            r = pending.get(RESULT_WAIT_MINUTES, TimeUnit.MINUTES);
        } catch (TimeoutException e) {
            failed.incrementAndGet();
            pending.cancel(true);
            throw new AssertionError("case did not finish within " + RESULT_WAIT_MINUTES + " minutes", e);
        }
        System.out.println(r.line());
        if (r.status() == CaseResult.Status.SKIP) {
            Assumptions.abort(String.join("; ", r.reasons()));
        }
        if (r.status() == CaseResult.Status.FAIL) {
            failed.incrementAndGet();
            Assertions.fail(r.failureMessage());
        }
        passed.incrementAndGet();
    }

    /** Stops the case pool and prints run-corpus's summary line. */
    @Override
    public void close() {
        pool.shutdownNow();
        System.out.println(name + ": " + passed.get() + " passed, " + failed.get() + " failed");
    }

    static String property(String name, String fallback) {
        String v = System.getProperty(PREFIX + name);
        return v == null || v.isBlank() ? fallback : v.trim();
    }
}
