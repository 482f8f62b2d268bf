package io.hawser.samples.echo;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * An application that fails, to show how the container ends the exchange (RFC 9112 §8, §9.6):
 * <ul>
 *   <li>{@code /throw-before-commit}: writes {@code x} into the (uncommitted) buffer, then throws; the
 *       container answers 500 instead;
 *   <li>{@code /throw-after-commit[?fixed]}: writes and flushes 100,000 zero bytes (with {@code fixed},
 *       after declaring {@code Content-Length: 200000}), then throws; the response is already
 *       committed, so the container can only end the connection without completing the message.
 * </ul>
 */
@WebServlet(name = "fault", urlPatterns = {"/throw-before-commit", "/throw-after-commit"})
public class FaultServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        if (req.getServletPath().equals("/throw-before-commit")) {
            resp.getOutputStream().write("x".getBytes(StandardCharsets.US_ASCII));
            throw new IllegalStateException("failure before commit (the echo WAR's /throw-before-commit)");
        }
        if (req.getParameter("fixed") != null) {
            resp.setContentLength(200_000);
        }
        resp.getOutputStream().write(new byte[100_000]);
        resp.flushBuffer();
        throw new IllegalStateException("failure after commit (the echo WAR's /throw-after-commit)");
    }
}
