package io.hawser.boot;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.ssl.pem.PemContent;
import org.springframework.boot.web.server.WebServerException;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

/**
 * Turns Boot's key and certificate locations ({@code classpath:}, {@code file:}, a plain path, or
 * PEM text itself) into the files {@link io.hawser.api.TlsConfig} reads. A location that is a file
 * is used where it is (so Hawser's reload sees it change); a classpath resource inside a jar, or PEM
 * text, is copied into a private temporary directory (owner-only on POSIX file systems), deleted by
 * {@link #close()} and at JVM exit. Not thread-safe: one per web server being built.
 */
final class TlsFiles implements AutoCloseable {
    private final ResourceLoader loader;
    private final List<Path> copies = new ArrayList<>();
    private Path dir;

    /** @param loader resolves locations (Boot's {@code ApplicationResourceLoader}: a plain path is a file) */
    TlsFiles(ResourceLoader loader) {
        this.loader = loader;
    }

    /**
     * @param property the property naming the location, for messages
     * @param location a location or PEM text
     * @return the file to read
     * @throws WebServerException when the location does not exist or cannot be copied, naming the property
     */
    Path resolve(String property, String location) {
        try {
            if (PemContent.isPresentInText(location)) {
                return copy(property, location.getBytes(StandardCharsets.UTF_8));
            }
            Resource resource = loader.getResource(location);
            if (!resource.exists()) {
                throw new WebServerException("Hawser: " + property + " " + location + " does not exist", null);
            }
            if (resource.isFile()) {
                return resource.getFile().toPath();
            }
            try (InputStream in = resource.getInputStream()) {
                return copy(property, in.readAllBytes());
            }
        } catch (IOException e) {
            throw new WebServerException("Hawser: " + property + " " + location + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** @return whether any location was copied (such a copy cannot be watched for changes) */
    boolean copied() {
        return !copies.isEmpty();
    }

    /** @return the copies made, in order (for tests) */
    List<Path> copies() {
        return List.copyOf(copies);
    }

    private Path copy(String property, byte[] content) throws IOException {
        if (dir == null) {
            boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
            dir = posix ? Files.createTempDirectory("hawser-tls-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")))
                    : Files.createTempDirectory("hawser-tls-");
            dir.toFile().deleteOnExit();
        }
        Path file = dir.resolve(copies.size() + "-" + property.replaceAll("[^A-Za-z0-9.-]", "_"));
        Files.write(file, content);
        file.toFile().deleteOnExit();
        copies.add(file);
        return file;
    }

    /** Deletes the copies and their directory. Idempotent. */
    @Override
    public void close() {
        try {
            for (Path copy : copies) {
                Files.deleteIfExists(copy);
            }
            copies.clear();
            if (dir != null) {
                Files.deleteIfExists(dir);
                dir = null;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
