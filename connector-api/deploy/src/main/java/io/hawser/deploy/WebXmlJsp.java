package io.hawser.deploy;

import io.hawser.deploy.WebXmlParser.Dom;
import jakarta.servlet.descriptor.JspConfigDescriptor;
import jakarta.servlet.descriptor.JspPropertyGroupDescriptor;
import jakarta.servlet.descriptor.TaglibDescriptor;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.w3c.dom.Element;

/**
 * Reads {@code <jsp-config>} (JSP 4.0 §3, Servlet 6.1 §14.4) into the {@link JspConfigDescriptor} the
 * web app's {@code ServletContext.getJspConfigDescriptor()} hands the JSP engine.
 */
final class WebXmlJsp {
    private WebXmlJsp() {
    }

    /**
     * @param e a {@code <jsp-config>} element
     * @return its taglibs and property groups, in order
     * @throws DeploymentException for a taglib without its uri or location
     */
    static JspConfigDescriptor read(Element e) throws DeploymentException {
        List<TaglibDescriptor> taglibs = new ArrayList<>();
        for (Element t : Dom.children(e, "taglib")) {
            taglibs.add(new Taglib(WebXmlParser.required(t, "taglib-uri"), WebXmlParser.required(t, "taglib-location")));
        }
        List<JspPropertyGroupDescriptor> groups = new ArrayList<>();
        for (Element g : Dom.children(e, "jsp-property-group")) {
            groups.add(new PropertyGroup(texts(g, "url-pattern"), Dom.textOr(g, "el-ignored", null),
                    Dom.textOr(g, "error-on-el-not-found", null), Dom.textOr(g, "page-encoding", null),
                    Dom.textOr(g, "scripting-invalid", null), Dom.textOr(g, "is-xml", null),
                    texts(g, "include-prelude"), texts(g, "include-coda"),
                    Dom.textOr(g, "deferred-syntax-allowed-as-literal", null),
                    Dom.textOr(g, "trim-directive-whitespaces", null), Dom.textOr(g, "default-content-type", null),
                    Dom.textOr(g, "buffer", null), Dom.textOr(g, "error-on-undeclared-namespace", null)));
        }
        return new Config(List.copyOf(taglibs), List.copyOf(groups));
    }

    private static List<String> texts(Element e, String child) {
        List<String> out = new ArrayList<>();
        for (Element c : Dom.children(e, child)) {
            out.add(Dom.text(c));
        }
        return List.copyOf(out);
    }

    private record Config(Collection<TaglibDescriptor> getTaglibs,
            Collection<JspPropertyGroupDescriptor> getJspPropertyGroups) implements JspConfigDescriptor {
    }

    private record Taglib(String getTaglibURI, String getTaglibLocation) implements TaglibDescriptor {
    }

    private record PropertyGroup(Collection<String> getUrlPatterns, String getElIgnored,
            String getErrorOnELNotFound, String getPageEncoding, String getScriptingInvalid, String getIsXml,
            Collection<String> getIncludePreludes, Collection<String> getIncludeCodas,
            String getDeferredSyntaxAllowedAsLiteral, String getTrimDirectiveWhitespaces,
            String getDefaultContentType, String getBuffer, String getErrorOnUndeclaredNamespace)
            implements JspPropertyGroupDescriptor {
    }
}
