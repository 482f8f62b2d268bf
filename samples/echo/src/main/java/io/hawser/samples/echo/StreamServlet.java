package io.hawser.samples.echo;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** {@code GET /stream}: five lines {@code piece N\n}, each flushed, no Content-Length (so chunked). */
@WebServlet(name = "stream", urlPatterns = "/stream")
public class StreamServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/plain");
        ServletOutputStream out = resp.getOutputStream();
        for (int i = 1; i <= 5; i++) {
            out.write(("piece " + i + "\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }
    }
}
