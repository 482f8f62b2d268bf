package io.hawser.deploy;

import io.hawser.servlet.WorkDirectories;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;

/**
 * Unpacks a {@code .war} into a fresh temporary directory (as Tomcat does into its work folder), so
 * the WAR file itself is never held open and can be replaced while the app runs. An entry whose name
 * would land outside that directory ({@code ../}, an absolute path) makes the WAR invalid.
 */
final class WarExpander {
    private WarExpander() {
    }

    /**
     * @param war the WAR file
     * @param prefix a short name for the temporary directory
     * @return the directory holding the unpacked WAR; the caller deletes it with {@link #delete}
     * @throws DeploymentException when the file is not a readable zip or has an unsafe entry
     */
    static Path expand(Path war, String prefix) throws DeploymentException {
        Path dir;
        try {
            dir = WorkDirectories.create("hawser-" + prefix.replaceAll("[^A-Za-z0-9_.-]", "_") + "-");
        } catch (IOException e) {
            throw new DeploymentException(null, "unpacking", "cannot create a temporary directory: " + e, e);
        }
        Path root = dir.toAbsolutePath().normalize();
        int entries = 0;
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(war))) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                entries++;
                Path target = root.resolve(e.getName()).normalize();
                if (e.getName().startsWith("/") || e.getName().contains("\\") || !target.startsWith(root)
                        || target.equals(root)) {
                    throw new DeploymentException(null, "entry \"" + e.getName() + "\"",
                            "unsafe name: it would be written outside the web app", null);
                }
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    copy(zip, target);
                    FileTime modified = e.getLastModifiedTime();
                    if (modified != null) {
                        Files.setLastModifiedTime(target, modified);
                    }
                }
            }
            if (entries == 0) {
                throw new DeploymentException(null, "", "not a WAR (zip) file, or empty", null);
            }
            return dir;
        } catch (DeploymentException e) {
            delete(dir);
            throw e;
        } catch (ZipException e) {
            delete(dir);
            throw new DeploymentException(null, "", "not a valid WAR (zip) file: " + e.getMessage(), e);
        } catch (IOException e) {
            delete(dir);
            throw new DeploymentException(null, "", "cannot read: " + e, e);
        }
    }

    private static void copy(InputStream in, Path target) throws IOException {
        Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Deletes a directory tree; problems are ignored (a file held open elsewhere stays behind).
     *
     * @param dir the directory, or {@code null}
     */
    static void delete(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    deleteQuietly(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) {
                    deleteQuietly(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // best effort
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (DirectoryNotEmptyException | NoSuchFileException ignored) {
            // left behind by a file that could not be deleted
        } catch (IOException ignored) {
            // best effort
        }
    }
}
