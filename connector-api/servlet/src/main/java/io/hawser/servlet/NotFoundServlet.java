package io.hawser.servlet;

import jakarta.servlet.GenericServlet;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The default servlet ({@code /}) registered when a web app maps nothing there: every request that
 * no other mapping takes gets 404 (Servlet 6.1 §12.2 leaves the default to the container).
 */
final class NotFoundServlet extends GenericServlet {
    private static final long serialVersionUID = 1L;

    /** The servlet-name it is registered under. */
    static final String NAME = "io.hawser.servlet.NotFound";

    @Override
    public void service(ServletRequest request, ServletResponse response) throws IOException {
        ((HttpServletResponse) response).sendError(HttpServletResponse.SC_NOT_FOUND);
    }
}
