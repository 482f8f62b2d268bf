package io.hawser.session.jdbc;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throwaway PostgreSQL cluster for tests: {@code initdb} into a temp dir, {@code pg_ctl start} on a
 * free loopback port (trust authentication, no fsync), stopped and deleted by {@link #close()}. Uses
 * the OS package's binaries (on PATH, or {@code /usr/lib/postgresql/N/bin}); as root it runs them as
 * the {@code postgres} user, as PostgreSQL refuses root. {@link #missing()} says why it cannot start.
 */
public final class PostgresServer implements AutoCloseable {
    private final Path dir;
    private final Path bin;
    private final int port;
    private final boolean asPostgres;

    private PostgresServer(Path dir, Path bin, int port, boolean asPostgres) {
        this.dir = dir;
        this.bin = bin;
        this.port = port;
        this.asPostgres = asPostgres;
    }

    /** @return the folder of {@code initdb}, {@code pg_ctl} and {@code postgres}, or {@code null} */
    static Path binaries() {
        for (String p : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!p.isEmpty() && Files.isExecutable(Path.of(p, "pg_ctl")) && Files.isExecutable(Path.of(p, "initdb"))) {
                return Path.of(p);
            }
        }
        Path lib = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(lib)) {
            try (Stream<Path> versions = Files.list(lib)) {
                return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("pg_ctl")))
                        .max(Comparator.naturalOrder()).orElse(null);
            } catch (IOException e) {
                return null;
            }
        }
        return null;
    }

    /** @return why no cluster can be started here, or {@code null} when one can */
    public static String missing() {
        if (binaries() == null) {
            return "PostgreSQL is not installed (no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin):"
                    + " apt-get install postgresql, as .ci/run does";
        }
        if (isRoot() && !userExists("postgres")) {
            return "running as root and there is no 'postgres' user to run PostgreSQL as";
        }
        return null;
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static boolean userExists(String name) {
        try {
            return Files.readAllLines(Path.of("/etc/passwd")).stream().anyMatch(l -> l.startsWith(name + ":"));
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * @return a started cluster with database {@code postgres} and superuser {@code hawser}
     * @throws IOException when it cannot start (the server log in the message)
     */
    public static PostgresServer start() throws IOException, InterruptedException {
        Path bin = binaries();
        Path dir = Files.createTempDirectory("hawser-pg-");
        boolean root = isRoot();
        if (root) {
            run(List.of("chown", "postgres", dir.toString()), false);
        }
        PostgresServer pg = new PostgresServer(dir, bin, freePort(), root);
        pg.exec(List.of(bin.resolve("initdb").toString(), "-D", dir.resolve("data").toString(), "-A", "trust",
                "-U", "hawser", "--no-sync", "-E", "UTF8"));
        pg.exec(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-w", "-t", "60",
                "-l", dir.resolve("log").toString(), "-o", "-p " + pg.port + " -k " + dir
                        + " -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", "start"));
        return pg;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private void exec(List<String> command) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>();
        if (asPostgres) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(command);
        try {
            run(full, true);
        } catch (IOException e) {
            Path log = dir.resolve("log");
            throw new IOException(e.getMessage() + (Files.exists(log) ? "\n" + Files.readString(log) : ""), e);
        }
    }

    private static void run(List<String> command, boolean quiet) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
    }

    /** @return the JDBC URL of database {@code postgres} as {@code hawser} */
    public String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=hawser";
    }

    /** @return the port */
    public int port() {
        return port;
    }

    /** Stops the cluster at once and deletes its files. */
    @Override
    public void close() throws IOException, InterruptedException {
        try {
            exec(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-m", "immediate",
                    "-w", "stop"));
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
