package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import jakarta.servlet.http.HttpSessionActivationListener;
import jakarta.servlet.http.HttpSessionBindingEvent;
import jakarta.servlet.http.HttpSessionBindingListener;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpSessionListener;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Sessions in a {@link SessionDataStore}: two web apps on one {@link MemorySessionDataStore} stand for two
 * Hawser instances; a fake clock drives expiry (no sleeps).
 */
class PersistentSessionsTest {
    private final FakeClock clock = new FakeClock();
    private final MemorySessionDataStore data = new MemorySessionDataStore();
    private final WebApp a = WebApp.create("/c", null, null, clock);
    private final WebApp b = WebApp.create("/c", null, null, clock);
    private final HttpSessionListener listenerB = mock(HttpSessionListener.class);

    PersistentSessionsTest() {
        a.setSessionPersistence(SessionPersistence.of(data));
        b.setSessionPersistence(SessionPersistence.of(data));
        a.setSessionTimeoutMinutes(1);
        b.setSessionTimeoutMinutes(1);
        b.listeners().add(listenerB);
    }

    @AfterEach
    void stop() {
        a.sessions().invalidateAll();
        b.sessions().invalidateAll();
    }

    /** Ends the request that used {@code s} on its instance: the session is written. */
    private static void endRequest(WebApp app, Session s) {
        app.sessions().touch(s);
    }

    @Test
    void aSessionWrittenByOneInstanceIsReadByAnother() {
        Session s = a.sessions().create();
        s.setAttribute("cart", new ArrayList<>(List.of("tea")));
        endRequest(a, s);

        Session seen = b.sessions().find(s.getId());
        assertThat(seen).isNotNull();
        assertThat(seen.getAttribute("cart")).isEqualTo(List.of("tea"));
        assertThat(seen.getCreationTime()).isEqualTo(s.getCreationTime());
        assertThat(seen.isNew()).isFalse();
    }

    @Test
    void aSessionIsInTheStoreOnlyOnceItsRequestEnded() {
        Session s = a.sessions().create();
        assertThat(b.sessions().find(s.getId())).isNull();
        endRequest(a, s);
        assertThat(b.sessions().find(s.getId())).isNotNull();
    }

