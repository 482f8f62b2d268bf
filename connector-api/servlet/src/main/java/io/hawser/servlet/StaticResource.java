package io.hawser.servlet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A request path resolved against a web app's directory, then the {@code META-INF/resources} of its
 * {@code WEB-INF/lib} jars (Servlet 6.1 §4.6), for the default servlet: a regular file or jar entry
 * (with its length, modification time and entity-tag), a directory, or a reason not to serve it.
 * Dot segments, backslashes and NUL are {@link Kind#BAD}; {@code WEB-INF/}, {@code META-INF/} and
 * anything that resolves outside the directory (also through a symbolic link) are
 * {@link Kind#FORBIDDEN}, answered as 404 so their existence is not revealed.
 */
final class StaticResource {
    /** What a path resolves to. */
    enum Kind { FILE, DIRECTORY, MISSING, FORBIDDEN, BAD }

    final Kind kind;
    final Path file;
    final long length;
    final long lastModified;

    private StaticResource(Kind kind, Path file, long length, long lastModified) {
        this.kind = kind;
        this.file = file;
        this.length = length;
        this.lastModified = lastModified;
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
                return new StaticResource(Kind.DIRECTORY, real, 0, attrs.lastModifiedTime().toMillis());
            }
            if (!attrs.isRegularFile() || !Files.isReadable(real)) {
                return of(Kind.MISSING);
            }
            return new StaticResource(Kind.FILE, real, attrs.size(), attrs.lastModifiedTime().toMillis());
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
        return new StaticResource(kind, null, 0, 0);
    }

    /**
     * @return a strong entity-tag from the length and modification time, e.g. {@code "1f4-18c2b7a9e10"}
     *     (RFC 9110 §8.8.3; changes whenever the file is rewritten)
     */
    String etag() {
        return "\"" + Long.toHexString(length) + "-" + Long.toHexString(lastModified) + "\"";
    }
}
