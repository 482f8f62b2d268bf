package io.hawser.session.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hawser.servlet.SessionDataStore;
import io.hawser.servlet.SessionDataStoreContract;
import io.hawser.servlet.SessionDataStores;
import io.hawser.servlet.SessionStoreUnavailableException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SPI's contract on embedded H2, and what the JDBC store adds: schema, URL handling, restarts. */
class H2SessionDataStoreTest extends SessionDataStoreContract {
    private static final SessionDataStore STORE = SessionDataStores.open("jdbc:h2:mem:contract;DB_CLOSE_DELAY=-1",
            Duration.ofSeconds(5), H2SessionDataStoreTest.class.getClassLoader());

    @Override
    protected SessionDataStore store() {
        return STORE;
    }

    @AfterAll
    static void close() {
        STORE.close();
    }

    @Test
    void aFileDatabaseKeepsSessionsAcrossARestartAndCreatesItsTablesOnce(@TempDir Path dir) {
        String url = "jdbc:h2:file:" + dir.resolve("sessions");
        try (JdbcSessionDataStore first = JdbcSessionDataStore.open(url, Duration.ofSeconds(5))) {
            first.save(context, session("kept", NOW, "a:x", "1"), Set.of(), true);
        }
        assertThat(Files.exists(dir.resolve("sessions.mv.db"))).isTrue();
        try (JdbcSessionDataStore second = JdbcSessionDataStore.open(url, Duration.ofSeconds(5))) {
            assertThat(second.load(context, "kept", NOW).attributes()).containsKey("a:x");
        }
    }

    @Test
    void otherDatabasesAreRefusedByName() {
        assertThatThrownBy(() -> JdbcSessionDataStore.open("jdbc:mysql://db/app", Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("session store jdbc:mysql: is not supported: PostgreSQL (jdbc:postgresql:) and H2"
                        + " (jdbc:h2:) are");
    }

    @Test
    void anUnreachableDatabaseFailsWithinTheTimeoutNamingTheStoreWithoutItsPassword() {
        assertThatThrownBy(() -> JdbcSessionDataStore.open("jdbc:postgresql://127.0.0.1:1/app?password=secret",
                Duration.ofSeconds(1)))
                .isInstanceOf(SessionStoreUnavailableException.class)
                .hasMessageStartingWith("session store jdbc:postgresql://127.0.0.1:1/app:")
                .hasMessageNotContaining("secret");
    }
}
