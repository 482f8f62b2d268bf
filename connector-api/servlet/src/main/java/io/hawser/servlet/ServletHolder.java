package io.hawser.servlet;

import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.ServletSecurityElement;
import jakarta.servlet.annotation.MultipartConfig;
import java.util.Collection;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One declared servlet (Servlet 6.1 §2.3, §4.4.1): its registration (mappings, init parameters,
 * load-on-startup, async support, multipart config) and its single instance, created and
 * initialised on first use or at start for load-on-startup, destroyed at stop.
 */
final class ServletHolder implements ServletRegistration.Dynamic, ServletConfig {
    /** Life cycle of the instance (§2.3): a failed init leaves it {@code NEW}, to be retried. */
    enum State { NEW, AVAILABLE, DESTROYED }

    private final WebApp app;
    private final String name;
    private final String className;
    private Class<? extends Servlet> servletClass;
    private Servlet instance;
    private final InitParameters initParameters;
    private final Set<String> mappings = new LinkedHashSet<>();
    private final ReentrantLock lock = new ReentrantLock();
    private volatile State state = State.NEW;
    private int loadOnStartup = -1;
    private volatile boolean asyncSupported;
    private volatile MultipartConfigElement multipartConfig;
    private String runAsRole;
    private volatile ServletSecurityElement servletSecurity;

    /**
     * @param app the web app
     * @param name the servlet-name
     * @param className the class to instantiate, or {@code null} when {@code servletClass} or {@code instance} is given
     * @param servletClass the class, or {@code null}
     * @param instance a ready instance, or {@code null}
     */
    ServletHolder(WebApp app, String name, String className, Class<? extends Servlet> servletClass, Servlet instance) {
        this.app = app;
        this.initParameters = new InitParameters(app);
        this.name = name;
        this.instance = instance;
        this.servletClass = instance != null ? instance.getClass() : servletClass;
        this.className = this.servletClass != null ? this.servletClass.getName() : className;
        if (this.servletClass != null) {
            readAnnotations(this.servletClass);
        }
    }

    private void readAnnotations(Class<?> type) {
        MultipartConfig annotation = type.getAnnotation(MultipartConfig.class);
        if (annotation != null && multipartConfig == null) {
            multipartConfig = new MultipartConfigElement(annotation);
        }
    }

    /**
     * The initialised instance, creating and initialising it on first use (§2.3.2).
     *
     * @return the servlet
     * @throws ServletException when the class cannot be loaded or instantiated or {@code init} fails;
     *     the message names the servlet
     */
    Servlet servlet() throws ServletException {
        if (state == State.AVAILABLE) {
            return instance;
        }
        lock.lock();
        try {
            if (state == State.DESTROYED) {
                throw new jakarta.servlet.UnavailableException("servlet '" + name + "' has been destroyed");
            }
            if (state == State.NEW) {
                initialize();
            }
            return instance;
        } finally {
            lock.unlock();
        }
    }

    private void initialize() throws ServletException {
        Servlet s = instance;
        try {
            if (s == null) {
                if (servletClass == null) {
                    servletClass = app.loadClass(className, Servlet.class);
                    readAnnotations(servletClass);
                }
                s = app.context().createServlet(servletClass);
            }
            s.init(this);
        } catch (ServletException | RuntimeException e) {
            app.lifecycle().destroy(s);
            String message = "servlet '" + name + "' (" + className + ") failed to initialize: " + e;
            if (e instanceof jakarta.servlet.UnavailableException) {
                // §2.3.2.1, and a failed injection or @PostConstruct: 503, as an unavailable servlet
                throw (ServletException) new jakarta.servlet.UnavailableException(message).initCause(e);
            }
            throw new ServletException(message, e);
        }
        instance = s;
        state = State.AVAILABLE;
    }

    /** Calls {@code destroy} if the servlet was initialised (§2.3.4); later requests get 503. */
    void destroy() {
        lock.lock();
        try {
            if (state == State.AVAILABLE) {
                try {
                    instance.destroy();
                } catch (RuntimeException e) {
                    app.context().log("servlet '" + name + "' failed in destroy", e);
                }
                app.lifecycle().destroy(instance);
            }
            state = State.DESTROYED;
        } finally {
            lock.unlock();
        }
    }

    /** @return whether the instance is initialised */
    boolean isAvailable() {
        return state == State.AVAILABLE;
    }

