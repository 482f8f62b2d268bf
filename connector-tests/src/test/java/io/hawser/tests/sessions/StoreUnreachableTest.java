package io.hawser.tests.sessions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hawser.servlet.SessionPersistence;
import io.hawser.session.jdbc.JdbcSessionDataStore;
import io.hawser.session.jdbc.PostgresServer;
import io.hawser.session.redis.RedisServer;
import io.hawser.session.redis.RedisSessionDataStore;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The store goes away under a running instance: requests that do not use their session are served,
 * those that do get 503 once the call timeout has passed (never a hang), or, with the fallback on,
 * keep their session in the instance's memory.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StoreUnreachableTest {
    private static final Duration CALL_TIMEOUT = Duration.ofMillis(500);

    private static void assertSessionRequestsGet503(ClusterNode node, String id) throws Exception {
        assertThat(node.get("plain", null).status()).isEqualTo(200);
        ClusterNode.Answer read = node.get("get", id);
        assertThat(read.status()).as(read.body()).isEqualTo(503);
        assertThat(node.get("set?k=new", null).status()).isEqualTo(503);
        assertThat(node.get("plain", id).status()).as("the cookie alone does not touch the store").isEqualTo(200);
    }

    @Test
    void redisGoneMeans503ForSessionRequestsOnly() throws Exception {
        assumeTrue(RedisServer.missing() == null, () -> "Redis test skipped: " + RedisServer.missing());
        RedisServer redis = RedisServer.start();
        try (ClusterNode node = new ClusterNode(RedisSessionDataStore.open(redis.uri(), CALL_TIMEOUT), CALL_TIMEOUT)) {
            String id = node.get("set?k=v", null).cookie();
            redis.close();
            assertSessionRequestsGet503(node, id);
        } finally {
            redis.close();
        }
    }

    @Test
    void postgresGoneMeans503ForSessionRequestsOnly() throws Exception {
        assumeTrue(PostgresServer.missing() == null, () -> "PostgreSQL test skipped: " + PostgresServer.missing());
        PostgresServer pg = PostgresServer.start();
        boolean stopped = false;
        try (ClusterNode node = new ClusterNode(JdbcSessionDataStore.open(pg.url(), CALL_TIMEOUT), CALL_TIMEOUT)) {
            String id = node.get("set?k=v", null).cookie();
            pg.close();
            stopped = true;
            assertSessionRequestsGet503(node, id);
        } finally {
            if (!stopped) {
                pg.close();
            }
        }
    }

    @Test
    void withTheFallbackSessionsLiveOnInMemory() throws Exception {
        assumeTrue(RedisServer.missing() == null, () -> "Redis test skipped: " + RedisServer.missing());
        RedisServer redis = RedisServer.start();
        try (ClusterNode node = new ClusterNode(SessionPersistence.of(RedisSessionDataStore.open(redis.uri(),
                CALL_TIMEOUT)).withCallTimeout(CALL_TIMEOUT).withFallBackToMemory(true))) {
            redis.close();
            ClusterNode.Answer set = node.get("set?k=kept", null);
            assertThat(set.status()).isEqualTo(200);
            assertThat(node.get("get", set.cookie()).body()).isEqualTo("k=kept");
        } finally {
            redis.close();
        }
    }
}
