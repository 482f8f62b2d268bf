package io.hawser.samples.secured;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * {@code GET /api/whoami}: the signed-in user and their roles as JSON. {@link ApiAuthFilter} has
 * already signed the user in and checked role {@code api}.
 */
@WebServlet(name = "api", urlPatterns = "/api/*")
public class ApiServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!"/whoami".equals(request.getPathInfo())) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        response.setContentType("application/json;charset=UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.getWriter().print("{\"user\":" + json(request.getRemoteUser()) + ",\"roles\":{\"admin\":"
                + request.isUserInRole("admin") + ",\"api\":" + request.isUserInRole("api") + "}}");
    }

    /** @return {@code text} as a JSON string (RFC 8259 §7) */
    static String json(String text) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
