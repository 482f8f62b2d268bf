package io.hawser.tests.integration;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpHandler;
import io.hawser.nio.NioConnector;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The shared helper of the integration tests: a plain {@link Socket} client on 127.0.0.1 that writes
 * raw bytes and reads HTTP/1.1 responses (status line, fields, Content-Length, chunked or
 * close-delimited bodies, trailers), plus small utilities (starting a connector, SHA-256).
 *
 * <p>Every read has a socket timeout, so a test never hangs on a silent server.
 */
final class RawHttp implements Closeable {
    /** How long one blocking read may wait before the test fails. */
    static final int READ_TIMEOUT_MILLIS = 5_000;
    private static final int MAX_LINE = 64 * 1024;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private RawHttp(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
        this.out = socket.getOutputStream();
    }

    /** Connects to 127.0.0.1:{@code port} with TCP_NODELAY and a read timeout. */
    static RawHttp connect(int port) throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.setSoTimeout(READ_TIMEOUT_MILLIS);
        s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        return new RawHttp(s);
    }

    /** Uses an already connected socket (set its options, read timeout included, before connecting). */
    static RawHttp wrap(Socket connected) throws IOException {
        return new RawHttp(connected);
    }

    Socket socket() {
        return socket;
    }

    /** Writes {@code text} as ISO-8859-1 bytes in one write. */
    RawHttp send(String text) throws IOException {
        return send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Writes {@code bytes} in one write. */
    RawHttp send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** Writes {@code bytes} one byte per write (TCP_NODELAY is on, so mostly one byte per segment). */
    RawHttp sendByteByByte(byte[] bytes) throws IOException {
        for (byte b : bytes) {
            out.write(b);
            out.flush();
        }
        return this;
    }

    /** Reads the next response, interim (1xx) ones included, to a request that was not HEAD. */
    Response readAny() throws IOException {
        return read(false, false);
    }

    /** Reads the next final response (skipping interim ones) to a request that was not HEAD. */
    Response read() throws IOException {
        return read(false, true);
    }

    /** Reads the next final response to a HEAD request (no body whatever the fields say). */
    Response readHead() throws IOException {
        return read(true, true);
    }

    private Response read(boolean headRequest, boolean skipInterim) throws IOException {
        while (true) {
            String statusLine = readLine();
            if (statusLine == null) {
                throw new EOFException("connection closed before a response");
            }
            Response r = new Response();
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
                throw new IOException("not a status line: " + statusLine);
            }
            r.version = parts[0];
            r.status = Integer.parseInt(parts[1]);
            r.reason = parts.length > 2 ? parts[2] : "";
            readFields(r.fields);
            if (r.status >= 100 && r.status < 200) {
                if (skipInterim) {
                    r.interimBefore = true;
                    continue;
                }
                return r;
            }
            if (headRequest || r.status == 204 || r.status == 304) {
                r.body = new byte[0];
            } else if (r.header("Transfer-Encoding") != null
                    && r.header("Transfer-Encoding").toLowerCase(Locale.ROOT).endsWith("chunked")) {
                r.chunked = true;
                r.body = readChunked(r.trailers);
            } else if (r.header("Content-Length") != null) {
                r.body = readFully(Long.parseLong(r.header("Content-Length")));
            } else {
                r.body = readToEnd();
            }
            return r;
        }
    }

    private void readFields(List<String[]> into) throws IOException {
        while (true) {
            String line = readLine();
            if (line == null) {
                throw new EOFException("connection closed inside a field section");
            }
            if (line.isEmpty()) {
                return;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new IOException("not a field line: " + line);
            }
            into.add(new String[] {line.substring(0, colon), line.substring(colon + 1).trim()});
        }
    }

    private byte[] readChunked(List<String[]> trailers) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String line = readLine();
            if (line == null) {
                throw new EOFException("connection closed inside a chunked body");
            }
            int semi = line.indexOf(';');
            long size = Long.parseLong((semi >= 0 ? line.substring(0, semi) : line).trim(), 16);
            if (size == 0) {
                readFields(trailers);
                return body.toByteArray();
            }
            body.write(readFully(size));
            String crlf = readLine();
            if (crlf == null || !crlf.isEmpty()) {
                throw new IOException("chunk data not followed by CRLF");
            }
        }
    }

    private byte[] readFully(long length) throws IOException {
        if (length > Integer.MAX_VALUE - 16) {
            throw new IOException("body too large for the test reader: " + length);
        }
        byte[] b = new byte[(int) length];
        int off = 0;
        while (off < b.length) {
            int n = in.read(b, off, b.length - off);
            if (n < 0) {
                throw new EOFException("connection closed after " + off + " of " + length + " body bytes");
            }
            off += n;
        }
        return b;
    }

    private byte[] readToEnd() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buf = new byte[16 * 1024];
        for (int n; (n = in.read(buf)) >= 0; ) {
            body.write(buf, 0, n);
        }
        return body.toByteArray();
    }

    /** @return a line without its CRLF (a bare LF also ends it), or {@code null} at end of input */
    private String readLine() throws IOException {
        StringBuilder s = new StringBuilder(64);
        while (true) {
            int c = in.read();
            if (c < 0) {
                if (s.length() == 0) {
                    return null;
                }
                throw new EOFException("connection closed inside a line: " + s);
            }
            if (c == '\n') {
                int len = s.length();
                if (len > 0 && s.charAt(len - 1) == '\r') {
                    s.setLength(len - 1);
                }
                return s.toString();
            }
            if (s.length() > MAX_LINE) {
                throw new IOException("line longer than " + MAX_LINE);
            }
            s.append((char) c);
        }
    }

    /**
     * Waits (up to {@code millis}) for the server to close the connection.
     *
     * @return {@code true} when the next read sees end of stream (or a reset), {@code false} when it
     *     sees more bytes or times out
     */
    boolean awaitClosedByPeer(int millis) throws IOException {
        int old = socket.getSoTimeout();
        socket.setSoTimeout(millis);
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            // "Connection reset": the server closed with unread bytes in its receive buffer
            return true;
        } finally {
            if (!socket.isClosed()) {
                socket.setSoTimeout(old);
            }
        }
    }

    /**
     * Reads once with a timeout and tells how the server ended the connection.
     *
     * @return {@code "FIN"} for an orderly close (read returned -1), {@code "RST"} for a reset,
     *     {@code "OPEN"} when nothing came within {@code millis}, {@code "DATA"} when bytes came
     */
    String closeKind(int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            return in.read() < 0 ? "FIN" : "DATA";
        } catch (SocketTimeoutException e) {
            return "OPEN";
        } catch (SocketException e) {
            return "RST";
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** One parsed response. */
    static final class Response {
        String version;
        int status;
        String reason;
        final List<String[]> fields = new ArrayList<>();
        final List<String[]> trailers = new ArrayList<>();
        byte[] body;
        boolean chunked;
        /** Whether interim responses were skipped before this one. */
        boolean interimBefore;

        /** @return the first value of field {@code name} (case-insensitive), or {@code null} */
        String header(String name) {
            for (String[] f : fields) {
                if (f[0].equalsIgnoreCase(name)) {
                    return f[1];
                }
            }
            return null;
        }

        /** @return the first value of trailer field {@code name}, or {@code null} */
        String trailer(String name) {
            for (String[] f : trailers) {
                if (f[0].equalsIgnoreCase(name)) {
                    return f[1];
                }
            }
            return null;
        }

        /** @return whether the Connection field lists {@code close} */
        boolean closes() {
            String c = header("Connection");
            return c != null && c.toLowerCase(Locale.ROOT).contains("close");
        }

        String bodyText() {
            return new String(body, StandardCharsets.ISO_8859_1);
        }

        /** @return the value of an {@code name: value} line of an /echo body, or {@code null} */
        String echoed(String name) {
            for (String line : bodyText().split("\n")) {
                if (line.startsWith(name + ": ")) {
                    return line.substring(name.length() + 2);
                }
            }
            return null;
        }

        @Override
        public String toString() {
            return version + " " + status + " " + reason + " " + fields.size() + " fields, "
                    + (body == null ? 0 : body.length) + " body bytes";
        }
    }

    // ------------------------------------------------------------------ utilities

    /** Starts a connector on 127.0.0.1 and a free port. */
    static NioConnector start(HttpHandler handler) throws IOException {
        return start(ConnectorConfig.builder().host("127.0.0.1").port(0).build(), handler);
    }

    /** Starts a connector with {@code config} (which should bind 127.0.0.1, port 0). */
    static NioConnector start(ConnectorConfig config, HttpHandler handler) throws IOException {
        NioConnector c = new NioConnector(config, handler);
        c.start();
        return c;
    }

    /** What {@code ConnectorSeams.outstanding} reports once nothing is lent from any of a connector's pools. */
    static final String NOTHING_LENT = "exchanges=0 pages=0 responseBuffers=0";

    /**
     * Waits up to 5 s until nothing is lent from {@code server}'s pools, then asserts it: a worker
     * gives its exchange and buffers back just after the response's last byte is written.
     */
    static void assertNothingLent(NioConnector server) {
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(5)).untilAsserted(() ->
                org.assertj.core.api.Assertions.assertThat(io.hawser.nio.ConnectorSeams.outstanding(server)).isEqualTo(NOTHING_LENT));
    }

    /** @return a builder for 127.0.0.1, port 0 */
    static ConnectorConfig.Builder local() {
        return ConnectorConfig.builder().host("127.0.0.1").port(0);
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            s.append(Character.forDigit(b >> 4 & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return s.toString();
    }

    static String sha256Hex(byte[] bytes) {
        return hex(sha256().digest(bytes));
    }

    /** @return {@code size} bytes of a repeatable pseudo-random pattern */
    static byte[] pattern(int size, long seed) {
        byte[] b = new byte[size];
        new java.util.Random(seed).nextBytes(b);
        return b;
    }

    /** Encodes {@code body} as chunked with pieces of {@code piece} bytes and the last chunk. */
    static byte[] chunked(byte[] body, int piece, String trailerSection) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + body.length / Math.max(1, piece) * 8 + 64);
        for (int off = 0; off < body.length; off += piece) {
            int n = Math.min(piece, body.length - off);
            out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, off, n);
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes(("0\r\n" + trailerSection + "\r\n").getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    /** Concatenates byte arrays. */
    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
