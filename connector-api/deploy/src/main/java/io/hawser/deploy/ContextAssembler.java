package io.hawser.deploy;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.ServletSecurityElement;
import jakarta.servlet.annotation.ServletSecurity;
import io.hawser.servlet.WebApp;
import java.util.ArrayList;
import java.util.EventListener;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Registers what web.xml and the annotations declare with a web app's {@link ServletContext}, through
 * the programmatic API of Servlet 6.1 §4.4 (before the context starts). Web.xml wins over an
 * annotation of the same servlet or filter name (§8.2.3): its values replace the annotation's, its
 * mappings replace the annotation's url-patterns, and annotation init-params it lacks are kept.
 * A servlet's {@code <run-as>} wins over its class's {@code @RunAs}; its class's
 * {@code @ServletSecurity} is handed to {@link ServletRegistration.Dynamic#setServletSecurity} after
 * its mappings, which leaves the patterns a web.xml constraint already covers to web.xml (§13.4.1).
 */
final class ContextAssembler {
    private final WebApp app;
    private final ServletContext context;
    private final ClassLoader loader;
    private final JspSupport jsp;
    private WebXml xml = WebXml.NONE;
    private AnnotationScan scan;

    /**
     * @param app the web app, not yet started
     * @param loader the web app's class loader
     */
    ContextAssembler(WebApp app, ClassLoader loader) {
        this(app, loader, null);
    }

    /**
     * @param app the web app, not yet started
     * @param loader the web app's class loader
     * @param jsp the JSP engine that runs {@code <jsp-file>} servlets, or {@code null} for none
     */
    ContextAssembler(WebApp app, ClassLoader loader, JspSupport jsp) {
        this.app = app;
        this.context = app.servletContext();
        this.loader = loader;
        this.jsp = jsp;
    }

    /**
     * @param xml the deployment descriptor ({@link WebXml#NONE} when absent)
     * @param scan the annotations, or {@code null} when {@code metadata-complete}
     * @throws DeploymentException for a class that is missing or of the wrong type, or a mapping
     *     that names an unknown servlet or filter, or a url-pattern claimed twice
     */
    void apply(WebXml xml, AnnotationScan scan) throws DeploymentException {
        this.xml = xml;
        this.scan = scan;
        if (scan != null) {
            scan.declaredRoles().values().forEach(roles -> app.declareRoles(roles.toArray(new String[0])));
        }
        xml.contextParams().forEach(context::setInitParameter);
        if (xml.requestEncoding() != null) {
            context.setRequestCharacterEncoding(xml.requestEncoding());
        }
        if (xml.responseEncoding() != null) {
            context.setResponseCharacterEncoding(xml.responseEncoding());
        }
        listeners(xml, scan);
        servlets(xml, scan);
        filters(xml, scan);
    }

    private void listeners(WebXml xml, AnnotationScan scan) throws DeploymentException {
        Set<String> names = new LinkedHashSet<>(xml.listeners());
        if (scan != null) {
            names.addAll(scan.listeners());
        }
        for (String name : names) {
            String where = xml.listeners().contains(name) ? WebXmlParser.FILE + " <listener> <listener-class>"
                    : "@WebListener on " + name;
            Class<? extends EventListener> type = load(name, EventListener.class, where);
            try {
                context.addListener(type);
            } catch (IllegalArgumentException e) {
                Throwable missing = e.getCause();
                while (missing != null && !(missing instanceof NoClassDefFoundError)) {
                    missing = missing.getCause();
                }
                if (missing != null) {
                    // the listener is fine; a class it needs is not in the app (nor given by the server)
                    throw new DeploymentException(null, where, "cannot load " + name + ": class "
                            + missing.getMessage().replace('/', '.') + " is missing (not in WEB-INF/lib or"
                            + " WEB-INF/classes)", e);
                }
                throw new DeploymentException(null, where, name + " is not a servlet listener type: " + e.getMessage(), e);
            }
        }
    }

    private void servlets(WebXml xml, AnnotationScan scan) throws DeploymentException {
        Map<String, ServletDecl> byName = new LinkedHashMap<>();
        for (ServletDecl s : xml.servlets()) {
            MultipartDecl multipart = s.multipart() == null && scan != null ? scan.multipart(s.className()) : s.multipart();
            byName.put(s.name(), new ServletDecl(s.name(), s.className(), s.initParams(), s.loadOnStartup(),
                    s.asyncSupported(), multipart, s.urlPatterns(), s.origin()));
        }
        if (scan != null) {
            for (ServletDecl a : scan.servlets()) {
                ServletDecl x = byName.get(a.name());
                if (x == null) {
                    byName.put(a.name(), a);
                } else {
                    Map<String, String> params = new LinkedHashMap<>(a.initParams());
                    params.putAll(x.initParams());
                    byName.put(a.name(), new ServletDecl(x.name(), x.className(), params, x.loadOnStartup(),
                            x.asyncSupported(), x.multipart() != null ? x.multipart() : a.multipart(),
                            a.urlPatterns(), x.origin()));
                }
            }
        }
        for (String mapped : xml.servletMappings().keySet()) {
            if (!byName.containsKey(mapped)) {
                throw new DeploymentException(null, WebXmlParser.FILE + " <servlet-mapping> \"" + mapped + "\"",
                        "no servlet of that name is declared", null);
            }
        }
        for (ServletDecl s : byName.values()) {
            register(s, xml.servletMappings().getOrDefault(s.name(), s.urlPatterns()));
        }
    }

    private void register(ServletDecl s, List<String> patterns) throws DeploymentException {
        String className = s.className();
        if (ServletDecl.JSP_FILE.equals(className)) {
            if (jsp == null) {
                throw new DeploymentException(null, s.origin() + " <jsp-file>", DeploymentFeatures.NO_JSP_FILE.refusal(),
                        null);
            }
            className = jsp.servletClass();
        }
        Class<? extends Servlet> type = load(className, Servlet.class, s.origin() + " <servlet-class>");
        ServletRegistration.Dynamic reg = context.addServlet(s.name(), type);
        if (reg == null) {
            throw new DeploymentException(null, s.origin(), "a servlet named \"" + s.name() + "\" already exists", null);
        }
        reg.setInitParameters(s.initParams());
        if (s.loadOnStartup() != null) {
            reg.setLoadOnStartup(s.loadOnStartup());
        }
        reg.setAsyncSupported(s.asyncSupported());
        if (s.multipart() != null) {
            reg.setMultipartConfig(s.multipart().toElement());
        }
        if (!patterns.isEmpty()) {
            Set<String> conflicts = reg.addMapping(patterns.toArray(new String[0]));
            if (!conflicts.isEmpty()) {
                throw new DeploymentException(null, s.origin(), "url-pattern " + conflicts
                        + " is already mapped to another servlet", null);
            }
        }
        String runAs = xml.security().runAs().get(s.name());
        if (runAs == null && scan != null) {
            runAs = scan.runAs(s.className());
        }
        if (runAs != null) {
            reg.setRunAsRole(runAs);
        }
        ServletSecurity security = scan == null ? null : type.getAnnotation(ServletSecurity.class);
        if (security != null) {
            String where = "@ServletSecurity on " + s.className();
            try {
                reg.setServletSecurity(new ServletSecurityElement(security));
            } catch (IllegalArgumentException | IllegalStateException | UnsupportedOperationException e) {
                throw new DeploymentException(null, where, String.valueOf(e.getMessage()), e);
            }
        }
    }

    private void filters(WebXml xml, AnnotationScan scan) throws DeploymentException {
        Map<String, FilterDecl> byName = new LinkedHashMap<>();
        for (FilterDecl f : xml.filters()) {
            byName.put(f.name(), f);
        }
        List<FilterDecl> annotated = scan == null ? List.of() : scan.filters();
        for (FilterDecl a : annotated) {
            FilterDecl x = byName.get(a.name());
            if (x == null) {
                byName.put(a.name(), a);
            } else {
                Map<String, String> params = new LinkedHashMap<>(a.initParams());
                params.putAll(x.initParams());
                byName.put(a.name(), new FilterDecl(x.name(), x.className(), params, x.asyncSupported(),
                        a.mapping(), x.origin()));
            }
        }
        Map<String, FilterRegistration.Dynamic> regs = new LinkedHashMap<>();
        for (FilterDecl f : byName.values()) {
            Class<? extends Filter> type = load(f.className(), Filter.class, f.origin() + " <filter-class>");
            FilterRegistration.Dynamic reg = context.addFilter(f.name(), type);
            if (reg == null) {
                throw new DeploymentException(null, f.origin(), "a filter named \"" + f.name() + "\" already exists", null);
            }
            reg.setInitParameters(f.initParams());
            reg.setAsyncSupported(f.asyncSupported());
            regs.put(f.name(), reg);
        }
        Set<String> mappedInXml = new LinkedHashSet<>();
        for (FilterMappingDecl m : xml.filterMappings()) {
            FilterRegistration.Dynamic reg = regs.get(m.filterName());
            if (reg == null) {
                throw new DeploymentException(null, WebXmlParser.FILE + " <filter-mapping> \"" + m.filterName() + "\"",
                        "no filter of that name is declared", null);
            }
            map(reg, m);
            mappedInXml.add(m.filterName());
        }
        List<FilterDecl> fromAnnotations = new ArrayList<>(byName.values());
        for (FilterDecl f : fromAnnotations) {
            if (f.mapping() != null && !mappedInXml.contains(f.name())) {
                map(regs.get(f.name()), f.mapping());
            }
        }
    }

    private static void map(FilterRegistration.Dynamic reg, FilterMappingDecl m) {
        java.util.EnumSet<jakarta.servlet.DispatcherType> types = java.util.EnumSet.copyOf(m.dispatchers());
        if (!m.urlPatterns().isEmpty()) {
            reg.addMappingForUrlPatterns(types, true, m.urlPatterns().toArray(new String[0]));
        }
        if (!m.servletNames().isEmpty()) {
            reg.addMappingForServletNames(types, true, m.servletNames().toArray(new String[0]));
        }
    }

    /**
     * @param name a class of the web app
     * @param type what it must be
     * @param where the declaring element, for the message
     * @return the class, not initialised
     * @throws DeploymentException when it is missing, cannot be linked, or is of the wrong type
     */
    <T> Class<? extends T> load(String name, Class<T> type, String where) throws DeploymentException {
        Class<?> c;
        try {
            c = Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new DeploymentException(null, where, "class " + name
                    + " is not in WEB-INF/classes or WEB-INF/lib", e);
        } catch (LinkageError e) {
            String detail = String.valueOf(e.getMessage());
            String hint = detail.startsWith("javax/servlet") ? " (a javax.servlet class: Hawser runs Jakarta"
                    + " Servlet 5.0+ applications, which use jakarta.servlet)" : "";
            throw new DeploymentException(null, where, "class " + name + " cannot be loaded: " + e + hint, e);
        }
        if (!type.isAssignableFrom(c)) {
            throw new DeploymentException(null, where, "class " + name + " is not a " + type.getName(), null);
        }
        return c.asSubclass(type);
    }
}
