package io.hawser.tests.deploy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code java -jar connector-nio/target/hawser.jar ARGS} in a child process (the same JDK as the
 * tests), its standard output read line by line and its standard error collected.
 */
final class LauncherProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)/");
    final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final StringBuffer err = new StringBuffer();
    private final List<Thread> pumps = new ArrayList<>();

    LauncherProcess(Path workDir, String... args) throws IOException {
        this(workDir, List.of(), args);
    }

    /**
     * @param nofile the most open file descriptors the launcher may have ({@code ulimit -n}, through bash)
     * @return the launcher with {@code ARGS}, run under that limit
     */
    static LauncherProcess withOpenFileLimit(Path workDir, int nofile, String... args) throws IOException {
        return new LauncherProcess(workDir, List.of("bash", "-c", "ulimit -n " + nofile + " && exec \"$0\" \"$@\""), args);
    }

    private LauncherProcess(Path workDir, List<String> prefix, String... args) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-jar");
        command.add(SampleWars.launcherJar().toString());
        command.addAll(List.of(args));
        process = new ProcessBuilder(command).directory(workDir.toFile()).start();
        pump(new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)), true);
        pump(new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)), false);
    }

    private void pump(BufferedReader reader, boolean out) {
        Thread t = new Thread(() -> {
            try (reader) {
                for (String line; (line = reader.readLine()) != null; ) {
                    if (out) {
                        lines.add(line);
                    } else {
                        err.append(line).append('\n');
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        }, "launcher-" + (out ? "stdout" : "stderr"));
        t.setDaemon(true);
        t.start();
        pumps.add(t);
    }

    /** Once the process has exited, waits (at most 2 s each) until its output has been read. */
    private void drained() throws InterruptedException {
        if (!process.isAlive()) {
            for (Thread t : pumps) {
                t.join(2000);
            }
        }
    }

    /** @return the next line of standard output, or {@code null} when none came within 20 s */
    String nextLine() throws InterruptedException {
        return lines.poll(20, TimeUnit.SECONDS);
    }

    /** @return the exit code, waiting at most 30 s */
    int exitCode() throws InterruptedException {
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError("the launcher did not exit within 30 s; stderr:\n" + err);
        }
        return process.exitValue();
    }

    /** @return what the process wrote to standard error so far (complete once it has exited) */
    String stderr() throws InterruptedException {
        drained();
        return err.toString();
    }

    /** @return the standard output lines not yet taken */
    List<String> remainingLines() throws InterruptedException {
        drained();
        List<String> rest = new ArrayList<>();
        lines.drainTo(rest);
        return rest;
    }

    /** @return the port of a first line {@code listening on http://127.0.0.1:PORT/}; fails on any other line */
    static int port(String firstLine) {
        Matcher m = LISTENING.matcher(String.valueOf(firstLine));
        if (!m.matches()) {
            throw new AssertionError("first line: " + firstLine);
        }
        return Integer.parseInt(m.group(1));
    }

    /** @return a port on 127.0.0.1 that was free a moment ago */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            return s.getLocalPort();
        }
    }

    /** @return whether something accepts connections on 127.0.0.1:{@code port} */
    static boolean canConnect(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            // SIGTERM first, so the launcher drains and deletes the WARs it unpacked; SIGKILL only if it hangs.
            process.destroy();
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
