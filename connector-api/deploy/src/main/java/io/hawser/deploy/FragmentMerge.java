package io.hawser.deploy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Merges web fragments into web.xml (Servlet 6.1 §8.2.3), into one {@link WebXml} the deployer
 * registers as it does a web.xml alone:
 * <ul>
 * <li>web.xml wins: a context-param, servlet, filter, error page, MIME mapping, locale encoding,
 *     session-config, character encoding or login-config it declares is kept as it declares it; its
 *     servlet-mappings (filter-mappings) of a servlet (filter) replace the fragments' ones for it;</li>
 * <li>the rest is added in fragment order: servlets, filters, listeners, welcome files, security
 *     constraints and roles; filter-mappings run web.xml's first, then each fragment's in turn;</li>
 * <li>two fragments that give the same thing different values (a context-param, a servlet or filter
 *     of the same name declared differently, an error page, a MIME mapping, a login-config ...) and
 *     web.xml does not settle it: refused, naming both descriptors, as §8.2.3 calls it an error.</li>
 * </ul>
 * The not-supported elements of every fragment are kept in {@link WebXml#unsupported()}, so the
 * deployer refuses them as web.xml's.
 */
final class FragmentMerge {
    private final WebXml xml;
    /** What each fragment set that web.xml did not: key to the value and the descriptor that set it. */
    private final Map<String, Object[]> set = new LinkedHashMap<>();

    private FragmentMerge(WebXml xml) {
        this.xml = xml;
    }

    /**
     * @param xml web.xml ({@link WebXml#NONE} when absent)
     * @param fragments the fragments that count, in order ({@link FragmentOrder})
     * @return web.xml with the fragments merged in
     * @throws DeploymentException for a conflict between two fragments, naming both
     */
    static WebXml merge(WebXml xml, List<WebFragment> fragments) throws DeploymentException {
        return new FragmentMerge(xml).run(fragments);
    }

    private WebXml run(List<WebFragment> fragments) throws DeploymentException {
        Map<String, String> params = new LinkedHashMap<>(xml.contextParams());
        Map<String, ServletDecl> servlets = new LinkedHashMap<>();
        xml.servlets().forEach(s -> servlets.put(s.name(), s));
        Map<String, List<String>> servletMappings = new LinkedHashMap<>(xml.servletMappings());
        Map<String, FilterDecl> filters = new LinkedHashMap<>();
        xml.filters().forEach(f -> filters.put(f.name(), f));
        List<FilterMappingDecl> filterMappings = new ArrayList<>(xml.filterMappings());
        Set<String> filtersMappedInXml = new LinkedHashSet<>();
        xml.filterMappings().forEach(m -> filtersMappedInXml.add(m.filterName()));
        Set<String> listeners = new LinkedHashSet<>(xml.listeners());
        Set<String> welcome = new LinkedHashSet<>(xml.welcomeFiles());
        List<ErrorPageDecl> errorPages = new ArrayList<>(xml.errorPages());
        Map<String, String> mime = new LinkedHashMap<>(xml.mimeMappings());
        Map<String, String> locales = new LinkedHashMap<>(xml.localeEncodings());
        SessionConfigDecl session = xml.sessionConfig();
        String requestEncoding = xml.requestEncoding();
        String responseEncoding = xml.responseEncoding();
        List<DeploymentFeatures.Use> unsupported = new ArrayList<>(xml.unsupported());
        WebXmlSecurity sec = xml.security();
        List<io.hawser.servlet.SecurityConstraint> constraints = new ArrayList<>(sec.constraints());
        io.hawser.servlet.LoginConfig login = sec.loginConfig();
        Set<String> roles = new LinkedHashSet<>(sec.roles());
        Map<String, String> runAs = new LinkedHashMap<>(sec.runAs());
        Map<String, Map<String, String>> roleRefs = new LinkedHashMap<>(sec.roleRefs());
        boolean denyUncovered = sec.denyUncovered();
        String realmNeededBy = sec.realmNeededBy();
        for (WebFragment f : fragments) {
            WebXml c = f.content();
            String at = f.label();
            for (Map.Entry<String, String> p : c.contextParams().entrySet()) {
                if (!xml.contextParams().containsKey(p.getKey())) {
                    params.put(p.getKey(), one("<context-param> \"" + p.getKey() + "\"", p.getValue(), at));
                }
            }
            for (ServletDecl s : c.servlets()) {
                if (xml.servlets().stream().noneMatch(x -> x.name().equals(s.name()))) {
                    ServletDecl kept = one("<servlet> \"" + s.name() + "\"", s, at);
                    servlets.putIfAbsent(s.name(), kept);
                    if (c.security().runAs().containsKey(s.name())) {
                        runAs.put(s.name(), c.security().runAs().get(s.name()));
                    }
                    if (c.security().roleRefs().containsKey(s.name())) {
                        roleRefs.put(s.name(), c.security().roleRefs().get(s.name()));
                    }
                }
            }
            c.servletMappings().forEach((name, patterns) -> {
                if (!xml.servletMappings().containsKey(name)) {
                    servletMappings.computeIfAbsent(name, k -> new ArrayList<>()).addAll(patterns);
                }
            });
            for (FilterDecl d : c.filters()) {
                if (xml.filters().stream().noneMatch(x -> x.name().equals(d.name()))) {
                    filters.putIfAbsent(d.name(), one("<filter> \"" + d.name() + "\"", d, at));
                }
            }
            for (FilterMappingDecl m : c.filterMappings()) {
                if (!filtersMappedInXml.contains(m.filterName())) {
                    filterMappings.add(m);
                }
            }
            listeners.addAll(c.listeners());
            welcome.addAll(c.welcomeFiles());
            for (ErrorPageDecl e : c.errorPages()) {
                String key = e.status() > 0 ? String.valueOf(e.status()) : String.valueOf(e.exceptionType());
                if (xml.errorPages().stream().noneMatch(x -> x.status() == e.status()
                        && Objects.equals(x.exceptionType(), e.exceptionType()))) {
                    one("<error-page> " + key, e.location(), at);
                    if (!errorPages.contains(e)) {
                        errorPages.add(e);
                    }
                }
            }
            for (Map.Entry<String, String> m : c.mimeMappings().entrySet()) {
                if (!xml.mimeMappings().containsKey(m.getKey())) {
                    mime.put(m.getKey(), one("<mime-mapping> \"" + m.getKey() + "\"", m.getValue(), at));
                }
            }
            for (Map.Entry<String, String> m : c.localeEncodings().entrySet()) {
                if (!xml.localeEncodings().containsKey(m.getKey())) {
                    locales.put(m.getKey(), one("<locale-encoding-mapping> \"" + m.getKey() + "\"", m.getValue(), at));
                }
            }
            if (c.sessionConfig() != SessionConfigDecl.NONE && xml.sessionConfig() == SessionConfigDecl.NONE) {
                session = one("<session-config>", c.sessionConfig(), at);
            }
            if (c.requestEncoding() != null && xml.requestEncoding() == null) {
                requestEncoding = one("<request-character-encoding>", c.requestEncoding(), at);
            }
            if (c.responseEncoding() != null && xml.responseEncoding() == null) {
                responseEncoding = one("<response-character-encoding>", c.responseEncoding(), at);
            }
            unsupported.addAll(c.unsupported());
            WebXmlSecurity s = c.security();
            constraints.addAll(s.constraints());
            if (s.loginConfig() != null && sec.loginConfig() == null) {
                login = one("<login-config>", s.loginConfig(), at);
            }
            roles.addAll(s.roles());
            denyUncovered |= s.denyUncovered();
            if (realmNeededBy == null) {
                realmNeededBy = s.realmNeededBy();
            }
        }
        for (WebFragment f : fragments) {
            for (Map.Entry<String, Map<String, String>> s : f.content().security().roleRefs().entrySet()) {
                for (Map.Entry<String, String> ref : s.getValue().entrySet()) {
                    if (!roles.contains(ref.getValue())) {
                        throw new DeploymentException(null, f.label() + " <servlet> \"" + s.getKey() + "\""
                                + " <security-role-ref> \"" + ref.getKey() + "\" <role-link>", "\"" + ref.getValue()
                                + "\" is not declared by a <security-role> of web.xml or a web fragment", null);
                    }
                }
            }
        }
        WebXmlSecurity security = new WebXmlSecurity(List.copyOf(constraints), login, List.copyOf(roles),
                Map.copyOf(runAs), Map.copyOf(roleRefs), denyUncovered, realmNeededBy);
        return new WebXml(xml.version(), xml.metadataComplete(), xml.displayName(), params,
                List.copyOf(servlets.values()), servletMappings, List.copyOf(filters.values()), filterMappings,
                List.copyOf(listeners), List.copyOf(welcome), errorPages, session, mime, requestEncoding,
                responseEncoding, locales, security, unsupported, xml.absoluteOrdering(), naming(xml, fragments),
                jspConfig(xml, fragments), xml.distributable()
                        && fragments.stream().allMatch(f -> f.content().distributable()));
    }

    /** web.xml's {@code <jsp-config>}, else the first fragment's that has one (in fragment order). */
    private static jakarta.servlet.descriptor.JspConfigDescriptor jspConfig(WebXml xml, List<WebFragment> fragments) {
        if (xml.jspConfig() != null) {
            return xml.jspConfig();
        }
        for (WebFragment f : fragments) {
            if (f.content().jspConfig() != null) {
                return f.content().jspConfig();
            }
        }
        return null;
    }

    /**
     * env-entries and lifecycle callbacks (§8.2.3): web.xml's win by env-entry name and by callback
     * class and kind; the fragments' others are added in fragment order; two fragments giving one
     * env-entry different values is a conflict.
     */
    private static WebXmlNaming naming(WebXml xml, List<WebFragment> fragments) throws DeploymentException {
        List<WebXmlNaming.EnvEntry> entries = new ArrayList<>(xml.naming().entries());
        List<WebXmlNaming.Callback> callbacks = new ArrayList<>(xml.naming().callbacks());
        Map<String, String> entryFrom = new LinkedHashMap<>();
        Map<String, Object> entryValue = new LinkedHashMap<>();
        for (WebXmlNaming.EnvEntry e : xml.naming().entries()) {
            entryFrom.put(e.name(), WebXmlParser.FILE);
        }
        java.util.Set<String> callbackKeys = new java.util.HashSet<>();
        for (WebXmlNaming.Callback c : xml.naming().callbacks()) {
            callbackKeys.add(c.post() + " " + c.className());
        }
        for (WebFragment f : fragments) {
            for (WebXmlNaming.EnvEntry e : f.content().naming().entries()) {
                String from = entryFrom.get(e.name());
                if (from == null) {
                    entryFrom.put(e.name(), f.label());
                    entryValue.put(e.name(), e.value());
                    entries.add(e);
                } else if (!from.equals(WebXmlParser.FILE) && !java.util.Objects.equals(entryValue.get(e.name()), e.value())) {
                    throw new DeploymentException(null, f.label() + " <env-entry> \"" + e.name() + "\"",
                            "conflicts with " + from + ", and web.xml does not declare it", null);
                }
            }
            for (WebXmlNaming.Callback c : f.content().naming().callbacks()) {
                if (callbackKeys.add(c.post() + " " + c.className())) {
                    callbacks.add(c);
                }
            }
        }
        return new WebXmlNaming(List.copyOf(entries), List.copyOf(callbacks));
    }

    /**
     * Records that fragment {@code at} sets {@code what} to {@code value}.
     *
     * @return the value first set for it (equal to {@code value})
     * @throws DeploymentException when another fragment set it to a different value
     */
    @SuppressWarnings("unchecked")
    private <T> T one(String what, T value, String at) throws DeploymentException {
        Object[] first = set.putIfAbsent(what, new Object[] {value, at});
        if (first == null) {
            return value;
        }
        if (!same(first[0], value)) {
            throw new DeploymentException(null, at + " " + what, "conflicts with " + first[1] + " " + what
                    + ", and WEB-INF/web.xml does not declare it to settle which wins (Servlet 6.1 §8.2.3)", null);
        }
        return (T) first[0];
    }

    /** @return whether two declarations are equal, ignoring which descriptor they came from */
    private static boolean same(Object a, Object b) {
        if (a instanceof ServletDecl x && b instanceof ServletDecl y) {
            return x.equals(new ServletDecl(y.name(), y.className(), y.initParams(), y.loadOnStartup(),
                    y.asyncSupported(), y.multipart(), y.urlPatterns(), x.origin()));
        }
        if (a instanceof FilterDecl x && b instanceof FilterDecl y) {
            return x.equals(new FilterDecl(y.name(), y.className(), y.initParams(), y.asyncSupported(), y.mapping(),
                    x.origin()));
        }
        return Objects.equals(a, b);
    }
}
