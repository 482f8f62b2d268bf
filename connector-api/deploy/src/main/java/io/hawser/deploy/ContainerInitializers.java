package io.hawser.deploy;

import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.annotation.HandlesTypes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Runs the web app's {@link ServletContainerInitializer}s (Servlet 6.1 §8.2.4): every service in
 * {@code META-INF/services/jakarta.servlet.ServletContainerInitializer} of its jars and classes,
 * each given the app's classes its {@code @HandlesTypes} selects ({@code null} when it has none or
 * nothing matches). They run after web.xml and annotations are registered and before listeners
 * and load-on-startup servlets start.
 */
final class ContainerInitializers {
    private static final String SERVICES = "META-INF/services/" + ServletContainerInitializer.class.getName();

    private ContainerInitializers() {
    }

    /**
     * @param context the web app's context, not yet started
     * @param loader the web app's class loader
     * @param scan supplies the annotation scan (made on first use)
     * @return the number of initializers run
     * @throws DeploymentException when a service cannot be loaded or {@code onStartup} throws
     */
    static int run(ServletContext context, ClassLoader loader, Supplier<AnnotationScan> scan)
            throws DeploymentException {
        List<ServletContainerInitializer> found = new ArrayList<>();
        try {
            for (ServletContainerInitializer sci : ServiceLoader.load(ServletContainerInitializer.class, loader)) {
                if (sci.getClass().getClassLoader() == loader) {
                    found.add(sci);
                }
            }
        } catch (ServiceConfigurationError e) {
            throw new DeploymentException(null, SERVICES, String.valueOf(e.getMessage()), e);
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
}
