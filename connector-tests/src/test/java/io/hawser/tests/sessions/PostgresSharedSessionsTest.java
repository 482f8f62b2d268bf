package io.hawser.tests.sessions;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hawser.servlet.SessionDataStore;
import io.hawser.session.jdbc.JdbcSessionDataStore;
import io.hawser.session.jdbc.PostgresServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Two instances on a real PostgreSQL, a throwaway cluster started here. */
class PostgresSharedSessionsTest extends SharedSessionsTest {
    private static PostgresServer server;

    @BeforeAll
    static void startPostgres() throws Exception {
        String missing = PostgresServer.missing();
        assumeTrue(missing == null, () -> "PostgreSQL tests skipped: " + missing);
        server = PostgresServer.start();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Override
    SessionDataStore openStore() {
        return JdbcSessionDataStore.open(server.url(), Duration.ofSeconds(5));
    }

    @Override
    boolean holdsAnything(String sessionId) throws Exception {
        return JdbcRows.any(server.url(), sessionId);
    }
}
