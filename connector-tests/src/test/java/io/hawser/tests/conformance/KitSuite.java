package io.hawser.tests.conformance;

import io.hawser.conformance.CaseReport;
import io.hawser.conformance.KitCase;
import io.hawser.conformance.KitConfig;
import io.hawser.conformance.Runner;
import io.hawser.conformance.RunSettings;
import io.hawser.conformance.Suite;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
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

/**
 * The conformance kit ({@code io.hawser.conformance}, the code behind {@code hawser-conformance.jar})
 * as JUnit dynamic tests: one container per group, one test per case, the same {@link Runner} and
 * cases as the command. A FAIL fails the test, a SKIP aborts it. Used by the test classes that pick
 * the server ({@link ConformanceCorpusTest}, {@link EchoWarCorpusTest}).
 *
 * <p>System properties ({@code hawser.conformance.*}): {@code strict=true} uses the cases'
 * {@code prefer-status} / {@code prefer-close}; {@code jobs} (default 4) cases run at once;
 * {@code filter} runs only cases whose id contains one of the comma-separated texts;
 * {@code timeout} / {@code grace} (seconds) as the command's {@code --case-timeout} / {@code --grace}.
 */
final class KitSuite implements AutoCloseable {
    static final String PREFIX = "hawser.conformance.";
    /** Longest a test waits for its case's result (cases queue behind each other in the pool). */
    private static final long RESULT_WAIT_MINUTES = 10;

    private final String name;
    private final Runner runner;
    private final AtomicInteger passed = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();

    /**
     * @param name the server's name, for the summary line
     * @param host a loopback address (the JUnit front door never sends the corpus elsewhere)
     * @param port the server's port
     * @param serverTimeout the server's headers, request and keep-alive timeout, or null when unknown
     *     (the cases that need one are skipped)
     */
    KitSuite(String name, String host, int port, Duration serverTimeout) {
        this(name, host, port, serverTimeout, null);
    }

    /** @param tls the client side of an https server (then the base URL is https), or null for http */
    KitSuite(String name, String host, int port, Duration serverTimeout, io.hawser.conformance.Tls tls) {
        if (!RunSettings.isLoopback(host)) {
            throw new IllegalArgumentException(PREFIX + "host must be a loopback address: " + host);
        }
        this.name = name;
        Map<String, Duration> timeouts = new LinkedHashMap<>();
        if (serverTimeout != null) {
            KitConfig.TIMEOUT_NAMES.forEach(t -> timeouts.put(t, serverTimeout));
        }
        String literal = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        KitConfig config = new KitConfig(URI.create((tls == null ? "http" : "https") + "://" + literal + ":" + port + "/"),
                tls, timeouts,
                Boolean.parseBoolean(property("strict", "false")),
                Double.parseDouble(property("timeout", String.valueOf(RunSettings.DEFAULT_TIMEOUT_SECONDS))),
                Double.parseDouble(property("grace", String.valueOf(RunSettings.DEFAULT_GRACE_SECONDS))));
        this.runner = new Runner(config, Integer.parseInt(property("jobs", String.valueOf(Runner.DEFAULT_JOBS))));
    }

    /** @return one container per group, one test per case, in the kit's order */
    Stream<DynamicNode> tests() throws IOException {
        String filter = property("filter", null);
        Map<String, List<DynamicNode>> groups = new LinkedHashMap<>();
        for (KitCase c : Suite.all()) {
            if (filter != null && Stream.of(filter.split(",")).noneMatch(f -> c.id().contains(f.trim()))) {
                continue;
            }
            Future<CaseReport> result = runner.submit(c);
            URI source = URI.create("classpath:/" + Suite.CORPUS + "/" + c.id() + ".http");
            groups.computeIfAbsent(c.group(), g -> new ArrayList<>())
                    .add(DynamicTest.dynamicTest(c.id(), c.group().equals("client") ? null : source, () -> judge(result)));
        }
        return groups.entrySet().stream()
                .map(g -> DynamicContainer.dynamicContainer(g.getKey(), g.getValue().stream()));
    }

    private void judge(Future<CaseReport> pending) throws InterruptedException, ExecutionException {
        CaseReport r;
        try {
            r = pending.get(RESULT_WAIT_MINUTES, TimeUnit.MINUTES);
        } catch (TimeoutException e) {
            failed.incrementAndGet();
            pending.cancel(true);
            throw new AssertionError("case did not finish within " + RESULT_WAIT_MINUTES + " minutes", e);
        }
        System.out.println(r.line());
        switch (r.verdict()) {
            case SKIP, DEVIATION -> Assumptions.abort(String.join("; ", r.reasons()));
            case FAIL -> {
                failed.incrementAndGet();
                Assertions.fail(r.failureMessage());
            }
            case PASS -> passed.incrementAndGet();
        }
    }

    /** Stops the case pool and prints the summary line. */
    @Override
    public void close() {
        runner.close();
        System.out.println(name + ": " + passed.get() + " passed, " + failed.get() + " failed");
    }

    static String property(String name, String fallback) {
        String v = System.getProperty(PREFIX + name);
        return v == null || v.isBlank() ? fallback : v.trim();
    }
}
