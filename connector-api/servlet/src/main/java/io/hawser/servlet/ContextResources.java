package io.hawser.servlet;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The static resources of a context (Servlet 6.1 §4.6): files under an exploded WAR directory (or
 * entries of a {@code .war} file read through the JDK's zip file system), then the
 * {@code META-INF/resources/} of each jar in {@code WEB-INF/lib}, jars in name order; the first root
 * that has a path wins, so the WAR's own file shadows a jar's. Resource paths start with {@code /}
 * and are relative to the context root; a path with {@code ..} or {@code \} segments, or one that
 * would leave a root (a jar's {@code META-INF/resources} included), finds nothing. {@code WEB-INF}
 * and {@code META-INF} are reachable here (hiding them from clients is the default servlet's job, §10.5).
 */
final class ContextResources {
    private static final String JAR_RESOURCES = "/META-INF/resources";
    private final Path root;
    private final boolean directory;
    private final FileSystem war;
    /** {@code META-INF/resources} of each {@code WEB-INF/lib} jar that has one, in name order. */
    private final List<Path> jarRoots = new ArrayList<>();
    private final List<FileSystem> jars = new ArrayList<>();

    /**
     * @param base an exploded WAR directory, a {@code .war} file, or {@code null} for none
     * @throws IllegalArgumentException when {@code base} exists but is neither, a WAR or a
     *     {@code WEB-INF/lib} jar cannot be opened, or a {@code .war} file's jars hold
     *     {@code META-INF/resources} (served only from an exploded WAR, as the deployer makes it)
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
        if (root != null) {
            try {
                openJars();
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }
    }

    private void openJars() {
        Path lib = root.resolve("WEB-INF/lib");
        if (!Files.isDirectory(lib)) {
            return;
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(lib)) {
            files = list.filter(p -> p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p))
                    .sorted().toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list " + lib, e);
        }
        for (Path jar : files) {
            FileSystem fs;
            try {
                fs = FileSystems.newFileSystem(jar, (ClassLoader) null);
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException("cannot open WEB-INF/lib/" + jar.getFileName() + ": " + e, e);
            }
            Path resources = fs.getPath(JAR_RESOURCES);
            if (!Files.isDirectory(resources)) {
                closeQuietly(fs);
            } else if (!directory) {
                closeQuietly(fs);
                throw new IllegalArgumentException("WEB-INF/lib/" + jar.getFileName() + " holds META-INF/resources,"
                        + " which is served only from an exploded WAR (deploy the .war with the Deployer)");
            } else {
                jars.add(fs);
                jarRoots.add(resources);
            }
        }
    }

    /**
     * @return the roots a path is looked up in, in order: the WAR's own files, then each jar's
     *     {@code META-INF/resources}; empty when there is no base
     */
    List<Path> roots() {
        if (root == null) {
            return List.of();
        }
        List<Path> all = new ArrayList<>(jarRoots.size() + 1);
        all.add(root);
        all.addAll(jarRoots);
        return all;
    }

    /**
     * @param dir a directory
     * @return whether it is this context's exploded WAR directory
     */
    boolean isBase(Path dir) {
        try {
            return directory && dir != null && Files.isSameFile(root, dir);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * @param base a root, the WAR's or a jar's {@code META-INF/resources}
     * @param path a resource path starting with {@code /}
     * @return the file or entry it names under {@code base} (which may not exist), or {@code null}
     *     when the path is invalid or would leave {@code base}
     */
    private static Path resolveIn(Path base, String path) {
        if (path == null || !path.startsWith("/")) {
            return null;
        }
        for (String segment : path.split("/")) {
            if (segment.equals("..") || segment.indexOf('\\') >= 0 || segment.indexOf('\0') >= 0) {
                return null;
            }
        }
        String relative = path.substring(1);
        Path resolved = relative.isEmpty() ? base : base.resolve(relative).normalize();
        return resolved.startsWith(base) ? resolved : null;
    }

    /**
     * @param path a resource path starting with {@code /}
     * @return the first existing file or directory it names, the WAR's before the jars', or {@code null}
     */
    Path find(String path) {
        if (root == null) {
            return null;
        }
        Path own = resolveIn(root, path);
        if (own == null) {
            return null;
        }
        if (Files.exists(own)) {
            return own;
        }
        for (Path jar : jarRoots) {
            Path p = resolveIn(jar, path);
            if (p != null && Files.exists(p)) {
                return p;
            }
        }
        return null;
    }

    /**
     * @param path a resource path
     * @return whether a file or directory exists there
     */
    boolean exists(String path) {
        return find(path) != null;
    }

    /**
     * @param path a resource path
     * @return whether a regular file (not a directory) exists there
     */
    boolean isFile(String path) {
        Path p = find(path);
        return p != null && Files.isRegularFile(p);
    }

    /**
     * @param path a resource path starting with {@code /}
     * @return a URL for the resource ({@code file:}, or {@code jar:} for a WAR entry or a jar's
     *     {@code META-INF/resources}), or {@code null} when it does not exist
     * @throws MalformedURLException for a path not starting with {@code /} (ServletContext#getResource)
     */
    URL url(String path) throws MalformedURLException {
        if (path == null || !path.startsWith("/")) {
            throw new MalformedURLException("resource path must start with /: " + path);
        }
        Path p = find(path);
        return p != null ? p.toUri().toURL() : null;
    }

    /**
     * @param path a resource path
     * @return a stream over the file's bytes, or {@code null} when it is not a readable file
     */
    InputStream open(String path) {
        Path p = find(path);
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
     * @return the file system path for an exploded WAR (the resource need not exist), else
     *     {@code null}; also {@code null} for a resource only a jar's {@code META-INF/resources} has
     */
    String realPath(String path) {
        if (!directory) {
            return null;
        }
        String p = path == null || path.isEmpty() ? "/" : path.startsWith("/") ? path : "/" + path;
        Path own = resolveIn(root, p);
        if (own == null || !Files.exists(own) && find(p) != null) {
            return null;
        }
        return own.toString();
    }

    /**
     * @param path a directory resource path, e.g. {@code /WEB-INF/}
     * @return the direct children in every root (merged), directories ending with {@code /}, or
     *     {@code null} when there are none
     */
    Set<String> children(String path) {
        if (path == null) {
            return null;
        }
        String prefix = path.endsWith("/") ? path : path + "/";
        Set<String> children = new TreeSet<>();
        for (Path base : roots()) {
            Path dir = resolveIn(base, path);
            if (dir == null || !Files.isDirectory(dir)) {
                continue;
            }
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
        }
        return children.isEmpty() ? null : children;
    }

    /** Closes the WAR's and the jars' file systems, if any. Idempotent. */
    void close() {
        if (war != null) {
            closeQuietly(war);
        }
        jars.forEach(ContextResources::closeQuietly);
    }

    private static void closeQuietly(FileSystem fs) {
        try {
            fs.close();
        } catch (IOException ignored) {
            // nothing left to do
        }
    }
}
