package io.hawser.servlet;

import io.hawser.api.HttpDate;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * A request path resolved against a web app's directory, then the {@code META-INF/resources} of its
 * {@code WEB-INF/lib} jars (Servlet 6.1 §4.6), for the default servlet: a regular file or jar entry
 * (with its length, modification time and entity-tag), a directory, or a reason not to serve it.
 * Dot segments, backslashes and NUL are {@link Kind#BAD}; {@code WEB-INF/}, {@code META-INF/} and
 * anything that resolves outside the directory (also through a symbolic link) are
 * {@link Kind#FORBIDDEN}, answered as 404 so their existence is not revealed. Immutable, so that
 * {@link StaticCache} can hand one to many requests: a file's {@code ETag} and {@code Last-Modified}
 * texts are made once, and a small file's bytes may be held ({@link #withContent}).
 */
final class StaticResource {
    /** What a path resolves to. */
    enum Kind { FILE, DIRECTORY, MISSING, FORBIDDEN, BAD }

    final Kind kind;
    final Path file;
    final long length;
    final long lastModified;
    /** The file's bytes as read once, or {@code null}: read from {@link #file} when sent. */
    final byte[] content;
    /** Made on first use; a racy first use makes the same text twice, harmlessly. */
    private String etag;
    private String lastModifiedText;

    private StaticResource(Kind kind, Path file, long length, long lastModified, byte[] content) {
        this.kind = kind;
        this.file = file;
        this.length = length;
        this.lastModified = lastModified;
        this.content = content;
    }

    /**
     * @param roots the web app's directory (a real path, symbolic links resolved), then each jar's
     *     {@code META-INF/resources}; the first root where the path exists answers
     * @param path the path within the app, decoded, starting with {@code /}
     * @param internal whether the request is a forward, include or error dispatch, which may reach
     *     {@code WEB-INF/} and {@code META-INF/}
     * @return what it resolves to: {@link Kind#MISSING} only when no root has it
     */
    static StaticResource resolve(java.util.List<Path> roots, String path, boolean internal) {
        StaticResource r = of(Kind.MISSING);
        for (Path root : roots) {
            r = resolve(root, path, internal);
            if (r.kind != Kind.MISSING) {
                return r;
            }
        }
        return r;
    }

    /**
     * @param root the web app's directory, a real path (symbolic links resolved), or a jar's
     *     {@code META-INF/resources}
     * @param path the path within the app, decoded, starting with {@code /}
     * @param internal whether the request is a forward, include or error dispatch, which may reach
     *     {@code WEB-INF/} and {@code META-INF/}
     * @return what it resolves to
     */
    static StaticResource resolve(Path root, String path, boolean internal) {
        if (!path.startsWith("/") || path.indexOf('\\') >= 0 || path.indexOf('\0') >= 0) {
            return of(Kind.BAD);
        }
        String first = null;
        for (String segment : path.split("/")) {
            if (segment.equals(".") || segment.equals("..")) {
                return of(Kind.BAD);
            }
            if (first == null && !segment.isEmpty()) {
                first = segment;
            }
        }
        if (!internal && first != null && isPrivate(first)) {
            return of(Kind.FORBIDDEN);
        }
        Path target = root.resolve(path.substring(1)).normalize();
        if (!target.startsWith(root)) {
            return of(Kind.FORBIDDEN);
        }
        if (target.getFileSystem() == java.nio.file.FileSystems.getDefault() && !target.toFile().exists()) {
            return of(Kind.MISSING); // a plain stat: toRealPath would say so by throwing, which costs more (precompressed siblings are looked for on every request)
        }
        try {
            Path real = target.toRealPath();
            if (!real.startsWith(root)) {
                return of(Kind.FORBIDDEN);
            }
            if (!internal && !real.equals(root) && isPrivate(root.relativize(real).getName(0).toString())) {
                return of(Kind.FORBIDDEN);
            }
            BasicFileAttributes attrs = Files.readAttributes(real, BasicFileAttributes.class);
            if (attrs.isDirectory()) {
                return new StaticResource(Kind.DIRECTORY, real, 0, attrs.lastModifiedTime().toMillis(), null);
            }
            if (!attrs.isRegularFile() || !Files.isReadable(real)) {
                return of(Kind.MISSING);
            }
            return new StaticResource(Kind.FILE, real, attrs.size(), attrs.lastModifiedTime().toMillis(), null);
        } catch (NoSuchFileException e) {
            return of(Kind.MISSING);
        } catch (IOException | SecurityException | java.nio.file.InvalidPathException e) {
            return of(Kind.MISSING);
        }
    }

    /**
     * @param pathInApp a canonical path within the app, starting with {@code /}
     * @return whether its first segment is {@code WEB-INF} or {@code META-INF} (any case, trailing
     *     dots or spaces ignored), which no client request may reach (Servlet 6.1 §10.5); allocates nothing
     */
    static boolean isPrivatePath(String pathInApp) {
        int end = pathInApp.indexOf('/', 1);
        if (end < 0) {
            end = pathInApp.length();
        }
        while (end > 1 && (pathInApp.charAt(end - 1) == '.' || pathInApp.charAt(end - 1) == ' ')) {
            end--;
        }
        int length = end - 1;
        return length == 7 && pathInApp.regionMatches(true, 1, "WEB-INF", 0, 7)
                || length == 8 && pathInApp.regionMatches(true, 1, "META-INF", 0, 8);
    }

    private static boolean isPrivate(String segment) {
        int end = segment.length();
        while (end > 0 && (segment.charAt(end - 1) == '.' || segment.charAt(end - 1) == ' ')) {
            end--; // trailing dots and spaces ignored, as Windows file systems do
        }
        return end == 7 && segment.regionMatches(true, 0, "WEB-INF", 0, 7)
                || end == 8 && segment.regionMatches(true, 0, "META-INF", 0, 8);
    }

    private static StaticResource of(Kind kind) {
        return new StaticResource(kind, null, 0, 0, null);
    }

    /**
     * @param maxBytes the largest file whose bytes are read
     * @return this file with its bytes read into memory when it is a file of at most {@code maxBytes}
     *     that did not change while it was read (same length and modification time before and after);
     *     else {@code this}. The last path element is opened without following a symbolic link.
     */
    StaticResource withContent(long maxBytes) {
        if (kind != Kind.FILE || content != null || length > maxBytes) {
            return this;
        }
        try {
            byte[] bytes = read();
            LinkOption[] own = file.getFileSystem() == FileSystems.getDefault()
                    ? new LinkOption[] {LinkOption.NOFOLLOW_LINKS} : new LinkOption[0];
            BasicFileAttributes after = Files.readAttributes(file, BasicFileAttributes.class, own);
            if (bytes == null || !after.isRegularFile() || after.size() != length
                    || after.lastModifiedTime().toMillis() != lastModified) {
                return this; // changed while read: sent from the file, and read again when next resolved
            }
            return new StaticResource(kind, file, length, lastModified, bytes);
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return this;
        }
    }

    /** @return the file's {@link #length} bytes, or {@code null} when it holds more or fewer now */
    private byte[] read() throws IOException {
        if (file.getFileSystem() != FileSystems.getDefault()) {
            byte[] bytes = Files.readAllBytes(file); // a jar entry: decompressed
            return bytes.length == length ? bytes : null;
        }
        byte[] bytes = new byte[(int) length];
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            while (buf.hasRemaining()) {
                if (ch.read(buf, buf.position()) < 0) {
                    return null;
                }
            }
            return ch.size() == length ? bytes : null;
        }
    }

    /**
     * @param other another resolution, or {@code null}
     * @return whether both are the same kind, file, length and modification time: a resolution
     *     whose held bytes and texts still describe what {@code other} found on disk
     */
    boolean sameAs(StaticResource other) {
        return other != null && kind == other.kind && length == other.length && lastModified == other.lastModified
                && Objects.equals(file, other.file);
    }

    /**
     * @return a strong entity-tag from the length and modification time, e.g. {@code "1f4-18c2b7a9e10"}
     *     (RFC 9110 §8.8.3; changes whenever the file is rewritten)
     */
    String etag() {
        String e = etag;
        if (e == null) {
            e = "\"" + Long.toHexString(length) + "-" + Long.toHexString(lastModified) + "\"";
            etag = e;
        }
        return e;
    }

    /** @return {@link #lastModified} as an IMF-fixdate, for {@code Last-Modified} (RFC 9110 §8.8.2) */
    String lastModifiedText() {
        String t = lastModifiedText;
        if (t == null) {
            t = HttpDate.format(lastModified);
            lastModifiedText = t;
        }
        return t;
    }
}
