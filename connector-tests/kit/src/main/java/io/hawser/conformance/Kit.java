package io.hawser.conformance;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code hawser-conformance} command ({@code java -jar hawser-conformance.jar --base-url URL}):
 * runs the raw-socket corpus and the jetty-client scenarios against a server that deploys the echo
 * WAR, prints one line per case and a summary, and writes JUnit XML and an HTML report.
 * Exit status: 0 when no case failed (expected deviations and skips do not fail), 1 when one did,
 * 2 for a usage error or a file that cannot be read or written.
 */
@Command(name = "hawser-conformance", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = Kit.Version.class,
        description = {
            "Checks an HTTP/1.1 server that deploys the echo WAR: the raw-socket corpus (exact bytes, malformed "
                    + "and smuggling requests, split and slow delivery, timeouts) and jetty-client scenarios.",
            "WARNING: the corpus sends malformed requests, request-smuggling attempts, 100k-byte fields and "
                    + "slow traffic that holds connections for many seconds; point it only at servers you own. "
                    + "A target that is not loopback needs --allow-remote."},
        footer = {"", "Exit status: 0 no case failed; 1 a case failed; 2 usage error."})
public final class Kit implements Callable<Integer> {
    /** Longest wait for one case's result (cases queue behind each other in the pool). */
    private static final long RESULT_WAIT_MINUTES = 10;

    @Option(names = "--base-url", paramLabel = "URL",
            description = "required: where the echo WAR is deployed, ending in /: http://127.0.0.1:8080/ or https://host:8443/ctx/ "
                    + "(the raw-socket corpus needs the WAR at /; the client scenarios work at any context path)")
    URI baseUrl;

    @Option(names = "--groups", split = ",", paramLabel = "GROUP",
            description = "run only these groups (comma-separated; --list shows them); default: all")
    List<String> groups = new ArrayList<>();

    @Option(names = "--report", paramLabel = "DIR",
            description = "write DIR/" + JunitReport.FILE + " (JUnit XML), DIR/" + HtmlReport.FILE
                    + " (one self-contained page) and DIR/" + VerdictTable.FILE + " (one line per case)")
    Path report;

    @Option(names = "--expect-deviations", paramLabel = "FILE",
            description = "cases this server is known to fail, one 'CASE-ID REASON' per line: they are reported "
                    + "as DEVIATION and do not fail the run")
    Path deviations;

    @Option(names = "--allow-remote",
            description = "allow a target that is not a loopback address (127.0.0.0/8, ::1, localhost)")
    boolean allowRemote;

    @Option(names = "--insecure", description = "https: accept any certificate and host name (test servers only)")
    boolean insecure;

    @Option(names = "--truststore", paramLabel = "FILE",
            description = "https: trust only the certificates in this PKCS12 or JKS file (default: the JDK's CAs)")
    Path truststore;

    @Option(names = "--truststore-password", paramLabel = "PASSWORD", description = "the trust store's password, if any")
    String truststorePassword;

    @Option(names = "--headers-timeout", paramLabel = "DURATION", converter = Durations.class,
            description = "the server's timeout for a request's header section (e.g. 20s): the timeouts group's "
                    + "header cases wait that long plus 5 s")
    Duration headersTimeout;

    @Option(names = "--request-timeout", paramLabel = "DURATION", converter = Durations.class,
            description = "the server's timeout for a request's content (e.g. 20s)")
    Duration requestTimeout;

    @Option(names = "--keep-alive-timeout", paramLabel = "DURATION", converter = Durations.class,
            description = "the server's idle timeout between requests (e.g. 20s). Without any of the three "
                    + "timeouts the cases that need one are skipped")
    Duration keepAliveTimeout;

    @Option(names = "--strict", description = "judge corpus cases by their prefer-status / prefer-close")
    boolean strict;

    @Option(names = "--jobs", paramLabel = "N", description = "cases run at once (default: ${DEFAULT-VALUE})")
    int jobs = Runner.DEFAULT_JOBS;

