package io.hawser.deploy;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/** Builds web apps for tests: compiles sources with javax.tools and packs directories into zips. */
final class TestWars {
    private TestWars() {
    }

    /**
     * Compiles Java sources against the test class path (which has the servlet API).
     *
     * @param out the class output directory
     * @param sources class name to source text
     */
    static void compile(Path out, Map<String, String> sources) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<JavaFileObject> units = new ArrayList<>();
        for (Map.Entry<String, String> s : sources.entrySet()) {
            units.add(new SimpleJavaFileObject(URI.create("string:///" + s.getKey().replace('.', '/') + ".java"),
                    JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return s.getValue();
                }
            });
        }
        Files.createDirectories(out);
        StringWriter log = new StringWriter();
        List<String> options = List.of("-d", out.toString(), "-classpath", System.getProperty("java.class.path")
                + File.pathSeparator + out, "--release", "17", "-proc:none");
        if (!javac.getTask(log, null, null, options, null, units).call()) {
            throw new IllegalStateException("compilation failed:\n" + log);
        }
    }

    /** Packs every file under {@code dir} into a zip (a jar or a WAR). */
    static Path zip(Path dir, Path zipFile) throws IOException {
        Files.createDirectories(zipFile.getParent());
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(zipFile));
                Stream<Path> files = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                ZipEntry e = new ZipEntry(dir.relativize(p).toString().replace(File.separatorChar, '/'));
                e.setLastModifiedTime(Files.getLastModifiedTime(p));
                zip.putNextEntry(e);
                Files.copy(p, zip);
                zip.closeEntry();
            }
        }
        return zipFile;
    }

    /** Writes a text file, creating its directories. */
    static Path write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** A zip holding one entry with the given name. */
    static Path zipWithEntry(Path zipFile, String name, String content) throws IOException {
        try (OutputStream o = Files.newOutputStream(zipFile); ZipOutputStream zip = new ZipOutputStream(o)) {
            zip.putNextEntry(new ZipEntry(name));
            zip.write(content.getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        return zipFile;
    }

    /** @return a web.xml with the jakarta 6.1 namespace around {@code body} */
    static String webXml(String body) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"6.1\">\n" + body + "\n</web-app>\n";
    }
}
