package io.hawser.tests.timeouts;

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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A blocking raw-socket HTTP/1.1 client on 127.0.0.1 for the timeout tests: it writes bytes, reads
 * responses and tells when (by {@link System#nanoTime()}) things arrived or the connection ended.
 * Every read is bounded by a socket timeout, so no test hangs on a silent server.
 */
final class Wire implements Closeable {
    static final int READ_TIMEOUT_MILLIS = 10_000;
    private static final int MAX_LINE = 16 * 1024;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    /** {@link System#nanoTime()} just before connect was called. */
    final long connectStart;
    /** {@link System#nanoTime()} just after connect returned. */
    final long connectEnd;

    private Wire(Socket socket, long connectStart, long connectEnd) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
        this.out = socket.getOutputStream();
        this.connectStart = connectStart;
        this.connectEnd = connectEnd;
    }

    static Wire connect(int port) throws IOException {
        return connect(port, -1);
    }

    /** @param receiveBuffer SO_RCVBUF to set before connecting (so the window is small), or -1 */
    static Wire connect(int port, int receiveBuffer) throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.setSoTimeout(READ_TIMEOUT_MILLIS);
        if (receiveBuffer > 0) {
            s.setReceiveBufferSize(receiveBuffer);
        }
        long start = System.nanoTime();
        s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        long end = System.nanoTime();
        return new Wire(s, start, end);
    }

    Socket socket() {
        return socket;
    }

    Wire send(String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        return this;
    }

    static String get(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    }

    /** Reads one response (Content-Length, chunked or close-delimited body). */
    Response readResponse() throws IOException {
        return readResponse(READ_TIMEOUT_MILLIS);
    }

    Response readResponse(int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        int first = in.read();
        long arrived = System.nanoTime();
        if (first < 0) {
            throw new EOFException("connection closed before a response");
        }
        String statusLine = (char) first + readLine();
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not a status line: " + statusLine);
        }
        int status = Integer.parseInt(parts[1]);
        Map<String, List<String>> fields = new LinkedHashMap<>();
        for (int i = 0; i < 200; i++) {
            String line = readLine();
            if (line.isEmpty()) {
                break;
            }
            int colon = line.indexOf(':');
            fields.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(line.substring(colon + 1).trim());
        }
        byte[] body;
        String length = first(fields, "content-length");
        String te = first(fields, "transfer-encoding");
        if (status / 100 == 1 || status == 204 || status == 304) {
            body = new byte[0];
        } else if (length != null) {
            body = in.readNBytes(Integer.parseInt(length));
            if (body.length < Integer.parseInt(length)) {
                throw new EOFException("body ended after " + body.length + " of " + length + " bytes");
            }
        } else if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            body = readChunked();
        } else {
            body = in.readAllBytes();
        }
        return new Response(status, fields, body, arrived);
    }

    private byte[] readChunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int i = 0; i < 1_000_000; i++) {
            String line = readLine();
            int semi = line.indexOf(';');
            int size = Integer.parseInt((semi >= 0 ? line.substring(0, semi) : line).trim(), 16);
            if (size == 0) {
                for (int t = 0; t < 100 && !readLine().isEmpty(); t++) {
                    // trailer field lines are ignored
                }
                return body.toByteArray();
            }
            byte[] chunk = in.readNBytes(size);
            if (chunk.length < size) {
                throw new EOFException("chunk cut short");
            }
            body.write(chunk);
            readLine();
        }
        throw new IOException("too many chunks");
    }

    private String readLine() throws IOException {
        StringBuilder line = new StringBuilder();
        while (line.length() < MAX_LINE) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection closed inside a line: " + line);
            }
            if (b == '\n') {
                int n = line.length();
                if (n > 0 && line.charAt(n - 1) == '\r') {
                    line.setLength(n - 1);
                }
                return line.toString();
            }
            line.append((char) b);
        }
        throw new IOException("line too long");
    }

    /**
     * Reads until the server ends the connection (EOF or reset) or {@code timeoutMillis} pass.
     *
     * @return what arrived and when the connection ended, or {@code end < 0} when it did not
     */
    Ending awaitEnd(long timeoutMillis) throws IOException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        long firstByte = -1;
        byte[] buf = new byte[8192];
        for (int reads = 0; reads < 10_000_000; reads++) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                return new Ending(received.toByteArray(), firstByte, -1, false);
            }
            socket.setSoTimeout((int) Math.max(1, left));
            int n;
            try {
                n = in.read(buf);
            } catch (SocketTimeoutException e) {
                continue;
            } catch (SocketException e) {
                long now = System.nanoTime();
                return new Ending(received.toByteArray(), firstByte < 0 ? now : firstByte, now, true);
            }
            long now = System.nanoTime();
            if (n < 0) {
                return new Ending(received.toByteArray(), firstByte < 0 ? now : firstByte, now, false);
            }
            if (firstByte < 0) {
                firstByte = now;
            }
            if (received.size() < 1 << 20) {
                received.write(buf, 0, n);
            }
        }
        return new Ending(received.toByteArray(), firstByte, -1, false);
    }

    /** @return whether nothing (no byte, no EOF) arrives for {@code millis} */
    boolean quietFor(long millis) throws IOException {
        Ending e = awaitEnd(millis);
        return e.end < 0 && e.bytes.length == 0;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a test socket
        }
    }

    static String first(Map<String, List<String>> fields, String name) {
        List<String> values = fields.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    static double millis(long nanos) {
        return nanos / 1_000_000.0;
    }

    /** A response as read from the wire; {@code arrived} is when its first byte was read. */
    record Response(int status, Map<String, List<String>> fields, byte[] body, long arrived) {
        String field(String name) {
            return first(fields, name.toLowerCase(Locale.ROOT));
        }

        boolean closes() {
            String c = field("connection");
            return c != null && c.toLowerCase(Locale.ROOT).contains("close");
        }

        String text() {
            return new String(body, StandardCharsets.ISO_8859_1);
        }
    }

    /**
     * How a connection ended: the bytes read before the end, when the first of them arrived, when
     * the end (EOF or reset) was seen ({@code -1}: not within the wait), and whether it was a reset.
     */
    record Ending(byte[] bytes, long firstByte, long end, boolean reset) {
        String text() {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }

        boolean ended() {
            return end >= 0;
        }
    }
}
