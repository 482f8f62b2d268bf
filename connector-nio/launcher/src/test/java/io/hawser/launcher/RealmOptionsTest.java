package io.hawser.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.security.PasswordHash;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --realm}, {@code --jaas-config}/{@code --jaas-entry} and {@code --confidential-port} as the launcher takes them. */
class RealmOptionsTest {
    private static final String HINT = "; hawser --help lists the options\n";
    @TempDir
    Path dir;

    private String missingWar() {
        return dir.resolve("missing.war").toString();
    }

    @Test
    void aBadCombinationOrPortIsABadCommandLineOfOneLine() throws IOException {
        Path users = Files.writeString(dir.resolve("users.txt"), "");
        String war = missingWar();
        String[][] cases = {
                {"hawser: --confidential-port must be in 0..65535: 70000", "--confidential-port", "70000", war},
                {"hawser: --confidential-port must be in 0..65535: -1", "--confidential-port", "-1", war},
                {"hawser: --realm and --jaas-config cannot be given together: the web apps have one realm", "--realm",
                        users.toString(), "--jaas-config", "jaas.conf", "--jaas-entry", "Shop", war},
                {"hawser: --jaas-config needs --jaas-entry NAME (the entry of the file to log in with)", "--jaas-config",
                        "jaas.conf", war},
                {"hawser: --jaas-entry needs --jaas-config FILE", "--jaas-entry", "Shop", war},
                {"hawser: --jaas-role-class needs --jaas-config FILE", "--jaas-role-class", "com.acme.Role", war},
                {"hawser: --jaas-user-class needs --jaas-config FILE", "--realm", users.toString(), "--jaas-user-class",
                        "com.acme.User", war},
                {"hawser: Missing required parameter: 'WAR_OR_DIR'", "--realm", users.toString()}};
        for (String[] c : cases) {
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            CommandRun run = CommandRun.run(args);
            assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
            assertThat(run.err).isEqualTo(c[0] + HINT);
            assertThat(run.out).isEmpty();
        }
        CommandRun word = CommandRun.run("--confidential-port", "https", war);
        assertThat(word.exitCode).isEqualTo(2);
        assertThat(word.err).isEqualTo("hawser: Invalid value for option '--confidential-port': 'https' is not an int"
                + HINT);
    }

    @Test
    void aUsersFileThatCannotBeReadIsExit1WithOneLineNamingIt() throws IOException {
        Path missing = dir.resolve("users.txt");
        CommandRun run = CommandRun.run("--realm", missing.toString(), missingWar());
        assertThat(run.exitCode).isEqualTo(1);
        assertThat(run.err).isEqualTo("hawser: --realm: cannot read " + missing + ": no such file\n");

        Files.writeString(missing, "# users\nalice:" + PasswordHash.hash("x".toCharArray(), 1000) + ":admin\n"
                + "bob:hunter2:admin\n");
        CommandRun plain = CommandRun.run("--realm", missing.toString(), missingWar());
        assertThat(plain.exitCode).isEqualTo(1);
        assertThat(plain.err).isEqualTo("hawser: --realm: " + missing + " line 3: the password of \"bob\" is not a"
                + " pbkdf2-sha256 hash (plain-text passwords are refused; make one with java -jar hawser.jar"
                + " hash-password)\n");
        assertThat(plain.out).isEmpty();
    }

    @Test
    void aGoodUsersFileIsReadBeforeTheWebAppsAreDeployed() throws IOException {
        Path users = Files.writeString(dir.resolve("users.txt"), "alice:" + PasswordHash.hash("x".toCharArray(), 1000)
                + ":admin\n");
        CommandRun run = CommandRun.run("--realm", users.toString(), "--confidential-port", "8443", missingWar());
        assertThat(run.exitCode).isEqualTo(1);
        assertThat(run.err).as("past the realm: the deployment is what fails").isEqualTo("hawser: cannot deploy "
                + missingWar() + ": no such file or directory\n");
    }

    @Test
    void aJaasConfigurationThatCannotBeUsedIsExit1WithOneLine() throws IOException {
        Path config = Files.writeString(dir.resolve("jaas.conf"), "Shop { com.sun.security.auth.module.UnixLoginModule"
                + " required; };\n");
        CommandRun noEntry = CommandRun.run("--jaas-config", config.toString(), "--jaas-entry", "Other", missingWar());
        assertThat(noEntry.exitCode).isEqualTo(1);
        assertThat(noEntry.err).isEqualTo("hawser: --jaas-config: the JAAS configuration " + config
                + " has no entry \"Other\"\n");

        CommandRun missing = CommandRun.run("--jaas-config", dir.resolve("none.conf").toString(), "--jaas-entry", "Shop",
                missingWar());
        assertThat(missing.exitCode).isEqualTo(1);
        assertThat(missing.err).isEqualTo("hawser: --jaas-config: cannot read the JAAS configuration "
                + dir.resolve("none.conf") + ": no such file\n");

        CommandRun good = CommandRun.run("--jaas-config", config.toString(), "--jaas-entry", "Shop",
                "--jaas-user-class", "com.sun.security.auth.UnixPrincipal", missingWar());
        assertThat(good.err).isEqualTo("hawser: cannot deploy " + missingWar() + ": no such file or directory\n");
    }

    @Test
    void helpListsTheRealmOptionsAndTheSubcommand() {
        CommandRun run = CommandRun.run("--help");
        assertThat(run.exitCode).isZero();
        assertThat(run.out).contains("--realm=FILE", "--jaas-config=FILE", "--jaas-entry=NAME", "--confidential-port=PORT",
                "--jaas-user-class=CLASS", "--jaas-role-class=CLASS", "hash-password");
        CommandRun sub = CommandRun.run("hash-password", "--help");
        assertThat(sub.exitCode).isZero();
        assertThat(sub.out).contains("--iterations=N", "--stdin", "Exit codes:");
    }
}
