package io.hawser.servlet;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;

/**
 * Error handling (Servlet 6.1 §10.9): picks the error page for an exception type (unwrapping
 * {@link ServletException} root causes, §10.9.2) or a status, sets the {@code jakarta.servlet.error.*}
 * request attributes and makes an ERROR dispatch to it; without a page, or when the page itself
 * fails, writes the plain {@link DefaultErrorPage}.
 */
final class ErrorHandler {
    private static final Logger LOG = System.getLogger(ErrorHandler.class.getName());

    private ErrorHandler() {
    }

    /**
     * Answers with an error page; does nothing once the response is committed.
     *
     * @param cycle the request
     * @param status the status to send
     * @param message the message ({@code sendError}), shown escaped; {@code null} for none
     * @param failure the exception, or {@code null}
     * @param servletName the servlet that failed, or {@code null}
     */
    static void errorPage(RequestCycle cycle, int status, String message, Throwable failure, String servletName) {
        if (cycle.exchange().isCommitted()) {
            return;
        }
        ServletResponseView response = cycle.response();
        ServletRequestView request = cycle.request();
        ErrorPages pages = cycle.app().errorPages();
        String location = null;
        Throwable matched = failure;
        if (failure != null) {
            for (Throwable t = failure; t != null && location == null; ) {
                location = pages.forThrowable(t);
                matched = t;
                t = t instanceof ServletException ? ((ServletException) t).getRootCause() : null;
            }
            if (location == null) {
                matched = failure;
                location = pages.forStatus(status);
            }
        } else {
            location = pages.forStatus(status);
        }
        if (location == null) {
            location = pages.fallback();
        }
        response.prepareErrorPage(status);
        if (location != null && !cycle.isInErrorPage() && request != null) {
            AppDispatcher page = AppDispatcher.forPath(cycle.app(), location);
            if (page != null && dispatch(cycle, page, status, message, matched, servletName)) {
                return;
            }
            if (cycle.exchange().isCommitted()) {
                return;
            }
            response.prepareErrorPage(status);
        }
        DefaultErrorPage.write(cycle.exchange(), status, failure == null ? message : null);
    }

    private static boolean dispatch(RequestCycle cycle, AppDispatcher page, int status, String message,
                                    Throwable failure, String servletName) {
        ServletRequestView request = cycle.request();
        request.setAttribute(RequestDispatcher.ERROR_STATUS_CODE, status);
        request.setAttribute(RequestDispatcher.ERROR_MESSAGE,
                message != null ? message : failure != null && failure.getMessage() != null ? failure.getMessage() : "");
        if (failure != null) {
            request.setAttribute(RequestDispatcher.ERROR_EXCEPTION, failure);
            request.setAttribute(RequestDispatcher.ERROR_EXCEPTION_TYPE, failure.getClass());
        }
        request.setAttribute(RequestDispatcher.ERROR_REQUEST_URI, request.getRequestURI());
        if (servletName != null) {
            request.setAttribute(RequestDispatcher.ERROR_SERVLET_NAME, servletName);
        }
        if (request.getQueryString() != null) {
            request.setAttribute(RequestDispatcher.ERROR_QUERY_STRING, request.getQueryString());
        }
        request.setAttribute(RequestDispatcher.ERROR_METHOD, request.getMethod());
        cycle.setInErrorPage(true);
        try {
            cycle.invoke(DispatcherType.ERROR, DispatchedRequest.of(DispatcherType.ERROR, request, page),
                    cycle.response(), page.servlet(), page.path());
            return cycle.response().errorStatus() == 0;
        } catch (Throwable t) {
            LOG.log(Level.WARNING, "error page " + page.path() + " failed on " + cycle.requestLine(), t);
            return false;
        } finally {
            cycle.setInErrorPage(false);
        }
    }
}
