package io.hawser.api;

/**
 * Told of every {@link ComplianceViolation} seen in a request, whether the configuration tolerated it
 * or the request was rejected. Called on a selector loop or worker thread: it must be fast and must
 * not block.
 */
@FunctionalInterface
public interface ComplianceListener {

    /** A listener that ignores everything (the default). */
    ComplianceListener NONE = (violation, tolerated, detail) -> { };

    /**
     * @param violation what was seen
     * @param tolerated {@code true} if the request was processed anyway, {@code false} if rejected
     * @param detail a short description, without request bytes
     */
    void onViolation(ComplianceViolation violation, boolean tolerated, String detail);
}
