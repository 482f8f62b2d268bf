package io.hawser.deploy;

import jakarta.servlet.DispatcherType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Reads {@code WEB-INF/web.xml} (web-app 5.0, 6.0 and 6.1 schemas, Servlet 6.1 §14) with the JDK's
 * DOM parser, external entities, external DTDs and schemas off, secure processing on. The schema is
 * not validated; every element is classified by {@link DeploymentFeatures} (an element it does not
 * know is refused), every element Hawser acts on is checked, and a problem throws a
 * {@link DeploymentException} naming the element (source not yet set). The not-supported elements
 * used are listed in {@link WebXml#unsupported()}, for the deployer to refuse or accept.
 */
final class WebXmlParser {
    static final String FILE = "WEB-INF/web.xml";
    private static final String JAKARTA_NS = "https://jakarta.ee/xml/ns/jakartaee";
    private static final Set<String> VERSIONS = Set.of("5.0", "6.0", "6.1");
    private final List<DeploymentFeatures.Use> unsupported = new ArrayList<>();

    private WebXmlParser() {
    }

    /**
     * @param webXml the {@code WEB-INF/web.xml} file
     * @return what it declares
     * @throws DeploymentException for XML that is not well-formed, an unsupported version or
     *     namespace, or an element with a missing or invalid value
     */
    static WebXml parse(Path webXml) throws DeploymentException {
        Document doc;
        try (InputStream in = Files.newInputStream(webXml)) {
            InputSource source = new InputSource(in);
            source.setSystemId(webXml.toUri().toString());
            doc = builder().parse(source);
        } catch (SAXParseException e) {
            throw new DeploymentException(null, FILE, "not well-formed XML at line " + e.getLineNumber()
                    + ", column " + e.getColumnNumber() + ": " + e.getMessage(), e);
        } catch (SAXException | IOException e) {
            throw new DeploymentException(null, FILE, "cannot read: " + e.getMessage(), e);
        }
        return new WebXmlParser().read(doc.getDocumentElement(), false);
    }

    /**
     * @param root the root element of a {@code web-fragment.xml} (Servlet 6.1 §8.2.1)
     * @return what it declares of the web-common elements ({@code <name>} and {@code <ordering>} are
     *     left to {@link WebFragment}); its messages name {@link #FILE}, for the caller to relabel
     * @throws DeploymentException as {@link #parse(Path)}
     */
    static WebXml parseFragment(Element root) throws DeploymentException {
        return new WebXmlParser().read(root, true);
    }

    /**
     * @return a namespace-aware DOM builder with external entities, DTDs and schemas off
     * @throws DeploymentException when the JDK's parser cannot be configured so
     */
    static DocumentBuilder builder() throws DeploymentException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setValidating(false);
            f.setXIncludeAware(false);
            f.setExpandEntityReferences(false);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            DocumentBuilder b = f.newDocumentBuilder();
            b.setEntityResolver((publicId, systemId) -> new InputSource(new java.io.StringReader("")));
            b.setErrorHandler(null);
            return b;
        } catch (ParserConfigurationException | IllegalArgumentException e) {
            throw new DeploymentException(null, FILE, "the JDK's XML parser cannot be made safe: " + e, e);
        }
    }

    private WebXml read(Element root, boolean fragment) throws DeploymentException {
        checkRoot(root, fragment ? "web-fragment" : "web-app");
        classify(root, fragment ? "web-fragment" : "", FILE);
        List<String> absoluteOrdering = null;
        String version = root.getAttribute("version").trim();
        boolean metadataComplete = Boolean.parseBoolean(root.getAttribute("metadata-complete").trim());
        String displayName = null;
        Map<String, String> contextParams = new LinkedHashMap<>();
        List<ServletDecl> servlets = new ArrayList<>();
        Map<String, List<String>> servletMappings = new LinkedHashMap<>();
        List<FilterDecl> filters = new ArrayList<>();
        List<FilterMappingDecl> filterMappings = new ArrayList<>();
        List<String> listeners = new ArrayList<>();
        List<String> welcomeFiles = new ArrayList<>();
        List<ErrorPageDecl> errorPages = new ArrayList<>();
        SessionConfigDecl sessionConfig = SessionConfigDecl.NONE;
        Map<String, String> localeEncodings = new LinkedHashMap<>();
        Map<String, String> mime = new LinkedHashMap<>();
        String requestEncoding = null;
        String responseEncoding = null;
        jakarta.servlet.descriptor.JspConfigDescriptor jspConfig = null;
        boolean distributable = false;
        WebXmlSecurity.Reader security = new WebXmlSecurity.Reader();
        WebXmlNaming.Reader naming = new WebXmlNaming.Reader();
        for (Element e : Dom.children(root)) {
            if (security.read(e) || naming.read(e)) {
                continue;
            }
            String name = Dom.name(e);
            switch (name) {
                case "display-name":
                    displayName = Dom.text(e);
                    break;
                case "context-param":
                    contextParams.put(required(e, "param-name"), Dom.textOr(e, "param-value", ""));
                    break;
                case "servlet":
                    ServletDecl s = WebXmlServlets.servlet(e);
                    security.servlet(e);
                    if (s != null) {
                        checkUnique(servlets.stream().anyMatch(o -> o.name().equals(s.name())), "<servlet>", s.name());
                        servlets.add(s);
                    }
                    break;
                case "servlet-mapping":
                    String servletName = required(e, "servlet-name");
                    servletMappings.computeIfAbsent(servletName, k -> new ArrayList<>())
                            .addAll(urlPatterns(e, "<servlet-mapping> \"" + servletName + "\"", true));
                    break;
                case "filter":
                    FilterDecl f = WebXmlServlets.filter(e);
                    checkUnique(filters.stream().anyMatch(o -> o.name().equals(f.name())), "<filter>", f.name());
                    filters.add(f);
                    break;
                case "filter-mapping":
                    filterMappings.add(filterMapping(e));
                    break;
                case "listener":
                    listeners.add(required(e, "listener-class"));
                    break;
                case "welcome-file-list":
                    for (Element w : Dom.children(e, "welcome-file")) {
                        String file = Dom.text(w);
                        if (!file.isEmpty()) {
                            welcomeFiles.add(file.startsWith("/") ? file.substring(1) : file);
                        }
                    }
                    break;
                case "error-page":
                    errorPages.add(errorPage(e));
                    break;
                case "distributable":
                    distributable = true;
                    break;
                case "session-config":
                    sessionConfig = SessionConfigDecl.read(e);
                    break;
                case "locale-encoding-mapping-list":
                    for (Element m : Dom.children(e, "locale-encoding-mapping")) {
                        localeEncodings.put(required(m, "locale"), required(m, "encoding"));
                    }
                    break;
                case "mime-mapping":
                    String ext = required(e, "extension").toLowerCase(Locale.ROOT);
                    mime.put(ext.startsWith(".") ? ext.substring(1) : ext, required(e, "mime-type"));
                    break;
                case "request-character-encoding":
                    requestEncoding = Dom.text(e);
                    break;
                case "response-character-encoding":
                    responseEncoding = Dom.text(e);
                    break;
                case "absolute-ordering":
                    if (absoluteOrdering != null) {
                        throw new DeploymentException(null, FILE + " <absolute-ordering>", "declared twice", null);
                    }
                    absoluteOrdering = new ArrayList<>();
                    for (Element o : Dom.children(e)) {
                        absoluteOrdering.add(Dom.name(o).equals("others") ? WebXml.OTHERS : Dom.text(o));
                    }
                case "jsp-config":
                    jspConfig = WebXmlJsp.read(e);
                    break;
                default:
                    // descriptive or not supported: classified above
            }
        }
        return new WebXml(version, metadataComplete, displayName, contextParams, servlets, servletMappings, filters,
                filterMappings, listeners, welcomeFiles, errorPages, sessionConfig, mime, requestEncoding,
                responseEncoding, localeEncodings, security.done(!fragment), List.copyOf(unsupported),
                absoluteOrdering == null ? null : List.copyOf(absoluteOrdering), naming.done(), jspConfig, distributable);
    }

    /**
     * Classifies the children of {@code parent}, and theirs when acted on: a not-supported one is
     * added to {@link #unsupported}, an unknown one is refused.
     */
    private void classify(Element parent, String parentName, String where) throws DeploymentException {
        for (Element e : Dom.children(parent)) {
            String name = Dom.name(e);
            String here = where + " <" + name + ">";
            DeploymentFeatures.Feature f = DeploymentFeatures.element(parentName, name);
            if (parentName.equals("web-fragment")) {
                // a fragment's root holds web-common's elements and its own name and ordering, §8.2.1
                f = f != null || name.equals("absolute-ordering") ? f : DeploymentFeatures.element("", name);
            }
            if (f == null) {
                throw new DeploymentException(null, here, "not an element of the Servlet 6.1 deployment descriptor"
                        + (parentName.isEmpty() || parentName.equals("web-fragment") ? ""
                                : " inside <" + parentName + ">")
                        + "; Hawser refuses what it cannot classify. Remove it, or correct its name", null);
            }
            if (f.support() == DeploymentFeatures.Support.NOT_SUPPORTED) {
                unsupported.add(new DeploymentFeatures.Use(f, here));
            } else if (f.support() == DeploymentFeatures.Support.ACTED_ON) {
                if (parentName.isEmpty() && name.equals("jsp-config")) {
                    unsupported.add(new DeploymentFeatures.Use(DeploymentFeatures.NO_JSP_CONFIG, here));
                } else if (parentName.equals("servlet") && name.equals("jsp-file")) {
                    unsupported.add(new DeploymentFeatures.Use(DeploymentFeatures.NO_JSP_FILE, here));
                }
                classify(e, name, here);
            }
        }
    }

    private static void checkRoot(Element root, String rootName) throws DeploymentException {
        if (!Dom.name(root).equals(rootName)) {
            throw new DeploymentException(null, FILE, "the root element is <" + Dom.name(root)
                    + ">, not <" + rootName + ">", null);
        }
        String ns = root.getNamespaceURI();
        String version = root.getAttribute("version").trim();
        org.w3c.dom.DocumentType doctype = root.getOwnerDocument().getDoctype();
        if (ns == null && doctype != null && doctype.getPublicId() != null
                && doctype.getPublicId().contains("DTD Web Application")) {
            throw new DeploymentException(null, FILE + " <!DOCTYPE>", doctype.getPublicId()
                    + " is a javax (J2EE) descriptor. " + FailClosed.JAVAX, null);
        }
        if (doctype != null && doctype.getInternalSubset() != null && !doctype.getInternalSubset().isBlank()) {
            throw new DeploymentException(null, FILE + " <!DOCTYPE>", "declares entities or other markup (an internal"
                    + " DTD subset): Hawser never expands entity references in a descriptor, so their values would be"
                    + " dropped. Write the values out in place and remove the DOCTYPE", null);
        }
        String entity = firstEntityReference(root);
        if (entity != null) {
            throw new DeploymentException(null, FILE + " &" + entity + ";", "an entity reference: Hawser never"
                    + " expands entity references in a descriptor, so its value would be dropped. Write the value out"
                    + " in place", null);
        }
        if (ns != null && !ns.equals(JAKARTA_NS)) {
            throw new DeploymentException(null, FILE + " <" + rootName + ">", "namespace " + ns + (version.isEmpty() ? ""
                    : " version " + version) + " is a javax (Java EE) descriptor. " + FailClosed.JAVAX, null);
        }
        if (!version.isEmpty() && !VERSIONS.contains(version)) {
            throw new DeploymentException(null, FILE + " <" + rootName + ">", "version " + version
                    + " is not supported (5.0, 6.0 or 6.1)", null);
        }
    }

    /** @return the name of the first entity reference in document order below {@code node}, or null */
    private static String firstEntityReference(org.w3c.dom.Node node) {
        for (org.w3c.dom.Node c = node.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c.getNodeType() == org.w3c.dom.Node.ENTITY_REFERENCE_NODE) {
                return c.getNodeName();
            }
            String inner = firstEntityReference(c);
            if (inner != null) {
                return inner;
            }
        }
        return null;
    }

    private static FilterMappingDecl filterMapping(Element e) throws DeploymentException {
        String filterName = required(e, "filter-name");
        String where = "<filter-mapping> \"" + filterName + "\"";
        List<String> patterns = urlPatterns(e, where, false);
        List<String> servletNames = new ArrayList<>();
        for (Element s : Dom.children(e, "servlet-name")) {
            servletNames.add(Dom.text(s));
        }
        if (patterns.isEmpty() && servletNames.isEmpty()) {
            throw new DeploymentException(null, FILE + " " + where, "needs a <url-pattern> or a <servlet-name>", null);
        }
        Set<DispatcherType> dispatchers = EnumSet.noneOf(DispatcherType.class);
        for (Element d : Dom.children(e, "dispatcher")) {
            try {
                dispatchers.add(DispatcherType.valueOf(Dom.text(d)));
            } catch (IllegalArgumentException ex) {
                throw new DeploymentException(null, FILE + " " + where + " <dispatcher>", "\"" + Dom.text(d)
                        + "\" is not one of REQUEST, FORWARD, INCLUDE, ASYNC, ERROR", null);
            }
        }
        if (dispatchers.isEmpty()) {
            dispatchers.add(DispatcherType.REQUEST);
        }
        return new FilterMappingDecl(filterName, patterns, servletNames, dispatchers);
    }

    private static ErrorPageDecl errorPage(Element e) throws DeploymentException {
        String location = required(e, "location");
        if (!location.startsWith("/")) {
            throw new DeploymentException(null, FILE + " <error-page> <location>", "\"" + location
                    + "\" must start with /", null);
        }
        String code = Dom.textOr(e, "error-code", null);
        String type = Dom.textOr(e, "exception-type", null);
        int status = code == null ? 0 : integer(code, "<error-page> <error-code>");
        if (code != null && (status < 400 || status > 599)) {
            throw new DeploymentException(null, FILE + " <error-page> <error-code>", code
                    + " is not a 4xx or 5xx status", null);
        }
        return new ErrorPageDecl(status, type, location);
    }

    /**
     * @param e a servlet-mapping, filter-mapping or similar element
     * @param where its description for messages
     * @param needOne whether at least one url-pattern is required
     * @return its url-patterns, each checked against Servlet 6.1 §12.2
     */
    static List<String> urlPatterns(Element e, String where, boolean needOne) throws DeploymentException {
        List<String> patterns = new ArrayList<>();
        for (Element p : Dom.children(e, "url-pattern")) {
            patterns.add(checkPattern(Dom.text(p), where));
        }
        if (needOne && patterns.isEmpty()) {
            throw new DeploymentException(null, FILE + " " + where, "has no <url-pattern>", null);
        }
        return patterns;
    }

    /**
     * @param pattern a url-pattern
     * @param where the declaring element or annotation, for the message
     * @return the pattern: empty, {@code /}, {@code /exact}, {@code /path/*} or {@code *.ext}
     * @throws DeploymentException for anything else (Servlet 6.1 §12.2)
     */
    static String checkPattern(String pattern, String where) throws DeploymentException {
        boolean ok = pattern.isEmpty()
                || pattern.startsWith("*.") && pattern.indexOf('/') < 0 && pattern.length() > 2
                || pattern.startsWith("/") && pattern.indexOf('*') < 0
                || pattern.startsWith("/") && pattern.endsWith("/*") && pattern.indexOf('*') == pattern.length() - 1;
        for (int i = 0; ok && i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            ok = c >= 0x20 && c != 0x7F;
        }
        if (!ok) {
            throw new DeploymentException(null, where.startsWith("@") ? where : FILE + " " + where + " <url-pattern>",
                    "\"" + pattern + "\" is not a valid url-pattern (/exact, /path/*, *.ext, / or empty)", null);
        }
        return pattern;
    }

    static String required(Element parent, String child) throws DeploymentException {
        String value = Dom.textOr(parent, child, null);
        if (value == null || value.isEmpty()) {
            throw new DeploymentException(null, FILE + " <" + Dom.name(parent) + ">", "<" + child
                    + "> is missing or empty", null);
        }
        return value;
    }

    static int integer(String text, String where) throws DeploymentException {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new DeploymentException(null, FILE + " " + where, "\"" + text + "\" is not an integer", null);
        }
    }

    static long longValue(String text, String where) throws DeploymentException {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new DeploymentException(null, FILE + " " + where, "\"" + text + "\" is not an integer", null);
        }
    }

    private static void checkUnique(boolean duplicate, String element, String name) throws DeploymentException {
        if (duplicate) {
            throw new DeploymentException(null, FILE + " " + element + " \"" + name + "\"",
                    "declared twice", null);
        }
    }

    /** Node helper, kept beside its one user. */
    static final class Dom {
        private Dom() {
        }

        static String name(Node n) {
            return n.getLocalName() != null ? n.getLocalName() : n.getNodeName();
        }

        static List<Element> children(Element parent) {
            List<Element> out = new ArrayList<>();
            for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n.getNodeType() == Node.ELEMENT_NODE) {
                    out.add((Element) n);
                }
            }
            return out;
        }

        static List<Element> children(Element parent, String name) {
            List<Element> out = new ArrayList<>();
            for (Element e : children(parent)) {
                if (name(e).equals(name)) {
                    out.add(e);
                }
            }
            return out;
        }

        /** @return the element's text content, trimmed */
        static String text(Element e) {
            return e.getTextContent() == null ? "" : e.getTextContent().trim();
        }

        /** @return the trimmed text of the first child of that name, or {@code fallback} */
        static String textOr(Element parent, String child, String fallback) {
            List<Element> c = children(parent, child);
            return c.isEmpty() ? fallback : text(c.get(0));
        }
    }
}
