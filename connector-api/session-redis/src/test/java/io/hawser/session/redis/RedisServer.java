package io.hawser.session.redis;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway {@code redis-server} for tests (the OS package's), on a free loopback port, without
 * persistence; {@link #start()} returns once it logs that it accepts connections, {@link #close()}
 * kills it. {@link #missing()} says why it cannot start.
 */
public final class RedisServer implements AutoCloseable {
    private final Process process;
    private final int port;

    private RedisServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    private static Path binary() {
        for (String p : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!p.isEmpty() && Files.isExecutable(Path.of(p, "redis-server"))) {
                return Path.of(p, "redis-server");
            }
        }
        return Files.isExecutable(Path.of("/usr/bin/redis-server")) ? Path.of("/usr/bin/redis-server") : null;
    }

    /** @return why no server can be started here, or {@code null} when one can */
    public static String missing() {
        return binary() == null ? "redis-server is not installed: apt-get install redis-server, as .ci/run does" : null;
    }

    /**
     * @return a started server
     * @throws IOException when it does not start (its output in the message)
     */
    public static RedisServer start() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process p = new ProcessBuilder(binary().toString(), "--port", Integer.toString(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "notice")
                .redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        for (String line; (line = out.readLine()) != null;) {
            seen.append(line).append('\n');
            if (line.contains("Ready to accept connections")) {
                Thread drain = new Thread(() -> {
                    try {
                        out.transferTo(java.io.Writer.nullWriter());
                    } catch (IOException ignored) {
                        // the server stopped
                    }
                }, "redis-server output");
                drain.setDaemon(true);
                drain.start();
                return new RedisServer(p, port);
            }
        }
        p.destroyForcibly();
        throw new IOException("redis-server did not start:\n" + seen);
    }

    /** @return {@code redis://127.0.0.1:PORT} */
    public String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** @return the port */
    public int port() {
        return port;
    }

    /** Kills the server. */
    @Override
    public void close() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }
}
