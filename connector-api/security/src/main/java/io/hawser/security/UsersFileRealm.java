package io.hawser.security;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Users, password hashes and roles from a text file, as Tomcat's {@code tomcat-users.xml} or
 * Jetty's {@code realm.properties}, but with hashed passwords only. The file is UTF-8, one user
 * per line:
 *
 * <pre>
 * # NAME:HASH[:ROLES]
 * alice:pbkdf2-sha256:600000:q0bM9wYx0GdQnBg7K3bH3A==:0N2Zkq...Qf4=:admin,users
 * bob:pbkdf2-sha256:600000:Yl0vM1s2eGdQnBg7K3bH3A==:p4Jw1h...9dA=
 * </pre>
 *
 * <ul>
 *   <li>{@code NAME} is everything before the first {@code :} (so a name cannot contain one); it is
 *       matched exactly (case-sensitive) and may not be empty or appear twice;</li>
 *   <li>{@code HASH} is a {@link PasswordHash} encoding (its own four {@code :}-separated fields),
 *       made with {@code java -jar hawser.jar hash-password}; anything else, a plain-text password
 *       above all, is refused;</li>
 *   <li>{@code ROLES}, optional, is a comma-separated list of role names (white space around each
 *       is ignored, empty ones skipped);</li>
 *   <li>white space around a line is ignored; a blank line, or one whose first character is
 *       {@code #}, is skipped.</li>
 * </ul>
 *
 * <p>A mistake is reported as {@code FILE line N: what is wrong}, never repeating the line (it holds
 * a secret). The file is read again when it changes: {@link #authenticate} looks at its modification
 * time and size at most once per check interval (default {@link #DEFAULT_CHECK_INTERVAL}). A read
 * that fails (the file is being written, is malformed, was removed) keeps the users loaded before and
 * logs one WARNING for that version of the file. Thread-safe: the users are an immutable map
 * replaced whole, and at most one caller reads the file while the others carry on with the map
 * they have.
 *
 * <p>{@code CLIENT-CERT} ({@link CertificateRealm}): a user named by a verified client certificate is
 * looked up by name, with the roles of its line and no password check (its hash is still needed
 * for BASIC and FORM; a certificate-only user can be given a hash of a long random password).
 *
 * <p>An unknown name costs one hash computation too, with the iterations of the file's first
 * user, so the time of an answer does not tell whether a name exists.
 */
public final class UsersFileRealm implements CertificateRealm {
    /** How often, at most, {@link #authenticate} looks whether the file changed: 5 seconds. */
    public static final Duration DEFAULT_CHECK_INTERVAL = Duration.ofSeconds(5);

    private static final System.Logger LOG = System.getLogger(UsersFileRealm.class.getName());

    private final Path file;
    private final Duration checkInterval;
    private final Clock clock;
    private final ReentrantLock checking = new ReentrantLock();
    private volatile Users users;
    /** Guarded by {@link #checking}. */
    private Instant lastCheck;
    /** The version of the file whose reading failed last, so it is warned about once; guarded by {@link #checking}. */
    private Version failed;

    private UsersFileRealm(Path file, Duration checkInterval, Clock clock, Users users) {
        this.file = file;
        this.checkInterval = checkInterval;
        this.clock = clock;
        this.users = users;
        this.lastCheck = clock.instant();
    }

    /**
     * Reads a users file, checking for changes every {@link #DEFAULT_CHECK_INTERVAL}.
     *
     * @param file the users file
     * @return the realm
     * @throws IOException when the file cannot be read, with a one-line message naming it
     * @throws IllegalArgumentException when a line is malformed: {@code FILE line N: what is wrong}
     */
    public static UsersFileRealm open(Path file) throws IOException {
        return open(file, DEFAULT_CHECK_INTERVAL, Clock.systemUTC());
    }

    /**
     * Reads a users file.
     *
     * @param file the users file
     * @param checkInterval the least time between two looks at whether the file changed; zero looks
     *     on every {@link #authenticate}
     * @param clock the clock the interval is measured with
     * @return the realm
     * @throws IOException when the file cannot be read, with a one-line message naming it
     * @throws IllegalArgumentException when a line is malformed ({@code FILE line N: what is wrong}),
     *     or the interval is negative
     */
    public static UsersFileRealm open(Path file, Duration checkInterval, Clock clock) throws IOException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(clock, "clock");
        if (checkInterval.isNegative()) {
            throw new IllegalArgumentException("checkInterval must not be negative: " + checkInterval);
        }
        return new UsersFileRealm(file, checkInterval, clock, read(file));
    }

    /** @return the users file */
    public Path file() {
        return file;
    }

    /** @return the names of the users loaded now, in file order */
    public Set<String> userNames() {
        return users.byName.keySet();
    }

    /**
     * {@inheritDoc}
     *
     * <p>First looks whether the file changed, when the check interval has passed since the last look.
     */
    @Override
    public AuthenticatedUser authenticate(String username, String password) {
        if (username == null || password == null) {
            return null;
        }
        checkForChange();
        Users now = users;
        User user = now.byName.get(username);
        if (user == null) {
            PasswordHash.verify(now.decoy.get(), password);
            return null;
        }
        if (now.verified.matches(username, password)) {
            return user.authenticated;
        }
        if (!PasswordHash.verify(user.hash, password)) {
            return null;
        }
        now.verified.verified(username, password);
        return user.authenticated;
    }

    /**
     * {@inheritDoc}
     *
     * <p>The user of that exact name (case-sensitive), with its roles; first looks whether the
     * file changed, as {@link #authenticate(String, String)}.
     */
    @Override
    public AuthenticatedUser authenticateCertificate(String username, X509Certificate[] chain) {
        if (username == null || chain == null || chain.length == 0) {
            return null;
        }
        checkForChange();
        User user = users.byName.get(username);
        return user == null ? null : user.authenticated;
    }

    /** Reads the file again when the interval has passed and its modification time or size changed. */
    private void checkForChange() {
        if (!checking.tryLock()) {
            return; // another caller is looking; carry on with the users we have
        }
        try {
            Instant now = clock.instant();
            if (now.isBefore(lastCheck.plus(checkInterval))) {
                return;
            }
            lastCheck = now;
            Version version;
            try {
                version = Version.of(file);
            } catch (IOException e) {
                warnOnce(Version.MISSING, "cannot read " + file + " (" + e.getClass().getSimpleName() + ")");
                return;
            }
            if (version.equals(users.version) || version.equals(failed)) {
                return;
            }
            try {
                users = read(file);
                failed = null;
                LOG.log(System.Logger.Level.INFO, "{0}: read {1} users", file, users.byName.size());
            } catch (IOException | IllegalArgumentException e) {
                warnOnce(version, e.getMessage());
            }
        } finally {
            checking.unlock();
        }
    }

    private void warnOnce(Version version, String why) {
        if (!version.equals(failed)) {
            failed = version;
            LOG.log(System.Logger.Level.WARNING, "{0}; keeping the {1} users read before", why,
                    users.byName.size());
        }
    }

    private static Users read(Path file) throws IOException {
        Version version;
        List<String> lines;
        try {
            version = Version.of(file);
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw new IOException("cannot read " + file + ": not UTF-8 text", e);
        } catch (IOException e) {
            throw new IOException("cannot read " + file + ": " + reason(e), e);
        }
        Map<String, User> byName = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new LinkedHashMap<>();
        int decoyIterations = 0;
        for (int i = 0; i < lines.size(); i++) {
            int number = i + 1;
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            User user = parse(line, file, number);
            Integer first = lineOf.putIfAbsent(user.authenticated.name(), number);
            if (first != null) {
                throw new IllegalArgumentException(file + " line " + number + ": user \"" + user.authenticated.name()
                        + "\" again (first on line " + first + ")");
            }
            byName.put(user.authenticated.name(), user);
            if (decoyIterations == 0) {
                decoyIterations = PasswordHash.iterations(user.hash);
            }
        }
        return new Users(Collections.unmodifiableMap(byName), new Decoy(decoyIterations != 0 ? decoyIterations
                : PasswordHash.DEFAULT_ITERATIONS), version, new VerifiedPasswords());
    }

    private static User parse(String line, Path file, int number) {
        int colon = line.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException(file + " line " + number + ": not NAME:HASH[:ROLES]");
        }
        String name = line.substring(0, colon).strip();
        if (name.isEmpty()) {
            throw new IllegalArgumentException(file + " line " + number + ": the user name is empty");
        }
        String[] rest = line.substring(colon + 1).split(":", -1);
        if (!rest[0].equals(PasswordHash.SCHEME) || rest.length < 4) {
            throw new IllegalArgumentException(file + " line " + number + ": the password of \"" + name
                    + "\" is not a " + PasswordHash.SCHEME + " hash (plain-text passwords are refused; make one with"
                    + " java -jar hawser.jar hash-password)");
        }
        if (rest.length > 5) {
            throw new IllegalArgumentException(file + " line " + number + ": too many ':' fields after the hash of \""
                    + name + "\" (NAME:HASH[:ROLES])");
        }
        String hash = String.join(":", Arrays.asList(rest).subList(0, 4));
        try {
            PasswordHash.iterations(hash);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + " line " + number + ": the password hash of \"" + name + "\": "
                    + e.getMessage());
        }
        Set<String> roles = new LinkedHashSet<>();
        if (rest.length == 5) {
            for (String role : rest[4].split(",")) {
                if (!role.isBlank()) {
                    roles.add(role.strip());
                }
            }
        }
        return new User(hash, AuthenticatedUser.of(name, roles));
    }

    private static String reason(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException && ((java.nio.file.FileSystemException) e).getReason() != null) {
            return ((java.nio.file.FileSystemException) e).getReason(); // its message repeats the path
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** One user: the hash to verify and the answer to give. */
    private record User(String hash, AuthenticatedUser authenticated) {
    }

    /**
     * The users read from one version of the file.
     *
     * @param byName users by exact name, in file order
     * @param decoy what an unknown name is verified against
     * @param version the file's modification time and size when read
     * @param verified the passwords that verified against this version (so BASIC pays PBKDF2 once)
     */
    private record Users(Map<String, User> byName, Decoy decoy, Version version, VerifiedPasswords verified) {
    }

    /**
     * The hash an unknown name is verified against, made on first use: making it is one full PBKDF2
     * computation (about half a second in a cold JVM at the default iterations), which would
     * otherwise delay every start and reload.
     */
    private static final class Decoy {
        private final int iterations;
        private volatile String encoded;

        Decoy(int iterations) {
            this.iterations = iterations;
        }

        String get() {
            String e = encoded;
            if (e == null) {
                e = PasswordHash.decoy(iterations); // racing callers may each make one; any of them will do
                encoded = e;
            }
            return e;
        }
    }

    /** What tells one version of the file from another: its modification time and size. */
    private record Version(Instant modified, long size) {
        static final Version MISSING = new Version(Instant.MIN, -1);

        static Version of(Path file) throws IOException {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return new Version(a.lastModifiedTime().toInstant(), a.size());
        }
    }
}
