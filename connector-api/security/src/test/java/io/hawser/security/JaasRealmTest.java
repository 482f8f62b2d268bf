package io.hawser.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Principal;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JaasRealmTest {
    @TempDir
    Path dir;
    private Path config;

    @BeforeEach
    void writeConfig() throws IOException {
        config = dir.resolve("jaas.conf");
        Files.writeString(config, """
                /* the shop's users */
                Shop {
                  io.hawser.security.TestLoginModule required
                    alice="wonderland|admin,users"
                    bob="builder";
                };
                Broken {
                  io.hawser.security.TestLoginModule required explode="true";
                };
                Missing {
                  com.example.NoSuchLoginModule required;
                };
                """, StandardCharsets.UTF_8);
    }

    @Test
    void aSuccessfulLoginGivesTheUserPrincipalAndTheRoles() throws IOException {
        JaasRealm realm = JaasRealm.open(config, "Shop");
        AuthenticatedUser alice = realm.authenticate("alice", "wonderland");
        assertThat(alice.principal()).isEqualTo(new TestLoginModule.User("alice"));
        assertThat(alice.name()).isEqualTo("alice");
        assertThat(alice.roles()).isEqualTo(Set.of("admin", "users"));
        assertThat(realm.authenticate("bob", "builder").roles()).isEmpty();
        assertThat(realm.entry()).isEqualTo("Shop");
        assertThat(System.getProperty("java.security.auth.login.config")).as("no global setting").isNull();
    }

    @Test
    void aWrongPasswordOrUnknownUserIsNull() throws IOException {
        JaasRealm realm = JaasRealm.open(config, "Shop");
        assertThat(realm.authenticate("alice", "builder")).isNull();
        assertThat(realm.authenticate("alice", "")).isNull();
        assertThat(realm.authenticate("mallory", "wonderland")).isNull();
        assertThat(realm.authenticate(null, "wonderland")).isNull();
        assertThat(realm.authenticate("alice", null)).isNull();
    }

    @Test
    void principalClassesAreChosenByNameIncludingInterfaces() throws IOException {
        JaasRealm groups = JaasRealm.open(config, "Shop", List.of(TestLoginModule.User.class.getName()),
                List.of(TestLoginModule.Group.class.getName()));
        AuthenticatedUser alice = groups.authenticate("alice", "wonderland");
        assertThat(alice.principal()).isEqualTo(new TestLoginModule.User("alice"));
        // the RolePrincipals are neither user nor role now
        assertThat(alice.roles()).isEqualTo(Set.of("group-admin", "group-users"));

        JaasRealm anyPrincipalIsARole = JaasRealm.open(config, "Shop", List.of(TestLoginModule.User.class.getName()),
                List.of(java.io.Serializable.class.getName()));
        assertThat(anyPrincipalIsARole.authenticate("alice", "wonderland").roles())
                .as("a principal of a user class and of a role class is both, as in Tomcat")
                .containsExactlyInAnyOrder("alice", "admin", "users", "group-admin", "group-users");

        JaasRealm noUser = JaasRealm.open(config, "Shop", List.of(Principal.class.getName() + "Nothing"),
                JaasRealm.DEFAULT_ROLE_CLASS_NAMES);
        assertThatThrownBy(() -> noUser.authenticate("alice", "wonderland"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("JAAS entry Shop: the login succeeded but no principal is the user")
                .hasMessageContaining(TestLoginModule.User.class.getName())
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("wonderland"));
    }

    @Test
    void aModuleThatFailsOrCannotBeLoadedIsAFailedLoginAsLoginContextReportsIt() throws IOException {
        assertThat(JaasRealm.open(config, "Broken").authenticate("alice", "wonderland")).isNull();
        assertThat(JaasRealm.open(config, "Missing").authenticate("alice", "wonderland")).isNull();
    }

    @Test
    void theContextClassLoaderIsRestored() throws IOException {
        JaasRealm realm = JaasRealm.open(config, "Shop");
        // a loader that cannot see the test module: were it asked, the login would fail
        ClassLoader mine = new ClassLoader(null) { };
        Thread.currentThread().setContextClassLoader(mine);
        try {
            assertThat(realm.authenticate("alice", "wonderland")).as("modules come from the realm's loader").isNotNull();
            assertThat(Thread.currentThread().getContextClassLoader()).isSameAs(mine);
        } finally {
            Thread.currentThread().setContextClassLoader(getClass().getClassLoader());
        }
    }

    @Test
    void aMissingFileOrEntryOrABrokenFileFailsWhenOpened() throws IOException {
        assertThatThrownBy(() -> JaasRealm.open(dir.resolve("none.conf"), "Shop")).isInstanceOf(IOException.class)
                .hasMessage("cannot read the JAAS configuration " + dir.resolve("none.conf") + ": no such file");
        assertThatThrownBy(() -> JaasRealm.open(config, "Other")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the JAAS configuration " + config + " has no entry \"Other\"");
        Path broken = Files.writeString(dir.resolve("broken.conf"), "Shop { io.hawser.security.TestLoginModule"
                + " sometimes; };");
        assertThatThrownBy(() -> JaasRealm.open(broken, "Shop")).isInstanceOf(IOException.class)
                .hasMessageStartingWith("cannot read the JAAS configuration " + broken + ": ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
