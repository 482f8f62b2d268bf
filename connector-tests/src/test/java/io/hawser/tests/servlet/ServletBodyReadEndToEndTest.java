package io.hawser.tests.servlet;

import static io.hawser.tests.servlet.ServletServer.servlet;
import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.nio.ConnectorSeams;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A request body read through {@code ServletInputStream.read(byte[])}, as a servlet sees it: every
 * byte in order whatever pieces the client sends it in, and the request behind the body answered
 * after it. On cleartext the exchange reads the body from the socket itself, straight into the
 * servlet's array; over TLS (the suite's second run) it takes the decrypted bytes the loop read.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServletBodyReadEndToEndTest {

    @Test
    void aBodyInManySmallPiecesReachesTheServletWholeAndTheRequestBehindItIsAnsweredNext() throws Exception {
        try (ServletServer server = ServletServer.start("/app", app -> app.servletContext().addServlet("digest",
                servlet((req, res) -> {
                    if (!"POST".equals(req.getMethod())) {
                        res.getWriter().print("got " + req.getRequestURI());
                        return;
                    }
                    MessageDigest sha = sha256();
                    byte[] b = new byte[64 * 1024];
                    long total = 0;
                    InputStream in = req.getInputStream();
                    for (int n; (n = in.read(b)) >= 0; ) {
                        sha.update(b, 0, n);
                        total += n;
                    }
                    res.getWriter().print(total + " " + HexFormat.of().formatHex(sha.digest()));
                })).addMapping("/*"));
             Socket s = server.socket()) {
            s.setSoTimeout(10_000);
            s.setTcpNoDelay(true);
            byte[] body = new byte[2 * 1024 * 1024 + 3];
            new Random(30).nextBytes(body);
            OutputStream out = s.getOutputStream();
            out.write(("POST /app/upload HTTP/1.1\r\nHost: t\r\nContent-Length: " + body.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            for (int at = 0; at < body.length; at += 1500) {
                int n = Math.min(1500, body.length - at);
                if (at + n == body.length) {
                    // the last piece and the next request in one write
                    byte[] last = new byte[n];
                    System.arraycopy(body, at, last, 0, n);
                    out.write(concat(last, "GET /app/next HTTP/1.1\r\nHost: t\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
                } else {
                    out.write(body, at, n);
                }
                out.flush();
            }
            InputStream in = s.getInputStream();
            assertThat(readBody(in)).isEqualTo(body.length + " " + HexFormat.of().formatHex(sha256().digest(body)));
            assertThat(readBody(in)).isEqualTo("got /app/next");
            long direct = ConnectorSeams.bodyBytesReadDirect(server.connector);
            if (ServletServer.TLS) {
                assertThat(direct).as("over TLS the loop reads (and decrypts) every byte").isZero();
            } else {
                assertThat(direct).as("read by the exchange straight into the servlet's array").isPositive();
            }
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = new byte[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /** @return the body of the next response (status 200 and a Content-Length asserted) */
    private static String readBody(InputStream in) throws IOException {
        String status = line(in);
        assertThat(status).startsWith("HTTP/1.1 200 ");
        long length = -1;
        for (String field; !(field = line(in)).isEmpty(); ) {
            if (field.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Long.parseLong(field.substring(15).trim());
            }
        }
        assertThat(length).as("Content-Length").isNotNegative();
        return new String(in.readNBytes((int) length), StandardCharsets.ISO_8859_1);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int c; (c = in.read()) != '\n'; ) {
            if (c < 0) {
                throw new java.io.EOFException("connection closed mid-line: " + line);
            }
            if (c != '\r') {
                line.write(c);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }
}
