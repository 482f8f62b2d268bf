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
 * a javax application; a not-supported element of web.xml, web fragment or annotation of
 * {@link DeploymentFeatures}; a JSP page. Each refusal is one {@link DeploymentException} naming the
 * file, the element and what to do; a feature the deployer accepted ({@link Unenforced}) is listed
 * for the one warning the deployer logs instead.
 */
final class FailClosed {
    /** What every javax refusal says after naming the evidence. */
    static final String JAVAX = "Hawser runs Jakarta Servlet 5.0+ applications (package jakarta.servlet, namespace"
            + " https://jakarta.ee/xml/ns/jakartaee, version 5.0, 6.0 or 6.1). Migrate the app to Jakarta, for example"
            + " with the Apache Tomcat migration tool for Jakarta EE";

    private FailClosed() {
    }

    /**
     * @param base the exploded web app
     * @param xml its web.xml ({@link WebXml#NONE} when absent)
     * @param scan its annotation scan, or {@code null} when {@code metadata-complete} (then annotations
     *     and web fragments are not processed, Servlet 6.1 §8.1, so they are not looked for)
     * @param accepted the features the deployer accepts unenforced
     * @return the accepted features the app uses, one entry each ({@code jsp: WEB-INF/a.jsp and 2
     *     more}), empty when there are none
     * @throws DeploymentException for the first refused use (javax first)
     */
    static List<String> check(Path base, WebXml xml, AnnotationScan scan, Unenforced accepted)
            throws DeploymentException {
        List<DeploymentFeatures.Use> uses = new ArrayList<>();
        if (scan != null) {
            String javax = scan.javaxEvidence();
            if (javax != null) {
                throw new DeploymentException(null, javax, "a javax (Java EE) application. " + JAVAX, null);
            }
        }
        uses.addAll(xml.unsupported());
        if (scan != null) {
            for (String jar : scan.elementsWith("META-INF/web-fragment.xml")) {
                if (jar.startsWith("WEB-INF/lib/")) {
                    uses.add(new DeploymentFeatures.Use(DeploymentFeatures.WEB_FRAGMENT,
                            jar + " META-INF/web-fragment.xml"));
                }
            }
            uses.addAll(scan.unsupportedAnnotations());
        }
        for (String page : jspPages(base)) {
            uses.add(new DeploymentFeatures.Use(DeploymentFeatures.JSP, page));
        }
        Map<String, List<String>> unenforced = new LinkedHashMap<>();
        for (DeploymentFeatures.Use u : uses) {
            if (!accepted.accepts(u.feature())) {
                throw new DeploymentException(null, u.where(), u.feature().refusal(), null);
            }
            unenforced.computeIfAbsent(u.feature().name(), k -> new ArrayList<>()).add(u.where());
        }
        List<String> out = new ArrayList<>();
        unenforced.forEach((name, where) -> out.add(name + " (" + where.get(0)
                + (where.size() > 1 ? " and " + (where.size() - 1) + " more" : "") + ")"));
        return out;
    }

    /** @return the app's JSP pages, documents, fragments and tag files, relative, sorted */
    private static List<String> jspPages(Path base) throws DeploymentException {
        try (Stream<Path> files = Files.walk(base)) {
            return files.filter(p -> DefaultServlet.isJspFile(p.getFileName().toString()) && Files.isRegularFile(p))
                    .map(p -> base.relativize(p).toString().replace(File.separatorChar, '/')).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            throw new DeploymentException(null, "", "cannot list the web app's files: " + e.getMessage(), e);
        }
    }
}
