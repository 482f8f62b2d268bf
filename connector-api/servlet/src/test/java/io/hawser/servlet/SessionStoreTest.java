package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import jakarta.servlet.http.HttpSessionAttributeListener;
import jakarta.servlet.http.HttpSessionBindingEvent;
import jakarta.servlet.http.HttpSessionBindingListener;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpSessionIdListener;
import jakarta.servlet.http.HttpSessionListener;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mockito.InOrder;

/** In-memory sessions and their expiry, with a fake clock (no sleeps). */
class SessionStoreTest {
    private final FakeClock clock = new FakeClock();
    private final WebApp app = WebApp.create("/c", null, null, clock);
    private final SessionStore store = app.sessions();
    private final HttpSessionListener sessions = mock(HttpSessionListener.class);

    SessionStoreTest() {
        store.setDefaultInterval(60);
        app.listeners().add(sessions);
    }

    @Test
    void createsSessionsWith144RandomBitsAndTellsListeners() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            Session s = store.create();
            assertThat(s.getId()).hasSize(24).matches("[A-Za-z0-9_-]+");
            ids.add(s.getId());
        }
        assertThat(ids).hasSize(1000);
        verify(sessions, org.mockito.Mockito.times(1000)).sessionCreated(any(HttpSessionEvent.class));
        assertThat(store.size()).isEqualTo(1000);
    }

    @Test
    void sweepExpiresFromTheHeadAndStopsAtTheFirstLiveSession() {
        Session a = store.create();
        clock.advanceSeconds(10);
        Session b = store.create();
        clock.advanceSeconds(10);
        Session c = store.create();
        clock.advanceSeconds(45); // a: 65 s idle, b: 55 s, c: 45 s
        assertThat(store.sweep()).isEqualTo(1);
        assertThat(a.isValid()).isFalse();
        assertThat(b.isValid()).isTrue();
        assertThat(c.isValid()).isTrue();
        verify(sessions).sessionDestroyed(argThat(e -> e.getSession() == a));
        assertThat(store.sweep()).isZero();
    }

    @Test
    void anAccessMovesTheSessionToTheTail() {
        Session a = store.create();
        clock.advanceSeconds(10);
        Session b = store.create();
        clock.advanceSeconds(40);
        store.access(a); // a is now the most recent
        clock.advanceSeconds(15); // b: 55 s idle, a: 15 s
        assertThat(store.sweep()).isZero();
        clock.advanceSeconds(10); // b: 65 s, a: 25 s
        assertThat(store.sweep()).isEqualTo(1);
        assertThat(b.isValid()).isFalse();
        assertThat(a.isValid()).isTrue();
        assertThat(a.getLastAccessedTime()).isGreaterThan(a.getCreationTime());
        assertThat(a.isNew()).isFalse();
    }

    @Test
    void eachIntervalHasItsOwnListSoShortIntervalsExpireFirst() {
        Session longLived = store.create();
        Session shortLived = store.create();
        shortLived.setMaxInactiveInterval(5);
        Session forever = store.create();
        forever.setMaxInactiveInterval(0);
        clock.advanceSeconds(6);
        assertThat(store.sweep()).isEqualTo(1);
        assertThat(shortLived.isValid()).isFalse();
        assertThat(longLived.isValid()).isTrue();
        clock.advanceSeconds(100_000);
        assertThat(store.sweep()).isEqualTo(1);
        assertThat(forever.isValid()).isTrue();
    }

    @Test
    void anExpiredSessionIsNeverFoundEvenBeforeTheSweep() {
        Session s = store.create();
        assertThat(store.find(s.getId())).isSameAs(s);
        clock.advanceSeconds(61);
        assertThat(store.find(s.getId())).isNull();
        assertThat(s.isValid()).isFalse();
    }

    @Test
    void invalidateUnbindsAttributesAfterSessionDestroyedAndFailsLaterUse() {
        HttpSessionAttributeListener attributes = mock(HttpSessionAttributeListener.class);
        app.listeners().add(attributes);
        HttpSessionBindingListener value = mock(HttpSessionBindingListener.class);
        Session s = store.create();
        s.setAttribute("v", value);
        verify(value).valueBound(any(HttpSessionBindingEvent.class));
        verify(attributes).attributeAdded(argThat(e -> e.getName().equals("v")));
        s.setAttribute("w", "1");
        s.setAttribute("w", "2");
        verify(attributes).attributeReplaced(argThat(e -> e.getName().equals("w") && e.getValue().equals("1")));
        s.invalidate();
        InOrder order = inOrder(sessions, value, attributes);
        order.verify(sessions).sessionDestroyed(any());
        order.verify(value).valueUnbound(any(HttpSessionBindingEvent.class));
        verify(attributes).attributeRemoved(argThat(e -> e.getName().equals("v")));
        assertThatThrownBy(() -> s.getAttribute("w")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(s::invalidate).isInstanceOf(IllegalStateException.class);
        assertThat(store.find(s.getId())).isNull();
    }

    @Test
    void changeIdKeepsTheSessionUnderANewIdAndTellsIdListeners() {
        HttpSessionIdListener idListener = mock(HttpSessionIdListener.class);
        app.listeners().add(idListener);
        Session s = store.create();
        String old = s.getId();
        String fresh = store.changeId(s);
        assertThat(fresh).isNotEqualTo(old).isEqualTo(s.getId());
        assertThat(store.find(old)).isNull();
        assertThat(store.find(fresh)).isSameAs(s);
        verify(idListener).sessionIdChanged(argThat(e -> e.getSession() == s), eq(old));
        verify(sessions, never()).sessionDestroyed(any());
    }

    @Test
    void invalidateAllEndsEverySession() {
        store.create();
        store.create();
        store.invalidateAll();
        assertThat(store.size()).isZero();
        verify(sessions, org.mockito.Mockito.times(2)).sessionDestroyed(any());
    }
}
