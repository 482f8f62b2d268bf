package io.hawser.samples.echo;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * Trailer fields (RFC 9110 §6.5, RFC 9112 §7.1.2; Servlet 6.1 §5.7 and §3.12):
 * <ul>
 *   <li>{@code GET /trailers}: {@code 200 text/plain}, content {@code with trailers} without a length
 *       (so chunked) and the trailer fields {@code X-Checksum: abc123} and {@code X-Count: 2} through
 *       {@code HttpServletResponse.setTrailerFields};
 *   <li>{@code POST /request-trailers}: reads the whole body, then answers {@code length=N} and one
 *       {@code name=value} line per request trailer field ({@code getTrailerFields}), names in lower
 *       case and sorted.
 * </ul>
 */
@WebServlet(name = "trailers", urlPatterns = {"/trailers", "/request-trailers"})
public class TrailersServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/plain;charset=ISO-8859-1");
        if (req.getServletPath().equals("/trailers")) {
            resp.setTrailerFields(() -> Map.of("X-Checksum", "abc123", "X-Count", "2"));
            resp.getOutputStream().write("with trailers".getBytes(StandardCharsets.US_ASCII));
            return;
        }
        long length = 0;
        byte[] chunk = new byte[16 * 1024];
        InputStream in = req.getInputStream();
        for (int n; (n = in.read(chunk)) >= 0; ) {
            length += n;
        }
        StringBuilder s = new StringBuilder("length=").append(length).append('\n');
        Map<String, String> sorted = new TreeMap<>();
        req.getTrailerFields().forEach((k, v) -> sorted.put(k.toLowerCase(java.util.Locale.ROOT), v));
        sorted.forEach((k, v) -> s.append(k).append('=').append(v).append('\n'));
        resp.getOutputStream().write(s.toString().getBytes(StandardCharsets.ISO_8859_1));
    }
}
