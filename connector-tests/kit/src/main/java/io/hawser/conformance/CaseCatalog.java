package io.hawser.conformance;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Finds the {@code *.http} case files below a corpus root and parses them, in id order. */
final class CaseCatalog {

    private CaseCatalog() {
    }

    /**
     * A case file of the corpus: parsed, or with the reason it is malformed.
     *
     * @param id path below the root without {@code .http}, {@code /}-separated
     * @param caseFile the parsed case, or null when malformed
     * @param error why the file is malformed, or null
     */
    record Entry(String id, CaseFile caseFile, String error) {

        /** @return the group: the name of the folder holding the case file */
        String group() {
            String[] parts = id.split("/", -1);
            return parts.length >= 2 ? parts[parts.length - 2] : "";
        }
    }

    /**
     * @param resource a classpath folder, such as {@code conformance/public}
     * @return that folder as a path (in the file system or inside a jar)
     * @throws IOException when the folder is not on the classpath
     */
    static Path resourceRoot(String resource) throws IOException {
        URL url = CaseCatalog.class.getClassLoader().getResource(resource);
        if (url == null) {
            throw new IOException("no " + resource + " on the test classpath");
        }
        try {
            URI uri = url.toURI();
            if (uri.getScheme().equals("jar")) {
                try {
                    FileSystems.newFileSystem(uri, Map.of());
                } catch (FileSystemAlreadyExistsException ignored) {
                    // opened before
                }
            }
            return Path.of(uri);
        } catch (URISyntaxException e) {
            throw new IOException("bad resource URL " + url, e);
        }
    }

    /**
     * @param root the corpus root; every {@code *.http} file below it is a case
     * @return every case file, sorted by id
     * @throws IOException when the folder cannot be read
     */
    static List<Entry> load(Path root) throws IOException {
        List<Entry> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : (Iterable<Path>) files.filter(f -> f.getFileName().toString().endsWith(".http")
                    && Files.isRegularFile(f))::iterator) {
                String rel = root.relativize(p).toString().replace(p.getFileSystem().getSeparator(), "/");
                String id = rel.substring(0, rel.length() - ".http".length());
                try {
                    out.add(new Entry(id, CaseFileReader.read(id, Files.readAllBytes(p)), null));
                } catch (CaseFormatException e) {
                    out.add(new Entry(id, null, e.getMessage()));
                }
            }
        }
        out.sort(Comparator.comparing(Entry::id));
        return out;
    }
}
