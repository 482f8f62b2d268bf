package io.hawser.deploy;

import io.hawser.servlet.DefaultServlet;
import io.hawser.servlet.WebApp;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRegistration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Deploys a web app from a {@code .war} file or an exploded WAR directory (Servlet 6.1 §10):
 * unpacks the WAR into a temporary directory, reads {@code WEB-INF/web.xml}, scans the annotations
 * and the web fragments of its jars in their order, merged into web.xml (unless
 * {@code metadata-complete}), refuses the app if it asks for something Hawser does not
 * enforce (a javax app, JSP pages, JNDI resources ..., unless
 * accepted through {@link Unenforced}) or users must sign in and no realm was given, gives the app its
 * own class loader, registers everything (security constraints and login-config included)
 * with a {@link WebApp}, runs the {@code ServletContainerInitializer}s, adds the
 * {@link DefaultServlet} when nothing is mapped to {@code /}, and starts it (listeners, then
 * load-on-startup servlets). Any failure undoes all of that and throws a
 * {@link DeploymentException} naming the file and the element. See {@code docs/deployment.md}.
 *
 * <pre>{@code
 * try (DeployedApp app = Deployer.deploy(Path.of("shop.war"), Deployer.contextPathFor(Path.of("shop.war")))) {
 *     Connector c = new NioConnector(config, new ServletAdapter(List.of(app.webApp())));
 *     ...
 * }
 * }</pre>
 */
public final class Deployer {
    private static final System.Logger LOG = System.getLogger(Deployer.class.getName());

    private Deployer() {
    }

    /**
     * The context path a WAR's name gives it, as Tomcat names them: the file or directory name
     * without {@code .war}; {@code ROOT} → {@code ""} (the root context); {@code #} stands for
     * {@code /} ({@code shop#admin.war} → {@code /shop/admin}).
     *
     * @param source a {@code .war} file or exploded WAR directory
     * @return {@code ""} or a path starting with {@code /}
     */
    public static String contextPathFor(Path source) {
        String name = source.toAbsolutePath().normalize().getFileName().toString();
        if (name.toLowerCase(Locale.ROOT).endsWith(".war")) {
            name = name.substring(0, name.length() - 4);
        }
        return name.equals("ROOT") ? "" : "/" + name.replace('#', '/');
    }

    /**
     * @param dir a directory
     * @return whether it is an exploded WAR (it has a {@code WEB-INF} directory)
     */
    public static boolean isExplodedWar(Path dir) {
        return Files.isDirectory(dir.resolve("WEB-INF"));
    }

