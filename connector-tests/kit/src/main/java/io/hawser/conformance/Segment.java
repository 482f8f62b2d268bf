package io.hawser.conformance;

/**
 * Bytes a case writes, then what the runner does before the next segment.
 *
 * @param data the bytes (unescaped)
 * @param action what follows them: {@link Action#NONE} for the last segment
 */
record Segment(byte[] data, Action action) {

    /** What the runner does after writing a segment. */
    enum Kind {
        /** nothing: the next segment follows at once */
        NONE,
        /** {@code @pause}: wait the given time */
        PAUSE,
        /** {@code @wait-response}: wait for one more response head, at most the given time */
        WAIT_RESPONSE
    }

    /**
     * A directive that ends a segment.
     *
     * @param kind what to do
     * @param millis how long to pause, or to wait at most
     */
    record Action(Kind kind, long millis) {
        /** The action of a segment that is not followed by a directive. */
        static final Action NONE = new Action(Kind.NONE, 0);

        @Override
        public String toString() {
            return (kind == Kind.PAUSE ? "pause" : kind == Kind.WAIT_RESPONSE ? "wait-response" : "none")
                    + " " + millis + " ms";
        }
    }
}
