package io.hawser.deploy;

import java.nio.file.Path;
import java.util.List;

/**
 * Whether a web app has anything for a JSP engine to do, so that the deployer sets Jasper up only
 * for the apps that do: starting it (its TLD scan, the {@code jsp} servlet's initialization) is a
 * good part of a small WAR's start, and an app without JSP content cannot use it — a request for a
 * {@code .jsp} it does not have is 404 either way. Evidence, in order: a JSP page, document,
 * fragment or tag file anywhere in the app or in a {@code WEB-INF/lib} jar's
 * {@code META-INF/resources}; a {@code <jsp-config>} or {@code <jsp-file>}; a tag library
 * descriptor ({@code .tld}, which may declare listeners); a class extending Jasper's
 * {@code HttpJspBase} (a precompiled page).
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
        List<String> pages = FailClosed.jspPages(base);
        if (!pages.isEmpty()) {
            return pages.get(0);
        }
        for (DeploymentFeatures.Use u : xml.unsupported()) {
            if (DeploymentFeatures.needsJsp(u.feature())) {
                return u.where();
            }
        }
        String tld = scan.resourceWithExtension("tld");
        if (tld != null) {
            return tld;
        }
        String inWebInf = tldUnder(base, base.resolve("WEB-INF"));
        if (inWebInf != null) {
            return inWebInf;
        }
        return scan.classesOf(PRECOMPILED).keySet().stream().findFirst().orElse(null);
    }

    /** @return the first {@code .tld} file under {@code dir} (not in {@code WEB-INF/classes} or {@code lib}), relative to {@code base} */
    private static String tldUnder(Path base, Path dir) throws DeploymentException {
        if (!java.nio.file.Files.isDirectory(dir)) {
            return null;
        }
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tld") && java.nio.file.Files.isRegularFile(p))
                    .map(p -> base.relativize(p).toString().replace(java.io.File.separatorChar, '/')).sorted()
                    .findFirst().orElse(null);
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            throw new DeploymentException(null, "WEB-INF", "cannot list the web app's files: " + e.getMessage(), e);
        }
    }
}
