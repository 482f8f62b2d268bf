package io.hawser.nio;

/**
 * The links of an intrusive doubly-linked list, kept in the listed object itself: one link pair and
 * one entry time per kind of list ({@link TimeoutList}), so a connection can be in every list at
 * once with no wrapper node. A node linked to itself is in no list of that kind.
 */
class ListNode {
    /** Number of kinds of list a node can be in (all, headers, request, idle, write-stalled). */
    static final int KINDS = 5;

    final ListNode[] prev = new ListNode[KINDS];
    final ListNode[] next = new ListNode[KINDS];
    /** When the node entered each list, in {@link System#nanoTime()} nanoseconds. */
    final long[] since = new long[KINDS];

    ListNode() {
        for (int k = 0; k < KINDS; k++) {
            prev[k] = this;
            next[k] = this;
        }
    }
}
