package io.hawser.tests.deploy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * Sends request bytes exactly as written (no client-side normalisation of {@code ..} or
 * {@code %2e}) on a fresh connection with {@code Connection: close}, and reads the whole answer.
 */
final class RawRequest {
    private RawRequest() {
    }

    /**
     * @param port the server's port on 127.0.0.1
     * @param target the request-target, sent verbatim
     * @return the response: status line, fields and content, as ISO-8859-1 text
     */
    static String get(int port, String target) throws IOException {
        String request = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 3000);
            s.setSoTimeout(30_000); // a first JSP request compiles the page: seconds on a loaded machine
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) >= 0 && out.size() < 1 << 20; ) {
                    out.write(buf, 0, n);
                }
            } catch (SocketTimeoutException e) {
                // answer what arrived
            }
            return out.toString(StandardCharsets.ISO_8859_1);
        }
    }

    /** @return the status code of a raw response, or -1 when there is none */
    static int status(String response) {
        return response.startsWith("HTTP/1.1 ") && response.length() >= 12
                ? Integer.parseInt(response.substring(9, 12)) : -1;
    }
}
