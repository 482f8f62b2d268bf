package io.hawser.bench.peers;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The static-file context a peer launcher adds for run.sh's {@code static} workload: the folder
 * {@code -Dbench.static.dir} (files generated at run time into the results folder) served at
 * {@value #CONTEXT_PATH} by the server's own default servlet, with its defaults. Without the
 * property no such context exists.
 */
final class StaticFiles {
    /** The context path of the static files. */
    static final String CONTEXT_PATH = "/static";

    private StaticFiles() {}

    /**
     * @return the folder to serve, or {@code null} when {@code bench.static.dir} is not set
     * @throws IllegalArgumentException when it is set to something that is not a folder
     */
    static Path dir() {
        String dir = System.getProperty("bench.static.dir");
        if (dir == null || dir.isEmpty()) {
            return null;
        }
        Path p = Path.of(dir).toAbsolutePath();
        if (!Files.isDirectory(p)) {
            throw new IllegalArgumentException("bench.static.dir is not a folder: " + p);
        }
        return p;
    }

    /** Prints, for the server's log, what is served at {@value #CONTEXT_PATH}. */
    static void print(String server, Path dir, String how) {
        System.out.println(server + " serves " + dir + " at " + CONTEXT_PATH + "/ (" + how + ")");
        System.out.flush();
    }
}
