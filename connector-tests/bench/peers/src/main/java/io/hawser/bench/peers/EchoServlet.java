package io.hawser.bench.peers;

import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Enumeration;
import java.util.HexFormat;

/**
 * Fallback {@code /echo} (any method), in the format of the embedded sample's raw handler: one line
 * each for {@code method}, {@code target} (request URI and query), {@code protocol}, every request
 * header ({@code header: Name: value}), {@code body-length} and {@code body-sha256} of the body
 * read from {@code getInputStream()}. Served only when no echo WAR is given to a launcher.
 */
public final class EchoServlet extends HttpServlet {
    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        long length = 0;
        byte[] chunk = new byte[16 * 1024];
        ServletInputStream in = request.getInputStream();
        for (int n; (n = in.read(chunk)) >= 0; ) {
            sha256.update(chunk, 0, n);
            length += n;
        }
        StringBuilder out = new StringBuilder(256);
        out.append("method: ").append(request.getMethod()).append('\n');
        out.append("target: ").append(request.getRequestURI());
        if (request.getQueryString() != null) {
            out.append('?').append(request.getQueryString());
        }
        out.append('\n');
        out.append("protocol: ").append(request.getProtocol()).append('\n');
        for (Enumeration<String> names = request.getHeaderNames(); names.hasMoreElements(); ) {
            String name = names.nextElement();
            for (Enumeration<String> values = request.getHeaders(name); values.hasMoreElements(); ) {
                out.append("header: ").append(name).append(": ").append(values.nextElement()).append('\n');
            }
        }
        out.append("body-length: ").append(length).append('\n');
        out.append("body-sha256: ").append(HexFormat.of().formatHex(sha256.digest())).append('\n');
        byte[] bytes = out.toString().getBytes(StandardCharsets.ISO_8859_1);
        response.setContentType("text/plain;charset=iso-8859-1");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
