package io.hawser.servlet;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One declared filter (Servlet 6.1 §6): its registration and its single instance, initialised when
 * the web app starts (§6.2.1) and destroyed when it stops.
 */
final class FilterHolder implements FilterRegistration.Dynamic, FilterConfig {
    private final WebApp app;
    private final String name;
    private final String className;
    private Class<? extends Filter> filterClass;
    private volatile Filter instance;
    private volatile boolean initialized;
    private final InitParameters initParameters;
    private final List<String> urlPatterns = new ArrayList<>();
    private final List<String> servletNames = new ArrayList<>();
    private volatile boolean asyncSupported;

    /**
     * @param app the web app
     * @param name the filter-name
     * @param className the class to instantiate, or {@code null} when a class or instance is given
     * @param filterClass the class, or {@code null}
     * @param instance a ready instance, or {@code null}
     */
    FilterHolder(WebApp app, String name, String className, Class<? extends Filter> filterClass, Filter instance) {
        this.app = app;
        this.initParameters = new InitParameters(app);
        this.name = name;
        this.instance = instance;
        this.filterClass = instance != null ? instance.getClass() : filterClass;
        this.className = this.filterClass != null ? this.filterClass.getName() : className;
    }

    /**
     * Instantiates (if needed) and initialises the filter.
     *
     * @throws ServletException when that fails; the message names the filter
     */
    void initialize() throws ServletException {
        try {
            Filter f = instance;
            if (f == null) {
                if (filterClass == null) {
                    filterClass = app.loadClass(className, Filter.class);
                }
                f = app.context().createFilter(filterClass);
            }
            f.init(this);
            instance = f;
            initialized = true;
        } catch (ServletException | RuntimeException e) {
            throw new ServletException("filter '" + name + "' (" + className + ") failed to initialize: " + e, e);
        }
    }

    /** @return the initialised filter */
    Filter filter() {
        return instance;
    }

    /** Calls {@code destroy} if the filter was initialised. */
    void destroy() {
        if (initialized) {
            initialized = false;
            try {
                instance.destroy();
            } catch (RuntimeException e) {
                app.context().log("filter '" + name + "' failed in destroy", e);
            }
            app.lifecycle().destroy(instance);
        }
    }

    /** @return whether async is supported */
    boolean isAsyncSupported() {
        return asyncSupported;
    }

    // ------------------------------------------------------------------ FilterRegistration.Dynamic

    @Override
    public void addMappingForServletNames(EnumSet<DispatcherType> dispatcherTypes, boolean isMatchAfter,
                                          String... names) {
        if (names == null || names.length == 0) {
            throw new IllegalArgumentException("no servlet name given");
        }
        app.checkConfigurable();
        app.filterMappings().add(new FilterMappings.Entry(this, List.of(), List.of(names), types(dispatcherTypes)),
                isMatchAfter);
        Collections.addAll(servletNames, names);
    }

    @Override
    public Collection<String> getServletNameMappings() {
        return List.copyOf(servletNames);
    }

    @Override
    public void addMappingForUrlPatterns(EnumSet<DispatcherType> dispatcherTypes, boolean isMatchAfter,
                                         String... patterns) {
        if (patterns == null || patterns.length == 0) {
            throw new IllegalArgumentException("no url-pattern given");
        }
        for (String pattern : patterns) {
            ServletMapping.kindOf(pattern);
        }
        app.checkConfigurable();
        app.filterMappings().add(new FilterMappings.Entry(this, List.of(patterns), List.of(), types(dispatcherTypes)),
                isMatchAfter);
        Collections.addAll(urlPatterns, patterns);
    }

    private static Set<DispatcherType> types(EnumSet<DispatcherType> dispatcherTypes) {
        // §6.2.5: without dispatcher elements a mapping applies to REQUEST only.
        return dispatcherTypes == null || dispatcherTypes.isEmpty()
                ? EnumSet.of(DispatcherType.REQUEST) : EnumSet.copyOf(dispatcherTypes);
    }

    @Override
    public Collection<String> getUrlPatternMappings() {
        return List.copyOf(urlPatterns);
    }

    @Override
    public void setAsyncSupported(boolean isAsyncSupported) {
        app.checkConfigurable();
        asyncSupported = isAsyncSupported;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String getClassName() {
        return className;
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

    // ------------------------------------------------------------------ FilterConfig

    @Override
    public String getFilterName() {
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
