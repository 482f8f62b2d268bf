package io.hawser.deploy;

import io.hawser.deploy.WebXmlParser.Dom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.w3c.dom.Element;

/** Reads the {@code <servlet>} and {@code <filter>} elements of a web.xml (Servlet 6.1 §14.4). */
final class WebXmlServlets {
    private WebXmlServlets() {
    }

    /**
     * @param e a {@code <servlet>} element
     * @return the servlet, or {@code null} when {@code <enabled>false</enabled>}; one declared with a
     *     {@code <jsp-file>} has the class name {@link ServletDecl#JSP_FILE} and the page (with a leading
     *     {@code /}) as its init-param {@code jspFile}
     * @throws DeploymentException for a missing name or class, or a bad value
     */
    static ServletDecl servlet(Element e) throws DeploymentException {
        String name = WebXmlParser.required(e, "servlet-name");
        String where = "<servlet> \"" + name + "\"";
        String jspFile = Dom.textOr(e, "jsp-file", null);
        String className = jspFile != null ? ServletDecl.JSP_FILE : Dom.textOr(e, "servlet-class", "");
        if (className.isEmpty()) {
            throw new DeploymentException(null, WebXmlParser.FILE + " " + where, "<servlet-class> is missing", null);
        }
        if ("false".equals(Dom.textOr(e, "enabled", "true"))) {
            return null;
        }
        Integer loadOnStartup = null;
        String los = Dom.textOr(e, "load-on-startup", null);
        if (los != null) {
            loadOnStartup = los.isEmpty() ? 0 : WebXmlParser.integer(los, where + " <load-on-startup>");
        }
        boolean async = bool(e, "async-supported", where);
        MultipartDecl multipart = null;
        List<Element> mp = Dom.children(e, "multipart-config");
        if (!mp.isEmpty()) {
            multipart = multipart(mp.get(0), where + " <multipart-config>");
        }
        Map<String, String> params = initParams(e, where);
        if (jspFile != null) {
            params.put("jspFile", jspFile.startsWith("/") ? jspFile : "/" + jspFile);
        }
        return new ServletDecl(name, className, params, loadOnStartup, async, multipart, List.of(),
                WebXmlParser.FILE + " " + where);
    }

    /**
     * @param e a {@code <filter>} element
     * @return the filter
     * @throws DeploymentException for a missing name or class, or a bad value
     */
    static FilterDecl filter(Element e) throws DeploymentException {
        String name = WebXmlParser.required(e, "filter-name");
        String where = "<filter> \"" + name + "\"";
        String className = Dom.textOr(e, "filter-class", "");
        if (className.isEmpty()) {
            throw new DeploymentException(null, WebXmlParser.FILE + " " + where, "<filter-class> is missing", null);
        }
        return new FilterDecl(name, className, initParams(e, where), bool(e, "async-supported", where), null,
                WebXmlParser.FILE + " " + where);
    }

    private static Map<String, String> initParams(Element e, String where) throws DeploymentException {
        Map<String, String> params = new LinkedHashMap<>();
        for (Element p : Dom.children(e, "init-param")) {
            String n = Dom.textOr(p, "param-name", "");
            if (n.isEmpty()) {
                throw new DeploymentException(null, WebXmlParser.FILE + " " + where + " <init-param>",
                        "<param-name> is missing", null);
            }
            params.put(n, Dom.textOr(p, "param-value", ""));
        }
        return params;
    }

    private static MultipartDecl multipart(Element e, String where) throws DeploymentException {
        String location = Dom.textOr(e, "location", "");
        String maxFile = Dom.textOr(e, "max-file-size", null);
        String maxRequest = Dom.textOr(e, "max-request-size", null);
        String threshold = Dom.textOr(e, "file-size-threshold", null);
        return new MultipartDecl(location,
                maxFile == null ? -1L : WebXmlParser.longValue(maxFile, where + " <max-file-size>"),
                maxRequest == null ? -1L : WebXmlParser.longValue(maxRequest, where + " <max-request-size>"),
                threshold == null ? 0 : WebXmlParser.integer(threshold, where + " <file-size-threshold>"));
    }

    private static boolean bool(Element e, String child, String where) throws DeploymentException {
        String v = Dom.textOr(e, child, "false");
        if (!v.equals("true") && !v.equals("false")) {
            throw new DeploymentException(null, WebXmlParser.FILE + " " + where + " <" + child + ">",
                    "\"" + v + "\" is not true or false", null);
        }
        return v.equals("true");
    }
}