    @Test
    void attributesThatAreNotSerializableAreRefusedNamingTheAttribute() {
        Session s = a.sessions().create();
        assertThatThrownBy(() -> s.setAttribute("conn", new Object()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'conn'").hasMessageContaining("java.lang.Object").hasMessageContaining("Serializable");
    }

    @Test
    void distributableAppsRefuseThemWithoutAStoreToo() {
        WebApp memory = WebApp.create("/d", null, null, clock);
        memory.setDistributable(true);
        Session s = memory.sessions().create();
        assertThatThrownBy(() -> s.setAttribute("conn", new Object())).hasMessageContaining("<distributable/>");
        s.setAttribute("name", "fine");
        assertThat(s.getAttribute("name")).isEqualTo("fine");
    }

    @Test
    void concurrentRequestsOnTwoInstancesKeepTheLastWritePerAttribute() {
        Session s = a.sessions().create();
        s.setAttribute("x", 0);
        s.setAttribute("y", 0);
        endRequest(a, s);
        Session onA = a.sessions().find(s.getId());
        Session onB = b.sessions().find(s.getId());
        onA.setAttribute("x", 1);
        onB.setAttribute("y", 2);
        onB.removeAttribute("x");
        endRequest(b, onB);
        endRequest(a, onA); // A wrote x last: its x wins, B's y stays

        Session after = b.sessions().find(s.getId());
        assertThat(after.getAttribute("x")).isEqualTo(1);
        assertThat(after.getAttribute("y")).isEqualTo(2);
    }

    @Test
    void anIdChangeIsAtomicAcrossInstances() {
        Session s = a.sessions().create();
        s.setAttribute("k", "v");
        endRequest(a, s);
        String old = s.getId();
        Session onB = b.sessions().find(old);

        String id = a.sessions().changeId(s);
        assertThat(b.sessions().find(old)).isNull();
        assertThat(b.sessions().find(id).getAttribute("k")).isEqualTo("v");
        assertThatThrownBy(() -> b.sessions().changeId(onB)).isInstanceOf(IllegalStateException.class);
        endRequest(b, onB); // a late write under the old id does not bring it back
        assertThat(a.sessions().find(old)).isNull();
    }

    @Test
    void expiryEndsTheSessionOnEveryInstanceAndTellsListenersOnce() {
        Session s = a.sessions().create();
        Unbound unbound = new Unbound();
        s.setAttribute("u", unbound);
        endRequest(a, s);
        clock.advanceSeconds(61);

        assertThat(a.sessions().find(s.getId())).isNull();
        assertThat(b.sessions().sweep()).isEqualTo(1);
        assertThat(a.sessions().sweep()).isZero();
        verify(listenerB, times(1)).sessionDestroyed(any(HttpSessionEvent.class));
        assertThat(Unbound.names).contains("u");
    }

    @Test
    void invalidateOnOneInstanceEndsItForAll() {
        Session s = a.sessions().create();
        endRequest(a, s);
        Session onB = b.sessions().find(s.getId());
        onB.invalidate();
        assertThat(a.sessions().find(s.getId())).isNull();
    }

    @Test
    void activationListenersHearTheLoadAndTheWrite() {
        Session s = a.sessions().create();
        s.setAttribute("act", new Activated());
        endRequest(a, s);
        assertThat(Activated.events).containsExactly("passivate");
        Session onB = b.sessions().find(s.getId());
        assertThat(onB.getAttribute("act")).isInstanceOf(Activated.class);
        assertThat(Activated.events).containsExactly("passivate", "activate");
    }

    @Test
    void aStoreThatHangsIsCutOffAtTheCallTimeout() {
        CountDownLatch never = new CountDownLatch(1);
        WebApp c = WebApp.create("/c", null, null, clock);
        c.setSessionPersistence(SessionPersistence.of(new Hanging(never)).withCallTimeout(Duration.ofMillis(50)));
        try {
            assertThatThrownBy(() -> c.sessions().find("abc"))
                    .isInstanceOf(SessionStoreUnavailableException.class).hasMessageContaining("within 50 ms");
        } finally {
            never.countDown();
            c.sessions().invalidateAll();
        }
    }

    @Test
    void withFallbackAnUnreachableStoreKeepsTheSessionInMemory() {
        CountDownLatch never = new CountDownLatch(1);
        WebApp c = WebApp.create("/c", null, null, clock);
        c.setSessionPersistence(SessionPersistence.of(new Hanging(never)).withCallTimeout(Duration.ofMillis(20))
                .withFallBackToMemory(true));
        try (LogCapture log = LogCapture.of(SessionStore.class)) {
            Session s = c.sessions().create();
            s.setAttribute("k", "v");
            c.sessions().touch(s);
            assertThat(c.sessions().find(s.getId()).getAttribute("k")).isEqualTo("v");
            assertThat(log.lines).anyMatch(m -> m.contains("keeping sessions of '/c' in this instance's memory"));
        } finally {
            never.countDown();
            c.sessions().invalidateAll();
        }
    }

    @Test
    void aWriteThatFailsAtTheEndOfTheRequestReplacesTheResponseWith503() throws Exception {
        WebApp c = WebApp.create("/c", null, null, clock);
        c.setSessionPersistence(SessionPersistence.of(new Hanging(new CountDownLatch(0),
                new IllegalStateException("disk full"))));
        c.servletContext().addServlet("s", TestServlets.servlet((req, res) -> {
            req.getSession().setAttribute("k", "v");
            res.getWriter().print("saved?");
        })).addMapping("/s");
        c.start();
        try (LogCapture log = LogCapture.of(ServletAdapter.class)) {
            FakeExchange fake = FakeExchange.get("/c/s");
            new ServletAdapter(List.of(c)).handle(fake.build());
            assertThat(fake.status.get()).isEqualTo(503);
            assertThat(fake.body()).doesNotContain("saved?");
            assertThat(log.lines).anyMatch(l -> l.contains("could not be saved"));
        } finally {
            c.stop();
        }
    }

    /** Records its unbinding. */
    static final class Unbound implements HttpSessionBindingListener, Serializable {
        static final List<String> names = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public void valueUnbound(HttpSessionBindingEvent event) {
            names.add(event.getName());
        }
    }

    /** Records activation events. */
    static final class Activated implements HttpSessionActivationListener, Serializable {
        static final List<String> events = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public void sessionWillPassivate(HttpSessionEvent se) {
            events.add("passivate");
        }

        @Override
        public void sessionDidActivate(HttpSessionEvent se) {
            events.add("activate");
        }
    }

    /** A store whose every call blocks until released, then fails with {@code failure} when there is one. */
    private record Hanging(CountDownLatch release, RuntimeException failure) implements SessionDataStore {
        Hanging(CountDownLatch release) {
            this(release, null);
        }

        private <T> T block(T value) {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (failure != null) {
                throw failure;
            }
            return value;
        }

        @Override
        public SessionData load(String context, String id, long nowMillis) {
            return block(null);
        }

        @Override
        public boolean save(String context, SessionData d, Set<String> removed, boolean isNew) {
            return block(true);
        }

        @Override
        public boolean delete(String context, String id) {
            return block(true);
        }

        @Override
        public boolean rename(String context, String oldId, String newId, long nowMillis) {
            return block(true);
        }

        @Override
        public List<SessionData> expire(String context, long nowMillis, int max) {
            return block(List.of());
        }

        @Override
        public void close() {
        }
    }
}
