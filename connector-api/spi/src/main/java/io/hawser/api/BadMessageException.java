package io.hawser.api;

import java.io.IOException;

/**
 * A request that cannot be processed as received: malformed syntax or framing, or a limit
 * exceeded. Carries the response status the connector sends (400, 408, 411, 413, 414, 431, 501,
 * 505; RFC 9110 §15.5, §15.6) before closing the connection.
 */
public class BadMessageException extends IOException {
    private static final long serialVersionUID = 1L;
    private final int status;

    /**
     * @param status a 4xx or 5xx status code
     * @param reason a short text for logs and the error body (never echoes request bytes)
     */
    public BadMessageException(int status, String reason) {
        super(reason);
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("not an error status: " + status);
        }
        this.status = status;
    }

    /**
     * @return the status code to answer with
     */
    public int status() {
        return status;
    }
}
