package io.hawser.launcher;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An access log in the Common or Combined Log Format (as Apache httpd, Tomcat's
 * {@code AccessLogValve} and Jetty's {@code CustomRequestLog} write them):
 *
 * <pre>
 * common:   %h %l %u %t "%r" %&gt;s %b
 * combined: %h %l %u %t "%r" %&gt;s %b "%{Referer}i" "%{User-Agent}i"
 * </pre>
 *
 * {@code %h} is the client's IP address, {@code %l} is always {@code -}, {@code %u} the user the
 * application authenticated ({@code HttpExchange.setRemoteUser}: the servlet layer's BASIC or FORM
 * user), or {@code -} when none, {@code %t} the local time the request was received, {@code %b}
 * the content bytes the application wrote, or {@code -} when none (HEAD, 304, 204). Bytes of the
 * request line and fields outside printable ASCII, and {@code "} and {@code \}, are written as
 * {@code \xHH} so a client cannot forge lines. Each line is written and flushed under a lock
 * (a {@link ReentrantLock}, which does not pin virtual threads).
 */
final class AccessLog implements Closeable {
    /** Which format to write. */
    enum Format { COMMON, COMBINED }

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("'['dd/MMM/yyyy:HH:mm:ss Z']'", Locale.US);

    private final Writer out;
    private final boolean ownsOut;
    private final Format format;
    private final ReentrantLock lock = new ReentrantLock();

    private AccessLog(Writer out, boolean ownsOut, Format format) {
        this.out = out;
        this.ownsOut = ownsOut;
        this.format = format;
    }

    /**
     * @param target a file to append to, or {@code -} for standard output
     * @param format the line format
     * @return the open log
     * @throws IOException when the file cannot be opened for appending
     */
    static AccessLog open(String target, Format format) throws IOException {
        if (target.equals("-")) {
            return new AccessLog(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8)),
                    false, format);
        }
        Path file = Path.of(target);
        return new AccessLog(new BufferedWriter(new OutputStreamWriter(new FileOutputStream(file.toFile(), true),
                StandardCharsets.UTF_8)), true, format);
    }

    /**
     * Writes one line.
     *
     * @param client the client's IP address
     * @param user the authenticated user's name ({@code %u}; its UTF-8 bytes escaped as below), or
     *     {@code null} for {@code -}
     * @param received when the request arrived
     * @param requestLine method, request-target and protocol
     * @param status the final status sent
     * @param bytes content bytes written, 0 for none
     * @param referer the Referer field, or {@code null}
     * @param userAgent the User-Agent field, or {@code null}
     */
    void log(String client, String user, ZonedDateTime received, String requestLine, int status, long bytes, String referer,
            String userAgent) {
        StringBuilder s = new StringBuilder(160);
        s.append(client).append(" - ");
        if (user == null || user.isEmpty()) {
            s.append('-');
        } else {
            // The name is the client's own input: its UTF-8 bytes are escaped like the request line,
            // and a space would split the field, so it is escaped too.
            String utf8 = new String(user.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
            StringBuilder name = new StringBuilder();
            escape(utf8, name);
            s.append(name.toString().replace(" ", "\\x20"));
        }
        s.append(' ').append(TIME.format(received)).append(" \"");
        escape(requestLine, s);
        s.append("\" ").append(status).append(' ');
        if (bytes > 0) {
            s.append(bytes);
        } else {
            s.append('-');
        }
        if (format == Format.COMBINED) {
            s.append(" \"");
            escapeOrDash(referer, s);
            s.append("\" \"");
            escapeOrDash(userAgent, s);
            s.append('"');
        }
        s.append('\n');
        lock.lock();
        try {
            out.write(s.toString());
            out.flush();
        } catch (IOException e) {
            // an access log that cannot be written must not break requests
        } finally {
            lock.unlock();
        }
    }

    private static void escapeOrDash(String v, StringBuilder s) {
        if (v == null || v.isEmpty()) {
            s.append('-');
        } else {
            escape(v, s);
        }
    }

    static void escape(String v, StringBuilder s) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') {
                s.append("\\x").append(Character.forDigit(c >> 4 & 0xF, 16)).append(Character.forDigit(c & 0xF, 16));
            } else {
                s.append(c);
            }
        }
    }

    @Override
    public void close() throws IOException {
        lock.lock();
        try {
            out.flush();
            if (ownsOut) {
                out.close();
            }
        } finally {
            lock.unlock();
        }
    }
}