    @Option(names = "--case-timeout", paramLabel = "SECONDS",
            description = "seconds a corpus case waits for its outcome unless it sets its own (default: ${DEFAULT-VALUE})")
    double caseTimeout = RunSettings.DEFAULT_TIMEOUT_SECONDS;

    @Option(names = "--grace", paramLabel = "SECONDS",
            description = "quiet seconds after the expected responses (default: ${DEFAULT-VALUE})")
    double grace = RunSettings.DEFAULT_GRACE_SECONDS;

    @Option(names = "--list", description = "print the groups and cases, run nothing")
    boolean list;

    private PrintWriter out;

    /** Runs the command and exits with its status. */
    public static void main(String[] args) {
        System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /**
     * Runs the command without exiting (what {@link #main} does, for tests and embedding).
     *
     * @return the exit status: 0 no case failed, 1 a case failed, 2 usage error
     */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        Kit kit = new Kit();
        kit.out = out;
        CommandLine cli = new CommandLine(kit).setOut(out).setErr(err);
        cli.setExecutionExceptionHandler((e, line, parsed) -> {
            if (e instanceof IllegalArgumentException) {
                err.println("hawser-conformance: " + e.getMessage());
                return 2;
            }
            if (e instanceof java.io.IOException || e instanceof java.security.GeneralSecurityException) {
                // a file that cannot be read (deviations, trust store) or written (reports)
                err.println("hawser-conformance: " + e.getClass().getSimpleName() + ": " + e.getMessage());
                return 2;
            }
            throw e;
        });
        return cli.execute(args);
    }

    @Override
    public Integer call() throws Exception {
        List<KitCase> all = Suite.all();
        if (list) {
            for (String g : Suite.groups(all)) {
                out.println(g + ":");
                all.stream().filter(c -> c.group().equals(g)).forEach(c -> out.println("  " + c.id() + "  " + c.rfc()));
            }
            return 0;
        }
        if (baseUrl == null) {
            throw new IllegalArgumentException("--base-url is required (where the echo WAR is deployed)");
        }
        List<KitCase> cases = Suite.select(all, groups);
        KitConfig config = config(cases);
        Deviations expected = deviations == null ? Deviations.none()
                : Deviations.read(deviations, all.stream().map(KitCase::id).toList());
        out.println("hawser-conformance: " + cases.size() + " cases against " + baseUrl
                + (config.serverTimeouts().isEmpty() ? " (no server timeout given: the cases that need one are skipped)" : ""));
        List<CaseReport> reports = new ArrayList<>();
        try (Runner runner = new Runner(config, jobs)) {
            List<Future<CaseReport>> pending = runner.submitAll(cases);
            for (int i = 0; i < cases.size(); i++) {
                CaseReport r = expected.apply(await(cases.get(i), pending.get(i)));
                reports.add(r);
                out.println(r.line());
            }
        }
        printSummary(reports);
        if (report != null) {
            out.println("reports: " + JunitReport.write(report, baseUrl.toString(), reports) + ", "
                    + HtmlReport.write(report, baseUrl.toString(), reports) + ", "
                    + VerdictTable.write(report, reports));
        }
        return reports.stream().anyMatch(r -> r.verdict() == CaseReport.Verdict.FAIL) ? 1 : 0;
    }

    private static CaseReport await(KitCase c, Future<CaseReport> f) throws InterruptedException {
        try {
            return f.get(RESULT_WAIT_MINUTES, TimeUnit.MINUTES);
        } catch (TimeoutException e) {
            f.cancel(true);
            return new CaseReport(c.id(), c.group(), c.rfc(), c.title(), CaseReport.Verdict.FAIL,
                    List.of("did not finish within " + RESULT_WAIT_MINUTES + " minutes"), null, null, 0);
        } catch (java.util.concurrent.ExecutionException e) {
            return new CaseReport(c.id(), c.group(), c.rfc(), c.title(), CaseReport.Verdict.FAIL,
                    List.of("runner error: " + e.getCause()), null, null, 0);
        }
    }

