package io.hawser.samples.echo;

import jakarta.servlet.ServletInputStream;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code /upload}, any method: reads the whole request body from {@code getInputStream()} in
 * {@value #PIECE}-byte reads (into one array per request, as an application would), then answers
 * {@code 200 text/plain} with the number of body bytes read, in decimal, and its Content-Length
 * (the benchmark's {@code upload} workload: what receiving a body costs, nothing else).
 */
@WebServlet(name = "upload", urlPatterns = "/upload")
public class UploadServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    /** Bytes asked for per read. */
    static final int PIECE = 16 * 1024;

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        byte[] scratch = new byte[PIECE];
        ServletInputStream in = req.getInputStream();
        long length = 0;
        for (int n; (n = in.read(scratch, 0, scratch.length)) >= 0; ) {
            length += n;
        }
        byte[] answer = Long.toString(length).getBytes(StandardCharsets.US_ASCII);
        resp.setContentType("text/plain");
        resp.setContentLength(answer.length);
        resp.getOutputStream().write(answer);
    }
}