    /**
     * The web apps in a directory of WARs, like Tomcat's {@code webapps/}: every {@code *.war}
     * file and every subdirectory, except a subdirectory named like a WAR beside it (an unpacked
     * copy); sorted by name.
     *
     * @param dir the directory
     * @return the WAR files and exploded WAR directories in it
     * @throws IOException when it cannot be listed
     */
    public static List<Path> webAppsIn(Path dir) throws IOException {
        List<Path> apps = new ArrayList<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path p : (Iterable<Path>) entries.sorted()::iterator) {
                String name = p.getFileName().toString();
                if (name.startsWith(".")) {
                    continue;
                }
                if (Files.isRegularFile(p) && name.toLowerCase(Locale.ROOT).endsWith(".war")) {
                    apps.add(p);
                } else if (Files.isDirectory(p) && !Files.isRegularFile(dir.resolve(name + ".war"))) {
                    apps.add(p);
                }
            }
        }
        return apps;
    }

    /**
     * Deploys and starts a web app; its classes see this class's loader as the server.
     *
     * @param source a {@code .war} file or an exploded WAR directory
     * @param contextPath {@code ""} for the root context, else {@code /name} (no trailing slash)
     * @return the started app; {@link DeployedApp#close()} undeploys it
     * @throws DeploymentException naming the file and element at fault; nothing is left running
     */
    public static DeployedApp deploy(Path source, String contextPath) throws DeploymentException {
        return deploy(source, contextPath, Deployer.class.getClassLoader());
    }

    /**
     * @param source a {@code .war} file or an exploded WAR directory
     * @param contextPath {@code ""} for the root context, else {@code /name} (no trailing slash)
     * @param server the loader the app gets the Servlet, JSP and EL APIs and {@code DefaultServlet} from (the
     *     rest of the server stays invisible to it, see {@code docs/deployment.md})
     * @return the started app; {@link DeployedApp#close()} undeploys it
     * @throws DeploymentException naming the file and element at fault; nothing is left running
     */
    public static DeployedApp deploy(Path source, String contextPath, ClassLoader server) throws DeploymentException {
        return deploy(source, contextPath, server, Unenforced.NONE);
    }

    /**
     * Deploys and starts a web app, accepting some features Hawser does not enforce: a web app that
     * uses one of them is served (with one warning naming them) instead of refused.
     *
     * @param source a {@code .war} file or an exploded WAR directory
     * @param contextPath {@code ""} for the root context, else {@code /name} (no trailing slash)
     * @param server the loader the app gets the Servlet, JSP and EL APIs and {@code DefaultServlet} from (the
     *     rest of the server stays invisible to it, see {@code docs/deployment.md})
     * @param accepted the not-supported features to serve the app without ({@link Unenforced#NONE}: refuse them)
     * @return the started app; {@link DeployedApp#close()} undeploys it
     * @throws DeploymentException naming the file and element at fault; nothing is left running
     */
    public static DeployedApp deploy(Path source, String contextPath, ClassLoader server, Unenforced accepted)
            throws DeploymentException {
        return deploy(source, contextPath, server, accepted, null, 0);
    }

    /**
     * Deploys and starts a web app with container security (Servlet 6.1 §13): its constraints and
     * login-config are enforced with {@code realm}. A web app that needs a realm (an auth-constraint
     * or a login-config) and gets none is refused, so nothing is ever served open.
     *
     * @param source a {@code .war} file or an exploded WAR directory
     * @param contextPath {@code ""} for the root context, else {@code /name} (no trailing slash)
     * @param server the loader the app gets the Servlet, JSP and EL APIs and {@code DefaultServlet} from (the
     *     rest of the server stays invisible to it, see {@code docs/deployment.md})
     * @param accepted the not-supported features to serve the app without ({@link Unenforced#NONE}: refuse them)
     * @param realm who users are, or {@code null} for none
     * @param confidentialPort where a CONFIDENTIAL constraint redirects a request that is not secure;
     *     0 for none (403)
     * @return the started app; {@link DeployedApp#close()} undeploys it
     * @throws DeploymentException naming the file and element at fault (a CLIENT-CERT login-config
     *     is refused: without the connector's configuration there is no TLS to take a certificate
     *     from, see the overload); nothing is left running
     */
    public static DeployedApp deploy(Path source, String contextPath, ClassLoader server, Unenforced accepted,
                                     io.hawser.security.Realm realm, int confidentialPort) throws DeploymentException {
        return deploy(source, contextPath, server, accepted, realm, confidentialPort, null);
    }

    /**
     * Deploys and starts a web app with container security for the connector that will serve it:
     * its TLS listener, if any, is where a CONFIDENTIAL constraint redirects by default (a free port,
     * 0, is only known once bound: {@code ServletAdapter.connectorStarted} tells it then), and a
     * {@code CLIENT-CERT} login-config is accepted only when that connector asks TLS clients for a
     * certificate.
     *
     * @param source a {@code .war} file or an exploded WAR directory
     * @param contextPath {@code ""} for the root context, else {@code /name} (no trailing slash)
     * @param server the loader the app gets the Servlet, JSP and EL APIs and {@code DefaultServlet} from
     * @param accepted the not-supported features to serve the app without ({@link Unenforced#NONE}: refuse them)
     * @param realm who users are, or {@code null} for none
     * @param confidentialPort where a CONFIDENTIAL constraint redirects a request that is not secure;
     *     0 for the connector's TLS port, or none (403)
     * @param connector the configuration of the connector that will serve the app, or {@code null}
     *     when not known (CLIENT-CERT is then refused)
     * @return the started app; {@link DeployedApp#close()} undeploys it
     * @throws DeploymentException naming the file and element at fault (CLIENT-CERT without a TLS
     *     listener asking for client certificates names {@code --tls-port} and {@code --client-auth});
     *     nothing is left running
     */
    public static DeployedApp deploy(Path source, String contextPath, ClassLoader server, Unenforced accepted,
                                     io.hawser.security.Realm realm, int confidentialPort,
                                     io.hawser.api.ConnectorConfig connector) throws DeploymentException {
        checkContextPath(source, contextPath);
        boolean isWar = Files.isRegularFile(source);
        if (!isWar && !Files.isDirectory(source)) {
            throw new DeploymentException(source, "", "no such file or directory", null);
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        String label = contextPath.isEmpty() ? "ROOT" : contextPath.substring(1).replace('/', '#');
        Path expanded = null;
        WebAppClassLoader loader = null;
        WebApp app = null;
        String phase = "reading";
        try {
            Path base = isWar ? WarExpander.expand(source, label) : source.toAbsolutePath().normalize();
            expanded = isWar ? base : null;
            Path webXmlFile = base.resolve(WebXmlParser.FILE);
            WebXml webXml = Files.isRegularFile(webXmlFile) ? WebXmlParser.parse(webXmlFile) : WebXml.NONE;
            FragmentOrder order = FragmentOrder.of(webXml.absoluteOrdering(), WebFragment.readAll(base));
            // metadata-complete in web.xml: neither fragments nor annotations are read (§8.1, as Tomcat and Jetty)
            WebXml xml = webXml.metadataComplete() ? webXml : FragmentMerge.merge(webXml, order.fragments());
            List<String> unenforced;
            try (LazyScan scan = new LazyScan(base, order)) {
                JspSupport jsp = JspSupport.find(server);
                WebSocketSupport webSocket = WebSocketSupport.find(server);
                unenforced = FailClosed.check(base, xml, xml.metadataComplete() ? null : scan.get(), accepted,
                        jsp != null, webSocket, scan.get());
                FailClosed.requireRealm(xml, xml.metadataComplete() ? null : scan.get(), realm);
                FailClosed.requireClientCertificates(xml, connector);
                loader = new WebAppClassLoader("hawser-webapp-" + label, base, server,
                        containerPackages(jsp, webSocket));
                thread.setContextClassLoader(loader);
                app = WebApp.create(contextPath, base, loader);
                app.setRealm(realm);
                app.setConfidentialPort(confidentialPort);
                int tlsPort = FailClosed.fixedTlsPort(connector);
                if (tlsPort > 0) {
                    app.setTlsPort(tlsPort);
                }
                xml.naming().applyTo(app.lifecycle());
                app.lifecycle().provideEnv(); // every WAR has a java:comp/env, empty without env-entries
                app.setJspConfigDescriptor(xml.jspConfig());
                List<String> welcome = !xml.welcomeFiles().isEmpty() ? xml.welcomeFiles()
                        : jsp != null ? JSP_WELCOME_FILES : DefaultServlet.DEFAULT_WELCOME_FILES;
                configure(app, xml, welcome);
                xml.security().applyTo(app);
                phase = "registering";
                new ContextAssembler(app, loader, jsp).apply(xml, xml.metadataComplete() ? null : scan.get());
                if (order.explicit()) {
                    app.servletContext().setAttribute(ServletContext.ORDERED_LIBS, order.orderedLibs());
                }
                if (jsp != null) {
                    jsp.install(app.servletContext());
                }
                if (webSocket != null) { // as a container initializer: whatever metadata-complete says (§8.2.4)
                    installWebSocket(webSocket, app, scan.get(), loader);
                }
                ContainerInitializers.run(app.servletContext(), loader, scan, base, scan.jars());
                addDefaultServlet(app.servletContext(), base, welcome);
            }
            phase = "starting";
            app.start();
            if (!unenforced.isEmpty()) {
                LOG.log(System.Logger.Level.WARNING, "{0}: served without enforcing (accepted as unenforced): {1}",
                        source, String.join(", ", unenforced));
            }
            return new DeployedApp(source, contextPath, base, app, loader, expanded);
        } catch (DeploymentException e) {
            undo(app, loader, expanded);
            throw e.withSource(source);
        } catch (ServletException e) {
            undo(app, loader, expanded);
            throw new DeploymentException(source, "starting the web app", describe(e), e);
        } catch (RuntimeException | LinkageError e) {
            undo(app, loader, expanded);
            throw new DeploymentException(source, phase + " the web app", describe(e), e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The welcome files of an app without a welcome-file-list when JSP is there, as Tomcat's and Jetty's. */
    /** @return the packages the app's loader takes from the server first for the engines present */
    private static List<String> containerPackages(JspSupport jsp, WebSocketSupport webSocket) {
        List<String> out = new java.util.ArrayList<>();
        if (jsp != null) {
            out.addAll(jsp.containerPackages());
        }
        if (webSocket != null) {
            out.addAll(webSocket.containerPackages());
        }
        return out;
    }

    /** Deploys the app's WebSocket classes, when it has any ({@link WebSocketSupport}). */
    private static void installWebSocket(WebSocketSupport webSocket, WebApp app, AnnotationScan scan, ClassLoader loader)
            throws DeploymentException, ServletException {
        java.util.Set<Class<?>> classes = new java.util.LinkedHashSet<>();
        for (java.util.Map.Entry<String, String> c : scan.classesOf(webSocket.handledTypes()).entrySet()) {
            try {
                classes.add(Class.forName(c.getKey(), false, loader));
            } catch (ClassNotFoundException | LinkageError e) {
                throw new DeploymentException(null, c.getKey() + " (" + c.getValue() + ")",
                        "a WebSocket class that cannot be loaded: " + e, e);
            }
        }
        if (!classes.isEmpty()) {
            webSocket.install(app.servletContext(), classes);
        }
    }

    private static final List<String> JSP_WELCOME_FILES = List.of("index.html", "index.htm", "index.jsp");

    private static void checkContextPath(Path source, String contextPath) throws DeploymentException {
        boolean ok = contextPath.isEmpty() || contextPath.startsWith("/") && !contextPath.endsWith("/")
                && !contextPath.contains("//") && contextPath.chars().allMatch(c -> c > 0x20 && c < 0x7F
                        && c != '?' && c != '#' && c != '%' && c != ';' && c != '\\');
        if (!ok) {
            throw new DeploymentException(source, "context path", "\"" + contextPath
                    + "\" is not \"\" or /name (no trailing slash, no ?, #, %, ; or spaces)", null);
        }
    }

    private static void configure(WebApp app, WebXml xml, List<String> welcome) throws DeploymentException {
        if (xml.displayName() != null) {
            app.setDisplayName(xml.displayName());
        }
        welcome.forEach(app::addWelcomeFile);
        for (ErrorPageDecl page : xml.errorPages()) {
            if (page.status() > 0) {
                app.addErrorPage(page.status(), page.location());
            } else {
                app.addErrorPage(page.exceptionType() == null ? Throwable.class.getName() : page.exceptionType(),
                        page.location());
            }
        }
        xml.mimeMappings().forEach(app::addMimeMapping);
        xml.localeEncodings().forEach(app::addLocaleEncodingMapping);
        app.setDistributable(xml.distributable());
        if (xml.sessionConfig().timeout() != null) {
            app.setSessionTimeoutMinutes(xml.sessionConfig().timeout());
        }
        xml.sessionConfig().applyTo(app.servletContext());
    }

    private static void addDefaultServlet(ServletContext context, Path base, List<String> welcome) {
        for (ServletRegistration reg : context.getServletRegistrations().values()) {
            if (reg.getMappings().contains("/")) {
                return;
            }
        }
        if (context.getServletRegistration("default") == null) {
            context.addServlet("default", new DefaultServlet(base, welcome)).addMapping("/");
        }
    }

    private static void undo(WebApp app, WebAppClassLoader loader, Path expanded) {
        if (app != null) {
            try {
                app.stop();
            } catch (RuntimeException | LinkageError e) {
                LOG.log(System.Logger.Level.WARNING, "stopping a web app that failed to deploy", e);
            }
        }
        DeployedApp.closeQuietly(loader);
        WarExpander.delete(expanded);
    }

    private static String describe(Throwable e) {
        StringBuilder s = new StringBuilder(String.valueOf(e.getMessage() == null ? e : e.getMessage()));
        Throwable root = e;
        for (int i = 0; i < 10 && root.getCause() != null && root.getCause() != root; i++) {
            root = root.getCause();
        }
        if (root != e) {
            s.append(" (caused by ").append(root).append(')');
        }
        return s.toString();
    }

    /** The annotation scan, made on first use, closed with the deployment step. */
    private static final class LazyScan implements java.util.function.Supplier<AnnotationScan>, AutoCloseable {
        private final Path base;
        private final FragmentOrder order;
        private AnnotationScan scan;

        LazyScan(Path base, FragmentOrder order) {
            this.base = base;
            this.order = order;
        }

        /** @return the jars that count, in fragment order */
        List<String> jars() {
            return order.fragments().stream().map(WebFragment::jar).toList();
        }

        @Override
        public AnnotationScan get() {
            if (scan == null) {
                java.util.Set<String> ignored = new java.util.HashSet<>();
                order.fragments().stream().filter(WebFragment::metadataComplete).forEach(f -> ignored.add(f.jar()));
                scan = AnnotationScan.of(base, jars(), ignored);
            }
            return scan;
        }

        @Override
        public void close() {
            if (scan != null) {
                scan.close();
            }
        }
    }
}
