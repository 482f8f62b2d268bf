package io.hawser.samples.echo;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Random;

/**
 * {@code GET /big?size=N[&fixed]}: {@code 200 application/octet-stream} with N bytes (0 to 256 MiB) of
 * {@code new java.util.Random(42).nextBytes}, written in 64 KiB pieces; with {@code fixed} it sets
 * {@code Content-Length: N} first, otherwise the container chooses the framing (chunked, RFC 9112 §7.1).
 * A missing or bad size is 400.
 */
@WebServlet(name = "big", urlPatterns = "/big")
public class BigServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    /** The largest size served. */
    static final int MAX_SIZE = 256 * 1024 * 1024;
    /** The seed of the body bytes, which the conformance kit regenerates to compare. */
    static final long SEED = 42;
    private static final int PIECE = 64 * 1024;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String size = req.getParameter("size");
        if (size == null || !size.matches("[0-9]{1,9}") || Integer.parseInt(size) > MAX_SIZE) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST, "size=0.." + MAX_SIZE + " is required");
            return;
        }
        int n = Integer.parseInt(size);
        byte[] body = new byte[n];
        new Random(SEED).nextBytes(body);
        resp.setContentType("application/octet-stream");
        if (req.getParameter("fixed") != null) {
            resp.setContentLength(n);
        }
        ServletOutputStream out = resp.getOutputStream();
        for (int off = 0; off < n; off += PIECE) {
            out.write(body, off, Math.min(PIECE, n - off));
        }
    }
}
