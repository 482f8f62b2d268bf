package io.hawser.session.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hawser.servlet.SessionData;
import io.hawser.servlet.SessionDataStore;
import io.hawser.servlet.SessionDataStoreContract;
import io.hawser.servlet.SessionDataStores;
import io.hawser.servlet.SessionStoreUnavailableException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.RedisClient;

/** The SPI's contract on a real Redis started by the test, and its TTL. */
class RedisSessionDataStoreTest extends SessionDataStoreContract {
    private static RedisServer server;
    private static SessionDataStore store;

    @BeforeAll
    static void start() throws Exception {
        String missing = RedisServer.missing();
        assumeTrue(missing == null, () -> "Redis tests skipped: " + missing);
        server = RedisServer.start();
        store = SessionDataStores.open(server.uri(), Duration.ofSeconds(2), RedisSessionDataStoreTest.class.getClassLoader());
    }

    @AfterAll
    static void stop() throws Exception {
        closeAll(store, server);
    }

    @Override
    protected SessionDataStore store() {
        return store;
    }

    @Override
    protected boolean expiresByItself() {
        return true;
    }

    @Test
    void redisExpiresTheKeyAfterTheIntervalAndEachSaveRenewsIt() {
        store.save(context, new SessionData("ttl", NOW, NOW, 90, Map.of()), Set.of(), true);
        try (RedisClient redis = RedisClient.create(server.uri())) {
            String key = "hawser:session:" + context + ":ttl";
            long ttl = redis.pttl(key);
            assertThat(ttl).isBetween(80_000L, 90_000L);
            store.save(context, new SessionData("ttl", NOW, NOW, -1, Map.of()), Set.of(), false);
            assertThat(redis.pttl(key)).isEqualTo(-1L);
        }
    }

    @Test
    void anUnreachableRedisFailsWithinTheTimeoutWithoutThePassword() {
        assertThatThrownBy(() -> RedisSessionDataStore.open("redis://:secret@127.0.0.1:1", Duration.ofMillis(500)))
                .isInstanceOf(SessionStoreUnavailableException.class)
                .hasMessageStartingWith("session store redis://127.0.0.1:1")
                .hasMessageNotContaining("secret");
    }
}
