package io.hawser.deploy;

import java.util.List;
import java.util.Map;

/**
 * What a {@code WEB-INF/web.xml} declares (Servlet 6.1 §14), in declaration order. {@link #NONE}
 * stands for a web app without a deployment descriptor.
 *
 * @param version the web-app version attribute ({@code 5.0}, {@code 6.0}, {@code 6.1}), or empty
 * @param metadataComplete whether annotations are to be ignored (§8.1)
 * @param displayName the display-name, or {@code null}
 * @param contextParams context-param names to values
 * @param servlets the servlets
 * @param servletMappings servlet-name to its url-patterns, from every servlet-mapping
 * @param filters the filters
 * @param filterMappings the filter-mappings, in order (the order filters run in)
 * @param listeners listener classes
 * @param welcomeFiles welcome-file names
 * @param errorPages error pages
 * @param sessionConfig the session-config ({@link SessionConfigDecl#NONE} when absent)
 * @param mimeMappings extension (without dot, lower case) to MIME type
 * @param requestEncoding request-character-encoding, or {@code null}
 * @param responseEncoding response-character-encoding, or {@code null}
 * @param localeEncodings locale-encoding-mapping locales to encodings
 * @param security the security constraints, login-config, roles, run-as and role refs
 * @param unsupported the not-supported elements it uses (JNDI ...), to refuse or accept, and its
 *     {@code <jsp-config>} and {@code <jsp-file>} elements, refused when no {@link JspSupport} is present
 * @param absoluteOrdering the fragment names of {@code <absolute-ordering>} in order, {@link #OTHERS}
 *     standing for {@code <others/>}; {@code null} when there is none (Servlet 6.1 §8.2.2)
 * @param naming the env-entries and lifecycle callbacks
 * @param jspConfig the {@code <jsp-config>}, or {@code null}
 * @param distributable whether it is marked {@code <distributable/>} (§7.7.2; merged with fragments:
 *     only when web.xml and every fragment are, §8.2.3)
 */
record WebXml(String version, boolean metadataComplete, String displayName, Map<String, String> contextParams,
        List<ServletDecl> servlets, Map<String, List<String>> servletMappings, List<FilterDecl> filters,
        List<FilterMappingDecl> filterMappings, List<String> listeners, List<String> welcomeFiles,
        List<ErrorPageDecl> errorPages, SessionConfigDecl sessionConfig, Map<String, String> mimeMappings,
        String requestEncoding, String responseEncoding, Map<String, String> localeEncodings,
        WebXmlSecurity security, List<DeploymentFeatures.Use> unsupported, List<String> absoluteOrdering,
        WebXmlNaming naming, jakarta.servlet.descriptor.JspConfigDescriptor jspConfig, boolean distributable) {

    /** What {@code <others/>} is in {@link #absoluteOrdering()}; no fragment name can contain {@code <}. */
    static final String OTHERS = "<others/>";

    /** No deployment descriptor: nothing declared, annotations scanned. */
    static final WebXml NONE = new WebXml("", false, null, Map.of(), List.of(), Map.of(), List.of(), List.of(),
            List.of(), List.of(), List.of(), SessionConfigDecl.NONE, Map.of(), null, null, Map.of(),
            WebXmlSecurity.NONE, List.of(), null, WebXmlNaming.NONE, null, false);
}
