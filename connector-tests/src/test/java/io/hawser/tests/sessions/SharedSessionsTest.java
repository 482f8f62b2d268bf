package io.hawser.tests.sessions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.servlet.SessionDataStore;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two Hawser instances on one session store, each on its own port, as behind a load balancer: what
 * one writes the other reads, expiry, id rotation and concurrent writes. Each store runs it
 * (H2, PostgreSQL, Redis subclasses).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
abstract class SharedSessionsTest {
    ClusterNode a;
    ClusterNode b;

    /** @return a new store object on the shared database or Redis (each instance has its own) */
    abstract SessionDataStore openStore();

    /** @return whether the store still holds anything under this id, expired or not (raw storage) */
    abstract boolean holdsAnything(String sessionId) throws Exception;

    @BeforeEach
    void startTwoInstances() throws Exception {
        a = new ClusterNode(openStore(), Duration.ofSeconds(5));
        b = new ClusterNode(openStore(), Duration.ofSeconds(5));
        assertThat(a.port()).isNotEqualTo(b.port());
    }

    @AfterEach
    void stopThem() throws Exception {
        if (a != null) {
            a.close();
        }
        if (b != null) {
            b.close();
        }
    }

    @Test
    void aSessionWrittenByOneInstanceIsReadByTheOther() throws Exception {
        ClusterNode.Answer set = a.get("set?cart=tea", null);
        assertThat(set.status()).isEqualTo(200);
        String id = set.cookie();
        assertThat(id).hasSize(24);

        assertThat(b.get("get", id).body()).isEqualTo("cart=tea");
        assertThat(b.get("set?cart=coffee", id).cookie()).as("the other instance accepts the cookie as it is").isNull();
        assertThat(a.get("get", id).body()).isEqualTo("cart=coffee");
        assertThat(b.get("get", "unknown-id-000000000000").body()).isEqualTo("no session");
    }

    @Test
    void invalidateOnOneInstanceEndsTheSessionOnBoth() throws Exception {
        String id = a.get("set?k=v", null).cookie();
        assertThat(b.get("invalidate", id).body()).isEqualTo("invalidated");
        assertThat(a.get("get", id).body()).isEqualTo("no session");
        assertThat(holdsAnything(id)).isFalse();
    }

    @Test
    void expiryRemovesTheSessionOnEveryInstanceAndFromTheStore() throws Exception {
        String id = a.get("set?k=v&timeout=1", null).cookie();
        assertThat(b.get("get", id).body()).isEqualTo("k=v");
        // The store removes it (the indexed expiry scan of one instance, or Redis's TTL): no instance scans all.
        // Watched in the store itself: a request naming the session would count as an access and keep it alive.
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100)).until(() -> !holdsAnything(id));
        assertThat(a.get("get", id).body()).isEqualTo("no session");
        assertThat(b.get("get", id).body()).isEqualTo("no session");
    }

    @Test
    void idRotationIsAtomicAcrossInstances() throws Exception {
        String old = a.get("set?user=alice", null).cookie();
        ClusterNode.Answer rotated = b.get("rotate", old);
        String fresh = rotated.body();
        assertThat(rotated.cookie()).isEqualTo(fresh).isNotEqualTo(old);
        assertThat(a.get("get", old).body()).isEqualTo("no session");
        assertThat(a.get("get", fresh).body()).isEqualTo("user=alice");
        assertThat(a.get("rotate", old).status()).as("the old id cannot be rotated again").isNotEqualTo(200);
    }

    @Test
    void concurrentRequestsOnTwoInstancesKeepTheLastWritePerAttribute() throws Exception {
        String id = a.get("set?x=0&y=0&z=0", null).cookie();
        String key = "hold-" + id;
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        SessionServlet.LATCHES.put(key + "-entered", entered);
        SessionServlet.LATCHES.put(key + "-release", release);
        try {
            CompletableFuture<ClusterNode.Answer> slow = a.send("set?x=a&z=a&hold=" + key, id);
            assertThat(entered.await(20, TimeUnit.SECONDS)).isTrue();
            assertThat(b.get("set?y=b&z=b", id).status()).isEqualTo(200); // ends first
            release.countDown();
            assertThat(slow.get(20, TimeUnit.SECONDS).status()).isEqualTo(200); // ends last
        } finally {
            release.countDown();
            SessionServlet.LATCHES.remove(key + "-entered");
            SessionServlet.LATCHES.remove(key + "-release");
        }
        // x: only A wrote it; y: only B; z: both, A's write came last.
        assertThat(b.get("get", id).body()).isEqualTo("x=a,y=b,z=a");
    }

    @Test
    void requestsThatDoNotUseTheSessionNeverTouchTheStore() throws Exception {
        assertThat(a.get("plain", null).body()).isEqualTo("no session needed");
        assertThat(a.get("plain", null).cookie()).isNull();
    }
}
