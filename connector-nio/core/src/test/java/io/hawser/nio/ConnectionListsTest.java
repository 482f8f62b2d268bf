package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.ConnectorConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ConnectionListsTest {
    private static final long MS = 1_000_000;

    private final ConnectionLists lists = new ConnectionLists(ConnectorConfig.builder()
            .headersTimeout(Duration.ofMillis(500))
            .requestTimeout(Duration.ofMillis(2000))
            .keepAliveTimeout(Duration.ofMillis(3000))
            .writeTimeout(Duration.ofMillis(1000))
            .build());

    @Test
    void selectBlocksWithoutTimeoutWhenNoTimerIsPending() {
        lists.all.append(new ListNode(), 0);
        assertThat(lists.selectTimeoutMillis(0)).isZero();
    }

    @Test
    void selectTimeoutIsTheEarliestHeadRoundedUpToTheGranularity() {
        long now = 1_000 * MS;
        lists.idle.append(new ListNode(), now);
        lists.headers.append(new ListNode(), now + 3 * MS);
        // headers: deadline now + 503 ms, rounded up to 510 ms
        assertThat(lists.selectTimeoutMillis(now)).isEqualTo(510);
        assertThat(lists.selectTimeoutMillis(now + 500 * MS)).isEqualTo(10);
    }

    @Test
    void anOverdueTimerGivesTheShortestPositiveTimeout() {
        lists.writeStalled.append(new ListNode(), 0);
        assertThat(lists.selectTimeoutMillis(5_000 * MS)).isEqualTo(1);
    }

    @Test
    void removeFromAllUnlinksEveryList() {
        ListNode n = new ListNode();
        lists.all.append(n, 0);
        lists.headers.append(n, 0);
        lists.request.append(n, 0);
        lists.idle.append(n, 0);
        lists.writeStalled.append(n, 0);
        lists.removeFromAll(n);
        assertThat(lists.all.size() + lists.headers.size() + lists.request.size() + lists.idle.size()
                + lists.writeStalled.size()).isZero();
        for (int k = 0; k < ListNode.KINDS; k++) {
            assertThat(n.next(k)).isSameAs(n);
        }
        lists.removeFromAll(n);
        assertThat(lists.all.size()).isZero();
    }
}
