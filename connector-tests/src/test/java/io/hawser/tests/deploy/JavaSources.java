package io.hawser.tests.deploy;

import java.io.File;
import java.io.IOException;
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

/** Builds web apps at test time: compiles sources with javax.tools, writes files, packs WARs. */
final class JavaSources {
    private JavaSources() {
    }

    /** @return the servlet API jar alone (what an app outside this project compiles against) */
    static String servletApiJar() throws Exception {
        return Path.of(jakarta.servlet.Servlet.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
    }

    /**
     * @param out the class output directory
     * @param classPath the compile class path
     * @param sources class name to source text
     */
    static void compile(Path out, String classPath, Map<String, String> sources) throws IOException {
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
        List<String> options = List.of("-d", out.toString(), "-classpath", classPath + File.pathSeparator + out,
                "--release", "17", "-proc:none");
        if (!javac.getTask(log, null, null, options, null, units).call()) {
            throw new IllegalStateException("compilation failed:\n" + log);
        }
    }

    /** Writes a text file, creating its directories. */
    static Path write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** Packs every file under {@code dir} into a zip (a jar or a WAR). */
    static Path zip(Path dir, Path zipFile) throws IOException {
        Files.createDirectories(zipFile.toAbsolutePath().getParent());
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(zipFile));
                Stream<Path> files = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                zip.putNextEntry(new ZipEntry(dir.relativize(p).toString().replace(File.separatorChar, '/')));
                Files.copy(p, zip);
                zip.closeEntry();
            }
        }
        return zipFile;
    }

    /**
     * @param work a scratch directory
     * @param name the WAR's file name without {@code .war}
     * @param webXml the web.xml, or {@code null} for none
     * @param classes class name to source, compiled against the servlet API jar
     * @param files more files, by path in the app
     * @return {@code work/NAME.war}, which also holds an {@code index.html}
     */
    static Path war(Path work, String name, String webXml, Map<String, String> classes, Map<String, String> files)
            throws Exception {
        Path app = work.resolve(name);
        Files.createDirectories(app.resolve("WEB-INF"));
        if (webXml != null) {
            write(app.resolve("WEB-INF/web.xml"), webXml);
        }
        if (!classes.isEmpty()) {
            compile(app.resolve("WEB-INF/classes"), servletApiJar(), classes);
        }
        for (Map.Entry<String, String> f : files.entrySet()) {
            write(app.resolve(f.getKey()), f.getValue());
        }
        write(app.resolve("index.html"), "x");
        return zip(app, work.resolve(name + ".war"));
    }

    /** @return a web.xml with the jakarta 6.1 namespace around {@code body} */
    static String webXml(String body) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"6.1\">\n" + body + "\n</web-app>\n";
    }
}
