package io.hawser.servlet;

/**
 * The session store could not be used: unreachable, timed out ({@link SessionPersistence#callTimeout()}),
 * or it failed. A request that touches its session gets 503 (Servlet 6.1 {@code UnavailableException}
 * semantics); requests that do not are served as usual.
 */
public class SessionStoreUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed, naming the store
     * @param cause the store's failure, or {@code null}
     */
    public SessionStoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * @param t a failure
     * @return whether {@code t} or one of its causes is a {@code SessionStoreUnavailableException}
     */
    static boolean isCause(Throwable t) {
        for (Throwable c = t; c != null && c.getCause() != c; c = c.getCause()) {
            if (c instanceof SessionStoreUnavailableException) {
                return true;
            }
        }
        return false;
    }
}
