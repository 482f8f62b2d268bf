package io.hawser.deploy;

import io.hawser.servlet.WebApp;
import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * A started web app made by {@link Deployer#deploy}. {@link #close()} undeploys it: stops the
 * {@link WebApp} (servlets and filters destroyed, listeners told), closes its class loader so the
 * WAR's jars are released and its classes can be collected, and deletes the directory the WAR was
 * unpacked into. Drop every reference to the app after closing it. Not thread-safe.
 */
public final class DeployedApp implements AutoCloseable {
    private final Path source;
    private final String contextPath;
    private final Path directory;
    private WebApp webApp;
    private URLClassLoader loader;
    private final Path expanded;

    DeployedApp(Path source, String contextPath, Path directory, WebApp webApp, URLClassLoader loader, Path expanded) {
        this.source = source;
        this.contextPath = contextPath;
        this.directory = directory;
        this.webApp = webApp;
        this.loader = loader;
        this.expanded = expanded;
    }

    /** @return the WAR file or directory it was deployed from */
    public Path source() {
        return source;
    }

    /** @return {@code ""} for the root context, else {@code /name} */
    public String contextPath() {
        return contextPath;
    }

    /** @return the directory served (the unpacked copy of a WAR file, or the exploded WAR itself) */
    public Path directory() {
        return directory;
    }

    /**
     * @return the running web app, to hand to a {@code ServletAdapter}
     * @throws IllegalStateException after {@link #close()}
     */
    public WebApp webApp() {
        if (webApp == null) {
            throw new IllegalStateException("undeployed: " + source);
        }
        return webApp;
    }

    /**
     * @return the web app's class loader
     * @throws IllegalStateException after {@link #close()}
     */
    public ClassLoader classLoader() {
        if (loader == null) {
            throw new IllegalStateException("undeployed: " + source);
        }
        return loader;
    }

    /** Undeploys: stops the app, closes its class loader, deletes its unpacked copy. Idempotent. */
    @Override
    public void close() {
        if (webApp == null) {
            return;
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            webApp.stop();
        } finally {
            thread.setContextClassLoader(previous);
            webApp = null;
            closeQuietly(loader);
            loader = null;
            WarExpander.delete(expanded);
        }
    }

    static void closeQuietly(URLClassLoader loader) {
        if (loader != null) {
            try {
                loader.close();
            } catch (IOException ignored) {
                // jars released as far as possible
            }
        }
    }
}
