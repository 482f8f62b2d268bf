package io.hawser.nio;

/**
 * Whether a selector loop reads a freshly accepted cleartext socket at once, before any readiness
 * event: when the request came with the connection (a client on an idle server usually sends it
 * right after connecting) that saves a select round, about 5–10 µs of a new connection's first
 * response; when it has not come yet the read finds nothing and costs a system call (a busy
 * server, whose clients connect while it works: 58 % of such reads found nothing in the close
 * benchmark, and they cost about 4 % of its CPU per connection). So the loop learns from the reads
 * it makes: a two-bit saturating score rises with each read that found bytes and falls with each
 * that found none; at 2 and above every new socket is read at once, below only every
 * {@link #PROBE_EVERY}th (the probes let the score rise again when the load changes). One per
 * loop, loop thread only.
 */
final class EagerReads {
    /** Below the threshold, one new socket in this many is still read at once. */
    static final int PROBE_EVERY = 8;
    private static final int MAX = 3;
    private static final int THRESHOLD = 2;

    private int score = MAX;
    private int skipped;

    /** @return whether to read the socket just accepted at once (else it waits for its readiness event) */
    boolean readAtOnce() {
        if (score >= THRESHOLD) {
            return true;
        }
        if (++skipped >= PROBE_EVERY) {
            skipped = 0;
            return true;
        }
        return false;
    }

    /** @param found whether a read made at once found bytes (or the end of input) */
    void record(boolean found) {
        score = found ? Math.min(MAX, score + 1) : Math.max(0, score - 1);
    }
}
