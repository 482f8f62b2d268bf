package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The intrusive list: links in the session, self-pointing when unlinked, O(1) moves. */
class SessionListTest {
    private final SessionStore store = WebApp.create("", null, null, new FakeClock()).sessions();
    private final SessionList list = new SessionList(10);

    private Session session(String id) {
        Session s = new Session(store, id, 0, 10);
        assertThat(s.next).isSameAs(s);
        assertThat(s.prev).isSameAs(s);
        return s;
    }

    private List<Session> order() {
        List<Session> out = new ArrayList<>();
        for (Session s = list.first(); s != null; s = s.next) {
            out.add(s);
        }
        return out;
    }

    @Test
    void appendKeepsAccessOrderAndAppendingAgainMovesToTheTail() {
        Session a = session("a");
        Session b = session("b");
        Session c = session("c");
        list.append(a, 1);
        list.append(b, 2);
        list.append(c, 3);
        assertThat(order()).containsExactly(a, b, c);
        list.append(a, 4);
        assertThat(order()).containsExactly(b, c, a);
        assertThat(list.size()).isEqualTo(3);
    }

    @Test
    void removeIsIdempotentAndUnlinksToSelf() {
        Session a = session("a");
        Session b = session("b");
        list.append(a, 1);
        list.append(b, 2);
        assertThat(list.remove(a)).isTrue();
        assertThat(list.remove(a)).isFalse();
        assertThat(a.next).isSameAs(a);
        assertThat(a.prev).isSameAs(a);
        assertThat(order()).containsExactly(b);
    }

    @Test
    void expireWalksFromTheHeadAndStopsAtTheFirstLive() {
        Session a = session("a");
        Session b = session("b");
        Session c = session("c");
        long s = 1_000_000_000L;
        list.append(a, 0);
        list.append(b, 5 * s);
        list.append(c, 20 * s);
        List<Session> expired = new ArrayList<>();
        list.expire(16 * s, expired::add);
        assertThat(expired).containsExactly(a, b);
        assertThat(order()).containsExactly(c);
    }
}
