package io.hawser.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsersFileRealmTest {
    /** Few iterations, so the tests run fast; the file format is the same. */
    private static final int ITERATIONS = 1000;
    private static final String ALICE = "alice:" + PasswordHash.hash("wonderland".toCharArray(), ITERATIONS);
    private static final String BOB = "bob:" + PasswordHash.hash("builder".toCharArray(), ITERATIONS);

    @TempDir
    Path dir;
    private Path file;
    private final MutableClock clock = new MutableClock();
    private final List<LogRecord> warnings = new ArrayList<>();
    private final Logger log = Logger.getLogger(UsersFileRealm.class.getName());
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                synchronized (warnings) {
                    warnings.add(r);
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void captureLog() {
        file = dir.resolve("users.txt");
        log.addHandler(capture);
    }

    @AfterEach
    void releaseLog() {
        log.removeHandler(capture);
    }

    private void write(String... lines) throws IOException {
        FileTime before = Files.exists(file) ? Files.getLastModifiedTime(file) : null;
        Files.write(file, List.of(lines), StandardCharsets.UTF_8);
        if (before != null) {
            // a new version even on a file system whose times are coarse
            Files.setLastModifiedTime(file, FileTime.fromMillis(before.toMillis() + 2000));
        }
    }

    @Test
    void aCertificatesUserIsLookedUpByNameWithItsRolesAndNoPassword() throws IOException {
        write(ALICE + ":admin,users", BOB);
        UsersFileRealm realm = open();
        // the handshake verified the chain; this realm reads only the name the servlet layer took from it
        java.security.cert.X509Certificate[] chain = new java.security.cert.X509Certificate[1];
        assertThat(realm.authenticateCertificate("alice", chain).roles()).isEqualTo(Set.of("admin", "users"));
        assertThat(realm.authenticateCertificate("bob", chain).name()).isEqualTo("bob");
        assertThat(realm.authenticateCertificate("Alice", chain)).as("names are case-sensitive").isNull();
        assertThat(realm.authenticateCertificate("carol", chain)).isNull();
        assertThat(realm.authenticateCertificate("alice", new java.security.cert.X509Certificate[0])).isNull();
        assertThat(realm.authenticateCertificate(null, chain)).isNull();

        write(BOB);
        clock.advance(Duration.ofSeconds(6));
        assertThat(realm.authenticateCertificate("alice", chain)).as("a changed file is read again").isNull();
    }

    private UsersFileRealm open() throws IOException {
        return UsersFileRealm.open(file, Duration.ofSeconds(5), clock);
    }

    @Test
    void readsNamesHashesAndRolesSkippingCommentsAndBlankLines() throws IOException {
        write("# users of the shop", "", "  " + ALICE + ":admin, users ,,  ", "\t# bob has no role", BOB,
                "carol:" + PasswordHash.hash("c:a:r".toCharArray(), ITERATIONS) + ":");
        UsersFileRealm realm = open();
        assertThat(realm.userNames()).containsExactly("alice", "bob", "carol");
        AuthenticatedUser alice = realm.authenticate("alice", "wonderland");
        assertThat(alice.name()).isEqualTo("alice");
        assertThat(alice.principal().getName()).isEqualTo("alice");
        assertThat(alice.roles()).isEqualTo(Set.of("admin", "users"));
        assertThat(realm.authenticate("bob", "builder").roles()).isEmpty();
        assertThat(realm.authenticate("carol", "c:a:r").roles()).isEmpty();
        assertThat(realm.authenticate("alice", "builder")).isNull();
        assertThat(realm.authenticate("Alice", "wonderland")).as("names are case-sensitive").isNull();
        assertThat(realm.authenticate("alice ", "wonderland")).isNull();
        assertThat(realm.authenticate("nobody", "wonderland")).isNull();
        assertThat(realm.authenticate(null, "wonderland")).isNull();
        assertThat(realm.authenticate("alice", null)).isNull();
        assertThat(realm.file()).isEqualTo(file);
    }

    @Test
    void aMistakeNamesTheFileAndLineAndNeverTheSecret() throws IOException {
        String hash = ALICE.substring("alice:".length());
        String[] p = hash.split(":");
        List<List<String>> cases = List.of(
                List.of("# plain text", "alice:hunter2:admin", "\"alice\" is not a pbkdf2-sha256 hash"),
                List.of(BOB, "alice:hunter2", "the password of \"alice\" is not a pbkdf2-sha256 hash (plain-text"
                        + " passwords are refused; make one with java -jar hawser.jar hash-password)"),
                List.of("", "hunter2", "not NAME:HASH[:ROLES]"),
                List.of("", ":" + hash, "the user name is empty"),
                List.of("", "alice:" + hash + ":admin:hunter2", "too many ':' fields after the hash of \"alice\""),
                List.of("", "alice:pbkdf2-sha256:12:" + p[2] + ":" + p[3], "the password hash of \"alice\": the iterations"
                        + " of a pbkdf2-sha256 hash must be in 1000..20000000: 12"),
                List.of("", "alice:pbkdf2-sha256:1000:hunter2!:" + p[3], "the salt of a pbkdf2-sha256 hash is not Base64"),
                List.of(ALICE, "alice:" + hash, "user \"alice\" again (first on line 1)"));
        for (List<String> c : cases) {
            write(c.get(0), c.get(1));
            assertThatThrownBy(this::open).as(c.get(1)).isInstanceOf(IllegalArgumentException.class)
                    .satisfies(e -> assertThat(e.getMessage()).startsWith(file + " line 2: ").contains(c.get(2))
                            .doesNotContain("hunter2").doesNotContain(p[2]).doesNotContain("\n"));
        }
    }

    @Test
    void aMissingOrUnreadableFileIsOneLineNamingIt() {
        assertThatThrownBy(this::open).isInstanceOf(IOException.class)
                .hasMessage("cannot read " + file + ": no such file");
        assertThatThrownBy(() -> UsersFileRealm.open(dir)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("cannot read " + dir + ": ")
                .satisfies(e -> assertThat(e.getMessage().substring(("cannot read " + dir).length()))
                        .as("the path once").doesNotContain(dir.toString()));
    }

    @Test
    void aRememberedPasswordStillAnswersOnlyThatPassword() throws IOException {
        write(ALICE + ":admin");
        UsersFileRealm realm = open();
        for (int i = 0; i < 3; i++) { // BASIC sends the same password with every request
            assertThat(realm.authenticate("alice", "wonderland").roles()).containsExactly("admin");
        }
        assertThat(realm.authenticate("alice", "wonderlan")).isNull();
        assertThat(realm.authenticate("alice", "")).isNull();
        assertThat(realm.authenticate("alice", "wonderland")).isNotNull();
    }

    @Test
    void aChangedFileIsReadAgainOnceTheCheckIntervalHasPassed() throws IOException {
        write(ALICE + ":admin");
        UsersFileRealm realm = open();
        write(BOB + ":admin", "alice:" + PasswordHash.hash("new".toCharArray(), ITERATIONS));
        clock.advance(Duration.ofSeconds(4));
        assertThat(realm.authenticate("bob", "builder")).as("not looked at yet").isNull();
        assertThat(realm.authenticate("alice", "wonderland")).isNotNull();
        clock.advance(Duration.ofSeconds(1));
        assertThat(realm.authenticate("bob", "builder").roles()).containsExactly("admin");
        assertThat(realm.authenticate("alice", "wonderland")).isNull();
        assertThat(realm.authenticate("alice", "new").roles()).isEmpty();
        assertThat(realm.userNames()).containsExactly("bob", "alice");
        assertThat(warnings).isEmpty();
    }

    @Test
    void aFailedReadKeepsTheUsersAndWarnsOncePerVersionOfTheFile() throws IOException {
        write(ALICE + ":admin");
        UsersFileRealm realm = open();
        write(ALICE + ":admin", "bob:hunter2");
        for (int i = 0; i < 3; i++) {
            clock.advance(Duration.ofSeconds(5));
            assertThat(realm.authenticate("alice", "wonderland").roles()).containsExactly("admin");
        }
        assertThat(warnings).hasSize(1);
        assertThat(message(warnings.get(0))).isEqualTo(file + " line 2: the password of \"bob\" is not a pbkdf2-sha256"
                + " hash (plain-text passwords are refused; make one with java -jar hawser.jar hash-password);"
                + " keeping the 1 users read before");

        Files.delete(file);
        clock.advance(Duration.ofSeconds(5));
        assertThat(realm.authenticate("alice", "wonderland")).isNotNull();
        clock.advance(Duration.ofSeconds(5));
        assertThat(realm.authenticate("alice", "wonderland")).isNotNull();
        assertThat(warnings).hasSize(2);
        assertThat(message(warnings.get(1))).isEqualTo("cannot read " + file + " (NoSuchFileException); keeping the 1"
                + " users read before");

        write(BOB);
        clock.advance(Duration.ofSeconds(5));
        assertThat(realm.authenticate("bob", "builder")).isNotNull();
        assertThat(realm.authenticate("alice", "wonderland")).isNull();
        assertThat(warnings).hasSize(2);
    }

    @Test
    void anUnknownNameCostsAHashComputationLikeAWrongPassword() throws IOException {
        int iterations = 200_000;
        write("alice:" + PasswordHash.hash("wonderland".toCharArray(), iterations));
        UsersFileRealm realm = UsersFileRealm.open(file, Duration.ofHours(1), clock);
        long[] best = {Long.MAX_VALUE, Long.MAX_VALUE};
        for (int i = 0; i < 8; i++) { // interleaved, so a neighbour's load weighs on both alike; the first is warm-up
            for (int which = 0; which < 2; which++) {
                long t = System.nanoTime();
                assertThat(realm.authenticate(which == 0 ? "alice" : "mallory", "guess")).isNull();
                long took = System.nanoTime() - t;
                if (i > 0) {
                    best[which] = Math.min(best[which], took);
                }
            }
        }
        // without the decoy an unknown name answers in microseconds, a thousandth of the time or less
        assertThat((double) best[1] / best[0]).as("unknown %d ns, wrong password %d ns", best[1], best[0])
                .isBetween(0.33, 3.0);
    }

    @Test
    void concurrentLoginsDuringReloadsAlwaysSeeOneWholeVersion() throws Exception {
        write(ALICE + ":v1");
        UsersFileRealm realm = UsersFileRealm.open(file, Duration.ZERO, clock);
        List<Throwable> failures = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            threads.add(new Thread(() -> {
                for (int i = 0; i < 200; i++) {
                    try {
                        AuthenticatedUser a = realm.authenticate("alice", "wonderland");
                        assertThat(a.roles()).hasSize(1).containsAnyOf("v1", "v2");
                    } catch (Throwable e) {
                        synchronized (failures) {
                            failures.add(e);
                        }
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        for (int i = 0; i < 20; i++) {
            // as the docs advise: write a new file beside it and rename it over the old one
            Path next = dir.resolve("users.txt.new");
            Files.write(next, List.of(ALICE + ":v" + (i % 2 + 1)), StandardCharsets.UTF_8);
            Files.setLastModifiedTime(next, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 2000));
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(failures).isEmpty();
    }

    private static String message(LogRecord r) {
        return new SimpleFormatter().formatMessage(r);
    }
}
