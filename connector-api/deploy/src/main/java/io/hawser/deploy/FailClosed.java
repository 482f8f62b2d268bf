package io.hawser.deploy;

import io.hawser.servlet.DefaultServlet;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Refuses a web app that asks for something Hawser does not enforce (the design's "fail closed"):
 * a javax application; a not-supported element of web.xml, of a web fragment (merged into the
 * {@link WebXml} it is given, each naming {@code WEB-INF/lib/x.jar!/META-INF/web-fragment.xml}) or annotation of
 * {@link DeploymentFeatures}; JSP pages, {@code <jsp-config>} and {@code <jsp-file>} when no
 * {@link JspSupport} is present; an app whose users must sign in when no realm was given. Each refusal
 * is one {@link DeploymentException} naming the file, the element and what to do; a feature the
 * deployer accepted ({@link Unenforced}) is listed for the one warning the deployer logs instead.
 */
final class FailClosed {
    /** What every javax refusal says after naming the evidence. */
    static final String JAVAX = "Hawser runs Jakarta Servlet 5.0+ applications (package jakarta.servlet, namespace"
            + " https://jakarta.ee/xml/ns/jakartaee, version 5.0, 6.0 or 6.1). Migrate the app to Jakarta, for example"
            + " with the Apache Tomcat migration tool for Jakarta EE";

    private FailClosed() {
    }

    /**
     * As {@link #check(Path, WebXml, AnnotationScan, Unenforced, boolean)} without a JSP engine.
     *
     * @param base the exploded web app
     * @param xml its web.xml with its fragments merged in ({@link WebXml#NONE} when there is neither)
     * @param scan its annotation scan, or {@code null} when {@code metadata-complete} (then annotations
     *     and web fragments are not processed, Servlet 6.1 §8.1, so they are not looked for)
     * @param accepted the features the deployer accepts unenforced
     * @return the accepted features the app uses, one entry each ({@code jsp: WEB-INF/a.jsp and 2
     *     more}), empty when there are none
     * @throws DeploymentException for the first refused use (javax first)
     */
    static List<String> check(Path base, WebXml xml, AnnotationScan scan, Unenforced accepted)
            throws DeploymentException {
        return check(base, xml, scan, accepted, false, null, scan);
    }

    /** What makes a class a Jakarta WebSocket one when no {@link WebSocketSupport} says so. */
    static final List<String> TYPICAL_WEBSOCKET_TYPES = List.of("jakarta.websocket.server.ServerEndpoint",
            "jakarta.websocket.server.ServerApplicationConfig", "jakarta.websocket.Endpoint");

    /**
     * As {@link #check(Path, WebXml, AnnotationScan, Unenforced)}, with or without a JSP engine.
     *
     * @param base the exploded web app
     * @param xml its web.xml ({@link WebXml#NONE} when absent)
     * @param scan its annotation scan, or {@code null} when {@code metadata-complete}
     * @param accepted the features the deployer accepts unenforced
     * @param jsp whether a {@link JspSupport} is present: then JSP pages, {@code <jsp-config>} and
     *     {@code <jsp-file>} are acted on; without one they are refused ("JSP needs the hawser-jsp module")
     * @param webSocket the {@link WebSocketSupport} present, or {@code null}: without one the app's
     *     WebSocket classes are refused ("Jakarta WebSocket needs the hawser-websocket module")
     * @param typesScan the scan for WebSocket classes ({@code null}: not looked for): found as a
     *     container initializer's {@code @HandlesTypes} are, whatever {@code metadata-complete} says
     *     (Servlet 6.1 §8.2.4)
     * @return the accepted features the app uses, one entry each
     * @throws DeploymentException for the first refused use (javax first)
     */
    static List<String> check(Path base, WebXml xml, AnnotationScan scan, Unenforced accepted, boolean jsp,
                              WebSocketSupport webSocket, AnnotationScan typesScan) throws DeploymentException {
        List<DeploymentFeatures.Use> uses = new ArrayList<>();
        if (scan != null) {
            String javax = scan.javaxEvidence();
            if (javax != null) {
                throw new DeploymentException(null, javax, "a javax (Java EE) application. " + JAVAX, null);
            }
        }
        uses.addAll(xml.unsupported());
        if (scan != null) {
            uses.addAll(scan.unsupportedAnnotations());
        }
        if (jsp) {
            uses.removeIf(u -> DeploymentFeatures.needsJsp(u.feature()));
        } else {
            for (String page : jspPages(base)) {
                uses.add(new DeploymentFeatures.Use(DeploymentFeatures.NO_JSP_PAGES, page));
            }
        }
        if (webSocket == null && typesScan != null) {
            typesScan.classesOf(TYPICAL_WEBSOCKET_TYPES).forEach((name, element) ->
                    uses.add(new DeploymentFeatures.Use(DeploymentFeatures.NO_WEBSOCKET, name + " (" + element + ")")));
        }
        Map<String, List<String>> unenforced = new LinkedHashMap<>();
        List<DeploymentFeatures.Use> refused = new ArrayList<>();
        for (DeploymentFeatures.Use u : uses) {
            if (accepted.accepts(u.feature())) {
                unenforced.computeIfAbsent(u.feature().name(), k -> new ArrayList<>()).add(u.where());
            } else {
                refused.add(u);
            }
        }
        if (!refused.isEmpty()) {
            throw refusal(refused);
        }
        List<String> out = new ArrayList<>();
        unenforced.forEach((name, where) -> out.add(name + " (" + where.get(0)
                + (where.size() > 1 ? " and " + (where.size() - 1) + " more" : "") + ")"));
        return out;
    }

    /**
     * One line for every refused use: the first one that can never be accepted (else the first in
     * document order) with its advice, then the names of the other refused features, so that one
     * run tells everything that stands in the way.
     */
    private static DeploymentException refusal(List<DeploymentFeatures.Use> refused) {
        DeploymentFeatures.Use first = refused.stream().filter(u -> !u.feature().acceptable()).findFirst()
                .orElse(refused.get(0));
        java.util.Set<String> others = new java.util.LinkedHashSet<>();
        for (DeploymentFeatures.Use u : refused) {
            if (u.feature() != first.feature()) {
                others.add(u.feature().name());
            }
        }
        String also = others.isEmpty() ? "" : " Also not enforced in this app: " + String.join(", ", others) + ".";
        return new DeploymentException(null, first.where(), first.feature().refusal() + also, null);
    }

    /**
     * Refuses, before anything starts, an app that must check users when no realm was given: one
     * with a {@code <login-config>}, an {@code <auth-constraint>} naming roles, or a
     * {@code @ServletSecurity} naming roles (as Jetty refuses such an app without a LoginService).
     *
     * @param xml its web.xml
     * @param scan its annotation scan, or {@code null} when {@code metadata-complete}
     * @param realm the realm the deployer was given, or {@code null}
     * @throws DeploymentException naming the element and how to give a realm
     */
    static void requireRealm(WebXml xml, AnnotationScan scan, io.hawser.security.Realm realm)
            throws DeploymentException {
        if (realm != null) {
            return;
        }
        String where = xml.security().realmNeededBy();
        if (where == null && scan != null) {
            where = scan.realmNeededBy();
        }
        if (where != null) {
            throw new DeploymentException(null, where, NO_REALM, null);
        }
    }

    /**
     * A CLIENT-CERT login-config needs a connector with a TLS listener that asks clients for a
     * certificate (Servlet 6.1 §13.6.4), else no user could ever sign in.
     *
     * @param xml the merged descriptor
     * @param connector the serving connector's configuration, or {@code null} when not known
     * @throws DeploymentException naming CLIENT-CERT and the launcher options that give it
     */
    static void requireClientCertificates(WebXml xml, io.hawser.api.ConnectorConfig connector)
            throws DeploymentException {
        io.hawser.servlet.LoginConfig login = xml.security().loginConfig();
        if (login == null || !login.authMethod().equals(io.hawser.servlet.LoginConfig.CLIENT_CERT)) {
            return;
        }
        boolean secure = connector != null && connector.tls() != null
                && connector.listeners().stream().anyMatch(io.hawser.api.Listener::secure);
        if (!secure || connector.tls().clientAuth() == io.hawser.api.TlsConfig.ClientAuth.NONE) {
            throw new DeploymentException(null, "WEB-INF/web.xml <login-config> <auth-method>", "CLIENT-CERT needs a TLS"
                    + " listener that asks clients for a certificate" + (connector == null ? " (no connector configuration"
                    + " was given to Deployer.deploy)" : secure ? " (client auth is none)" : " (the connector has no TLS"
                    + " listener)") + ": start hawser with --tls-port PORT and --client-auth want|need (and a trust"
                    + " store); embedding, a ConnectorConfig with tls(...clientAuth(WANT or NEED)) and a TLS listener", null);
        }
    }

    /**
     * @param connector the serving connector's configuration, or {@code null}
     * @return the port of its first TLS listener when fixed (not 0), else -1
     */
    static int fixedTlsPort(io.hawser.api.ConnectorConfig connector) {
        if (connector == null || connector.tls() == null) {
            return -1;
        }
        for (io.hawser.api.Listener l : connector.listeners()) {
            if (l.secure() && l.port() > 0) {
                return l.port();
            }
        }
        return -1;
    }

    /** What a refusal for want of a realm says after naming the element. */
    static final String NO_REALM = "users must sign in, but no realm was given to check them against. Start"
            + " hawser with --realm FILE (a users file) or --jaas-config FILE --jaas-entry NAME; embedding, pass a"
            + " Realm to Deployer.deploy";

    /**
     * @return the app's JSP pages, documents, fragments and tag files, relative, sorted; then those in
     *     the {@code META-INF/resources} of its {@code WEB-INF/lib} jars (Servlet 6.1 §4.6), as
     *     {@code WEB-INF/lib/x.jar META-INF/resources/a.jsp}
     */
    private static List<String> jspPages(Path base) throws DeploymentException {
        List<String> pages = new ArrayList<>();
        try (Stream<Path> files = Files.walk(base)) {
            pages.addAll(files.filter(p -> DefaultServlet.isJspFile(p.getFileName().toString()) && Files.isRegularFile(p))
                    .map(p -> base.relativize(p).toString().replace(File.separatorChar, '/')).sorted().toList());
        } catch (IOException | UncheckedIOException e) {
            throw new DeploymentException(null, "", "cannot list the web app's files: " + e.getMessage(), e);
        }
        pages.addAll(jarJspPages(base));
        return pages;
    }

    private static List<String> jarJspPages(Path base) throws DeploymentException {
        List<String> pages = new ArrayList<>();
        File[] jars = base.resolve("WEB-INF/lib").toFile().listFiles((d, n) -> n.endsWith(".jar"));
        if (jars == null) {
            return pages;
        }
        java.util.Arrays.sort(jars);
        for (File jar : jars) {
            try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jar)) {
                zip.stream().map(java.util.zip.ZipEntry::getName)
                        .filter(n -> n.startsWith("META-INF/resources/") && !n.endsWith("/") && DefaultServlet.isJspFile(n))
                        .sorted().forEach(n -> pages.add("WEB-INF/lib/" + jar.getName() + " " + n));
            } catch (IOException e) {
                throw new DeploymentException(null, "WEB-INF/lib/" + jar.getName(), "cannot read the jar: " + e, e);
            }
        }
        return pages;
    }
}
