package io.hawser.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.security.PasswordHash;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class HashPasswordTest {
    private static final String HINT = "hawser hash-password: a users file line (--realm FILE) is NAME:HASH[:ROLE,ROLE...]\n";

    @Test
    void printsAHashOfTheFirstLineOfStandardInputThatVerifies() {
        for (String stdin : List.of("correct horse\n", "correct horse\r\nsecond line\n", "correct horse")) {
            CommandRun run = CommandRun.withInput(stdin, null, "hash-password", "--iterations", "1000");
            assertThat(run.exitCode).as(run.toString()).isZero();
            assertThat(run.out).endsWith("\n").doesNotContain("horse");
            String hash = run.out.strip();
            assertThat(hash).startsWith("pbkdf2-sha256:1000:");
            assertThat(PasswordHash.verify(hash, "correct horse")).isTrue();
            assertThat(PasswordHash.verify(hash, "correct horse\r")).isFalse();
            assertThat(run.err).isEqualTo(HINT);
        }
    }

    @Test
    void usesTheDefaultIterationsAndAcceptsAnyCharacter() {
        CommandRun run = CommandRun.withInput("pässwörd: \t#1\n", null, "hash-password");
        assertThat(run.exitCode).as(run.toString()).isZero();
        assertThat(PasswordHash.iterations(run.out.strip())).isEqualTo(PasswordHash.DEFAULT_ITERATIONS);
        assertThat(PasswordHash.verify(run.out.strip(), "pässwörd: \t#1")).isTrue();
    }

    @Test
    void noPasswordIsExit1WithOneLine() {
        CommandRun none = CommandRun.withInput("", null, "hash-password");
        assertThat(none.exitCode).isEqualTo(1);
        assertThat(none.out).isEmpty();
        assertThat(none.err).isEqualTo("hawser hash-password: no password (end of input)\n");
        CommandRun empty = CommandRun.withInput("\n", null, "hash-password");
        assertThat(empty.exitCode).isEqualTo(1);
        assertThat(empty.err).isEqualTo("hawser hash-password: the password is empty\n");
    }

    @Test
    void aConsoleIsAskedTwiceAndBothMustAgree() {
        List<String> prompts = new ArrayList<>();
        CommandRun same = CommandRun.withInput("ignored\n", console(prompts, "s3cret", "s3cret"), "hash-password",
                "--iterations", "1000");
        assertThat(same.exitCode).as(same.toString()).isZero();
        assertThat(prompts).containsExactly("Password: ", "Again: ");
        assertThat(PasswordHash.verify(same.out.strip(), "s3cret")).isTrue();

        CommandRun differ = CommandRun.withInput("", console(new ArrayList<>(), "s3cret", "s3cred"), "hash-password");
        assertThat(differ.exitCode).isEqualTo(1);
        assertThat(differ.out).isEmpty();
        assertThat(differ.err).isEqualTo("hawser hash-password: the two passwords differ\n");

        CommandRun ended = CommandRun.withInput("", console(new ArrayList<>()), "hash-password");
        assertThat(ended.exitCode).isEqualTo(1);
        assertThat(ended.err).isEqualTo("hawser hash-password: no password (end of input)\n");

        List<String> unused = new ArrayList<>();
        CommandRun piped = CommandRun.withInput("from-stdin\n", console(unused, "console"), "hash-password", "--stdin",
                "--iterations", "1000");
        assertThat(piped.exitCode).isZero();
        assertThat(unused).isEmpty();
        assertThat(PasswordHash.verify(piped.out.strip(), "from-stdin")).isTrue();
    }

    /** @return a console answering the prompts with these passwords in turn, then end of input */
    private static Function<String, char[]> console(List<String> prompts, String... answers) {
        Deque<String> left = new ArrayDeque<>(List.of(answers));
        return prompt -> {
            prompts.add(prompt);
            String next = left.poll();
            return next == null ? null : next.toCharArray();
        };
    }

    @Test
    void badIterationsAreABadCommandLine() {
        CommandRun run = CommandRun.withInput("x\n", null, "hash-password", "--iterations", "999");
        assertThat(run.exitCode).isEqualTo(2);
        assertThat(run.out).isEmpty();
        assertThat(run.err).isEqualTo("hawser hash-password: --iterations must be in 1000..20000000: 999; hawser --help"
                + " lists the options\n");
        CommandRun word = CommandRun.withInput("x\n", null, "hash-password", "--iterations", "many");
        assertThat(word.exitCode).isEqualTo(2);
        assertThat(word.err.lines()).hasSize(1);
        assertThat(word.err).startsWith("hawser: Invalid value for option '--iterations': 'many' is not an int");
    }
}
