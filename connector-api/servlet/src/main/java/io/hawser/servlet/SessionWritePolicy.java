package io.hawser.servlet;

/**
 * When a session's attributes are written to its {@link SessionDataStore}, at the end of each request
 * that used the session (before the response completes). The times and expiry are written at the end
 * of every such request either way.
 */
public enum SessionWritePolicy {
    /**
     * The attributes given to {@code setAttribute} or {@code removeAttribute} during the request (the
     * default): cheap, and concurrent requests on other instances keep their own attributes; an object
     * changed in place without {@code setAttribute} again is not written.
     */
    ON_CHANGE,
    /** Every attribute, on every request: catches objects changed in place, at the cost of a full write. */
    ALWAYS
}
