package io.hawser.samples.echo;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /slow[?ms=N]}: waits N milliseconds (default 20, at most 10,000), then answers
 * {@code 200 text/plain} {@code ok} with {@code X-Remote-Port}, the client's port as the container
 * sees it, so that a client can tell how many connections its requests used.
 */
@WebServlet(name = "slow", urlPatterns = "/slow")
public class SlowServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final byte[] OK = "ok".getBytes(StandardCharsets.US_ASCII);

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String ms = req.getParameter("ms");
        long wait = ms != null && ms.matches("[0-9]{1,5}") ? Math.min(10_000, Long.parseLong(ms)) : 20;
        try {
            Thread.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            resp.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
            return;
        }
        resp.setContentType("text/plain");
        resp.setHeader("X-Remote-Port", Integer.toString(req.getRemotePort()));
        resp.setContentLength(OK.length);
        resp.getOutputStream().write(OK);
    }
}
