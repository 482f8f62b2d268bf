package io.hawser.servlet;

/**
 * An intrusive doubly-linked list of {@link Session}s that share one max inactive interval,
 * ordered by last access: the links live in the session ({@link Session#prev}, {@link Session#next});
 * a session in no list points at itself. Touching a session moves it to the tail in O(1), so the
 * head is always the session closest to expiry and a sweep from the head stops at the first live
 * one: O(expired + 1). Guarded by the {@link SessionStore}'s lock.
 */
final class SessionList {
    private final long timeoutNanos;
    private Session head;
    private Session tail;
    private int size;

    /** @param intervalSeconds the max inactive interval of every session in the list, &gt; 0 */
    SessionList(int intervalSeconds) {
        this.timeoutNanos = intervalSeconds * 1_000_000_000L;
    }

    /** @return the number of sessions in the list */
    int size() {
        return size;
    }

    /** @return the least recently accessed session, or {@code null} */
    Session first() {
        return head;
    }

    /**
     * Puts the session at the tail, accessed at {@code now} (moving it there when already in).
     *
     * @param session a session in this list or in none
     * @param now monotonic nanoseconds, not before any earlier {@code now} given to this list
     */
    void append(Session session, long now) {
        remove(session);
        session.prev = tail;
        session.next = null;
        if (tail == null) {
            head = session;
        } else {
            tail.next = session;
        }
        tail = session;
        session.list = this;
        session.lastAccessNanos = now;
        size++;
    }

    /**
     * Unlinks the session; idempotent.
     *
     * @return whether it was in this list
     */
    boolean remove(Session session) {
        if (session.next == session || session.list != this) {
            return false;
        }
        Session p = session.prev;
        Session n = session.next;
        if (p == null) {
            head = n;
        } else {
            p.next = n;
        }
        if (n == null) {
            tail = p;
        } else {
            n.prev = p;
        }
        session.prev = session;
        session.next = session;
        session.list = null;
        size--;
        return true;
    }

    /**
     * Unlinks the expired sessions from the head, stopping at the first live one.
     *
     * @param now monotonic nanoseconds
     * @param expired receives each expired session, oldest first
     */
    void expire(long now, java.util.function.Consumer<Session> expired) {
        while (head != null && now - head.lastAccessNanos >= timeoutNanos) {
            Session s = head;
            remove(s);
            expired.accept(s);
        }
    }
}
