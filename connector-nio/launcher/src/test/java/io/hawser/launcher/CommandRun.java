package io.hawser.launcher;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * One run of the {@code hawser} command line in this JVM ({@link Hawser#commandLine}), with its
 * standard input given and its standard output and error kept. Only for runs that end before a
 * server would start: a refused command line, realm or web app.
 */
final class CommandRun {
    final int exitCode;
    final String out;
    final String err;

    private CommandRun(int exitCode, String out, String err) {
        this.exitCode = exitCode;
        this.out = out;
        this.err = err;
    }

    static CommandRun withInput(String stdin, Function<String, char[]> console, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        int code = Hawser.commandLine(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), o, e, console)
                .execute(args);
        o.flush();
        e.flush();
        return new CommandRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static CommandRun run(String... args) {
        return withInput("", null, args);
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\nout: " + out + "\nerr: " + err;
    }
}
