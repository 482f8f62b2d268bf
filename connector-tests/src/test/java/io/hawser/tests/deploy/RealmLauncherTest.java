package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.security.PasswordHash;
import io.hawser.security.UsersFileRealm;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's realm options as a user runs them: {@code hash-password} makes the hash of a users
 * file line, {@code --realm FILE} reads the file before deploying (or refuses with one line and exit
 * 1, the port never opened). The users file is written here, from hashes made here: no password
 * is committed.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RealmLauncherTest {
    @TempDir
    Path work;

    /** @return the hash {@code hawser hash-password --stdin} prints for {@code password} */
    private String hashPassword(String password) throws Exception {
        try (LauncherProcess hawser = new LauncherProcess(work, "hash-password", "--stdin", "--iterations", "1000")) {
            try (OutputStream stdin = hawser.process.getOutputStream()) {
                stdin.write((password + "\n").getBytes(StandardCharsets.UTF_8));
            }
            String hash = hawser.nextLine();
            assertThat(hawser.exitCode()).as(hawser.stderr()).isZero();
            assertThat(hawser.remainingLines()).isEmpty();
            assertThat(hawser.stderr()).isEqualTo("hawser hash-password: a users file line (--realm FILE) is"
                    + " NAME:HASH[:ROLE,ROLE...]\n");
            return hash;
        }
    }

    @Test
    void hashPasswordPrintsAHashTheUsersFileAccepts() throws Exception {
        String hash = hashPassword("correct horse battery");
        assertThat(hash).startsWith("pbkdf2-sha256:1000:").doesNotContain("horse");
        assertThat(PasswordHash.verify(hash, "correct horse battery")).isTrue();
        assertThat(PasswordHash.verify(hash, "correct horse")).isFalse();

        Path users = Files.writeString(work.resolve("users.txt"), "# written by the test\nalice:" + hash + ":admin\n");
        UsersFileRealm realm = UsersFileRealm.open(users);
        assertThat(realm.authenticate("alice", "correct horse battery").roles()).containsExactly("admin");

        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "0", "--realm", users.toString(),
                "--confidential-port", "8443", SampleWars.war("hello").toString(), SampleWars.war("echo").toString())) {
            int port = LauncherProcess.port(hawser.nextLine());
            assertThat(hawser.nextLine()).isEqualTo("http://127.0.0.1:" + port + "/hello/  " + SampleWars.war("hello"));
            assertThat(hawser.nextLine()).isEqualTo("http://127.0.0.1:" + port + "/echo/  " + SampleWars.war("echo"));
            assertThat(RawRequest.status(RawRequest.get(port, "/hello/"))).isEqualTo(200);
        }
    }

    @Test
    void aUsersFileThatCannotBeReadIsOneLineAndExit1AndThePortIsNeverOpened() throws Exception {
        Path users = work.resolve("users.txt");
        for (String content : new String[] {null, "alice:hunter2:admin\n"}) {
            if (content != null) {
                Files.writeString(users, content);
            }
            int port = LauncherProcess.freePort();
            try (LauncherProcess hawser = new LauncherProcess(work, "--port", String.valueOf(port), "--realm",
                    users.toString(), SampleWars.war("hello").toString())) {
                assertThat(hawser.exitCode()).isEqualTo(1);
                assertThat(hawser.stderr()).isEqualTo(content == null
                        ? "hawser: --realm: cannot read " + users + ": no such file\n"
                        : "hawser: --realm: " + users + " line 1: the password of \"alice\" is not a pbkdf2-sha256"
                                + " hash (plain-text passwords are refused; make one with java -jar hawser.jar"
                                + " hash-password)\n");
                assertThat(hawser.remainingLines()).isEmpty();
            }
            assertThat(LauncherProcess.canConnect(port)).as("port " + port + " was never opened").isFalse();
        }
    }
}
