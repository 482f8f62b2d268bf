package io.hawser.samples.echo;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** {@code GET /plaintext}: {@code 200 text/plain}, body {@code Hello, World!}. */
@WebServlet(name = "plaintext", urlPatterns = "/plaintext")
public class PlaintextServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/plain");
        resp.setContentLength(HELLO.length);
        resp.getOutputStream().write(HELLO);
    }
}
