package io.hawser.nio;

import java.util.Comparator;

/**
 * A connection as the replaced designs keep it: plain fields, one entry time per timeout kind, kept
 * in {@link java.util.TreeSet}s (one per kind, ordered by entry time then id) or scanned in full.
 */
final class BenchConn {
    /** Orders by headers-list entry time, then id (ids are unique, so no two connections tie). */
    static final Comparator<BenchConn> BY_HEADERS_START = (a, b) -> {
        int c = Long.compare(a.headersStart, b.headersStart);
        return c != 0 ? c : Integer.compare(a.id, b.id);
    };
    /** Orders by request-list entry time, then id. */
    static final Comparator<BenchConn> BY_REQUEST_START = (a, b) -> {
        int c = Long.compare(a.requestStart, b.requestStart);
        return c != 0 ? c : Integer.compare(a.id, b.id);
    };
    /** Orders by idle-list entry time, then id. */
    static final Comparator<BenchConn> BY_IDLE_START = (a, b) -> {
        int c = Long.compare(a.idleStart, b.idleStart);
        return c != 0 ? c : Integer.compare(a.id, b.id);
    };

    final int id;
    long headersStart;
    long requestStart;
    long idleStart;

    BenchConn(int id) {
        this.id = id;
    }
}
