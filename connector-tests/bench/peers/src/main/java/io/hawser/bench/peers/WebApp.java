package io.hawser.bench.peers;

import jakarta.servlet.Servlet;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.annotation.WebInitParam;
import jakarta.servlet.annotation.WebListener;
import jakarta.servlet.annotation.WebServlet;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The servlets a peer launcher serves, so that every server runs the same servlet code as Hawser.
 *
 * <p>Given a WAR file (or an exploded WAR folder), its {@code WEB-INF/classes} and
 * {@code WEB-INF/lib/*.jar} are loaded through a {@link URLClassLoader} whose parent is the launcher's
 * class loader (which holds that server's own Servlet API). The servlets are those declared in
 * {@code WEB-INF/web.xml} plus those annotated {@code @WebServlet} in {@code WEB-INF/classes} (unless
 * web.xml says {@code metadata-complete="true"}); a web.xml declaration wins over an annotation of
 * the same name. Filters and listeners are not installed: a WAR that declares any gets a
 * {@code WARNING} line, which run.sh copies into the summary.
 *
 * <p>Without a WAR the fallback {@link PlaintextServlet} ({@code /plaintext}) and
 * {@link EchoServlet} ({@code /echo}) are served.
 */
final class WebApp {
    /** One servlet to install: its name, class, URL patterns and the few options the peers honour. */
    record ServletDef(String name, Class<? extends Servlet> type, List<String> patterns, boolean async,
                      int loadOnStartup, Map<String, String> initParams) {
        String describe() {
            return name + "=" + type.getName() + String.join(",", patterns.stream().map(p -> " " + p).toList());
        }
    }

    private final ClassLoader loader;
    private final List<ServletDef> servlets;
    private final String source;
    private final List<String> warnings;

    private WebApp(ClassLoader loader, List<ServletDef> servlets, String source, List<String> warnings) {
        this.loader = loader;
        this.servlets = servlets;
        this.source = source;
        this.warnings = warnings;
    }

    ClassLoader loader() {
        return loader;
    }

    List<ServletDef> servlets() {
        return servlets;
    }

    /** @return a one-line description for the server's log */
    String describe() {
        StringBuilder s = new StringBuilder("servlets from ").append(source).append(':');
        for (ServletDef d : servlets) {
            s.append(" [").append(d.describe()).append(']');
        }
        return s.toString();
    }

    /** Prints what is served, and every warning, to standard output. */
    void print(String server, String host, int port) {
        System.out.println(server + " listening on http://" + host + ":" + port + "/ " + describe());
        for (String w : warnings) {
            System.out.println("WARNING " + server + ": " + w);
        }
        System.out.flush();
    }

    /**
     * @param webapp a WAR file, an exploded WAR folder, or {@code null} for the fallback servlets
     * @return the servlets to install
     */
    static WebApp load(String webapp) throws Exception {
        if (webapp == null || webapp.isEmpty()) {
            ClassLoader own = WebApp.class.getClassLoader();
            return new WebApp(own, List.of(
                    new ServletDef("plaintext", PlaintextServlet.class, List.of("/plaintext"), false, -1, Map.of()),
                    new ServletDef("echo", EchoServlet.class, List.of("/echo"), false, -1, Map.of())),
                    "the fallback servlets of the peers project", List.of());
        }
        Path given = Path.of(webapp).toAbsolutePath();
        Path root = Files.isDirectory(given) ? given : expand(given);
        List<URL> urls = new ArrayList<>();
        Path classes = root.resolve("WEB-INF/classes");
        if (Files.isDirectory(classes)) {
            urls.add(classes.toUri().toURL());
        }
        Path lib = root.resolve("WEB-INF/lib");
        if (Files.isDirectory(lib)) {
            try (Stream<Path> jars = Files.list(lib)) {
                for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
                    urls.add(jar.toUri().toURL());
                }
            }
        }
        URLClassLoader loader = new URLClassLoader("webapp", urls.toArray(URL[]::new), WebApp.class.getClassLoader());
        List<String> warnings = new ArrayList<>();
        Map<String, ServletDef> byName = new LinkedHashMap<>();
        boolean metadataComplete = false;
        Path webXml = root.resolve("WEB-INF/web.xml");
        if (Files.isRegularFile(webXml)) {
            metadataComplete = readWebXml(webXml, loader, byName, warnings);
        }
        if (!metadataComplete && Files.isDirectory(classes)) {
            scanAnnotations(classes, loader, byName, warnings);
        }
        if (byName.isEmpty()) {
            throw new IllegalStateException("no servlets found in " + given);
        }
        return new WebApp(loader, List.copyOf(byName.values()), given.toString(), warnings);
    }

    /** Unpacks a WAR into a temporary folder, removed when the JVM exits. */
    private static Path expand(Path war) throws IOException {
        Path dir = tempDirectory("hawser-bench-war");
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(war))) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                Path target = dir.resolve(e.getName()).normalize();
                if (!target.startsWith(dir)) {
                    throw new IOException("entry outside the WAR root: " + e.getName());
                }
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(zip, target);
                }
            }
        }
        return dir;
    }

    /** @return a new temporary folder named {@code prefix...}, removed with its content when the JVM exits */
    static Path tempDirectory(String prefix) throws IOException {
        Path dir = Files.createTempDirectory(prefix);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir)));
        return dir;
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // best effort, in a shutdown hook
        }
    }

    /** @return whether web.xml declares itself metadata-complete */
    private static boolean readWebXml(Path file, ClassLoader loader, Map<String, ServletDef> byName,
                                      List<String> warnings) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc;
        try (InputStream in = Files.newInputStream(file)) {
            doc = factory.newDocumentBuilder().parse(in);
        }
        Element top = doc.getDocumentElement();
        Map<String, List<String>> mappings = new LinkedHashMap<>();
        for (Element m : children(top, "servlet-mapping")) {
            mappings.computeIfAbsent(text(m, "servlet-name"), k -> new ArrayList<>()).addAll(texts(m, "url-pattern"));
        }
        for (Element s : children(top, "servlet")) {
            String name = text(s, "servlet-name");
            String className = text(s, "servlet-class");
            if (className == null) {
                warnings.add("web.xml servlet '" + name + "' has no servlet-class; skipped");
                continue;
            }
            Map<String, String> params = new LinkedHashMap<>();
            for (Element p : children(s, "init-param")) {
                params.put(text(p, "param-name"), text(p, "param-value"));
            }
            String los = text(s, "load-on-startup");
            byName.put(name, new ServletDef(name, servletClass(loader, className),
                    List.copyOf(mappings.getOrDefault(name, List.of())),
                    "true".equalsIgnoreCase(text(s, "async-supported")),
                    los == null || los.isBlank() ? -1 : Integer.parseInt(los.trim()), params));
        }
        for (String kind : List.of("filter", "listener")) {
            if (!children(top, kind).isEmpty()) {
                warnings.add("web.xml declares " + kind + "s; the peer launchers install servlets only");
            }
        }
        return "true".equalsIgnoreCase(top.getAttribute("metadata-complete"));
    }

    private static void scanAnnotations(Path classes, ClassLoader loader, Map<String, ServletDef> byName,
                                        List<String> warnings) throws IOException {
        List<String> names;
        try (Stream<Path> files = Files.walk(classes)) {
            names = files.map(p -> classes.relativize(p).toString())
                    .filter(n -> n.endsWith(".class") && !n.endsWith("module-info.class"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
                    .sorted().toList();
        }
        for (String n : names) {
            Class<?> c;
            try {
                c = Class.forName(n, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                continue;
            }
            if (c.isAnnotationPresent(WebFilter.class) || c.isAnnotationPresent(WebListener.class)) {
                warnings.add(n + " is a @WebFilter/@WebListener; the peer launchers install servlets only");
            }
            WebServlet ws = c.getAnnotation(WebServlet.class);
            if (ws == null || !Servlet.class.isAssignableFrom(c)) {
                continue;
            }
            String name = ws.name().isEmpty() ? c.getName() : ws.name();
            List<String> patterns = List.copyOf(Arrays.asList(ws.urlPatterns().length > 0 ? ws.urlPatterns() : ws.value()));
            ServletDef declared = byName.get(name);
            if (declared != null) {
                if (declared.patterns().isEmpty()) {   // web.xml declared it without a mapping
                    byName.put(name, new ServletDef(name, declared.type(), patterns, declared.async(),
                            declared.loadOnStartup(), declared.initParams()));
                }
                continue;
            }
            Map<String, String> params = new LinkedHashMap<>();
            for (WebInitParam p : ws.initParams()) {
                params.put(p.name(), p.value());
            }
            byName.put(name, new ServletDef(name, c.asSubclass(Servlet.class), patterns, ws.asyncSupported(),
                    ws.loadOnStartup(), params));
        }
    }

    private static Class<? extends Servlet> servletClass(ClassLoader loader, String name) throws ClassNotFoundException {
        return Class.forName(name, false, loader).asSubclass(Servlet.class);
    }

    private static List<Element> children(Element parent, String localName) {
        List<Element> out = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            Node n = nodes.item(i);
            if (n instanceof Element e && localName.equals(e.getLocalName() != null ? e.getLocalName() : e.getTagName())) {
                out.add(e);
            }
        }
        return out;
    }

    private static String text(Element parent, String localName) {
        List<Element> found = children(parent, localName);
        return found.isEmpty() ? null : found.get(0).getTextContent().trim();
    }

    private static List<String> texts(Element parent, String localName) {
        return children(parent, localName).stream().map(e -> e.getTextContent().trim()).toList();
    }

    /** @return the port argument ({@code args[0]}) */
    static int port(String[] args) {
        if (args.length < 1) {
            throw new IllegalArgumentException("usage: <Launcher> PORT [WAR-or-folder]");
        }
        return Integer.parseInt(args[0]);
    }

    /** @return the WAR argument ({@code args[1]}), or null */
    static String war(String[] args) {
        return args.length > 1 ? args[1] : null;
    }

    /**
     * @return the context path Hawser's deployer gives a WAR ({@code Deployer.contextPathFor}): its file name
     *         without {@code .war}, {@code ROOT} the root context {@code ""}, {@code #} standing for {@code /}
     */
    static String contextPath(Path war) {
        String name = war.getFileName().toString();
        if (name.toLowerCase(java.util.Locale.ROOT).endsWith(".war")) {
            name = name.substring(0, name.length() - ".war".length());
        }
        return name.equals("ROOT") ? "" : "/" + name.replace('#', '/');
    }

    /** The address every launcher binds: loopback only, unless {@code -Dbench.host} says otherwise. */
    static String host() {
        return System.getProperty("bench.host", "127.0.0.1");
    }
}
