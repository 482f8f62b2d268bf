package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link SessionDataStore} must do, run against each (memory here, JDBC on H2 and
 * PostgreSQL, Redis in their modules). Each test uses a context of its own, so a store may be shared.
 */
public abstract class SessionDataStoreContract {
    /** A time well after the epoch, in milliseconds. */
    protected static final long NOW = 1_700_000_000_000L;
    /** A context path no other test uses. */
    protected final String context = "/t" + UUID.randomUUID().toString().substring(0, 8);

    /** @return the store under test */
    protected abstract SessionDataStore store();

    /** @return whether the store expires sessions by itself (a TTL) and {@code expire} returns nothing */
    protected boolean expiresByItself() {
        return false;
    }

    /**
     * Closes what a test class started, skipping what it did not.
     *
     * @param things a store, a server, ... or {@code null}s
     */
    protected static void closeAll(AutoCloseable... things) throws Exception {
        for (AutoCloseable c : things) {
            if (c != null) {
                c.close();
            }
        }
    }

    /** @return bytes of a text */
    protected static byte[] b(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** @return a session accessed at {@code accessed} with a 60 s interval and these attributes */
    protected static SessionData session(String id, long accessed, String... nameValues) {
        Map<String, byte[]> attributes = new LinkedHashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            attributes.put(nameValues[i], b(nameValues[i + 1]));
        }
        return new SessionData(id, NOW, accessed, 60, attributes);
    }

    private static String text(SessionData d, String name) {
        byte[] v = d.attributes().get(name);
        return v == null ? null : new String(v, StandardCharsets.UTF_8);
    }

    @Test
    public void loadsWhatWasSaved() {
        assertThat(store().save(context, session("s1", NOW, "a:x", "1", "a:y", "2"), Set.of(), true)).isTrue();
        SessionData d = store().load(context, "s1", NOW + 1);
        assertThat(d.creationTime()).isEqualTo(NOW);
        assertThat(d.lastAccessedTime()).isEqualTo(NOW);
        assertThat(d.maxInactiveInterval()).isEqualTo(60);
        assertThat(text(d, "a:x")).isEqualTo("1");
        assertThat(text(d, "a:y")).isEqualTo("2");
        assertThat(store().load(context, "other", NOW)).isNull();
        assertThat(store().load("/elsewhere", "s1", NOW)).isNull();
    }

    @Test
    public void aSaveWritesOnlyItsAttributesAndTheLastWritePerAttributeWins() {
        store().save(context, session("s1", NOW, "a:x", "0", "a:y", "0"), Set.of(), true);
        store().save(context, session("s1", NOW + 5, "a:y", "from-b"), Set.of("a:x"), false);
        store().save(context, session("s1", NOW + 6, "a:x", "from-a"), Set.of(), false);
        SessionData d = store().load(context, "s1", NOW + 7);
        assertThat(text(d, "a:x")).isEqualTo("from-a");
        assertThat(text(d, "a:y")).isEqualTo("from-b");
        assertThat(d.lastAccessedTime()).isEqualTo(NOW + 6);
    }

    @Test
    public void anUpdateOfASessionThatIsGoneWritesNothing() {
        assertThat(store().save(context, session("gone", NOW, "a:x", "1"), Set.of(), false)).isFalse();
        assertThat(store().load(context, "gone", NOW)).isNull();
    }

    @Test
    public void deleteEndsIt() {
        store().save(context, session("s1", NOW, "a:x", "1"), Set.of(), true);
        assertThat(store().delete(context, "s1")).isTrue();
        assertThat(store().load(context, "s1", NOW)).isNull();
        assertThat(store().delete(context, "s1")).isFalse();
    }

    @Test
    public void renameMovesEverythingAndTheOldIdFindsNothing() {
        store().save(context, session("old", NOW, "a:x", "1"), Set.of(), true);
        assertThat(store().rename(context, "old", "new", NOW)).isTrue();
        assertThat(store().load(context, "old", NOW)).isNull();
        assertThat(text(store().load(context, "new", NOW), "a:x")).isEqualTo("1");
        assertThat(store().rename(context, "old", "other", NOW)).isFalse();
        assertThat(store().save(context, session("old", NOW, "a:x", "late"), Set.of(), false)).isFalse();
        assertThat(text(store().load(context, "new", NOW), "a:x")).isEqualTo("1");
    }

    @Test
    public void anExpiredSessionIsNotLoadedAndIsHandedOutOnce() {
        store().save(context, session("e1", NOW, "a:x", "1"), Set.of(), true);
        store().save(context, session("live", NOW + 50_000), Set.of(), true);
        long later = NOW + 61_000;
        assertThat(store().load(context, "e1", later)).isNull();
        assertThat(store().load(context, "live", later)).isNotNull();
        if (expiresByItself()) {
            assertThat(store().expire(context, later, 10)).isEmpty();
            return;
        }
        List<SessionData> expired = store().expire(context, later, 10);
        assertThat(expired).extracting(SessionData::id).containsExactly("e1");
        assertThat(text(expired.get(0), "a:x")).isEqualTo("1");
        assertThat(store().expire(context, later, 10)).isEmpty();
    }

    @Test
    public void aSessionWithoutTimeoutNeverExpires() {
        store().save(context, new SessionData("forever", NOW, NOW, -1, Map.of()), Set.of(), true);
        assertThat(store().load(context, "forever", Long.MAX_VALUE - 1)).isNotNull();
        if (!expiresByItself()) {
            assertThat(store().expire(context, Long.MAX_VALUE - 1, 10)).isEmpty();
        }
    }
}
