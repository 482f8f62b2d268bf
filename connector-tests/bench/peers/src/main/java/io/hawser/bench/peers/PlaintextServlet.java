package io.hawser.bench.peers;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Fallback {@code GET /plaintext}: {@code 200 text/plain}, body {@code Hello, World!} with
 * {@code Content-Length: 13}. Served only when no echo WAR is given to a launcher; otherwise the
 * WAR's own servlets are served (see {@link WebApp}).
 */
public final class PlaintextServlet extends HttpServlet {
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/plain");
        response.setContentLength(HELLO.length);
        response.getOutputStream().write(HELLO);
    }
}
