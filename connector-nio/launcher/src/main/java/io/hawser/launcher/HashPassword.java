package io.hawser.launcher;

import io.hawser.security.PasswordHash;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * {@code hawser hash-password}: reads a password and prints its {@link PasswordHash} encoding, the
 * {@code HASH} of a users file line ({@code --realm}). From a console it asks twice without echo;
 * otherwise (or with {@code --stdin}) it reads the first line of standard input, UTF-8, without its
 * line terminator. Exit code 0 with the hash on standard output and the line's format on standard
 * error; 1 when no password came (end of input, empty, or the two differ); 2 for a bad option.
 */
final class HashPassword implements Callable<Integer> {
    /** Exit code: no password came (end of input, an empty one, or two that differ). */
    static final int NO_PASSWORD = 1;

    private static final String DESCRIPTION = "Reads a password (from the console without echo, else the first"
            + " line of standard input) and prints its hash for a --realm users file line NAME:HASH[:ROLES].";

    private final Options options = new Options();

    final Opt<Integer> iterations = options.add(Opt.of(int.class, "--iterations", "N",
            "PBKDF2 iterations, " + PasswordHash.MIN_ITERATIONS + ".." + PasswordHash.MAX_ITERATIONS
                    + " (default: ${DEFAULT-VALUE}, OWASP's figure for PBKDF2-HMAC-SHA256)")
            .initial(PasswordHash.DEFAULT_ITERATIONS));

    final Opt<Boolean> stdin = options.add(Opt.flag("--stdin",
            "read the first line of standard input even when there is a console"));

    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;
    private final Function<String, char[]> console;

    /**
     * @param in standard input
     * @param out where the hash goes
     * @param err where prompts' companions, hints and errors go
     * @param console reads a password without echo after showing a prompt ({@code Console::readPassword}),
     *     {@code null} on end of input; {@code null} when there is no console
     */
    HashPassword(InputStream in, PrintStream out, PrintStream err, Function<String, char[]> console) {
        this.in = in;
        this.out = out;
        this.err = err;
        this.console = console;
    }

    /** @return picocli's model of this subcommand, built in code (see {@link Opt}) */
    picocli.CommandLine.Model.CommandSpec spec() {
        picocli.CommandLine.Model.CommandSpec spec = Hawser.command(this, "hash-password", DESCRIPTION,
                "0", "printed the hash", "1", "no password (end of input, empty, or the two entries differ)",
                "2", "bad command line");
        options.addTo(spec);
        Hawser.standardHelpOptions(spec);
        return spec;
    }

    @Override
    public Integer call() throws IOException {
        int iterations = this.iterations.value();
        if (iterations < PasswordHash.MIN_ITERATIONS || iterations > PasswordHash.MAX_ITERATIONS) {
            err.println("hawser hash-password: " + Hawser.asOptionMessage("iterations must be in "
                    + PasswordHash.MIN_ITERATIONS + ".." + PasswordHash.MAX_ITERATIONS + ": " + iterations));
            return Hawser.USAGE;
        }
        char[] password = console != null && !stdin.value() ? fromConsole() : firstLine();
        if (password == null) {
            return NO_PASSWORD;
        }
        try {
            if (password.length == 0) {
                err.println("hawser hash-password: the password is empty");
                return NO_PASSWORD;
            }
            out.println(PasswordHash.hash(password, iterations));
            out.flush();
            err.println("hawser hash-password: a users file line (--realm FILE) is NAME:HASH[:ROLE,ROLE...]");
            return 0;
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    /** @return the password typed twice, or null (said on standard error) */
    private char[] fromConsole() {
        char[] first = console.apply("Password: ");
        if (first == null) {
            err.println("hawser hash-password: no password (end of input)");
            return null;
        }
        char[] again = console.apply("Again: ");
        boolean same = again != null && Arrays.equals(first, again);
        if (again != null) {
            Arrays.fill(again, '\0');
        }
        if (!same) {
            Arrays.fill(first, '\0');
            err.println("hawser hash-password: the two passwords differ");
            return null;
        }
        return first;
    }

    /** @return the first line of standard input without its terminator, or null at once at end of input */
    private char[] firstLine() throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        CharBuffer line = CharBuffer.allocate(256);
        int c = reader.read();
        if (c < 0) {
            err.println("hawser hash-password: no password (end of input)");
            return null;
        }
        for (; c >= 0 && c != '\n'; c = reader.read()) {
            if (!line.hasRemaining()) {
                CharBuffer larger = CharBuffer.allocate(line.capacity() * 2);
                larger.put(line.array(), 0, line.position());
                Arrays.fill(line.array(), '\0');
                line = larger;
            }
            line.put((char) c);
        }
        int length = line.position();
        if (length > 0 && line.get(length - 1) == '\r') {
            length--;
        }
        char[] password = Arrays.copyOf(line.array(), length);
        Arrays.fill(line.array(), '\0');
        return password;
    }
}
