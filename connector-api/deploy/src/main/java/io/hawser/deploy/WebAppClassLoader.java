package io.hawser.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Stream;

/**
 * One web app's class loader (Servlet 6.1 §10.7.2): {@code WEB-INF/classes}, then the jars of
 * {@code WEB-INF/lib} in name order. A multi-release jar ({@code Multi-Release: true}) gives the
 * classes of {@code META-INF/versions/N/} for the highest N up to the running JDK's feature release
 * (JEP 238); a jar's {@code module-info.class} is ignored (the app runs on the class path, in its
 * loader's unnamed module).
 *
 * <ul>
 *   <li>JDK classes ({@code java.*} and whatever the platform class loader has) always come from the
 *       JDK, so an app cannot replace them;</li>
 *   <li>the APIs the server implements, {@code jakarta.servlet.*} (JSP's {@code jakarta.servlet.jsp.*}
 *       included), {@code jakarta.el.*} and {@code jakarta.annotation.*}, come from the server first
 *       (an app that bundles its own, older servlet-api or annotation-api jar still shares the
 *       server's types, so its {@code @PostConstruct} is the one the container looks for), then from
 *       the app (an API the server does not have, such as EL for a validator, is the app's own); so
 *       do the packages a {@link JspSupport} names (the JSP engine's runtime), with their
 *       {@code META-INF/services} files;</li>
 *   <li>the server's own classes ({@code io.hawser.*}) are invisible, except
 *       {@link io.hawser.servlet.DefaultServlet}, which a web.xml may name; an app's own class in an
 *       {@code io.hawser} package is its own;</li>
 *   <li>everything else comes from the app only (child-first), never from the server's own
 *       libraries (picocli, ClassGraph, Commons FileUpload ... stay invisible to the app).</li>
 * </ul>
 *
 * {@link #close()} releases the jar files; the deployer calls it on undeploy so the loader and every
 * class it defined can be collected.
 */
final class WebAppClassLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    private final ClassLoader server;
    private final ClassLoader jdk;
    private final List<String> containerPackages;

    /**
     * @param name the loader's name (the context path, for stack traces and heap dumps)
     * @param base the exploded web app
     * @param server the loader of {@code jakarta.servlet} and Hawser's classes
     */
    WebAppClassLoader(String name, Path base, ClassLoader server) {
        this(name, base, server, List.of());
    }

    /**
     * @param name the loader's name (the context path, for stack traces and heap dumps)
     * @param base the exploded web app
     * @param server the loader of {@code jakarta.servlet} and Hawser's classes
     * @param containerPackages more package prefixes ({@code "jakarta.el."}) taken from the server
     *     first, as {@code jakarta.servlet.} is
     */
    WebAppClassLoader(String name, Path base, ClassLoader server, List<String> containerPackages) {
        super(name, urls(base), ClassLoader.getPlatformClassLoader());
        this.server = server;
        this.jdk = ClassLoader.getPlatformClassLoader();
        this.containerPackages = List.copyOf(containerPackages);
    }

    private static URL[] urls(Path base) {
        List<URL> urls = new ArrayList<>();
        try {
            Path classes = base.resolve("WEB-INF/classes");
            if (Files.isDirectory(classes)) {
                urls.add(classes.toUri().toURL());
            }
            Path lib = base.resolve("WEB-INF/lib");
            if (Files.isDirectory(lib)) {
                try (Stream<Path> jars = Files.list(lib)) {
                    for (Path jar : (Iterable<Path>) jars.filter(p -> p.getFileName().toString().endsWith(".jar"))
                            .sorted()::iterator) {
                        urls.add(jar.toUri().toURL());
                    }
                }
            }
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return urls.toArray(new URL[0]);
    }

    /** Classes of the server an app may name (in web.xml), by their binary names. */
    private static final java.util.Set<String> SERVER_CLASSES = java.util.Set.of("io.hawser.servlet.DefaultServlet");

    /**
     * @param className a binary class name ({@code a.b.C}), or a resource name with {@code /} turned into {@code .}
     * @return whether it is loaded from the server first: the Servlet, JSP and EL APIs, and the few
     *     server classes an app may name
     */
    static boolean isServerShared(String className) {
        return className.startsWith("jakarta.servlet.") || className.startsWith("jakarta.el.")
                || className.startsWith("jakarta.annotation.")
                || SERVER_CLASSES.contains(className) || className.endsWith(".class")
                && SERVER_CLASSES.contains(className.substring(0, className.length() - ".class".length()));
    }

    /** @return whether the class comes from the server first (its API, or a {@link JspSupport} package) */
    boolean fromServer(String className) {
        if (isServerShared(className)) {
            return true;
        }
        for (String p : containerPackages) {
            if (className.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * @return whether the resource comes from the server first: a class file of {@link #fromServer}, or
     *     the service file of a {@link JspSupport} package's interface (the server's
     *     {@code ServletContainerInitializer}s stay out of the app)
     */
    private boolean resourceFromServer(String name) {
        if (name.startsWith("META-INF/services/")) {
            String service = name.substring("META-INF/services/".length());
            return containerPackages.stream().anyMatch(service::startsWith);
        }
        return fromServer(name.replace('/', '.'));
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = lookUp(name);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    private Class<?> lookUp(String name) throws ClassNotFoundException {
        if (name.startsWith("java.") || jdk.getResource(name.replace('.', '/') + ".class") != null) {
            return jdk.loadClass(name);
        }
        if (fromServer(name)) {
            try {
                return server.loadClass(name);
            } catch (ClassNotFoundException e) {
                return findClass(name);
            }
        }
        try {
            return findClass(name);
        } catch (ClassNotFoundException e) {
            return jdk.loadClass(name);
        }
    }

    @Override
    public URL getResource(String name) {
        URL url = null;
        if (resourceFromServer(name)) {
            url = server.getResource(name);
        }
        if (url == null) {
            url = findResource(name);
        }
        return url != null ? url : jdk.getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        List<URL> all = new ArrayList<>();
        if (resourceFromServer(name)) {
            all.addAll(Collections.list(server.getResources(name)));
        }
        all.addAll(Collections.list(findResources(name)));
        all.addAll(Collections.list(jdk.getResources(name)));
        return Collections.enumeration(all);
    }
}
