package io.hawser.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --session-store} and its options as the launcher takes them (the stores are tested in their modules). */
class SessionStoreOptionsTest {
    private static final String HINT = "; hawser --help lists the options\n";
    @TempDir
    Path dir;

    private String war() throws IOException {
        Files.createDirectories(dir.resolve("app/WEB-INF"));
        return dir.resolve("app").toString();
    }

    @Test
    void badValuesAndOptionsWithoutAStoreAreABadCommandLineOfOneLine() throws IOException {
        String war = war();
        String[][] cases = {
                {"hawser: --session-write needs --session-store URI", "--session-write", "always", war},
                {"hawser: --session-store-fallback needs --session-store URI", "--session-store-fallback", "memory", war},
                {"hawser: --session-store-timeout needs --session-store URI", "--session-store-timeout", "1s", war},
                {"hawser: --session-write must be on-change or always: sometimes", "--session-store", "memory:",
                        "--session-write", "sometimes", war},
                {"hawser: --session-store-fallback must be 503 or memory: disk", "--session-store", "memory:",
                        "--session-store-fallback", "disk", war},
                {"hawser: --session-store: session store jdbc:mysql: is not supported: PostgreSQL (jdbc:postgresql:)"
                        + " and H2 (jdbc:h2:) are", "--session-store", "jdbc:mysql://db/app", war},
                {"hawser: --session-store: unknown session store 'mongodb:...': expected jdbc:..., redis://... or"
                        + " memory:", "--session-store", "mongodb://db", war}};
        for (String[] c : cases) {
            CommandRun run = CommandRun.run(java.util.Arrays.copyOfRange(c, 1, c.length));
            assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
            assertThat(run.err).isEqualTo(c[0] + (c[0].contains("--session-store:") ? "\n" : HINT));
            assertThat(run.out).isEmpty();
        }
    }

    @Test
    void aStoreThatCannotBeReachedIsExit1WithOneLineNamingIt() throws IOException {
        CommandRun run = CommandRun.run("--session-store", "redis://127.0.0.1:1", "--session-store-timeout", "500ms", war());
        assertThat(run.exitCode).as(run.toString()).isEqualTo(1);
        assertThat(run.err).startsWith("hawser: --session-store: session store redis://127.0.0.1:1: ").doesNotContain("\n\n");
        assertThat(run.out).isEmpty();
    }

    @Test
    void helpListsTheSessionOptions() {
        CommandRun run = CommandRun.run("--help");
        assertThat(run.out).contains("--session-store=URI", "--session-write=on-change|always",
                "--session-store-timeout=DURATION", "--session-store-fallback=503|memory");
    }
}
