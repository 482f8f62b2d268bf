package io.hawser.api;

import java.io.EOFException;

/**
 * The client closed or reset the connection (or it was aborted because the client stopped reading,
 * {@code writeTimeout}) while the exchange was reading the request body or writing the response:
 * thrown by {@link RequestBody} and {@link ResponseBody} on a connection that is gone. Expected
 * client behaviour, not an application failure: the servlet layer logs it at debug level
 * ({@code FINE}) and sends no error page, since no one is there to read it (RFC 9112 §9.6).
 */
public class ClientAbortException extends EOFException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what was going on when the connection went away
     * @param cause the socket's own exception, or {@code null}
     */
    public ClientAbortException(String message, Throwable cause) {
        super(message);
        if (cause != null) {
            initCause(cause);
        }
    }

    /**
     * @param t a failure
     * @return whether {@code t} or one of its causes is a {@code ClientAbortException}
     */
    public static boolean isCause(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof ClientAbortException) {
                return true;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return false;
    }
}