    /** @return the load-on-startup order; negative for lazy */
    int loadOnStartup() {
        return loadOnStartup;
    }

    /** @return whether async is supported (§2.3.3.3) */
    boolean isAsyncSupported() {
        return asyncSupported;
    }

    /** @return the multipart config from {@link #setMultipartConfig} or {@code @MultipartConfig}, or {@code null} */
    MultipartConfigElement multipartConfig() {
        return multipartConfig;
    }

    // ------------------------------------------------------------------ ServletRegistration.Dynamic

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String getClassName() {
        return className;
    }

    @Override
    public Set<String> addMapping(String... urlPatterns) {
        if (urlPatterns == null || urlPatterns.length == 0) {
            throw new IllegalArgumentException("no url-pattern given");
        }
        app.checkConfigurable();
        Set<String> conflicts = new LinkedHashSet<>();
        for (String pattern : urlPatterns) {
            ServletHolder mapped = app.mapping().get(pattern);
            if (mapped != null && mapped != this) {
                conflicts.add(pattern);
            }
        }
        if (conflicts.isEmpty()) {
            for (String pattern : urlPatterns) {
                app.mapping().put(pattern, this);
                mappings.add(pattern);
            }
        }
        return conflicts;
    }

    @Override
    public Collection<String> getMappings() {
        return List.copyOf(mappings);
    }

    @Override
    public String getRunAsRole() {
        return runAsRole;
    }

    @Override
    public void setAsyncSupported(boolean isAsyncSupported) {
        app.checkConfigurable();
        asyncSupported = isAsyncSupported;
    }

    @Override
    public void setLoadOnStartup(int loadOnStartup) {
        app.checkConfigurable();
        this.loadOnStartup = loadOnStartup;
    }

    /**
     * Sets the servlet's security constraint (Servlet 6.1 §4.4.2.x, §13.4): at start it applies to
     * each url-pattern the servlet is mapped to then, except the patterns a descriptor
     * {@code security-constraint} names ({@link WebApp#addSecurityConstraint}), which keep the
     * descriptor's. Allowed until the app has started (also from a
     * {@code ServletContainerInitializer} or a context listener); a later call replaces an earlier.
     *
     * @return the servlet's current url-patterns a descriptor constraint already names
     * @throws IllegalArgumentException for {@code null}
     * @throws IllegalStateException once the app has started
     */
    @Override
    public Set<String> setServletSecurity(ServletSecurityElement constraint) {
        if (constraint == null) {
            throw new IllegalArgumentException("null constraint");
        }
        app.checkConfigurable();
        servletSecurity = constraint;
        return AppSecurity.descriptorPatterns(app, mappings);
    }

    /** @return the element of {@link #setServletSecurity}, or {@code null} */
    ServletSecurityElement servletSecurity() {
        return servletSecurity;
    }

    @Override
    public void setMultipartConfig(MultipartConfigElement multipartConfig) {
        if (multipartConfig == null) {
            throw new IllegalArgumentException("null multipart config");
        }
        app.checkConfigurable();
        this.multipartConfig = multipartConfig;
    }

    /**
     * Records the servlet's {@code run-as} role (§13.7). As in Tomcat it is reported by
     * {@link #getRunAsRole} and changes nothing else: {@code isUserInRole} still answers for the
     * caller, as there is no EJB container to run calls as that role.
     *
     * @throws IllegalArgumentException for {@code null}
     */
    @Override
    public void setRunAsRole(String roleName) {
        if (roleName == null) {
            throw new IllegalArgumentException("null role");
        }
        app.checkConfigurable();
        runAsRole = roleName;
    }

    @Override
    public boolean setInitParameter(String name, String value) {
        return initParameters.set(name, value);
    }

    @Override
    public String getInitParameter(String name) {
        return initParameters.get(name);
    }

    @Override
    public Set<String> setInitParameters(Map<String, String> parameters) {
        return initParameters.setAll(parameters);
    }

    @Override
    public Map<String, String> getInitParameters() {
        return initParameters.view();
    }

    // ------------------------------------------------------------------ ServletConfig

    @Override
    public String getServletName() {
        return name;
    }

    @Override
    public ServletContext getServletContext() {
        return app.context();
    }

    @Override
    public Enumeration<String> getInitParameterNames() {
        return initParameters.names();
    }
}
