package io.hawser.servlet;

import io.hawser.api.ByteRanges;
import jakarta.servlet.http.HttpServletResponse;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a static file's content for the default servlet: whole (200), one range (206) or several
 * ranges as {@code multipart/byteranges} (206, RFC 9110 §14.6). Content goes through the
 * connector's {@code ResponseBody.sendFile} ({@code FileChannel.transferTo}, zero-copy, since every
 * static response declares its Content-Length) when the response is not wrapped by a filter, and is
 * copied in 64 KiB writes through the wrapper's stream otherwise. An entry of a jar's
 * {@code META-INF/resources} (a path of a zip file system, Servlet 6.1 §4.6) has no file to send and
 * is always streamed, decompressed, in 64 KiB writes. A file whose bytes {@link StaticCache} holds
 * ({@link StaticResource#content}) is written from them, whole or by range: what is sent always
 * agrees with the validators and length the response carries.
 */
final class StaticBody {
    /** Bytes per write. */
    static final int CHUNK = 64 * 1024;

    private StaticBody() {
    }

    /**
     * Sends the whole file with its Content-Length.
     *
     * @param resp the response, status and fields already set
     * @param file the file
     * @param body whether to write content (false for HEAD)
     */
    static void whole(HttpServletResponse resp, StaticResource file, boolean body) throws IOException {
        long length = file.length;
        resp.setContentLengthLong(length);
        if (body && length > 0) {
            try (Content c = new Content(file)) {
                c.copy(0, length, resp.getOutputStream(), null);
            }
        }
    }

    /**
     * Sends one range as 206 with Content-Range (RFC 9110 §14.4).
     *
     * @param resp the response
     * @param file the file
     * @param span the satisfiable range
     */
    static void single(HttpServletResponse resp, StaticResource file, ByteRanges.Range span) throws IOException {
        resp.setStatus(HttpServletResponse.SC_PARTIAL_CONTENT);
        resp.setHeader("Content-Range", span.contentRange(file.length));
        resp.setContentLengthLong(span.length());
        try (Content c = new Content(file)) {
            c.copy(span.first(), span.length(), resp.getOutputStream(), null);
        }
    }

    /**
     * Sends several ranges as one {@code multipart/byteranges} body (RFC 9110 §14.6), in the order
     * asked for, with an exact Content-Length.
     *
     * @param resp the response
     * @param file the file
     * @param spans two or more non-overlapping ranges
     * @param type the file's media type, or {@code null}
     */
    static void multiple(HttpServletResponse resp, StaticResource file, List<ByteRanges.Range> spans, String type)
            throws IOException {
        long length = file.length;
        String boundary = "HAWSER_" + Long.toHexString(ThreadLocalRandom.current().nextLong())
                + Long.toHexString(ThreadLocalRandom.current().nextLong());
        byte[][] heads = new byte[spans.size()][];
        long total = 0;
        for (int i = 0; i < spans.size(); i++) {
            ByteRanges.Range s = spans.get(i);
            String head = "\r\n--" + boundary + "\r\n" + (type == null ? "" : "Content-Type: " + type + "\r\n")
                    + "Content-Range: " + s.contentRange(length) + "\r\n\r\n";
            heads[i] = head.getBytes(StandardCharsets.ISO_8859_1);
            total += heads[i].length + s.length();
        }
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.ISO_8859_1);
        total += tail.length;
        resp.setStatus(HttpServletResponse.SC_PARTIAL_CONTENT);
        resp.setContentType("multipart/byteranges; boundary=" + boundary);
        resp.setContentLengthLong(total);
        OutputStream out = resp.getOutputStream();
        byte[] buf = new byte[CHUNK];
        try (Content c = new Content(file)) {
            for (int i = 0; i < spans.size(); i++) {
                out.write(heads[i]);
                c.copy(spans.get(i).first(), spans.get(i).length(), out, buf);
            }
        }
        out.write(tail);
    }

    /**
     * A file's content, read at any position: from the bytes held, through a {@link FileChannel}
     * for a file of the default file system (opened without following a symbolic link in the last
     * element: the path is the real one), else (a jar entry) through a stream, reopened when a
     * later range starts before where the stream is.
     */
    private static final class Content implements Closeable {
        private final Path file;
        private final byte[] held;
        private final FileChannel channel;
        private InputStream stream;
        private long at;

        Content(StaticResource resource) throws IOException {
            this.file = resource.file;
            this.held = resource.content;
            this.channel = held == null && file.getFileSystem() == FileSystems.getDefault()
                    ? FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS) : null;
        }

        /** @param buf a copy buffer, or {@code null} to make one only if one is needed (not for the connector's own stream) */
        void copy(long position, long count, OutputStream out, byte[] buf) throws IOException {
            if (held != null) {
                out.write(held, (int) position, (int) count);
                return;
            }
            if (channel != null) {
                StaticBody.copy(channel, position, count, out, buf);
                return;
            }
            if (buf == null) {
                buf = new byte[(int) Math.min(CHUNK, Math.max(1, count))];
            }
            if (stream == null || position < at) {
                close();
                stream = Files.newInputStream(file);
                at = 0;
            }
            stream.skipNBytes(position - at);
            at = position;
            long left = count;
            while (left > 0) {
                int n = stream.read(buf, 0, (int) Math.min(buf.length, left));
                if (n < 0) {
                    throw new EOFException("resource shrank while being sent");
                }
                out.write(buf, 0, n);
                at += n;
                left -= n;
            }
        }

        @Override
        public void close() throws IOException {
            if (channel != null) {
                channel.close();
            }
            if (stream != null) {
                stream.close();
                stream = null;
            }
        }
    }

    private static void copy(FileChannel ch, long position, long count, OutputStream out, byte[] buf)
            throws IOException {
        if (out instanceof ServletOutput) {
            // Our own stream, not a filter's wrapper: let the connector send the file (zero-copy
            // with sendfile when the response has a Content-Length, as every static response does).
            ((ServletOutput) out).sendFile(ch, position, count);
            return;
        }
        ByteBuffer bb = ByteBuffer.wrap(buf != null ? buf : new byte[(int) Math.min(CHUNK, Math.max(1, count))]);
        long pos = position;
        long left = count;
        while (left > 0) {
            bb.clear().limit((int) Math.min(bb.capacity(), left));
            int n = ch.read(bb, pos);
            if (n < 0) {
                throw new EOFException("file shrank while being sent");
            }
            out.write(bb.array(), 0, n);
            pos += n;
            left -= n;
        }
    }
}
