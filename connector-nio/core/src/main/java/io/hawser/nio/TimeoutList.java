package io.hawser.nio;

/**
 * An intrusive doubly-linked list of {@link ListNode}s that all share one timeout length, measured
 * from the moment each node entered. Nodes are appended at the tail with a monotonic clock, so the
 * list is ordered by deadline: an expiry sweep walks from the head and stops at the first node that
 * has not expired, O(expired + 1). Append, remove and move are O(1) and allocate nothing; remove is
 * idempotent. Not thread-safe: a list belongs to one selector loop.
 */
final class TimeoutList {
    /** Receives expired nodes. */
    @FunctionalInterface
    interface Expiry {
        void expired(ListNode node);
    }

    private final int kind;
    private final ListNode sentinel = new ListNode();
    private final long timeoutNanos;
    private int size;

    /**
     * @param kind which link pair of the nodes this list uses, 0 to {@link ListNode#KINDS} - 1
     * @param timeoutNanos the timeout of every entry in nanoseconds; {@link Long#MAX_VALUE} for none
     */
    TimeoutList(int kind, long timeoutNanos) {
        if (kind < 0 || kind >= ListNode.KINDS) {
            throw new IllegalArgumentException("kind " + kind);
        }
        this.kind = kind;
        this.timeoutNanos = timeoutNanos;
    }

    /** @return which link pair of the nodes this list uses */
    int kind() {
        return kind;
    }

    /** @return the number of nodes in the list */
    int size() {
        return size;
    }

    /** @return whether {@code node} is in this list */
    boolean contains(ListNode node) {
        return node.next(kind) != node;
    }

    /**
     * Puts {@code node} at the tail, entering at {@code now}: a node already in the list moves
     * there (its timeout restarts).
     *
     * @param now the current time in {@link System#nanoTime()} nanoseconds, not before any earlier
     *     {@code now} given to this list
     */
    void append(ListNode node, long now) {
        remove(node);
        ListNode last = sentinel.prev(kind);
        node.setPrev(kind, last);
        node.setNext(kind, sentinel);
        last.setNext(kind, node);
        sentinel.setPrev(kind, node);
        node.setSince(kind, now);
        size++;
    }

    /**
     * Takes {@code node} out of the list; does nothing when it is not in it.
     *
     * @return whether it was in the list
     */
    boolean remove(ListNode node) {
        ListNode n = node.next(kind);
        if (n == node) {
            return false;
        }
        ListNode p = node.prev(kind);
        p.setNext(kind, n);
        n.setPrev(kind, p);
        node.setNext(kind, node);
        node.setPrev(kind, node);
        size--;
        return true;
    }

    /** @return the node that entered first, or {@code null} when empty */
    ListNode first() {
        ListNode n = sentinel.next(kind);
        return n == sentinel ? null : n;
    }

    /** @return the earliest deadline in nanoseconds, or {@link Long#MAX_VALUE} when none */
    long nextDeadline() {
        ListNode n = sentinel.next(kind);
        if (n == sentinel || timeoutNanos == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        return n.since(kind) + timeoutNanos;
    }

    /**
     * @param now the current {@link System#nanoTime()}
     * @return whether {@link #expire} at {@code now} would expire at least one node (the first one's timeout has passed)
     */
    boolean hasExpired(long now) {
        if (timeoutNanos == Long.MAX_VALUE) {
            return false;
        }
        ListNode n = sentinel.next(kind);
        return n != sentinel && now - n.since(kind) >= timeoutNanos;
    }

    /**
     * Removes every node whose timeout has passed at {@code now} and hands it to {@code expiry};
     * stops at the first node that has not expired.
     *
     * @return how many nodes expired
     */
    int expire(long now, Expiry expiry) {
        if (timeoutNanos == Long.MAX_VALUE) {
            return 0;
        }
        int expired = 0;
        while (true) {
            ListNode n = sentinel.next(kind);
            if (n == sentinel || now - n.since(kind) < timeoutNanos) {
                return expired;
            }
            remove(n);
            expired++;
            expiry.expired(n);
        }
    }
}
