package io.hawser.servlet;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The static resources of a context (Servlet 6.1 §4.6): files under an exploded WAR directory, or
 * entries of a {@code .war} file read through the JDK's zip file system. Resource paths start with
 * {@code /} and are relative to the context root; a path with {@code ..} or {@code \} segments, or
 * one that would leave the base, finds nothing. {@code WEB-INF} and {@code META-INF} are reachable
 * here (hiding them from clients is the default servlet's job, §10.5).
 */
final class ContextResources {
    private final Path root;
    private final boolean directory;
    private final FileSystem war;

    /**
     * @param base an exploded WAR directory, a {@code .war} file, or {@code null} for none
     * @throws IllegalArgumentException when {@code base} exists but is neither, or the WAR cannot be opened
     */
    ContextResources(Path base) {
        if (base == null) {
            root = null;
            directory = false;
            war = null;
        } else if (Files.isDirectory(base)) {
            root = base.toAbsolutePath().normalize();
            directory = true;
            war = null;
        } else if (Files.isRegularFile(base)) {
            try {
                war = FileSystems.newFileSystem(base, (ClassLoader) null);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot open WAR " + base, e);
            }
            root = war.getPath("/");
            directory = false;
        } else {
            throw new IllegalArgumentException("not a directory or WAR file: " + base);
        }
    }

    /**
     * @param path a resource path starting with {@code /}
     * @return the file or entry it names (which may not exist), or {@code null} when the path is invalid or there is no base
     */
    Path resolve(String path) {
        if (root == null || path == null || !path.startsWith("/")) {
            return null;
        }
        for (String segment : path.split("/")) {
            if (segment.equals("..") || segment.indexOf('\\') >= 0 || segment.indexOf('\0') >= 0) {
                return null;
            }
        }
        String relative = path.substring(1);
        Path resolved = relative.isEmpty() ? root : root.resolve(relative).normalize();
        return resolved.startsWith(root) ? resolved : null;
    }

    /**
     * @param path a resource path
     * @return whether a file or directory exists there
     */
    boolean exists(String path) {
        Path p = resolve(path);
        return p != null && Files.exists(p);
    }

    /**
     * @param path a resource path starting with {@code /}
     * @return a URL for the resource, or {@code null} when it does not exist
     * @throws MalformedURLException for a path not starting with {@code /} (ServletContext#getResource)
     */
    URL url(String path) throws MalformedURLException {
        if (path == null || !path.startsWith("/")) {
            throw new MalformedURLException("resource path must start with /: " + path);
        }
        Path p = resolve(path);
        return p != null && Files.exists(p) ? p.toUri().toURL() : null;
    }

    /**
     * @param path a resource path
     * @return a stream over the file's bytes, or {@code null} when it is not a readable file
     */
    InputStream open(String path) {
        Path p = resolve(path);
        if (p == null || !Files.isRegularFile(p)) {
            return null;
        }
        try {
            return Files.newInputStream(p);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * @param path a resource path
     * @return the file system path for an exploded WAR (the resource need not exist), else {@code null}
     */
    String realPath(String path) {
        if (!directory) {
            return null;
        }
        Path p = resolve(path == null || path.isEmpty() ? "/" : path.startsWith("/") ? path : "/" + path);
        return p == null ? null : p.toString();
    }

    /**
     * @param path a directory resource path, e.g. {@code /WEB-INF/}
     * @return the direct children, directories ending with {@code /}, or {@code null} when there are none
     */
    Set<String> children(String path) {
        Path dir = resolve(path);
        if (dir == null || !Files.isDirectory(dir)) {
            return null;
        }
        String prefix = path.endsWith("/") ? path : path + "/";
        Set<String> children = new TreeSet<>();
        try (Stream<Path> list = Files.list(dir)) {
            list.forEach(child -> {
                String name = child.getFileName().toString();
                if (name.endsWith("/")) {
                    name = name.substring(0, name.length() - 1);
                }
                children.add(prefix + name + (Files.isDirectory(child) ? "/" : ""));
            });
        } catch (IOException e) {
            return null;
        }
        return children.isEmpty() ? null : children;
    }

    /** Closes the WAR file system, if any. */
    void close() {
        if (war != null) {
            try {
                war.close();
            } catch (IOException ignored) {
                // nothing left to do
            }
        }
    }
}
