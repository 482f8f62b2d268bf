package io.hawser.nio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeoutListTest {
    private static final long TIMEOUT = 1_000;

    private final TimeoutList list = new TimeoutList(ConnectionLists.HEADERS, TIMEOUT);
    private final TimeoutList other = new TimeoutList(ConnectionLists.IDLE, TIMEOUT);
    private final List<ListNode> expired = new ArrayList<>();

    private static List<ListNode> order(TimeoutList list) {
        List<ListNode> nodes = new ArrayList<>();
        ListNode first = list.first();
        if (first == null) {
            return nodes;
        }
        for (ListNode n = first; nodes.size() < list.size(); n = n.next(ConnectionLists.HEADERS)) {
            nodes.add(n);
        }
        return nodes;
    }

    @Test
    void aNewNodeIsInNoListAndPointsAtItself() {
        ListNode n = new ListNode();
        for (int k = 0; k < ListNode.KINDS; k++) {
            assertThat(n.next(k)).isSameAs(n);
            assertThat(n.prev(k)).isSameAs(n);
        }
        assertThat(list.contains(n)).isFalse();
        assertThat(list.first()).isNull();
        assertThat(list.nextDeadline()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void appendKeepsEntryOrder() {
        ListNode a = new ListNode();
        ListNode b = new ListNode();
        ListNode c = new ListNode();
        list.append(a, 10);
        list.append(b, 20);
        list.append(c, 30);
        assertThat(order(list)).containsExactly(a, b, c);
        assertThat(list.size()).isEqualTo(3);
        assertThat(list.nextDeadline()).isEqualTo(10 + TIMEOUT);
    }

    @Test
    void hasExpiredAgreesWithWhatExpireWouldTake() {
        assertThat(list.hasExpired(Long.MAX_VALUE)).isFalse();
        ListNode a = new ListNode();
        list.append(a, 10);
        assertThat(list.hasExpired(10 + TIMEOUT - 1)).isFalse();
        assertThat(list.expire(10 + TIMEOUT - 1, expired::add)).isZero();
        assertThat(list.hasExpired(10 + TIMEOUT)).isTrue();
        assertThat(list.expire(10 + TIMEOUT, expired::add)).isEqualTo(1);
        assertThat(list.hasExpired(Long.MAX_VALUE)).isFalse();
        TimeoutList never = new TimeoutList(ConnectionLists.ALL, Long.MAX_VALUE);
        never.append(new ListNode(), 0);
        assertThat(never.hasExpired(Long.MAX_VALUE)).isFalse();
    }

    @Test
    void removeIsIdempotentAndUnlinksToSelf() {
        ListNode a = new ListNode();
        ListNode b = new ListNode();
        list.append(a, 1);
        list.append(b, 2);
        assertThat(list.remove(a)).isTrue();
        assertThat(list.remove(a)).isFalse();
        assertThat(a.next(ConnectionLists.HEADERS)).isSameAs(a);
        assertThat(order(list)).containsExactly(b);
        assertThat(list.size()).isEqualTo(1);
        assertThat(list.remove(b)).isTrue();
        assertThat(list.first()).isNull();
        assertThat(list.size()).isZero();
    }

    @Test
    void appendingAListedNodeMovesItToTheTailAndRestartsItsTimeout() {
        ListNode a = new ListNode();
        ListNode b = new ListNode();
        list.append(a, 0);
        list.append(b, 100);
        list.append(a, 500);
        assertThat(order(list)).containsExactly(b, a);
        assertThat(list.size()).isEqualTo(2);
        assertThat(list.nextDeadline()).isEqualTo(100 + TIMEOUT);
        list.expire(1_100, expired::add);
        assertThat(expired).containsExactly(b);
        assertThat(order(list)).containsExactly(a);
    }

    @Test
    void listsOfDifferentKindsAreIndependent() {
        ListNode a = new ListNode();
        list.append(a, 0);
        other.append(a, 5);
        list.remove(a);
        assertThat(list.contains(a)).isFalse();
        assertThat(other.contains(a)).isTrue();
        assertThat(other.first()).isSameAs(a);
    }

    @Test
    void expiryStopsAtTheFirstLiveNode() {
        ListNode[] nodes = new ListNode[5];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = new ListNode();
            list.append(nodes[i], i * 100L);
        }
        assertThat(list.expire(TIMEOUT - 1, expired::add)).isZero();
        assertThat(list.expire(TIMEOUT + 250, expired::add)).isEqualTo(3);
        assertThat(expired).containsExactly(nodes[0], nodes[1], nodes[2]);
        assertThat(order(list)).containsExactly(nodes[3], nodes[4]);
        for (ListNode n : expired) {
            assertThat(list.contains(n)).isFalse();
        }
    }

    @Test
    void expiryIsExactAtTheDeadline() {
        ListNode a = new ListNode();
        list.append(a, 7);
        assertThat(list.expire(7 + TIMEOUT - 1, expired::add)).isZero();
        assertThat(list.expire(7 + TIMEOUT, expired::add)).isEqualTo(1);
    }

    @Test
    void anExpiryCallbackMayRemoveOrAppendOtherNodes() {
        ListNode a = new ListNode();
        ListNode b = new ListNode();
        list.append(a, 0);
        list.append(b, 1);
        list.expire(TIMEOUT + 1, n -> {
            expired.add(n);
            list.remove(b);
        });
        assertThat(expired).containsExactly(a);
        assertThat(list.size()).isZero();
    }

    @Test
    void aListWithoutTimeoutNeverExpires() {
        TimeoutList all = new TimeoutList(ConnectionLists.ALL, Long.MAX_VALUE);
        ListNode a = new ListNode();
        all.append(a, 0);
        assertThat(all.expire(Long.MAX_VALUE / 2, expired::add)).isZero();
        assertThat(all.nextDeadline()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void rejectsAnUnknownKind() {
        assertThatThrownBy(() -> new TimeoutList(ListNode.KINDS, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
