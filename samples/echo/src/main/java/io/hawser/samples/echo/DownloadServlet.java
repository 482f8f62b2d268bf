package io.hawser.samples.echo;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /download?size=N[&write=W]}: {@code 200 application/octet-stream} with
 * {@code Content-Length: N} (0 to {@value #MAX_SIZE}) and N bytes written from one array filled at
 * class initialisation, in writes of W bytes (1,024 to {@value #PATTERN_SIZE}; default
 * {@value #DEFAULT_WRITE}); nothing is allocated per request for the body. The content is the
 * 64-byte line {@code 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n} repeated and
 * cut at N bytes, which {@code yes 0123…abcde | head -c N} reproduces (the benchmark's
 * {@code download} workload checks it that way). A missing or bad size or write is 400.
 */
@WebServlet(name = "download", urlPatterns = "/download")
public class DownloadServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    /** The largest size served. */
    static final int MAX_SIZE = 256 * 1024 * 1024;
    /** The length of the preallocated array, and the largest write. */
    static final int PATTERN_SIZE = 1024 * 1024;
    /** Bytes per write when {@code write} is not given. */
    static final int DEFAULT_WRITE = 16 * 1024;
    /** The line the content repeats. */
    static final String LINE = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n";
    private static final byte[] PATTERN = new byte[PATTERN_SIZE];

    static {
        byte[] line = LINE.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < PATTERN_SIZE; i++) {
            PATTERN[i] = line[i % line.length];
        }
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        long size = number(req.getParameter("size"), 0, MAX_SIZE, -1);
        long write = number(req.getParameter("write"), 1024, PATTERN_SIZE, DEFAULT_WRITE);
        if (size < 0 || write < 0) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST,
                    "size=0.." + MAX_SIZE + " is required; write=1024.." + PATTERN_SIZE + " is optional");
            return;
        }
        resp.setContentType("application/octet-stream");
        resp.setContentLengthLong(size);
        ServletOutputStream out = resp.getOutputStream();
        // PATTERN_SIZE is a multiple of the line length, so the content continues across wraps.
        int at = 0;
        for (long left = size; left > 0; ) {
            int n = (int) Math.min(Math.min(write, left), PATTERN_SIZE - at);
            out.write(PATTERN, at, n);
            at = (at + n) % PATTERN_SIZE;
            left -= n;
        }
    }

    /** @return the decimal {@code text} when within [min, max], {@code fallback} when absent, else -1 */
    private static long number(String text, long min, long max, long fallback) {
        if (text == null) {
            return fallback;
        }
        if (!text.matches("[0-9]{1,10}")) {
            return -1;
        }
        long v = Long.parseLong(text);
        return v < min || v > max ? -1 : v;
    }
}