    /** @return the target and options, checked: refuses what this run cannot honour */
    private KitConfig config(List<KitCase> cases) throws Exception {
        String host = baseUrl.getHost();
        if (host != null && !allowRemote && !RunSettings.isLoopback(host.replaceAll("^\\[|\\]$", ""))) {
            throw new IllegalArgumentException(host + " is not a loopback address: add --allow-remote to send it "
                    + "malformed and slow traffic");
        }
        boolean https = "https".equals(baseUrl.getScheme());
        if (!https && (insecure || truststore != null)) {
            throw new IllegalArgumentException("--insecure and --truststore are for https targets; " + baseUrl + " is not");
        }
        if (insecure && truststore != null) {
            throw new IllegalArgumentException("--insecure and --truststore exclude each other");
        }
        if (truststorePassword != null && truststore == null) {
            throw new IllegalArgumentException("--truststore-password needs --truststore");
        }
        Tls tls = !https ? null : insecure ? Tls.insecure()
                : truststore != null ? Tls.trusting(truststore, truststorePassword == null ? null : truststorePassword.toCharArray())
                : Tls.system();
        Map<String, Duration> timeouts = new LinkedHashMap<>();
        put(timeouts, "headers-timeout", headersTimeout);
        put(timeouts, "request-timeout", requestTimeout);
        put(timeouts, "keep-alive-timeout", keepAliveTimeout);
        KitConfig config = new KitConfig(baseUrl, tls, timeouts, strict, caseTimeout, grace);
        if (!config.contextPath().equals("/") && cases.stream().anyMatch(c -> c instanceof CorpusCase)) {
            throw new IllegalArgumentException("the raw-socket corpus needs the echo WAR at / (its request targets are "
                    + "fixed bytes such as /echo): deploy it as the root context, or run --groups " + Scenario.GROUP);
        }
        return config;
    }

    private static void put(Map<String, Duration> m, String name, Duration d) {
        if (d != null) {
            m.put(name, d);
        }
    }

    private void printSummary(List<CaseReport> reports) {
        Map<String, Map<CaseReport.Verdict, Integer>> byGroup = new LinkedHashMap<>();
        Map<CaseReport.Verdict, Integer> total = new EnumMap<>(CaseReport.Verdict.class);
        for (CaseReport r : reports) {
            byGroup.computeIfAbsent(r.group(), g -> new EnumMap<>(CaseReport.Verdict.class)).merge(r.verdict(), 1, Integer::sum);
            total.merge(r.verdict(), 1, Integer::sum);
        }
        out.println("summary:");
        byGroup.forEach((g, c) -> out.println("  " + g + ": " + counts(c)));
        out.println(baseUrl + ": " + counts(total));
    }

    private static String counts(Map<CaseReport.Verdict, Integer> c) {
        return c.getOrDefault(CaseReport.Verdict.PASS, 0) + " passed, " + c.getOrDefault(CaseReport.Verdict.FAIL, 0)
                + " failed, " + c.getOrDefault(CaseReport.Verdict.SKIP, 0) + " skipped, "
                + c.getOrDefault(CaseReport.Verdict.DEVIATION, 0) + " expected deviations";
    }

    /** Durations as {@code 500ms}, {@code 5s}, {@code 2m} or ISO-8601 ({@code PT5S}). */
    static final class Durations implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String v) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)(ms|s|m)").matcher(v.trim());
            if (m.matches()) {
                long n = Long.parseLong(m.group(1));
                return switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    default -> Duration.ofMinutes(n);
                };
            }
            try {
                return Duration.parse(v.trim());
            } catch (java.time.format.DateTimeParseException e) {
                throw new CommandLine.TypeConversionException("not a duration (500ms, 5s, 2m or PT5S): " + v);
            }
        }
    }

    /** The version from the jar's manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Kit.class.getPackage().getImplementationVersion();
            return new String[] {"hawser-conformance " + (v == null ? "(development build)" : v)};
        }
    }
}
