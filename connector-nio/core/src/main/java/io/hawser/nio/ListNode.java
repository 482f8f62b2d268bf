package io.hawser.nio;

/**
 * The links of an intrusive doubly-linked list, kept in the listed object itself as plain fields:
 * one link pair and one entry time per kind of list ({@link TimeoutList}), so a connection can be in
 * every list at once with no wrapper node, and a node is one object (one or two cache lines) that a
 * sweep touches once. A node linked to itself is in no list of that kind.
 */
class ListNode {
    /** Number of kinds of list a node can be in (all, headers, request, idle, write-stalled, lingering, tls-handshake, proxy-header, upgraded). */
    static final int KINDS = 9;

    private ListNode prev0 = this;
    private ListNode next0 = this;
    private ListNode prev1 = this;
    private ListNode next1 = this;
    private ListNode prev2 = this;
    private ListNode next2 = this;
    private ListNode prev3 = this;
    private ListNode next3 = this;
    private ListNode prev4 = this;
    private ListNode next4 = this;
    private ListNode prev5 = this;
    private ListNode next5 = this;
    private ListNode prev6 = this;
    private ListNode next6 = this;
    private ListNode prev7 = this;
    private ListNode next7 = this;
    private ListNode prev8 = this;
    private ListNode next8 = this;
    private long since0;
    private long since1;
    private long since2;
    private long since3;
    private long since4;
    private long since5;
    private long since6;
    private long since7;
    private long since8;

    /** @return the next node in the list of {@code kind} (this node when in none) */
    final ListNode next(int kind) {
        switch (kind) {
            case 0: return next0;
            case 1: return next1;
            case 2: return next2;
            case 3: return next3;
            case 4: return next4;
            case 5: return next5;
            case 6: return next6;
            case 7: return next7;
            default: return next8;
        }
    }

    /** @return the previous node in the list of {@code kind} (this node when in none) */
    final ListNode prev(int kind) {
        switch (kind) {
            case 0: return prev0;
            case 1: return prev1;
            case 2: return prev2;
            case 3: return prev3;
            case 4: return prev4;
            case 5: return prev5;
            case 6: return prev6;
            case 7: return prev7;
            default: return prev8;
        }
    }

    /** @return when the node entered the list of {@code kind}, in {@link System#nanoTime()} nanoseconds */
    final long since(int kind) {
        switch (kind) {
            case 0: return since0;
            case 1: return since1;
            case 2: return since2;
            case 3: return since3;
            case 4: return since4;
            case 5: return since5;
            case 6: return since6;
            case 7: return since7;
            default: return since8;
        }
    }

    final void setNext(int kind, ListNode n) {
        switch (kind) {
            case 0: next0 = n; break;
            case 1: next1 = n; break;
            case 2: next2 = n; break;
            case 3: next3 = n; break;
            case 4: next4 = n; break;
            case 5: next5 = n; break;
            case 6: next6 = n; break;
            case 7: next7 = n; break;
            default: next8 = n; break;
        }
    }

    final void setPrev(int kind, ListNode n) {
        switch (kind) {
            case 0: prev0 = n; break;
            case 1: prev1 = n; break;
            case 2: prev2 = n; break;
            case 3: prev3 = n; break;
            case 4: prev4 = n; break;
            case 5: prev5 = n; break;
            case 6: prev6 = n; break;
            case 7: prev7 = n; break;
            default: prev8 = n; break;
        }
    }

    final void setSince(int kind, long now) {
        switch (kind) {
            case 0: since0 = now; break;
            case 1: since1 = now; break;
            case 2: since2 = now; break;
            case 3: since3 = now; break;
            case 4: since4 = now; break;
            case 5: since5 = now; break;
            case 6: since6 = now; break;
            case 7: since7 = now; break;
            default: since8 = now; break;
        }
    }
}
