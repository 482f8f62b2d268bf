package io.hawser.servlet;

/**
 * A request the servlet layer refuses with a 4xx status: a malformed or oversized form or
 * multipart body (§3.1.1), an unsupported request charset. The adapter answers with
 * {@link #status()} and does not log it as an application failure. (A URI that fails
 * canonicalization is the SPI's {@link io.hawser.api.BadMessageException}, from
 * {@link io.hawser.api.CanonicalPath}.)
 *
 * <p>It extends {@link IllegalStateException} because {@code HttpServletRequest.getParts()}
 * documents that exception for bodies over their limits, and {@code getParameter} may throw no
 * checked exception.
 */
final class BadRequestException extends IllegalStateException {
    private static final long serialVersionUID = 1L;
    private final int status;

    /**
     * @param status 400 or 413 (any 4xx)
     * @param reason a short text without request bytes, shown escaped on the error page
     */
    BadRequestException(int status, String reason) {
        super(reason);
        this.status = status;
    }

    /** @return the status to answer with */
    int status() {
        return status;
    }
}
