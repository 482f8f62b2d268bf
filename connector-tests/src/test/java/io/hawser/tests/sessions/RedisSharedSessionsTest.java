package io.hawser.tests.sessions;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hawser.servlet.SessionDataStore;
import io.hawser.session.redis.RedisServer;
import io.hawser.session.redis.RedisSessionDataStore;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import redis.clients.jedis.RedisClient;

/** Two instances on a real Redis, a throwaway redis-server started here. */
class RedisSharedSessionsTest extends SharedSessionsTest {
    private static RedisServer server;

    @BeforeAll
    static void startRedis() throws Exception {
        String missing = RedisServer.missing();
        assumeTrue(missing == null, () -> "Redis tests skipped: " + missing);
        server = RedisServer.start();
    }

    @AfterAll
    static void stopRedis() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Override
    SessionDataStore openStore() {
        return RedisSessionDataStore.open(server.uri(), Duration.ofSeconds(5));
    }

    @Override
    boolean holdsAnything(String sessionId) {
        try (RedisClient redis = RedisClient.create(server.uri())) {
            return redis.exists("hawser:session:/app:" + sessionId);
        }
    }
}
