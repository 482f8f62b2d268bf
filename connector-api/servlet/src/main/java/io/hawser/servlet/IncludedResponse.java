package io.hawser.servlet;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.util.Locale;

/**
 * The response as an included servlet sees it (Servlet 6.1 §9.3): it may write, but attempts to
 * change the status, the fields, cookies, the content type or encoding, the locale, or to
 * send an error or redirect, are ignored.
 */
final class IncludedResponse extends HttpServletResponseWrapper {

    /** @param response the including servlet's response */
    IncludedResponse(HttpServletResponse response) {
        super(response);
    }

    @Override
    public void setStatus(int sc) {
        // ignored in an include
    }

    @Override
    public void sendError(int sc, String msg) {
        // ignored in an include
    }

    @Override
    public void sendError(int sc) {
        // ignored in an include
    }

    @Override
    public void sendRedirect(String location) {
        // ignored in an include
    }

    @Override
    public void sendRedirect(String location, boolean clearBuffer) {
        // ignored in an include
    }

    @Override
    public void sendRedirect(String location, int sc) {
        // ignored in an include
    }

    @Override
    public void sendRedirect(String location, int sc, boolean clearBuffer) {
        // ignored in an include
    }

    @Override
    public void setHeader(String name, String value) {
        // ignored in an include
    }

    @Override
    public void addHeader(String name, String value) {
        // ignored in an include
    }

    @Override
    public void setIntHeader(String name, int value) {
        // ignored in an include
    }

    @Override
    public void addIntHeader(String name, int value) {
        // ignored in an include
    }

    @Override
    public void setDateHeader(String name, long date) {
        // ignored in an include
    }

    @Override
    public void addDateHeader(String name, long date) {
        // ignored in an include
    }

    @Override
    public void addCookie(Cookie cookie) {
        // ignored in an include
    }

    @Override
    public void setContentType(String type) {
        // ignored in an include
    }

    @Override
    public void setCharacterEncoding(String charset) {
        // ignored in an include
    }

    @Override
    public void setContentLength(int len) {
        // ignored in an include
    }

    @Override
    public void setContentLengthLong(long len) {
        // ignored in an include
    }

    @Override
    public void setLocale(Locale loc) {
        // ignored in an include
    }

    @Override
    public void setBufferSize(int size) {
        // ignored in an include
    }

    @Override
    public void reset() {
        // ignored in an include
    }
}
