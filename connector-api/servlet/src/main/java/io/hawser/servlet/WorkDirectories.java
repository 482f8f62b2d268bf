package io.hawser.servlet;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The directories a web app works in (its unpacked WAR, its {@code ServletContext.TEMPDIR}, Servlet
 * 6.1 §4.8.1): made as {@link Files#createTempDirectory} makes them, but without seeding a
 * {@code SecureRandom} and loading the security providers for it (≈ 15–30 ms of a cold start).
 */
public final class WorkDirectories {
    private WorkDirectories() {
    }

    /**
     * Creates a new directory {@code PREFIX<random>} in {@code java.io.tmpdir}, readable by its owner
     * only where the file system has POSIX permissions. The name needs no secrecy, since the
     * directory is made atomically (an existing file, directory or link of that name fails the
     * creation, and another name is tried), with its permissions set as it is made.
     *
     * @param prefix the start of the directory's name
     * @return the directory
     * @throws IOException when it cannot be created (after 100 names taken)
     */
    public static Path create(String prefix) throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        FileAttribute<?>[] ownerOnly = tmp.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))}
                : new FileAttribute<?>[0];
        for (int attempt = 1; ; attempt++) {
            Path dir = tmp.resolve(prefix + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
            try {
                return Files.createDirectory(dir, ownerOnly);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }
}
