package io.hawser.nio;

import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;

/**
 * Changes a selection key's interest set on its loop, tolerating a key cancelled meanwhile. Any
 * thread may close a connection, and closing the channel cancels its key, so checking
 * {@code isValid()} and then calling {@code interestOps} is a race that ends in a
 * {@link CancelledKeyException}; a cancelled key needs no interest any more, so here that is
 * simply "not changed".
 */
final class InterestOps {
    private InterestOps() {
    }

    /** @return whether {@code ops} were added ({@code false}: the key is cancelled) */
    static boolean add(SelectionKey key, int ops) {
        try {
            key.interestOps(key.interestOps() | ops);
            return true;
        } catch (CancelledKeyException e) {
            return false;
        }
    }

    /** @return whether {@code ops} were removed ({@code false}: the key is cancelled) */
    static boolean remove(SelectionKey key, int ops) {
        try {
            key.interestOps(key.interestOps() & ~ops);
            return true;
        } catch (CancelledKeyException e) {
            return false;
        }
    }

    /** @return whether the interest set is now {@code ops} ({@code false}: the key is cancelled) */
    static boolean set(SelectionKey key, int ops) {
        try {
            key.interestOps(ops);
            return true;
        } catch (CancelledKeyException e) {
            return false;
        }
    }
}
