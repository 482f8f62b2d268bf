package io.hawser.deploy;

import java.nio.file.Path;
import java.util.List;

/**
 * Whether a web app has anything for a JSP engine to do, so that the deployer sets Jasper up only
 * for the apps that do: starting it (its TLD scan, the {@code jsp} servlet's initialization) is a
 * good part of a small WAR's start, and an app without JSP content cannot use it — a request for a
 * {@code .jsp} it does not have is 404 either way. Evidence, in order: a JSP page, document,
 * fragment or tag file anywhere in the exploded app, or a tag library descriptor ({@code .tld},
 * which may declare listeners) under its {@code WEB-INF} (one walk of the files); a
 * {@code <jsp-config>} or {@code <jsp-file>}; such a file or descriptor in a {@code WEB-INF/lib}
 * jar or {@code WEB-INF/classes}, as the class path scan already lists them (no jar is opened
 * again); a class extending Jasper's {@code HttpJspBase} (a precompiled page).
 */
final class JspUse {
    private static final List<String> PRECOMPILED = List.of("org.apache.jasper.runtime.HttpJspBase");

    private JspUse() {
    }

    /**
     * @param base the exploded web app
     * @param xml its web.xml, fragments merged
     * @param scan its class path scan
     * @return the first evidence found, e.g. {@code index.jsp}, or {@code null} when there is none
     * @throws DeploymentException when the app's files cannot be listed
     */
    static String evidence(Path base, WebXml xml, AnnotationScan scan) throws DeploymentException {
        String file = firstFile(base);
        if (file != null) {
            return file;
        }
        for (DeploymentFeatures.Use u : xml.unsupported()) {
            if (DeploymentFeatures.needsJsp(u.feature())) {
                return u.where();
            }
        }
        // the jars of WEB-INF/lib (pages in META-INF/resources, TLDs in META-INF) and WEB-INF/classes, as scanned
        for (String extension : JAR_EXTENSIONS) {
            String resource = scan.resourceWithExtension(extension);
            if (resource != null) {
                return resource;
            }
        }
        return scan.classesOf(PRECOMPILED).keySet().stream().findFirst().orElse(null);
    }

    private static final List<String> JAR_EXTENSIONS = List.of("jsp", "jspx", "jspf", "tag", "tagx", "tld");

    /**
     * @return the first JSP page, fragment or tag file of the exploded app, or {@code .tld} under its
     *     {@code WEB-INF}, relative to {@code base}; {@code null} for none (one walk, stopped at the first)
     */
    private static String firstFile(Path base) throws DeploymentException {
        Path webInf = base.resolve("WEB-INF");
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(base)) {
            return files.filter(p -> {
                String name = p.getFileName().toString();
                return (io.hawser.servlet.DefaultServlet.isJspFile(name) || name.endsWith(".tld") && p.startsWith(webInf))
                        && java.nio.file.Files.isRegularFile(p);
            }).map(p -> base.relativize(p).toString().replace(java.io.File.separatorChar, '/')).findFirst().orElse(null);
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            throw new DeploymentException(null, "", "cannot list the web app's files: " + e.getMessage(), e);
        }
    }
}
