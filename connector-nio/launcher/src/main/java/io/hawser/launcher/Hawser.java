package io.hawser.launcher;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.DurationText;
import io.hawser.api.HttpHandler;
import io.hawser.deploy.DeployedApp;
import io.hawser.deploy.Deployer;
import io.hawser.deploy.DeploymentException;
import io.hawser.deploy.Unenforced;
import io.hawser.nio.NioConnector;
import io.hawser.security.Realm;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The {@code hawser} command: deploys WAR files, exploded WARs and directories of them, and serves
 * them with the NIO connector until Ctrl-C or SIGTERM, which drain gracefully. The first line on
 * standard output is {@code listening on http://HOST:PORT/}, then one line per web app with its URL.
 * See {@code docs/deployment.md} for the options and exit codes.
 *
 * <pre>
 * java -jar connector-nio/target/hawser.jar [--port 8080] [--host 127.0.0.1] [--access-log FILE|-] [--realm FILE] WAR_OR_DIR...
 * java -jar connector-nio/target/hawser.jar hash-password     # the HASH of a --realm users file line
 * </pre>
 */
public final class Hawser implements Callable<Integer> {
    /** Exit code: a web app could not be deployed, the realm could not be read or the session store reached; nothing was left running. */
    public static final int DEPLOY_FAILED = 1;
    /** Exit code: the command line is wrong. */
    public static final int USAGE = 2;
    /** Exit code: the address could not be bound. */
    public static final int CANNOT_BIND = 3;
    /** Exit code: the connector failed while serving (a selector loop could not go on) and stopped. */
    public static final int SERVER_FAILED = 4;

    private static final String DESCRIPTION = "Serves Jakarta Servlet 6.1 web apps (WAR files, exploded WAR"
            + " directories, or directories holding them, like Tomcat's webapps/) over HTTP/1.1.";

    /** {@code --help}'s exit codes, in order: code, then what it means. */
    private static final String[] EXIT_CODES = {
        "0", "stopped after --help or --version",
        "1", "a web app could not be deployed, or uses what Hawser does not enforce, or the realm (--realm,"
                + " --jaas-config) or the TLS keys and certificates (--tls-cert, --keystore, ...) could not"
                + " be read, or the --session-store could not be reached (nothing was left running)",
        "2", "bad command line",
        "3", "the address could not be bound",
        "4", "the server failed while serving (a selector loop could not go on) and stopped",
        "130", "stopped by Ctrl-C (SIGINT), after draining",
        "143", "stopped by SIGTERM, after draining"};

    final ConnectorOptions connector = new ConnectorOptions();
    final RealmOptions realms = new RealmOptions();
    final TlsOptions tls = new TlsOptions();
    final SessionStoreOptions sessionStore = new SessionStoreOptions();
    final AccessLogOptions accessLog = new AccessLogOptions();
    final ProxyOptions proxies = new ProxyOptions();
    final CompressionOptions compression = new CompressionOptions();

    /** This command's own options, after the groups' above. */
    private final Options options = new Options();

    final Opt<Duration> stopTimeout = options.add(Opt.of(Duration.class, "--stop-timeout", "DURATION",
            "on Ctrl-C or SIGTERM, how long requests in flight may still run (default 10s)")
            .converter(new DurationConverter()).initial(Duration.ofSeconds(10)));

    final Opt<List<String>> acceptUnenforced = options.add(Opt.list(String.class, "--accept-unenforced", "FEATURE",
            "serve web apps that use these features Hawser does not enforce (instead of refusing"
                    + " them), comma-separated, named as in docs/deployment.md: ${COMPLETION-CANDIDATES};"
                    + " jsp-file cannot be accepted")
            .completionCandidates(new AcceptableFeatures()).initial(new ArrayList<>()));

    /** The web apps: 0..* for picocli, so that the hash-password subcommand needs none; call() requires one. */
    private final Opt<List<String>> apps = Opt.holder(new ArrayList<>());

    private final PrintStream out;
    private final PrintStream err;

    /** A command writing to standard output and standard error. */
    public Hawser() {
        this(System.out, System.err);
    }

    Hawser(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * @param in standard input, for {@code hash-password}
     * @param out standard output
     * @param err standard error
     * @param console reads a password without echo ({@code Console::readPassword}), or {@code null}
     * @return the {@code hawser} command line with its {@code hash-password} subcommand, writing to
     *     these streams, with the launcher's one-line handling of a bad command line
     */
    static CommandLine commandLine(java.io.InputStream in, PrintStream out, PrintStream err,
                                   java.util.function.Function<String, char[]> console) {
        java.io.PrintWriter outWriter = new java.io.PrintWriter(out, true);
        java.io.PrintWriter errWriter = new java.io.PrintWriter(err, true);
        return new CommandLine(new Hawser(out, err).spec())
                .addSubcommand("hash-password", new HashPassword(in, out, err, console).spec())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(outWriter).setErr(errWriter)
                .setParameterExceptionHandler(Hawser::badCommandLine);
    }

    /**
     * @return picocli's model of this command, built in code: its option groups' options in order,
     *     its own, {@code --help} and {@code --version}, the web apps (no annotations are read: see {@link Opt})
     */
    CommandSpec spec() {
        CommandSpec spec = command(this, "hawser", DESCRIPTION, EXIT_CODES);
        connector.options.addTo(spec);
        realms.options.addTo(spec);
        tls.options.addTo(spec);
        sessionStore.options.addTo(spec);
        accessLog.options.addTo(spec);
        proxies.options.addTo(spec);
        compression.options.addTo(spec);
        options.addTo(spec);
        standardHelpOptions(spec);
        spec.addPositional(apps.positional(PositionalParamSpec.builder().arity("0..*").type(List.class)
                .auxiliaryTypes(String.class).paramLabel("WAR_OR_DIR").description("a .war file, an exploded WAR"
                        + " directory, or a directory of them; /path=WAR_OR_DIR sets the context path (the file name"
                        + " gives it otherwise; ROOT is /; a single web app is served at /)")));
        return spec;
    }

    /**
     * @param command what runs when the command line is parsed ({@code Callable<Integer>})
     * @param exitCodes code, meaning, code, meaning... for the help's exit code list
     * @return a command's model with Hawser's usage layout (options unsorted), its version provider,
     *     and no options yet
     */
    static CommandSpec command(Callable<Integer> command, String name, String description, String... exitCodes) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name).versionProvider(new Version());
        java.util.Map<String, String> codes = new java.util.LinkedHashMap<>();
        for (int i = 0; i < exitCodes.length; i += 2) {
            codes.put(exitCodes[i], exitCodes[i + 1]);
        }
        spec.usageMessage().sortOptions(false).description(description).exitCodeListHeading("%nExit codes:%n")
                .exitCodeList(codes);
        return spec;
    }

    /** Adds {@code -h, --help} and {@code -V, --version}, as picocli's {@code mixinStandardHelpOptions} would. */
    static void standardHelpOptions(CommandSpec spec) {
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
    }

    /** The feature names {@code --accept-unenforced} takes, for its help. */
    static final class AcceptableFeatures implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Unenforced.acceptable().iterator();
        }
    }

    /** Reads the version from the jar's manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Hawser.class.getPackage().getImplementationVersion();
            return new String[] {"hawser " + (v == null ? "(development build)" : v),
                    "Java " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ")"};
        }
    }

    @Override
    public Integer call() throws Exception {
        ConnectorConfig config;
        List<WebAppArguments.App> wanted;
        Unenforced accepted;
        try {
            ConnectorConfig.Builder builder = connector.builder(tls.proxiedListeners());
            tls.applyTo(builder);
            config = builder.build();
            if (config.workerThreads() == 0 && !(config.virtualThreads() && Runtime.version().feature() >= 21)) {
                throw new IllegalArgumentException("--worker-threads 0 runs every request on a virtual thread:"
                        + " it needs Java 21+ and --virtual-threads true");
            }
            if (apps.value().isEmpty()) {
                throw new IllegalArgumentException("Missing required parameter: 'WAR_OR_DIR'");
            }
            realms.check();
            sessionStore.check();
            proxies.check();
            accessLog.check();
            compression.check();
            wanted = WebAppArguments.resolve(apps.value());
        } catch (IllegalArgumentException | IllegalStateException | java.io.UncheckedIOException e) {
            err.println("hawser: " + asOptionMessage(e.getMessage()));
            return USAGE;
        }
        try {
            accepted = acceptedFeatures();
        } catch (IllegalArgumentException e) {
            err.println("hawser: --accept-unenforced: " + e.getMessage());
            return USAGE;
        }
        Realm realm;
        try {
            realm = realms.open();
        } catch (IOException | IllegalArgumentException e) {
            err.println("hawser: " + realms.option() + ": " + e.getMessage());
            return DEPLOY_FAILED;
        }
        io.hawser.servlet.SessionDataStore store;
        try {
            store = sessionStore.open();
        } catch (RuntimeException e) {
            err.println("hawser: --session-store: " + e.getMessage());
            return e instanceof IllegalArgumentException ? USAGE : DEPLOY_FAILED;
        }
        List<DeployedApp> deployed = new ArrayList<>();
        try {
            for (WebAppArguments.App a : wanted) {
                deployed.add(Deployer.deploy(a.source(), a.contextPath(), Deployer.class.getClassLoader(), accepted,
                        realm, realms.confidentialPort.value(), config));
            }
        } catch (DeploymentException e) {
            err.println("hawser: " + e.getMessage());
            undeploy(deployed);
            return DEPLOY_FAILED;
        }
        List<WebApp> webApps = new ArrayList<>();
        deployed.forEach(d -> webApps.add(d.webApp()));
        sessionStore.applyTo(store, webApps);
        ServletAdapter adapter = new ServletAdapter(webApps, proxies.adapterOptions());
        // The access log wraps the compression, so its %b is the compressed size, as Tomcat's.
        HttpHandler handler = compression.wrap(adapter);
        AccessLog log = null;
        if (accessLog.target.value() != null) {
            try {
                log = AccessLog.open(accessLog.target.value(), accessLog.format());
            } catch (IOException e) {
                err.println("hawser: cannot open the access log " + accessLog.target.value() + ": " + e.getMessage());
                undeploy(deployed);
                return USAGE;
            }
            handler = new AccessLogHandler(handler, log, proxies.proxies(), proxies.forwarded.value().value);
        }
        NioConnector server = new NioConnector(config, handler);
        try {
            server.start();
        } catch (javax.net.ssl.SSLException e) {
            err.println("hawser: " + e.getMessage());
            undeploy(deployed);
            closeQuietly(log);
            return DEPLOY_FAILED;
        } catch (IOException | UnresolvedAddressException e) {
            err.println("hawser: " + (e instanceof IOException ? e.getMessage()
                    : "cannot bind " + config.host() + ":" + config.port() + ": unknown host"));
            undeploy(deployed);
            closeQuietly(log);
            return CANNOT_BIND;
        }
        try {
            adapter.connectorStarted(server); // CONFIDENTIAL redirects go to the bound TLS port
        } catch (IllegalStateException e) {
            err.println("hawser: " + e.getMessage());
            server.stop(Duration.ZERO);
            undeploy(deployed);
            closeQuietly(log);
            return DEPLOY_FAILED;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicReference<Throwable> failed = new java.util.concurrent.atomic.AtomicReference<>();
        AccessLog openLog = log;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (failed.get() != null) {
                return; // the failure path below has stopped and undeployed already
            }
            try {
                int open = server.openConnections();
                out.println("hawser: stopping: draining " + open + (open == 1 ? " connection" : " connections")
                        + " for at most " + DurationText.format(stopTimeout.value()));
                out.flush();
                server.stop(stopTimeout.value());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                undeploy(deployed);
                closeQuietly(openLog);
                if (store != null) {
                    store.close();
                }
                stopped.countDown();
            }
        }, "hawser-shutdown"));
        List<io.hawser.api.Listener> listeners = config.listeners();
        String base = null;
        for (int i = 0; i < listeners.size(); i++) {
            io.hawser.api.Listener l = listeners.get(i);
            if (l.unixSocket() != null) {
                out.println("listening on unix:" + l.unixSocket() + " (" + l.scheme() + ")");
                continue;
            }
            String url = l.scheme() + "://" + displayHost(l.host()) + ":" + server.port(i);
            out.println("listening on " + url + "/");
            base = base == null ? url : base;
        }
        base = base == null ? "http://localhost" : base; // Unix sockets only: curl --unix-socket PATH http://localhost/...
        for (DeployedApp d : deployed) {
            out.println(base + d.contextPath() + "/  " + d.source());
        }
        out.flush();
        server.failure().thenAccept(t -> {
            failed.set(t);
            stopped.countDown();
        });
        stopped.await();
        Throwable t = failed.get();
        if (t == null) {
            return 0;
        }
        err.println("hawser: the server failed and stopped: a selector loop cannot go on (" + t + ")");
        server.stop(Duration.ZERO);
        undeploy(deployed);
        closeQuietly(openLog);
        return SERVER_FAILED;
    }

    private static String displayHost(String host) {
        if (host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]")) {
            return "localhost";
        }
        return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
    }

    private static void undeploy(List<DeployedApp> deployed) {
        for (int i = deployed.size() - 1; i >= 0; i--) {
            try {
                deployed.get(i).close();
            } catch (RuntimeException e) {
                System.err.println("hawser: stopping " + deployed.get(i).source() + ": " + e);
            }
        }
    }

    private static void closeQuietly(AccessLog log) {
        if (log != null) {
            try {
                log.close();
            } catch (IOException ignored) {
                // nothing more to write
            }
        }
    }

    /**
     * A bad command line gets one line naming what is wrong, a close option name when there is one,
     * and a pointer to {@code --help}, not the whole usage.
     */
    private static int badCommandLine(CommandLine.ParameterException e, String[] args) {
        StringBuilder line = new StringBuilder("hawser: ").append(e.getMessage());
        if (e instanceof CommandLine.UnmatchedArgumentException) {
            String close = closestOption(e.getCommandLine(), ((CommandLine.UnmatchedArgumentException) e).getUnmatched());
            if (close != null) {
                line.append(" (did you mean ").append(close).append("?)");
            }
        }
        e.getCommandLine().getErr().println(line.append("; hawser --help lists the options"));
        return USAGE;
    }

    /** @return the option name nearest to the first unmatched word, or null (see {@link #closest}) */
    private static String closestOption(CommandLine cl, List<String> unmatched) {
        if (unmatched.isEmpty() || !unmatched.get(0).startsWith("-")) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
            names.addAll(List.of(o.names()));
        }
        return closest(unmatched.get(0).split("=", 2)[0], names);
    }

    /** @return the name nearest to {@code word}: at most 2 edits away, or else the only one it starts, or null */
    static String closest(String word, java.util.Collection<String> names) {
        String best = null;
        int bestDistance = 3;
        List<String> prefixed = new ArrayList<>();
        for (String name : names) {
            if (name.startsWith(word)) {
                prefixed.add(name);
            }
            int d = editDistance(word, name);
            if (d < bestDistance) {
                bestDistance = d;
                best = name;
            }
        }
        return best != null ? best : prefixed.size() == 1 ? prefixed.get(0) : null;
    }

    /**
     * The names {@code --accept-unenforced} was given, as the table spells them: any case, and
     * {@code servlet/jsp-file} as the docs write it for {@code jsp-file}.
     *
     * @throws IllegalArgumentException for an unknown name, with the nearest known one
     */
    private Unenforced acceptedFeatures() {
        List<String> names = new ArrayList<>();
        for (String n : acceptUnenforced.value()) {
            String name = n.trim().toLowerCase(java.util.Locale.ROOT);
            names.add(name.startsWith("servlet/") ? name.substring("servlet/".length()) : name);
        }
        try {
            return Unenforced.of(names);
        } catch (IllegalArgumentException e) {
            for (String name : names) {
                String near = closest(name, Unenforced.acceptable());
                if (e.getMessage().startsWith("\"" + name + "\" is not a feature") && near != null) {
                    throw new IllegalArgumentException("\"" + name + "\" is not a feature Hawser leaves unenforced"
                            + " (did you mean " + near + "?)", e);
                }
            }
            throw e;
        }
    }

    /**
     * @param message a ConnectorConfig validation message, e.g. {@code maxConnections must be in 1..10000000: 0}
     * @return it naming the option instead ({@code --max-connections must be ...}) with the pointer to --help
     */
    static String asOptionMessage(String message) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^([a-z][A-Za-z]*) (must|is) ").matcher(message);
        String text = m.find() ? "--" + m.group(1).replaceAll("([A-Z])", "-$1").toLowerCase(java.util.Locale.ROOT)
                + message.substring(m.group(1).length()) : message;
        return text + "; hawser --help lists the options";
    }

    private static int editDistance(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int above = row[j];
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1), diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                diagonal = above;
            }
        }
        return row[b.length()];
    }

    /**
     * Runs the command; exits with its code unless it ended normally (see the class comment).
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        // One line per log record (date, time, level, logger: message), unless the user chose a format.
        if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
            System.setProperty("java.util.logging.SimpleFormatter.format", "%1$tF %1$tT %4$s %3$s: %5$s%6$s%n");
        }
        java.io.Console console = System.console();
        int code = commandLine(System.in, System.out, System.err, console == null ? null : console::readPassword)
                .execute(args);
        if (code != 0) {
            System.exit(code);
        }
    }
}
