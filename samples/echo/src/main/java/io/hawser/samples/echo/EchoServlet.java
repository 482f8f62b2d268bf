package io.hawser.samples.echo;

import jakarta.servlet.ServletInputStream;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;

/**
 * {@code /echo} and {@code /echo/...}, any method: reads the whole request body, then answers
 * {@code 200 text/plain} with lines {@code method:}, {@code target:}, {@code protocol:}, one
 * {@code header: Name: value} per field line, {@code body-length:} and {@code body-sha256:} (the
 * conformance corpus contract, shared/conformance/README.md of the workplace).
 */
@WebServlet(name = "echo", urlPatterns = {"/echo", "/echo/*"})
public class EchoServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        long length = 0;
        byte[] chunk = new byte[16 * 1024];
        ServletInputStream in = req.getInputStream();
        for (int n; (n = in.read(chunk, 0, chunk.length)) >= 0; ) {
            sha256.update(chunk, 0, n);
            length += n;
        }
        StringBuilder out = new StringBuilder(256);
        out.append("method: ").append(req.getMethod()).append('\n');
        out.append("target: ").append(req.getRequestURI());
        if (req.getQueryString() != null) {
            out.append('?').append(req.getQueryString());
        }
        out.append('\n');
        out.append("protocol: ").append(req.getProtocol()).append('\n');
        for (String name : Collections.list(req.getHeaderNames())) {
            for (String value : Collections.list(req.getHeaders(name))) {
                out.append("header: ").append(name).append(": ").append(value).append('\n');
            }
        }
        out.append("body-length: ").append(length).append('\n');
        out.append("body-sha256: ").append(hex(sha256.digest())).append('\n');
        resp.setContentType("text/plain;charset=ISO-8859-1");
        resp.getOutputStream().write(out.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    private static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            s.append(Character.forDigit(b >> 4 & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return s.toString();
    }
}
