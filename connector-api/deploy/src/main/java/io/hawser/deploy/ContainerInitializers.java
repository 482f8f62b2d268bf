package io.hawser.deploy;

import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.annotation.HandlesTypes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import java.util.function.Supplier;

/**
 * Runs the web app's {@link ServletContainerInitializer}s (Servlet 6.1 §8.2.4): every service in
 * {@code META-INF/services/jakarta.servlet.ServletContainerInitializer} of {@code WEB-INF/classes}
 * and then of the jars that count, in fragment order ({@link FragmentOrder}: a jar an
 * {@code <absolute-ordering>} leaves out offers none), each given the app's classes its
 * {@code @HandlesTypes} selects ({@code null} when it has none or nothing matches). They run after
 * web.xml, fragments and annotations are registered and before listeners and load-on-startup
 * servlets start. An initializer whose class the app's loader takes from the server (a copy of
 * Tyrus or Jasper in {@code WEB-INF/lib}, whose classes load from the server anyway) is not run:
 * the server installs that engine itself ({@link WebSocketSupport}, {@link JspSupport}), and running
 * it twice would register its filters and servlets twice.
 */
final class ContainerInitializers {
    private static final String SERVICES = "META-INF/services/" + ServletContainerInitializer.class.getName();

    private ContainerInitializers() {
    }

    /**
     * @param context the web app's context, not yet started
     * @param loader the web app's class loader
     * @param scan supplies the annotation scan (made on first use)
     * @param base the exploded web app
     * @param jars the jars of {@code WEB-INF/lib} that count, in order ({@code WEB-INF/lib/x.jar})
     * @return the number of initializers run
     * @throws DeploymentException when a service cannot be read or loaded, or {@code onStartup} throws
     */
    static int run(ServletContext context, ClassLoader loader, Supplier<AnnotationScan> scan, Path base,
                   List<String> jars) throws DeploymentException {
        List<ServletContainerInitializer> found = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        List<String> elements = new ArrayList<>();
        elements.add("WEB-INF/classes");
        elements.addAll(jars);
        for (String element : elements) {
            String where = element + (element.endsWith(".jar") ? "!/" : "/") + SERVICES;
            for (String name : services(base.resolve(element), where)) {
                if (loader instanceof WebAppClassLoader app && app.fromServer(name)) {
                    continue; // a copy of an engine the server has (Tyrus, Jasper in WEB-INF/lib): the server runs its own
                }
                if (seen.add(name)) {
                    found.add(instantiate(name, loader, where));
                }
            }
        }
        for (ServletContainerInitializer sci : found) {
            String where = "ServletContainerInitializer " + sci.getClass().getName();
            Set<Class<?>> classes = null;
            HandlesTypes handles = sci.getClass().getAnnotation(HandlesTypes.class);
            if (handles != null) {
                Set<Class<?>> matched = new LinkedHashSet<>();
                for (Class<?> type : handles.value()) {
                    for (String name : scan.get().handledBy(type, loader)) {
                        try {
                            matched.add(Class.forName(name, false, loader));
                        } catch (ClassNotFoundException | LinkageError e) {
                            // a class that cannot be loaded cannot be handed over (Tomcat skips it too)
                        }
                    }
                }
                classes = matched.isEmpty() ? null : matched;
            }
            try {
                sci.onStartup(classes, context);
            } catch (Exception | LinkageError e) {
                throw new DeploymentException(null, where, "onStartup failed: " + e, e);
            }
        }
        return found.size();
    }

    /** @return the class names a services file of that directory or jar lists, none when it has no file */
    private static List<String> services(Path element, String where) throws DeploymentException {
        List<String> out = new ArrayList<>();
        try {
            List<String> lines;
            if (Files.isDirectory(element)) {
                Path file = element.resolve(SERVICES);
                lines = Files.isRegularFile(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
            } else if (!Files.isRegularFile(element)) {
                lines = List.of();
            } else {
                try (JarFile jar = new JarFile(element.toFile())) {
                    ZipEntry e = jar.getEntry(SERVICES);
                    lines = e == null ? List.of() : new String(jar.getInputStream(e).readAllBytes(),
                            StandardCharsets.UTF_8).lines().toList();
                }
            }
            for (String line : lines) {
                int hash = line.indexOf('#');
                String name = (hash >= 0 ? line.substring(0, hash) : line).trim();
                if (!name.isEmpty()) {
                    out.add(name);
                }
            }
        } catch (IOException e) {
            throw new DeploymentException(null, where, "cannot read: " + e.getMessage(), e);
        }
        return out;
    }

    private static ServletContainerInitializer instantiate(String name, ClassLoader loader, String where)
            throws DeploymentException {
        try {
            Class<?> type = Class.forName(name, false, loader);
            if (!ServletContainerInitializer.class.isAssignableFrom(type)) {
                throw new DeploymentException(null, where, name + " is not a ServletContainerInitializer", null);
            }
            return (ServletContainerInitializer) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            throw new DeploymentException(null, where, name + " cannot be made: " + e, e);
        }
    }
}
