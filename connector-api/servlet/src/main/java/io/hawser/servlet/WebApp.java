package io.hawser.servlet;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One web application (a servlet context, Servlet 6.1 §4), before and after start.
 *
 * <p>Set it up through {@link #servletContext()} (programmatic {@code addServlet}, {@code addFilter},
 * {@code addListener}, {@code setInitParameter}) and the web.xml-like setters here, then
 * {@link #start()} it and hand it to a {@link ServletAdapter}. Configuration methods throw
 * {@link IllegalStateException} once the app has started (§4.4). Thread-safe.
 */
public final class WebApp {
    /** Life cycle: set up, starting (listeners may still configure), serving, failed to start, stopped. */
    enum State { NEW, STARTING, STARTED, FAILED, STOPPED }

    private static final Logger LOG = System.getLogger(WebApp.class.getName());

    private final String contextPath;
    private final ClassLoader loader;
    private final ContextResources resources;
    private final MimeTypes mimeTypes = new MimeTypes();
    private final ServletMapping mapping = new ServletMapping();
    private final Map<String, ServletHolder> servlets = new ConcurrentHashMap<>();
    private final List<ServletHolder> servletOrder = new CopyOnWriteArrayList<>();
    private final Map<String, FilterHolder> filters = new ConcurrentHashMap<>();
    private final List<FilterHolder> filterOrder = new CopyOnWriteArrayList<>();
    private final FilterMappings filterMappings = new FilterMappings();
    private final ErrorPages errorPages = new ErrorPages();
    private final List<String> welcomeFiles = new CopyOnWriteArrayList<>();
    private final LocaleEncodings localeEncodings = new LocaleEncodings();
    private final AppContext context;
    private final ContextListeners listeners;
    private final SessionStore sessions;
    private final SessionCookie sessionCookie;
    private volatile boolean distributable;
    private final InstanceLifecycle lifecycle;
    private final List<ServletContextListener> initialized = new ArrayList<>();
    private volatile State state = State.NEW;
    private volatile String displayName;
    private volatile RequestLimits limits = RequestLimits.DEFAULTS;
    private ScheduledFuture<?> sweeper;
    private Path tempDir;
    private final List<SecurityConstraint> securityConstraints = new CopyOnWriteArrayList<>();
    private final java.util.Set<String> declaredRoles = new java.util.concurrent.CopyOnWriteArraySet<>();
    /** servlet name → (role name in code → role-link) (§13.3, {@code security-role-ref}). */
    private final Map<String, Map<String, String>> securityRoleRefs = new ConcurrentHashMap<>();
    private volatile LoginConfig loginConfig;
    private volatile io.hawser.security.Realm realm;
    private volatile boolean denyUncoveredHttpMethods;
    private volatile int confidentialPort;
    /** The connector's TLS port, -1 for none (set by {@link ServletAdapter#connectorStarted} or the deployer). */
    private volatile int tlsPort = -1;
    private volatile CertificateUserName certificateUserName = CertificateUserName.COMMON_NAME;
    private volatile jakarta.servlet.descriptor.JspConfigDescriptor jspConfig;
    private volatile AppSecurity security;

    private WebApp(String contextPath, Path base, ClassLoader loader, SessionClock clock) {
        this.contextPath = contextPath;
        this.loader = loader;
        this.resources = new ContextResources(base);
        this.context = new AppContext(this);
        this.listeners = new ContextListeners(context);
        this.sessions = new SessionStore(context, listeners, clock);
        this.sessionCookie = new SessionCookie(this);
        this.lifecycle = new InstanceLifecycle(loader, context);
    }

    /**
     * Creates a web app in state NEW.
     *
     * @param contextPath {@code ""} for the root context or {@code /name} (no trailing {@code /}; §3.6)
     * @param base the exploded WAR directory (or a {@code .war} file), or {@code null} for no resources
     * @param loader the web app's class loader, the context class loader during init and requests;
     *     {@code null} for this class's loader
     * @return the web app
     * @throws IllegalArgumentException for a malformed context path, a base that is neither a
     *     directory nor a WAR file, a {@code WEB-INF/lib} jar that cannot be opened (its
     *     {@code META-INF/resources} are the app's too, Servlet 6.1 §4.6), or a WAR file whose jars
     *     hold {@code META-INF/resources} (those are served from a directory only)
     */
    public static WebApp create(String contextPath, Path base, ClassLoader loader) {
        return create(contextPath, base, loader, SessionClock.SYSTEM);
    }

    static WebApp create(String contextPath, Path base, ClassLoader loader, SessionClock clock) {
        String path = contextPath == null || contextPath.equals("/") ? "" : contextPath;
        if (!path.isEmpty() && (!path.startsWith("/") || path.endsWith("/") || path.contains("//"))) {
            throw new IllegalArgumentException("context path must be \"\" or /name: " + contextPath);
        }
        return new WebApp(path, base, loader != null ? loader : WebApp.class.getClassLoader(), clock);
    }

    /**
     * @return the {@link ServletContext}; programmatic configuration ({@code addServlet},
     *     {@code addFilter}, {@code addListener}, {@code setInitParameter}) is allowed until {@link #start()}
     *     has finished running the context listeners
     */
    public ServletContext servletContext() {
        return context;
    }

    /**
     * @return the creation, injection and lifecycle callbacks of the servlets, filters and listeners
     *     the container instantiates, with the app's {@code java:comp/env} entries (§15.5)
     */
    public InstanceLifecycle lifecycle() {
        return lifecycle;
    }

    /** @param name the web.xml {@code display-name} ({@code getServletContextName()}); may be {@code null} */
    public void setDisplayName(String name) {
        checkConfigurable();
        displayName = name;
    }

    /**
     * Adds a web.xml {@code welcome-file}, tried in the order added for requests to a directory (§10.10).
     *
     * @param file a relative path, e.g. {@code index.html}
     * @throws IllegalArgumentException when it starts or ends with {@code /}
     */
    public void addWelcomeFile(String file) {
        checkConfigurable();
        if (file == null || file.isEmpty() || file.startsWith("/") || file.endsWith("/")) {
            throw new IllegalArgumentException("welcome file must be a relative path: " + file);
        }
        welcomeFiles.add(file);
    }

    /**
     * Adds a web.xml {@code error-page} by {@code error-code} (§10.9.2).
     *
     * @param status an error status, 400 to 599
     * @param location a context-relative path starting with {@code /}
     * @throws IllegalArgumentException for another status or a location not starting with {@code /}
     */
    public void addErrorPage(int status, String location) {
        checkConfigurable();
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("error-code must be 400 to 599: " + status);
        }
        errorPages.add(status, location);
    }

    /**
     * Adds a web.xml {@code error-page} by {@code exception-type} (§10.9.2).
     *
     * @param exceptionType a fully qualified class name, e.g. {@code java.io.IOException}
     * @param location a context-relative path starting with {@code /}
     * @throws IllegalArgumentException for an empty type or a location not starting with {@code /}
     */
    public void addErrorPage(String exceptionType, String location) {
        checkConfigurable();
        errorPages.add(exceptionType, location);
    }

    /**
     * Sets the default error page: a web.xml {@code error-page} with neither {@code error-code} nor
     * {@code exception-type} (Servlet 6.1 §10.9.2), used for every error no code or type page matches.
     *
     * @param location a context-relative path starting with {@code /}
     * @throws IllegalArgumentException for a location not starting with {@code /}
     */
    public void setDefaultErrorPage(String location) {
        checkConfigurable();
        errorPages.addDefault(location);
    }

    /**
     * Adds a web.xml {@code mime-mapping}, used by {@code getMimeType} before the built-in table.
     *
     * @param extension without the dot, e.g. {@code webmanifest}
     * @param mimeType e.g. {@code application/manifest+json}
     */
    public void addMimeMapping(String extension, String mimeType) {
        checkConfigurable();
        mimeTypes.add(extension, mimeType);
    }

    /**
     * Adds a web.xml {@code locale-encoding-mapping}: the response encoding {@code setLocale} picks
     * when the application set none (§5.6).
     *
     * @param locale {@code ll} or {@code ll_CC}, e.g. {@code ja} or {@code ja_JP}
     * @param encoding a charset name, e.g. {@code Shift_JIS}
     * @throws IllegalArgumentException for a charset the JDK does not know
     */
    public void addLocaleEncodingMapping(String locale, String encoding) {
        checkConfigurable();
        localeEncodings.add(locale, encoding);
    }

    /**
     * Keeps this app's sessions in a {@link SessionDataStore}, so that they outlive the process and are
     * shared with every Hawser instance on the same store (Servlet 6.1 §7.7.2); attributes must then be
     * {@link java.io.Serializable} ({@code setAttribute} throws {@link IllegalArgumentException}). The
     * store is not closed by the app. See {@code docs/sessions.md}.
     *
     * @param persistence the store and policy, or {@code null} for this instance's memory (the default)
     * @throws IllegalStateException once a session exists
     */
    public void setSessionPersistence(SessionPersistence persistence) {
        sessions.persistIn(persistence == null ? null : new PersistentSessions(sessions, persistence, contextPath, loader));
    }

    /**
     * Web.xml {@code <distributable/>} (§7.7.2): session attributes must be {@link java.io.Serializable}
     * ({@code setAttribute} throws {@link IllegalArgumentException} otherwise), with or without a store.
     *
     * @param distributable whether the app is marked distributable
     */
    public void setDistributable(boolean distributable) {
        this.distributable = distributable;
        sessions.setDistributable(distributable);
    }

    /** @return whether the app is marked {@code <distributable/>} */
    public boolean isDistributable() {
        return distributable;
    }

    /**
     * Sets the web.xml {@code session-config/session-timeout} (§7.5).
     *
     * @param minutes the max inactive interval of new sessions; &lt;= 0 never times out. Default 30
     */
    public void setSessionTimeoutMinutes(int minutes) {
        checkConfigurable();
        sessions.setDefaultInterval(minutes <= 0 ? -1 : minutes * 60);
    }

    /** @return the context path, {@code ""} for the root context */
    public String contextPath() {
        return contextPath;
    }

    /**
     * Sets the realm that authenticates users (BASIC, FORM, {@code HttpServletRequest.login}).
     *
     * @param realm the realm, or {@code null} for none (then an app with an auth-constraint or a
     *     login-config refuses to start)
     */
    public void setRealm(io.hawser.security.Realm realm) {
        checkConfigurable();
        this.realm = realm;
    }

    /** @return the realm, or {@code null} */
    public io.hawser.security.Realm realm() {
        return realm;
    }

    /**
     * Sets how users authenticate ({@code <login-config>}, Servlet 6.1 §13.6); without one, an
     * auth-constraint is answered with BASIC.
     *
     * @param config BASIC or FORM
     */
    public void setLoginConfig(LoginConfig config) {
        checkConfigurable();
        this.loginConfig = config;
    }

    /** @return the login-config, or {@code null} */
    public LoginConfig loginConfig() {
        return loginConfig;
    }

    /**
     * Adds a security constraint ({@code <security-constraint>}, Servlet 6.1 §13.8); constraints
     * combine by §13.8.1 and are checked before any filter, on the canonical request path.
     *
     * @param constraint the constraint
     */
    public void addSecurityConstraint(SecurityConstraint constraint) {
        checkConfigurable();
        securityConstraints.add(java.util.Objects.requireNonNull(constraint, "constraint"));
    }

    /** @return the constraints added so far, in order, unmodifiable */
    public List<SecurityConstraint> securityConstraints() {
        return java.util.Collections.unmodifiableList(securityConstraints);
    }

    /**
     * Declares roles ({@code <security-role>}, {@code @DeclareRoles}): the roles {@code *} stands
     * for in an auth-constraint (§13.8).
     *
     * @param roleNames role names
     */
    public void declareRoles(String... roleNames) {
        checkConfigurable();
        for (String r : roleNames) {
            declaredRoles.add(java.util.Objects.requireNonNull(r, "role"));
        }
    }

    /** @return the declared roles, unmodifiable */
    public java.util.Set<String> declaredRoles() {
        return java.util.Collections.unmodifiableSet(declaredRoles);
    }

    /**
     * Maps a role name a servlet uses in {@code isUserInRole} to a declared role
     * ({@code <security-role-ref>}, §13.3).
     *
     * @param servletName the servlet
     * @param roleName the name in the servlet's code
     * @param roleLink the declared role it stands for
     */
    public void addSecurityRoleRef(String servletName, String roleName, String roleLink) {
        checkConfigurable();
        securityRoleRefs.computeIfAbsent(servletName, k -> new ConcurrentHashMap<>()).put(roleName, roleLink);
    }

    /**
     * @param servletName a servlet
     * @return its role refs (name in code → role-link), unmodifiable; empty for none
     */
    public Map<String, String> securityRoleRefs(String servletName) {
        Map<String, String> refs = securityRoleRefs.get(servletName);
        return refs == null ? Map.of() : java.util.Collections.unmodifiableMap(refs);
    }

    /**
     * {@code <deny-uncovered-http-methods>} (§13.8.4): a method a constraint's URL pattern covers
     * for other methods only is answered 403 instead of served unconstrained.
     *
     * @param deny whether to deny uncovered methods (default {@code false})
     */
    public void setDenyUncoveredHttpMethods(boolean deny) {
        checkConfigurable();
        this.denyUncoveredHttpMethods = deny;
    }

    /** @return whether uncovered HTTP methods are denied */
    public boolean denyUncoveredHttpMethods() {
        return denyUncoveredHttpMethods;
    }

    /**
     * The port a request needing a CONFIDENTIAL transport is redirected to (as Tomcat's
     * {@code redirectPort}); 0, the default, means the connector's own TLS port
     * ({@link #setTlsPort}), and with none such a request is answered 403 when it is not secure.
     *
     * @param port 1..65535, or 0 for none
     * @throws IllegalArgumentException for another value
     */
    public void setConfidentialPort(int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("confidential port must be in 0..65535: " + port);
        }
        checkConfigurable();
        this.confidentialPort = port;
    }

    /**
     * @return where a cleartext request needing a CONFIDENTIAL or INTEGRAL transport is redirected:
     *     the port given to {@link #setConfidentialPort}, else the connector's TLS port, else 0 (none: 403)
     */
    public int confidentialPort() {
        int explicit = confidentialPort;
        return explicit > 0 ? explicit : Math.max(tlsPort, 0);
    }

    /**
     * Tells the app the port of the connector's TLS listener; callable at any time, also after
     * start (a free port is only known once the connector is bound): {@link ServletAdapter#connectorStarted}
     * calls it. It is the default {@link #confidentialPort()}.
     *
     * @param port 1..65535, or -1 (the default) for none
     * @throws IllegalArgumentException for another value
     */
    public void setTlsPort(int port) {
        if (port != -1 && (port < 1 || port > 65535)) {
            throw new IllegalArgumentException("TLS port must be in 1..65535, or -1 for none: " + port);
        }
        this.tlsPort = port;
    }

    /** @return the connector's TLS port, -1 for none (or not told) */
    public int tlsPort() {
        return tlsPort;
    }

    /**
     * @param name which part of a client certificate's subject is the user name of a
     *     {@code CLIENT-CERT} login; default {@link CertificateUserName#COMMON_NAME}
     * @throws NullPointerException for {@code null}
     * @throws IllegalStateException after start
     */
    public void setCertificateUserName(CertificateUserName name) {
        java.util.Objects.requireNonNull(name, "name");
        checkConfigurable();
        this.certificateUserName = name;
    }

    /** @return which part of a client certificate's subject names the user */
    public CertificateUserName certificateUserName() {
        return certificateUserName;
    }


    /**
     * @param config what {@code ServletContext.getJspConfigDescriptor()} returns (web.xml's
     *     {@code <jsp-config>}, read by a JSP engine), or {@code null} for none (the default)
     */
    public void setJspConfigDescriptor(jakarta.servlet.descriptor.JspConfigDescriptor config) {
        this.jspConfig = config;
    }

    /** @return the {@code <jsp-config>} given to {@link #setJspConfigDescriptor}, or {@code null} */
    public jakarta.servlet.descriptor.JspConfigDescriptor jspConfigDescriptor() {
        return jspConfig;
    }

    /**
     * Starts the app (§4.4, §11.2.1), with its class loader as context class loader: creates the
     * context temp dir, runs {@code contextInitialized} of every context listener in order
     * (ServletContainerInitializers have already been run by the deployer), compiles the security
     * constraints, descriptor and {@code setServletSecurity} ones (§13.8; an auth-constraint
     * naming roles or a login-config without a realm fails the start), registers a 404 default
     * servlet when nothing is mapped to {@code /}, initialises every filter, then the load-on-startup
     * servlets in ascending order (equal values in registration order), and starts the session sweeper.
     *
     * @throws ServletException when a listener, filter or servlet fails; the message names it. The
     *     app is then stopped (what had started is destroyed) and stays unavailable (503)
     * @throws IllegalStateException when not in state NEW
     */
    public void start() throws ServletException {
        synchronized (this) {
            if (state != State.NEW) {
                throw new IllegalStateException("web app '" + contextPath + "' is " + state);
            }
            state = State.STARTING;
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            tempDir = WorkDirectories.create("hawser-" + (contextPath.isEmpty() ? "ROOT" : contextPath.substring(1)
                    .replaceAll("[^A-Za-z0-9._-]", "_")) + "-");
            context.setAttribute(ServletContext.TEMPDIR, tempDir.toFile());
            limits = RequestLimits.from(context);
            ServletContextEvent event = new ServletContextEvent(context);
            for (ServletContextListener l : listeners.contextListeners()) {
                try {
                    l.contextInitialized(event);
                } catch (RuntimeException e) {
                    throw new ServletException("listener " + l.getClass().getName()
                            + " failed in contextInitialized: " + e, e);
                }
                initialized.add(l);
            }
            security = AppSecurity.start(this, servletSecurityConstraints());
            if (mapping.get("/") == null) {
                context.addServlet(NotFoundServlet.NAME, new NotFoundServlet()).addMapping("/");
            }
            for (FilterHolder f : filterOrder) {
                f.initialize();
            }
            List<ServletHolder> onStartup = new ArrayList<>();
            for (ServletHolder s : servletOrder) {
                if (s.loadOnStartup() >= 0) {
                    onStartup.add(s);
                }
            }
            onStartup.sort(Comparator.comparingInt(ServletHolder::loadOnStartup));
            for (ServletHolder s : onStartup) {
                s.servlet();
            }
            sweeper = ContainerThreads.timer().scheduleWithFixedDelay(this::sweepSessions, 1, 1, TimeUnit.SECONDS);
            state = State.STARTED;
        } catch (ServletException | IOException | RuntimeException e) {
            state = State.FAILED;
            shutDown();
            if (e instanceof ServletException) {
                throw (ServletException) e;
            }
            throw new ServletException("web app '" + contextPath + "' failed to start: " + e, e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The constraints of {@code setServletSecurity}, over each servlet's patterns no descriptor constraint names. */
    private List<SecurityConstraint> servletSecurityConstraints() {
        List<SecurityConstraint> out = new ArrayList<>();
        for (ServletHolder s : servletOrder) {
            if (s.servletSecurity() != null) {
                List<String> patterns = new ArrayList<>(s.getMappings());
                patterns.removeAll(AppSecurity.descriptorPatterns(this, patterns));
                out.addAll(ServletConstraints.of(s.servletSecurity(), patterns));
            }
        }
        return out;
    }

    private void sweepSessions() {
        try {
            sessions.sweep();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "session sweep failed in '" + contextPath + "'", e);
        }
    }

    /**
     * Stops the app (§4.4, §11.2.1), with its class loader as context class loader: invalidates
     * every session (session listeners told), destroys servlets and filters, then runs
     * {@code contextDestroyed} in reverse order. Requests arriving afterwards get 503. Idempotent.
     * An app that never started only closes its resources (the jars of {@code WEB-INF/lib}).
     */
    public void stop() {
        synchronized (this) {
            if (state == State.NEW) {
                lifecycle.destroyAll();
                state = State.STOPPED;
                resources.close();
                return;
            }
            if (state != State.STARTED) {
                return;
            }
            state = State.STOPPED;
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            shutDown();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private void shutDown() {
        if (sweeper != null) {
            sweeper.cancel(false);
        }
        sessions.invalidateAll();
        for (int i = servletOrder.size() - 1; i >= 0; i--) {
            servletOrder.get(i).destroy();
        }
        for (int i = filterOrder.size() - 1; i >= 0; i--) {
            filterOrder.get(i).destroy();
        }
        ServletContextEvent event = new ServletContextEvent(context);
        for (int i = initialized.size() - 1; i >= 0; i--) {
            try {
                initialized.get(i).contextDestroyed(event);
            } catch (RuntimeException e) {
                context.log("listener " + initialized.get(i).getClass().getName() + " failed in contextDestroyed", e);
            }
        }
        initialized.clear();
        lifecycle.destroyAll();
        deleteTempDir();
        resources.close();
    }

    private void deleteTempDir() {
        if (tempDir == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(tempDir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "cannot delete " + tempDir, e);
        }
    }

    // ------------------------------------------------------------------ for the package

    /** @throws IllegalStateException once the app has started (§4.4: "already been initialized") */
    void checkConfigurable() {
        State s = state;
        if (s != State.NEW && s != State.STARTING) {
            throw new IllegalStateException("web app '" + contextPath + "' is already initialized (" + s + ")");
        }
    }

    /** @return whether requests may be served */
    boolean isAvailable() {
        return state == State.STARTED;
    }

    /**
     * Loads a class with the app's loader.
     *
     * @throws ServletException when it is missing or not a {@code type}
     */
    <T> Class<? extends T> loadClass(String className, Class<T> type) throws ServletException {
        try {
            return Class.forName(className, false, loader).asSubclass(type);
        } catch (ClassNotFoundException | ClassCastException | LinkageError e) {
            throw new ServletException("cannot load " + type.getSimpleName() + " class " + className + ": " + e, e);
        }
    }

    ServletHolder registerServlet(ServletHolder holder) {
        if (servlets.putIfAbsent(holder.getName(), holder) != null) {
            return null;
        }
        servletOrder.add(holder);
        return holder;
    }

    FilterHolder registerFilter(FilterHolder holder) {
        if (filters.putIfAbsent(holder.getName(), holder) != null) {
            return null;
        }
        filterOrder.add(holder);
        return holder;
    }

    Map<String, ServletHolder> servlets() {
        return servlets;
    }

    Map<String, FilterHolder> filters() {
        return filters;
    }

    AppContext context() {
        return context;
    }

    ClassLoader loader() {
        return loader;
    }

    ContextResources resources() {
        return resources;
    }

    MimeTypes mimeTypes() {
        return mimeTypes;
    }

    ServletMapping mapping() {
        return mapping;
    }

    FilterMappings filterMappings() {
        return filterMappings;
    }

    ContextListeners listeners() {
        return listeners;
    }

    ErrorPages errorPages() {
        return errorPages;
    }

    List<String> welcomeFiles() {
        return welcomeFiles;
    }

    SessionStore sessions() {
        return sessions;
    }

    SessionCookie sessionCookie() {
        return sessionCookie;
    }

    LocaleEncodings localeEncodings() {
        return localeEncodings;
    }

    RequestLimits limits() {
        return limits;
    }

    /** @return the security compiled at start, {@code null} before */
    AppSecurity security() {
        return security;
    }

    String displayName() {
        return displayName;
    }
}
