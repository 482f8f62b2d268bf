package io.hawser.session.jdbc;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hawser.servlet.SessionDataStore;
import io.hawser.servlet.SessionDataStoreContract;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The SPI's contract on a real PostgreSQL, a throwaway cluster started by the test. */
class PostgresSessionDataStoreTest extends SessionDataStoreContract {
    private static PostgresServer server;
    private static JdbcSessionDataStore store;

    @BeforeAll
    static void start() throws Exception {
        String missing = PostgresServer.missing();
        assumeTrue(missing == null, () -> "PostgreSQL tests skipped: " + missing);
        server = PostgresServer.start();
        store = JdbcSessionDataStore.open(server.url(), Duration.ofSeconds(5));
    }

    @AfterAll
    static void stop() throws Exception {
        closeAll(store, server);
    }

    @Override
    protected SessionDataStore store() {
        return store;
    }
}
