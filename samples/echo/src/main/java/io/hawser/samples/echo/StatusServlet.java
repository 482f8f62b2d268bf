package io.hawser.samples.echo;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code /status/NNN}, any method: answers status NNN (200–599) without reading the body; no
 * content for 204 and 304, otherwise {@code status NNN\n}. Anything else under /status/ is 404.
 */
@WebServlet(name = "status", urlPatterns = "/status/*")
public class StatusServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String info = req.getPathInfo();
        int status = -1;
        if (info != null && info.matches("/[0-9]{3}")) {
            status = Integer.parseInt(info.substring(1));
        }
        if (status < 200 || status > 599) {
            resp.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        resp.setStatus(status);
        if (status != 204 && status != 304) {
            byte[] body = ("status " + status + "\n").getBytes(StandardCharsets.US_ASCII);
            resp.setContentType("text/plain");
            resp.setContentLength(body.length);
            resp.getOutputStream().write(body);
        }
    }
}
