package io.hawser.jsp;

import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Set;
import java.util.TreeSet;
import org.apache.tomcat.Jar;
import org.apache.tomcat.JarScanFilter;
import org.apache.tomcat.JarScanType;
import org.apache.tomcat.JarScanner;
import org.apache.tomcat.JarScannerCallback;
import org.apache.tomcat.util.scan.JarFactory;

/**
 * The jars Jasper looks for tag libraries in (JSP 4.0 §7.3.1): every jar of the app's
 * {@code WEB-INF/lib}, its {@code WEB-INF/classes}, and the server's JSTL jar (or the launcher's
 * shaded jar that holds it), so {@code <%@ taglib uri="jakarta.tags.core" %>} resolves without the app
 * bundling JSTL. Tomcat's {@code StandardJarScanner} walks the whole class path instead, and Jetty
 * names the container's jars with a pattern; here the container has exactly one such jar.
 */
final class TldJarScanner implements JarScanner {
    /** A class of JSTL's implementation: its code source is the jar with JSTL's TLDs. */
    private static final String JSTL_CLASS = "org.apache.taglibs.standard.tag.rt.core.ForEachTag";
    private volatile JarScanFilter filter = (type, jarName) -> true;

    @Override
    public void scan(JarScanType type, ServletContext context, JarScannerCallback callback) {
        try {
            Set<String> jars = context.getResourcePaths("/WEB-INF/lib/");
            for (String path : jars == null ? Set.<String>of() : new TreeSet<>(jars)) {
                String name = path.substring(path.lastIndexOf('/') + 1);
                URL url = context.getResource(path);
                if (name.endsWith(".jar") && url != null && filter.check(type, name)) {
                    try (Jar jar = JarFactory.newInstance(new URL("jar:" + url + "!/"))) {
                        callback.scan(jar, path, true);
                    }
                }
            }
            if (context.getResource("/WEB-INF/classes/") != null) {
                callback.scanWebInfClasses();
            }
            Path container = jstlLocation();
            if (container != null && Files.isDirectory(container)) {
                callback.scan(container.toFile(), null, false);
            } else if (container != null) {
                try (Jar jar = JarFactory.newInstance(new URL("jar:" + container.toUri() + "!/"))) {
                    callback.scan(jar, null, false);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("scanning for tag libraries", e);
        }
    }

    /** @return the jar or directory JSTL's implementation was loaded from, or {@code null} without JSTL */
    private static Path jstlLocation() {
        try {
            Class<?> c = Class.forName(JSTL_CLASS, false, TldJarScanner.class.getClassLoader());
            CodeSource source = c.getProtectionDomain().getCodeSource();
            return source == null ? null : Path.of(source.getLocation().toURI());
        } catch (ClassNotFoundException | URISyntaxException e) {
            return null;
        }
    }

    @Override
    public JarScanFilter getJarScanFilter() {
        return filter;
    }

    @Override
    public void setJarScanFilter(JarScanFilter jarScanFilter) {
        this.filter = jarScanFilter;
    }
}
