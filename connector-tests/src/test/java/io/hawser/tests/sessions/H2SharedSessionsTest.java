package io.hawser.tests.sessions;

import io.hawser.servlet.SessionDataStore;
import io.hawser.session.jdbc.JdbcSessionDataStore;
import java.time.Duration;
import java.util.UUID;

/** Two instances on one embedded H2 database (in memory, shared by this JVM). */
class H2SharedSessionsTest extends SharedSessionsTest {
    private final String url = "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

    @Override
    SessionDataStore openStore() {
        return JdbcSessionDataStore.open(url, Duration.ofSeconds(5));
    }

    @Override
    boolean holdsAnything(String sessionId) throws Exception {
        return JdbcRows.any(url, sessionId);
    }
}
