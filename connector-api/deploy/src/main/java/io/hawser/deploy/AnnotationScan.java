package io.hawser.deploy;

import io.github.classgraph.AnnotationClassRef;
import io.github.classgraph.AnnotationEnumValue;
import io.github.classgraph.AnnotationInfo;
import io.github.classgraph.ClassGraph;
import io.github.classgraph.ClassInfo;
import io.github.classgraph.ClassInfoList;
import io.github.classgraph.FieldInfo;
import io.github.classgraph.MethodInfo;
import io.github.classgraph.MethodParameterInfo;
import io.github.classgraph.Resource;
import io.github.classgraph.ScanResult;
import io.hawser.servlet.naming.EnvEntryTypes;
import jakarta.servlet.DispatcherType;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The servlet annotations of one web app (Servlet 6.1 §8.1): {@code @WebServlet}, {@code @WebFilter},
 * {@code @WebListener} and {@code @MultipartConfig} on the classes of {@code WEB-INF/classes} and
 * the jars of {@code WEB-INF/lib} that count after fragment ordering (§8.2.2; a
 * {@code metadata-complete} fragment's annotations are ignored), and the classes a
 * {@code @HandlesTypes} asks for; also what Hawser must refuse: javax classes and the not-supported annotations of
 * {@link DeploymentFeatures}; and the security annotations {@code @DeclareRoles}, {@code @RunAs} and
 * the roles of {@code @ServletSecurity} (the deployer loads the servlet class for the rest of
 * {@code @ServletSecurity}). Read from the class files with ClassGraph: no class is loaded to find
 * them. Close it when done.
 */
final class AnnotationScan implements AutoCloseable {
    private static final String WEB_SERVLET = "jakarta.servlet.annotation.WebServlet";
    private static final String WEB_FILTER = "jakarta.servlet.annotation.WebFilter";
    private static final String WEB_LISTENER = "jakarta.servlet.annotation.WebListener";
    private static final String MULTIPART = "jakarta.servlet.annotation.MultipartConfig";
    private static final String SERVLET_SECURITY = "jakarta.servlet.annotation.ServletSecurity";
    private static final String DECLARE_ROLES = "jakarta.annotation.security.DeclareRoles";
    private static final String RUN_AS = "jakarta.annotation.security.RunAs";
    private static final String RESOURCE = "jakarta.annotation.Resource";

    private final Path base;
    private final ScanResult result;
    private final Set<String> ignored;

    private AnnotationScan(Path base, ScanResult result, Set<String> ignored) {
        this.base = base;
        this.result = result;
        this.ignored = ignored;
    }

    /**
     * @param base the exploded web app
     * @return the scan of its {@code WEB-INF/classes} and {@code WEB-INF/lib/*.jar}
     */
    static AnnotationScan of(Path base) {
        List<String> jars = new ArrayList<>();
        File[] files = base.resolve("WEB-INF/lib").toFile().listFiles((d, n) -> n.endsWith(".jar"));
        if (files != null) {
            Arrays.sort(files);
            for (File f : files) {
                jars.add("WEB-INF/lib/" + f.getName());
            }
        }
        return of(base, jars, Set.of());
    }

    /**
     * The scan of the jars that count after fragment ordering (Servlet 6.1 §8.2.2).
     *
     * @param base the exploded web app
     * @param jars the jars to scan besides {@code WEB-INF/classes}, in order ({@code WEB-INF/lib/x.jar})
     * @param ignored those of {@code jars} whose fragment is {@code metadata-complete}: their classes
     *     count for {@code @HandlesTypes} and javax evidence, their annotations do not (§8.1)
     * @return the scan
     */
    static AnnotationScan of(Path base, List<String> jars, Set<String> ignored) {
        List<File> path = new ArrayList<>();
        File classes = base.resolve("WEB-INF/classes").toFile();
        if (classes.isDirectory()) {
            path.add(classes);
        }
        for (String jar : jars) {
            path.add(base.resolve(jar).toFile());
        }
        if (path.isEmpty()) {
            return new AnnotationScan(base, null, ignored);
        }
        ScanResult r = new ClassGraph().overrideClasspath(path).enableClassInfo().enableAnnotationInfo()
                .enableMethodInfo().enableFieldInfo().ignoreClassVisibility().ignoreMethodVisibility()
                .ignoreFieldVisibility().scan(1);
        return new AnnotationScan(base, r, Set.copyOf(ignored));
    }

    /** @return the {@code @WebServlet} classes, with any {@code @MultipartConfig} */
    List<ServletDecl> servlets() throws DeploymentException {
        List<ServletDecl> out = new ArrayList<>();
        for (ClassInfo c : annotated(WEB_SERVLET)) {
            AnnotationInfo a = c.getAnnotationInfo(WEB_SERVLET);
            String where = "@WebServlet on " + c.getName() + " (" + element(c) + ")";
            String name = string(a, "name", c.getName());
            List<String> patterns = patterns(a, where);
            Object los = a.getParameterValues().getValue("loadOnStartup");
            Integer loadOnStartup = los == null ? null : (Integer) los;
            out.add(new ServletDecl(name.isEmpty() ? c.getName() : name, c.getName(), initParams(a),
                    loadOnStartup != null && loadOnStartup >= 0 ? loadOnStartup : null,
                    bool(a, "asyncSupported"), multipart(c.getName()), patterns, where));
        }
        return out;
    }

    /** @return the {@code @WebFilter} classes */
    List<FilterDecl> filters() throws DeploymentException {
        List<FilterDecl> out = new ArrayList<>();
        for (ClassInfo c : annotated(WEB_FILTER)) {
            AnnotationInfo a = c.getAnnotationInfo(WEB_FILTER);
            String where = "@WebFilter on " + c.getName() + " (" + element(c) + ")";
            String name = string(a, "filterName", "");
            name = name.isEmpty() ? c.getName() : name;
            Set<DispatcherType> dispatchers = EnumSet.noneOf(DispatcherType.class);
            for (Object d : array(a, "dispatcherTypes")) {
                dispatchers.add(DispatcherType.valueOf(((AnnotationEnumValue) d).getValueName()));
            }
            if (dispatchers.isEmpty()) {
                dispatchers.add(DispatcherType.REQUEST);
            }
            List<String> servletNames = new ArrayList<>();
            for (Object s : array(a, "servletNames")) {
                servletNames.add((String) s);
            }
            FilterMappingDecl mapping = new FilterMappingDecl(name, patterns(a, where), servletNames, dispatchers);
            out.add(new FilterDecl(name, c.getName(), initParams(a), bool(a, "asyncSupported"), mapping, where));
        }
        return out;
    }

    /** @return the {@code @WebListener} class names */
    List<String> listeners() {
        List<String> out = new ArrayList<>();
        for (ClassInfo c : annotated(WEB_LISTENER)) {
            out.add(c.getName());
        }
        return out;
    }

    /**
     * @param className a servlet class of the app
     * @return its {@code @MultipartConfig}, or {@code null}
     */
    MultipartDecl multipart(String className) {
        ClassInfo c = result == null ? null : counted(result.getClassInfo(className));
        AnnotationInfo a = c == null ? null : c.getAnnotationInfo(MULTIPART);
        if (a == null) {
            return null;
        }
        Object maxFile = a.getParameterValues().getValue("maxFileSize");
        Object maxRequest = a.getParameterValues().getValue("maxRequestSize");
        Object threshold = a.getParameterValues().getValue("fileSizeThreshold");
        return new MultipartDecl(string(a, "location", ""), maxFile == null ? -1L : (Long) maxFile,
                maxRequest == null ? -1L : (Long) maxRequest, threshold == null ? 0 : (Integer) threshold);
    }

    /**
     * @param className a servlet class of the app
     * @return the role of its {@code @RunAs}, or {@code null}
     */
    String runAs(String className) {
        ClassInfo c = result == null ? null : counted(result.getClassInfo(className));
        AnnotationInfo a = c == null ? null : c.getAnnotationInfo(RUN_AS);
        return a == null ? null : string(a, "value", null);
    }

    /**
     * The roles of {@code @DeclareRoles} on the classes the container instantiates (servlets,
     * filters, listeners; Servlet 6.1 §15.5.1); on other classes they belong to a framework.
     *
     * @return class name to the roles it declares, in scan order
     */
    Map<String, List<String>> declaredRoles() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (ClassInfo c : annotated(DECLARE_ROLES)) {
            if (isContainerManaged(c)) {
                List<String> roles = new ArrayList<>();
                for (Object r : array(c.getAnnotationInfo(DECLARE_ROLES), "value")) {
                    roles.add((String) r);
                }
                out.put(c.getName(), roles);
            }
        }
        return out;
    }

    /**
     * @return the first {@code @ServletSecurity} whose {@code @HttpConstraint} or an
     *     {@code @HttpMethodConstraint} names roles, so that users must be checked against a realm,
     *     e.g. {@code @ServletSecurity on com.acme.Admin (WEB-INF/classes)}; {@code null} when none does
     */
    String realmNeededBy() {
        for (ClassInfo c : annotated(SERVLET_SECURITY)) {
            AnnotationInfo a = c.getAnnotationInfo(SERVLET_SECURITY);
            List<Object> constraints = new ArrayList<>();
            Object value = a.getParameterValues().getValue("value");
            if (value != null) {
                constraints.add(value);
            }
            constraints.addAll(Arrays.asList(array(a, "httpMethodConstraints")));
            for (Object constraint : constraints) {
                if (constraint instanceof AnnotationInfo h && array(h, "rolesAllowed").length > 0) {
                    return "@ServletSecurity on " + c.getName() + " (" + element(c) + ")";
                }
            }
        }
        return null;
    }

    /**
     * The app's classes a {@code @HandlesTypes} entry selects (Servlet 6.1 §8.2.4): those annotated
     * with it when it is an annotation, else those that extend or implement it, directly or through
     * a class outside the app (such as {@code HttpServlet}).
     *
     * @param type a type named by {@code @HandlesTypes}
     * @param loader the web app's class loader, used only for types outside the app
     * @return the names of the matching classes of the app
     */
    Set<String> handledBy(Class<?> type, ClassLoader loader) {
        Set<String> out = new LinkedHashSet<>();
        if (result == null) {
            return out;
        }
        String name = type.getName();
        for (ClassInfo c : result.getAllClasses()) {
            if (c.getName().equals(name)) {
                continue;
            }
            if (type.isAnnotation() ? c.hasAnnotation(name) : extendsOrImplements(c, type, loader)) {
                out.add(c.getName());
            }
        }
        return out;
    }

    private static boolean extendsOrImplements(ClassInfo c, Class<?> type, ClassLoader loader) {
        List<ClassInfo> supers = new ArrayList<>(c.getSuperclasses());
        supers.addAll(c.getInterfaces());
        for (ClassInfo s : supers) {
            if (s.getName().equals(type.getName())) {
                return true;
            }
            if (s.isExternalClass()) {
                try {
                    if (type.isAssignableFrom(Class.forName(s.getName(), false, loader))) {
                        return true;
                    }
                } catch (ClassNotFoundException | LinkageError e) {
                    // a supertype the app does not have: cannot match
                }
            }
        }
        return false;
    }

    /**
     * The first sign of a javax (Java EE) application: a class anywhere annotated with a
     * {@code javax.servlet.annotation} type, a class of {@code WEB-INF/classes} extending or
     * implementing a {@code javax.servlet} type, or a {@code javax.servlet.ServletContainerInitializer}
     * service in a jar or {@code WEB-INF/classes} that offers no {@code jakarta.servlet} one. (A library
     * jar that merely contains javax classes, as H2 does beside its jakarta ones, is not one.)
     *
     * @return where it is and what it is, e.g. {@code com.acme.Old (WEB-INF/classes) extends
     *     javax.servlet.http.HttpServlet}, or {@code null}
     */
    String javaxEvidence() {
        if (result == null) {
            return null;
        }
        for (String a : new String[] {"WebServlet", "WebFilter", "WebListener", "ServletSecurity", "MultipartConfig",
                "HandlesTypes"}) {
            for (ClassInfo c : annotated("javax.servlet.annotation." + a)) {
                return "@javax.servlet.annotation." + a + " on " + c.getName() + " (" + element(c) + ")";
            }
        }
        for (ClassInfo c : result.getAllClasses()) {
            if (!element(c).equals("WEB-INF/classes")) {
                continue;
            }
            List<ClassInfo> supers = new ArrayList<>(c.getSuperclasses());
            supers.addAll(c.getInterfaces());
            for (ClassInfo s : supers) {
                if (s.getName().startsWith("javax.servlet.")) {
                    return c.getName() + " (WEB-INF/classes) " + (s.isInterface() ? "implements " : "extends ")
                            + s.getName();
                }
            }
        }
        Set<String> jakarta = elementsWith("META-INF/services/jakarta.servlet.ServletContainerInitializer");
        for (String e : elementsWith("META-INF/services/javax.servlet.ServletContainerInitializer")) {
            if (!jakarta.contains(e)) {
                return "META-INF/services/javax.servlet.ServletContainerInitializer (" + e + ")";
            }
        }
        return null;
    }

    /**
     * @param extension a file name extension without the dot, e.g. {@code tld}
     * @return the first resource of the app's class path elements with it, as {@code element path}, or {@code null}
     */
    String resourceWithExtension(String extension) {
        if (result != null) {
            for (Resource r : result.getResourcesWithExtension(extension)) {
                return relative(r.getClasspathElementFile()) + " " + r.getPath();
            }
        }
        return null;
    }

    /**
     * @param resource a path inside a class path element, e.g. {@code META-INF/web-fragment.xml}
     * @return the elements holding it ({@code WEB-INF/classes}, {@code WEB-INF/lib/x.jar}), in class path order
     */
    Set<String> elementsWith(String resource) {
        Set<String> out = new LinkedHashSet<>();
        if (result != null) {
            for (Resource r : result.getResourcesWithPath(resource)) {
                out.add(relative(r.getClasspathElementFile()));
            }
        }
        return out;
    }

    /**
     * The not-supported annotations of {@link DeploymentFeatures} on classes of the app, on the
     * class, a method or a field. A {@code jakarta.servlet} one would count anywhere; the injection
     * annotations ({@code @EJB}, {@code @PersistenceContext} ...) only on the classes the container
     * would instantiate (servlets, filters, listeners, upgrade handlers, Servlet 6.1 §15.5):
     * elsewhere they belong to a framework that handles them itself. On those classes a
     * {@code @Resource} of an env-entry type (a field, a setter's argument, or a class-level
     * {@code type}) is acted on; one of any other type (a {@code DataSource} ...) is a
     * {@code resource-ref}, refused.
     *
     * @return each use, e.g. {@code @Resource on com.acme.Cart.db (javax.sql.DataSource, WEB-INF/classes)}
     */
    List<DeploymentFeatures.Use> unsupportedAnnotations() {
        List<DeploymentFeatures.Use> out = new ArrayList<>();
        if (result == null) {
            return out;
        }
        for (Map.Entry<String, DeploymentFeatures.Feature> a : DeploymentFeatures.annotations().entrySet()) {
            DeploymentFeatures.Feature f = a.getValue();
            if (f.support() != DeploymentFeatures.Support.NOT_SUPPORTED) {
                continue;
            }
            String type = a.getKey();
            boolean anywhere = type.startsWith("jakarta.servlet.");
            Set<ClassInfo> classes = carrying(type);
            for (ClassInfo c : classes) {
                if (counted(c) != null && (anywhere || isContainerManaged(c))) {
                    out.add(new DeploymentFeatures.Use(f, "@" + type.substring(type.lastIndexOf('.') + 1) + " on "
                            + c.getName() + " (" + element(c) + ")"));
                }
            }
        }
        resources(out);
        tagHandlers(out);
        return out;
    }

    /** Adds each JSP tag handler with {@code @Resource}, {@code @PostConstruct} or {@code @PreDestroy}. */
    private void tagHandlers(List<DeploymentFeatures.Use> out) {
        for (String type : new String[] {RESOURCE, "jakarta.annotation.PostConstruct", "jakarta.annotation.PreDestroy"}) {
            Set<ClassInfo> classes = carrying(type);
            for (ClassInfo c : classes) {
                if (counted(c) != null && isTagHandler(c)) {
                    out.add(new DeploymentFeatures.Use(DeploymentFeatures.TAG_HANDLER_INJECTION, "@"
                            + type.substring(type.lastIndexOf('.') + 1) + " on tag handler " + c.getName() + " ("
                            + element(c) + ")"));
                }
            }
        }
    }

    private static boolean isTagHandler(ClassInfo c) {
        for (ClassInfo s : supertypes(c)) {
            if (s.getName().startsWith("jakarta.servlet.jsp.tagext.")) { // JspTag, SimpleTagSupport, TagSupport ...
                return true;
            }
        }
        return false;
    }

    /** @return the classes with {@code annotation} on the class, a method or a field */
    private Set<ClassInfo> carrying(String annotation) {
        Set<ClassInfo> classes = new LinkedHashSet<>(annotated(annotation));
        classes.addAll(result.getClassesWithMethodAnnotation(annotation));
        classes.addAll(result.getClassesWithFieldAnnotation(annotation));
        return classes;
    }

    /**
     * @param types fully qualified names of annotations or supertypes
     * @return the counted classes carrying one of the annotations (on the class) or, concrete, with
     *     one of them among their supertypes, by name: each as {@code name} and where it was found
     */
    Map<String, String> classesOf(List<String> types) {
        Map<String, String> out = new LinkedHashMap<>();
        if (result != null) {
            for (ClassInfo c : result.getAllClasses()) {
                boolean of = types.stream().anyMatch(t -> c.hasAnnotation(t)
                        || !c.isAbstract() && !c.isInterface() && supertypes(c).stream().anyMatch(s -> s.getName().equals(t)));
                if (of && counted(c) != null) {
                    out.put(c.getName(), element(c));
                }
            }
        }
        return out;
    }

    /** @return {@code c}'s superclasses and interfaces, as far as the scan knows them */
    private static List<ClassInfo> supertypes(ClassInfo c) {
        List<ClassInfo> supers = new ArrayList<>(c.getSuperclasses());
        supers.addAll(c.getInterfaces());
        return supers;
    }

    /** Adds each {@code @Resource} of a type that is not an env-entry type on a container-managed class. */
    private void resources(List<DeploymentFeatures.Use> out) {
        DeploymentFeatures.Feature ref = DeploymentFeatures.element("", "resource-ref");
        Set<ClassInfo> classes = carrying(RESOURCE);
        for (ClassInfo c : classes) {
            if (!isContainerManaged(c)) {
                continue;
            }
            List<String[]> targets = new ArrayList<>();
            AnnotationInfo onClass = c.getAnnotationInfo(RESOURCE);
            if (onClass != null) {
                Object t = onClass.getParameterValues().getValue("type");
                targets.add(new String[] {c.getName(), t instanceof AnnotationClassRef r ? r.getName()
                        : "java.lang.Object"});
            }
            for (FieldInfo f : c.getDeclaredFieldInfo()) {
                if (f.hasAnnotation(RESOURCE)) {
                    targets.add(new String[] {c.getName() + "." + f.getName(),
                            f.getTypeSignatureOrTypeDescriptor().toString()});
                }
            }
            for (MethodInfo m : c.getDeclaredMethodInfo()) {
                if (m.hasAnnotation(RESOURCE)) {
                    MethodParameterInfo[] p = m.getParameterInfo();
                    targets.add(new String[] {c.getName() + "." + m.getName() + "()", p.length == 1
                            ? p[0].getTypeSignatureOrTypeDescriptor().toString() : "not a setter"});
                }
            }
            for (String[] t : targets) {
                if (EnvEntryTypes.of(t[1]) == null) {
                    out.add(new DeploymentFeatures.Use(ref, "@Resource on " + t[0] + " (" + t[1] + ", "
                            + element(c) + ")"));
                }
            }
        }
    }

    private static boolean isContainerManaged(ClassInfo c) {
        for (ClassInfo s : supertypes(c)) {
            String n = s.getName();
            if (n.equals("java.util.EventListener") || n.startsWith("jakarta.servlet.") && (n.endsWith("Servlet")
                    || n.endsWith("Filter") || n.endsWith("Listener") || n.endsWith("UpgradeHandler"))) {
                return true;
            }
        }
        return false;
    }

    private ClassInfoList annotated(String annotation) {
        return result == null ? new ClassInfoList()
                : result.getClassesWithAnnotation(annotation).filter(c -> counted(c) != null);
    }

    /** @return {@code c}, or {@code null} when it is absent or in a jar whose annotations are ignored */
    private ClassInfo counted(ClassInfo c) {
        return c == null || !ignored.isEmpty() && ignored.contains(element(c)) ? null : c;
    }

    private String element(ClassInfo c) {
        return relative(c.getClasspathElementFile());
    }

    private String relative(File f) {
        return f == null ? "?" : base.toAbsolutePath().relativize(f.toPath().toAbsolutePath()).toString()
                .replace(File.separatorChar, '/');
    }

    private static List<String> patterns(AnnotationInfo a, String where) throws DeploymentException {
        List<String> out = new ArrayList<>();
        for (Object p : array(a, "urlPatterns")) {
            out.add(WebXmlParser.checkPattern((String) p, where));
        }
        for (Object p : array(a, "value")) {
            out.add(WebXmlParser.checkPattern((String) p, where));
        }
        return out;
    }

    private static Map<String, String> initParams(AnnotationInfo a) {
        Map<String, String> params = new LinkedHashMap<>();
        for (Object p : array(a, "initParams")) {
            AnnotationInfo param = (AnnotationInfo) p;
            params.put(string(param, "name", ""), string(param, "value", ""));
        }
        return params;
    }

    private static Object[] array(AnnotationInfo a, String name) {
        Object v = a.getParameterValues().getValue(name);
        return v instanceof Object[] ? (Object[]) v : new Object[0];
    }

    private static String string(AnnotationInfo a, String name, String fallback) {
        Object v = a.getParameterValues().getValue(name);
        return v == null ? fallback : v.toString();
    }

    private static boolean bool(AnnotationInfo a, String name) {
        return Boolean.TRUE.equals(a.getParameterValues().getValue(name));
    }

    @Override
    public void close() {
        if (result != null) {
            result.close();
        }
    }
}
