package io.hawser.servlet;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.SessionCookieConfig;
import jakarta.servlet.SessionTrackingMode;
import jakarta.servlet.descriptor.JspConfigDescriptor;
import java.io.InputStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.Charset;
import java.util.Collections;
import java.util.Enumeration;
import java.util.EventListener;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link ServletContext} of a {@link WebApp} (Servlet 6.1 §4): init parameters, attributes
 * (with attribute listeners), resources, MIME types, logging, dispatchers and programmatic
 * registration. Reports version 6.1 and effective version 6.1. Only cookie session tracking is
 * available; cross-context access ({@link #getContext}) reaches this context only.
 */
final class AppContext implements ServletContext {
    /** What {@link #getServerInfo()} returns. */
    static final String SERVER_INFO = "Hawser/0.1";

    private final WebApp app;
    private final Logger log;
    private final Map<String, String> initParameters = new ConcurrentHashMap<>();
    private final Map<String, Object> attributes = new ConcurrentHashMap<>();
    private volatile String requestCharacterEncoding;
    private volatile String responseCharacterEncoding;

    AppContext(WebApp app) {
        this.app = app;
        this.log = System.getLogger("io.hawser.servlet.context" + (app.contextPath().isEmpty() ? ".ROOT"
                : app.contextPath().replace('/', '.')));
    }

    /** @return the web app this is the context of */
    WebApp app() {
        return app;
    }

    @Override
    public String getContextPath() {
        return app.contextPath();
    }

    @Override
    public ServletContext getContext(String uripath) {
        if (uripath == null || !uripath.startsWith("/")) {
            return null;
        }
        String path = app.contextPath();
        return path.isEmpty() || uripath.equals(path) || uripath.startsWith(path + "/") ? this : null;
    }

    @Override
    public int getMajorVersion() {
        return 6;
    }

    @Override
    public int getMinorVersion() {
        return 1;
    }

    @Override
    public int getEffectiveMajorVersion() {
        return 6;
    }

    @Override
    public int getEffectiveMinorVersion() {
        return 1;
    }

    @Override
    public String getMimeType(String file) {
        return app.mimeTypes().of(file);
    }

    @Override
    public Set<String> getResourcePaths(String path) {
        return app.resources().children(path);
    }

    @Override
    public URL getResource(String path) throws MalformedURLException {
        return app.resources().url(path);
    }

    @Override
    public InputStream getResourceAsStream(String path) {
        return app.resources().open(path);
    }

    @Override
    public RequestDispatcher getRequestDispatcher(String path) {
        if (path == null) {
            return null;
        }
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("dispatcher path must start with /: " + path);
        }
        return AppDispatcher.forPath(app, path);
    }

    @Override
    public RequestDispatcher getNamedDispatcher(String name) {
        ServletHolder servlet = name == null ? null : app.servlets().get(name);
        return servlet == null ? null : AppDispatcher.named(app, servlet);
    }

    @Override
    public void log(String msg) {
        log.log(Level.INFO, msg);
    }

    @Override
    public void log(String message, Throwable throwable) {
        log.log(Level.WARNING, message, throwable);
    }

    @Override
    public String getRealPath(String path) {
        return app.resources().realPath(path);
    }

    @Override
    public String getServerInfo() {
        return SERVER_INFO;
    }

    @Override
    public String getInitParameter(String name) {
        if (name == null) {
            throw new NullPointerException("name");
        }
        return initParameters.get(name);
    }

    @Override
    public Enumeration<String> getInitParameterNames() {
        return Collections.enumeration(List.copyOf(initParameters.keySet()));
    }

    @Override
    public boolean setInitParameter(String name, String value) {
        if (name == null) {
            throw new NullPointerException("name");
        }
        app.checkConfigurable();
        return initParameters.putIfAbsent(name, value) == null;
    }

    @Override
    public Object getAttribute(String name) {
        if (name == null) {
            throw new NullPointerException("name");
        }
        return attributes.get(name);
    }

    @Override
    public Enumeration<String> getAttributeNames() {
        return Collections.enumeration(List.copyOf(attributes.keySet()));
    }

    @Override
    public void setAttribute(String name, Object object) {
        if (name == null) {
            throw new NullPointerException("name");
        }
        if (object == null) {
            removeAttribute(name);
            return;
        }
        Object old = attributes.put(name, object);
        app.listeners().contextAttribute(old == null ? ContextListeners.Change.ADDED : ContextListeners.Change.REPLACED,
                name, old == null ? object : old);
    }

    @Override
    public void removeAttribute(String name) {
        Object old = name == null ? null : attributes.remove(name);
        if (old != null) {
            app.listeners().contextAttribute(ContextListeners.Change.REMOVED, name, old);
        }
    }

    @Override
    public String getServletContextName() {
        return app.displayName();
    }

    // ------------------------------------------------------------------ registration (§4.4)

    @Override
    public ServletRegistration.Dynamic addServlet(String servletName, String className) {
        checkName(servletName);
        app.checkConfigurable();
        return app.registerServlet(new ServletHolder(app, servletName, className, null, null));
    }

    @Override
    public ServletRegistration.Dynamic addServlet(String servletName, Servlet servlet) {
        checkName(servletName);
        app.checkConfigurable();
        return app.registerServlet(new ServletHolder(app, servletName, null, null, servlet));
    }

    @Override
    public ServletRegistration.Dynamic addServlet(String servletName, Class<? extends Servlet> servletClass) {
        checkName(servletName);
        app.checkConfigurable();
        return app.registerServlet(new ServletHolder(app, servletName, null, servletClass, null));
    }

    /**
     * A servlet that runs one JSP page (Servlet 6.1 §4.4.1.3): of the class of the servlet named
     * {@code jsp} (the JSP engine's, which hawser-jsp registers), with the page as its init-param
     * {@code jspFile}, as Tomcat does.
     *
     * @throws UnsupportedOperationException when no servlet named {@code jsp} is registered (no JSP
     *     engine: the app has no JSP content, or the hawser-jsp module is not on the class path)
     * @throws IllegalStateException when the context has started
     */
    @Override
    public ServletRegistration.Dynamic addJspFile(String servletName, String jspFile) {
        ServletRegistration jsp = getServletRegistration("jsp");
        if (jsp == null) {
            throw new UnsupportedOperationException("addJspFile: no JSP engine for this app (it has no JSP pages,"
                    + " or the hawser-jsp module is not on the class path)");
        }
        ServletRegistration.Dynamic reg = addServlet(servletName, jsp.getClassName());
        if (reg != null) {
            reg.setInitParameter("jspFile", jspFile.startsWith("/") ? jspFile : "/" + jspFile);
        }
        return reg;
    }

    @Override
    public <T extends Servlet> T createServlet(Class<T> type) throws ServletException {
        return instantiate(type);
    }

    @Override
    public ServletRegistration getServletRegistration(String servletName) {
        return app.servlets().get(servletName);
    }

    @Override
    public Map<String, ? extends ServletRegistration> getServletRegistrations() {
        return Map.copyOf(app.servlets());
    }

    @Override
    public FilterRegistration.Dynamic addFilter(String filterName, String className) {
        checkName(filterName);
        app.checkConfigurable();
        return app.registerFilter(new FilterHolder(app, filterName, className, null, null));
    }

    @Override
    public FilterRegistration.Dynamic addFilter(String filterName, Filter filter) {
        checkName(filterName);
        app.checkConfigurable();
        return app.registerFilter(new FilterHolder(app, filterName, null, null, filter));
    }

    @Override
    public FilterRegistration.Dynamic addFilter(String filterName, Class<? extends Filter> filterClass) {
        checkName(filterName);
        app.checkConfigurable();
        return app.registerFilter(new FilterHolder(app, filterName, null, filterClass, null));
    }

    @Override
    public <T extends Filter> T createFilter(Class<T> type) throws ServletException {
        return instantiate(type);
    }

    @Override
    public FilterRegistration getFilterRegistration(String filterName) {
        return app.filters().get(filterName);
    }

    @Override
    public Map<String, ? extends FilterRegistration> getFilterRegistrations() {
        return Map.copyOf(app.filters());
    }

    @Override
    public void addListener(String className) {
        app.checkConfigurable();
        try {
            addListener(app.loadClass(className, EventListener.class));
        } catch (ServletException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    @Override
    public <T extends EventListener> void addListener(T listener) {
        app.checkConfigurable();
        app.listeners().add(listener);
    }

    @Override
    public void addListener(Class<? extends EventListener> listenerClass) {
        app.checkConfigurable();
        try {
            addListener(createListener(listenerClass));
        } catch (ServletException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    @Override
    public <T extends EventListener> T createListener(Class<T> type) throws ServletException {
        if (!ContextListeners.isSupported(type)) {
            throw new IllegalArgumentException("not a supported listener type: " + type.getName());
        }
        return instantiate(type);
    }

    /** Instantiates, injects and post-constructs (§15.5, {@link InstanceLifecycle}). */
    private <T> T instantiate(Class<T> type) throws ServletException {
        return app.lifecycle().create(type);
    }

    private static void checkName(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("name must not be null or empty");
        }
    }

    // ------------------------------------------------------------------ sessions, misc

    @Override
    public SessionCookieConfig getSessionCookieConfig() {
        return app.sessionCookie();
    }

    /**
     * Servlet 6.1 §7.1: only {@link SessionTrackingMode#COOKIE} is supported; an empty set turns
     * session tracking off (no session cookie is read or sent).
     *
     * @throws IllegalArgumentException for {@code URL} or {@code SSL}, which Hawser does not support
     * @throws IllegalStateException once the context is initialized
     */
    @Override
    public void setSessionTrackingModes(Set<SessionTrackingMode> sessionTrackingModes) {
        app.checkConfigurable();
        for (SessionTrackingMode mode : sessionTrackingModes) {
            if (mode != SessionTrackingMode.COOKIE) {
                throw new IllegalArgumentException("session tracking mode " + mode
                        + " is not supported by Hawser (only COOKIE)");
            }
        }
        app.sessionCookie().setTracked(!sessionTrackingModes.isEmpty());
    }

    @Override
    public Set<SessionTrackingMode> getDefaultSessionTrackingModes() {
        return Set.of(SessionTrackingMode.COOKIE);
    }

    @Override
    public Set<SessionTrackingMode> getEffectiveSessionTrackingModes() {
        return app.sessionCookie().isTracked() ? Set.of(SessionTrackingMode.COOKIE) : Set.of();
    }

    @Override
    public JspConfigDescriptor getJspConfigDescriptor() {
        return app.jspConfigDescriptor();
    }

    @Override
    public ClassLoader getClassLoader() {
        return app.loader();
    }

    /** Roles are accepted and ignored: there is no security layer (see the package notes). */
    @Override
    public void declareRoles(String... roleNames) {
        app.checkConfigurable();
    }

    @Override
    public String getVirtualServerName() {
        return "hawser";
    }

    @Override
    public int getSessionTimeout() {
        int seconds = app.sessions().defaultInterval();
        return seconds <= 0 ? 0 : seconds / 60;
    }

    @Override
    public void setSessionTimeout(int sessionTimeout) {
        app.setSessionTimeoutMinutes(sessionTimeout);
    }

    @Override
    public String getRequestCharacterEncoding() {
        return requestCharacterEncoding;
    }

    @Override
    public void setRequestCharacterEncoding(String encoding) {
        app.checkConfigurable();
        requestCharacterEncoding = encoding == null ? null : Charset.forName(encoding).name();
    }

    @Override
    public String getResponseCharacterEncoding() {
        return responseCharacterEncoding;
    }

    @Override
    public void setResponseCharacterEncoding(String encoding) {
        app.checkConfigurable();
        responseCharacterEncoding = encoding == null ? null : Charset.forName(encoding).name();
    }
}
