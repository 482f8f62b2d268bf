package io.hawser.deploy;

import io.hawser.deploy.WebXmlParser.Dom;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * One jar of {@code WEB-INF/lib} as a web fragment (Servlet 6.1 §8.2): what its
 * {@code META-INF/web-fragment.xml} declares, or nothing for a jar without one (an unnamed fragment
 * that takes part in ordering and scanning all the same).
 *
 * @param jar the jar, relative to the web app: {@code WEB-INF/lib/x.jar}
 * @param name its {@code <name>}, or {@code null} (unnamed)
 * @param descriptor whether the jar has a {@code META-INF/web-fragment.xml}
 * @param metadataComplete whether its own annotations are to be ignored (§8.1)
 * @param before the names its {@code <ordering><before>} lists
 * @param beforeOthers whether {@code <before>} holds {@code <others/>}
 * @param after the names its {@code <ordering><after>} lists
 * @param afterOthers whether {@code <after>} holds {@code <others/>}
 * @param ordered whether it has an {@code <ordering>} element
 * @param content what it declares of web-common ({@link WebXml#NONE} without a descriptor); every
 *     origin in it names {@link #label()}
 */
record WebFragment(String jar, String name, boolean descriptor, boolean metadataComplete, List<String> before,
        boolean beforeOthers, List<String> after, boolean afterOthers, boolean ordered, WebXml content) {
    /** Where the descriptor is inside a jar. */
    static final String ENTRY = "META-INF/web-fragment.xml";

    /** @return the descriptor as messages name it: {@code WEB-INF/lib/x.jar!/META-INF/web-fragment.xml} */
    String label() {
        return jar + "!/" + ENTRY;
    }

    /** @return the jar's file name, as {@code ServletContext.ORDERED_LIBS} lists it */
    String fileName() {
        return jar.substring(jar.lastIndexOf('/') + 1);
    }

    /** @return its name and jar for messages: {@code "a" (WEB-INF/lib/a.jar)}, or the jar alone */
    String describe() {
        return name == null ? jar : "\"" + name + "\" (" + jar + ")";
    }

    /**
     * @param base the exploded web app
     * @return every jar of {@code WEB-INF/lib} as a fragment, sorted by file name
     * @throws DeploymentException for a descriptor that cannot be read or is invalid, naming it
     */
    static List<WebFragment> readAll(Path base) throws DeploymentException {
        File[] jars = base.resolve("WEB-INF/lib").toFile().listFiles((d, n) -> n.endsWith(".jar") && new File(d, n).isFile());
        List<WebFragment> out = new ArrayList<>();
        if (jars == null) {
            return out;
        }
        Arrays.sort(jars);
        for (File f : jars) {
            out.add(read(f.toPath(), "WEB-INF/lib/" + f.getName()));
        }
        return out;
    }

    /**
     * @param file the jar
     * @param jar its path relative to the web app
     * @return the jar as a fragment
     * @throws DeploymentException for a descriptor that cannot be read or is invalid
     */
    static WebFragment read(Path file, String jar) throws DeploymentException {
        String label = jar + "!/" + ENTRY;
        Element root;
        try (JarFile j = new JarFile(file.toFile())) {
            ZipEntry entry = j.getEntry(ENTRY);
            if (entry == null) {
                return new WebFragment(jar, null, false, false, List.of(), false, List.of(), false, false, WebXml.NONE);
            }
            try (InputStream in = j.getInputStream(entry)) {
                InputSource source = new InputSource(in);
                source.setSystemId("jar:" + file.toUri() + "!/" + ENTRY);
                root = WebXmlParser.builder().parse(source).getDocumentElement();
            }
        } catch (SAXParseException e) {
            throw new DeploymentException(null, label, "not well-formed XML at line " + e.getLineNumber()
                    + ", column " + e.getColumnNumber() + ": " + e.getMessage(), e);
        } catch (SAXException | IOException e) {
            throw new DeploymentException(null, label, "cannot read: " + e.getMessage(), e);
        }
        WebXml content;
        try {
            content = relabel(WebXmlParser.parseFragment(root), label);
        } catch (DeploymentException e) {
            throw new DeploymentException(null, relabel(e.element(), label), e.problem(), e.getCause());
        }
        String name = Dom.textOr(root, "name", null);
        boolean metadataComplete = Boolean.parseBoolean(root.getAttribute("metadata-complete").trim());
        List<Element> ordering = Dom.children(root, "ordering");
        List<String> before = new ArrayList<>();
        List<String> after = new ArrayList<>();
        boolean[] others = new boolean[2];
        for (Element o : ordering) {
            names(o, "before", before, others, 0);
            names(o, "after", after, others, 1);
        }
        if (ordering.size() > 1) {
            throw new DeploymentException(null, label + " <ordering>", "declared twice", null);
        }
        if (others[0] && others[1]) {
            throw new DeploymentException(null, label + " <ordering>", "<others/> both in <before> and <after>", null);
        }
        return new WebFragment(jar, name == null || name.isEmpty() ? null : name, true, metadataComplete,
                List.copyOf(before), others[0], List.copyOf(after), others[1], !ordering.isEmpty(), content);
    }

    private static void names(Element ordering, String child, List<String> into, boolean[] others, int i) {
        for (Element side : Dom.children(ordering, child)) {
            for (Element n : Dom.children(side)) {
                if (Dom.name(n).equals("others")) {
                    others[i] = true;
                } else if (!Dom.text(n).isEmpty()) {
                    into.add(Dom.text(n));
                }
            }
        }
    }

    /** @return the descriptor's content, every origin naming {@code label} instead of web.xml */
    private static WebXml relabel(WebXml x, String label) {
        List<ServletDecl> servlets = new ArrayList<>();
        for (ServletDecl s : x.servlets()) {
            servlets.add(new ServletDecl(s.name(), s.className(), s.initParams(), s.loadOnStartup(), s.asyncSupported(),
                    s.multipart(), s.urlPatterns(), relabel(s.origin(), label)));
        }
        List<FilterDecl> filters = new ArrayList<>();
        for (FilterDecl f : x.filters()) {
            filters.add(new FilterDecl(f.name(), f.className(), f.initParams(), f.asyncSupported(), f.mapping(),
                    relabel(f.origin(), label)));
        }
        List<DeploymentFeatures.Use> unsupported = new ArrayList<>();
        for (DeploymentFeatures.Use u : x.unsupported()) {
            unsupported.add(new DeploymentFeatures.Use(u.feature(), relabel(u.where(), label)));
        }
        WebXmlSecurity s = x.security();
        WebXmlSecurity security = new WebXmlSecurity(s.constraints(), s.loginConfig(), s.roles(), s.runAs(),
                s.roleRefs(), s.denyUncovered(), relabel(s.realmNeededBy(), label));
        Map<String, List<String>> mappings = new LinkedHashMap<>(x.servletMappings());
        return new WebXml(x.version(), x.metadataComplete(), x.displayName(), x.contextParams(), servlets, mappings,
                filters, x.filterMappings(), x.listeners(), x.welcomeFiles(), x.errorPages(), x.sessionConfig(),
                x.mimeMappings(), x.requestEncoding(), x.responseEncoding(), x.localeEncodings(), security,
                unsupported, null, x.naming(), x.jspConfig(), x.distributable());
    }

    private static String relabel(String where, String label) {
        return where == null || !where.startsWith(WebXmlParser.FILE) ? where
                : label + where.substring(WebXmlParser.FILE.length());
    }
}
