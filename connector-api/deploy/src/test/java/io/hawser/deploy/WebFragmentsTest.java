package io.hawser.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hawser.security.Realm;
import jakarta.servlet.ServletContext;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Web fragments (Servlet 6.1 §8.2): read from WEB-INF/lib jars, ordered, merged into web.xml, refused on conflict. */
class WebFragmentsTest {
    private static final String NS = "xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"6.1\"";
    @TempDir
    Path dir;

    /** Writes WEB-INF/lib/{jar} holding the fragment (when not null) and the given extra text entries. */
    private Path jar(Path app, String jar, String fragmentBody, Map<String, String> entries) throws Exception {
        Path file = app.resolve("WEB-INF/lib/" + jar);
        Files.createDirectories(file.getParent());
        Map<String, String> all = new LinkedHashMap<>(entries);
        if (fragmentBody != null) {
            all.put("META-INF/web-fragment.xml", fragmentBody.startsWith("<web-") ? fragmentBody
                    : "<web-fragment " + NS + ">" + fragmentBody + "</web-fragment>");
        }
        try (OutputStream o = Files.newOutputStream(file); JarOutputStream j = new JarOutputStream(o, new Manifest())) {
            for (Map.Entry<String, String> e : all.entrySet()) {
                j.putNextEntry(new JarEntry(e.getKey()));
                j.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                j.closeEntry();
            }
        }
        return file;
    }

    /** Adds the compiled classes of {@code classes} to a new jar (with the fragment). */
    private void classJar(Path app, String jar, String fragmentBody, Map<String, String> sources,
                          Map<String, String> entries) throws Exception {
        Path out = dir.resolve("classes-" + jar);
        TestWars.compile(out, sources);
        Map<String, String> all = new LinkedHashMap<>(entries);
        Path file = jar(app, jar, fragmentBody, all);
        Path tmp = Files.createTempFile(dir, "j", ".jar");
        try (OutputStream o = Files.newOutputStream(tmp); JarOutputStream j = new JarOutputStream(o, new Manifest());
             java.util.jar.JarFile old = new java.util.jar.JarFile(file.toFile()); Stream<Path> files = Files.walk(out)) {
            for (JarEntry e : java.util.Collections.list(old.entries())) {
                if (!e.getName().equals("META-INF/MANIFEST.MF")) {
                    j.putNextEntry(new JarEntry(e.getName()));
                    j.write(old.getInputStream(e).readAllBytes());
                    j.closeEntry();
                }
            }
            for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                j.putNextEntry(new JarEntry(out.relativize(p).toString().replace('\\', '/')));
                j.write(Files.readAllBytes(p));
                j.closeEntry();
            }
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    private Path app(String name, String webXmlBody) throws Exception {
        Path app = dir.resolve(name);
        Files.createDirectories(app.resolve("WEB-INF/lib"));
        if (webXmlBody != null) {
            TestWars.write(app.resolve("WEB-INF/web.xml"), webXmlBody.startsWith("<web-app") ? webXmlBody
                    : TestWars.webXml(webXmlBody));
        }
        return app;
    }

    private static WebXml merged(Path app) throws Exception {
        Path web = app.resolve(WebXmlParser.FILE);
        WebXml xml = Files.isRegularFile(web) ? WebXmlParser.parse(web) : WebXml.NONE;
        return FragmentMerge.merge(xml, FragmentOrder.of(xml.absoluteOrdering(), WebFragment.readAll(app)).fragments());
    }

    private static List<String> order(Path app) throws Exception {
        Path web = app.resolve(WebXmlParser.FILE);
        WebXml xml = Files.isRegularFile(web) ? WebXmlParser.parse(web) : WebXml.NONE;
        return FragmentOrder.of(xml.absoluteOrdering(), WebFragment.readAll(app)).orderedLibs();
    }

    private static String refusal(ThrowingRunnable r) {
        DeploymentException e = catchThrowableOfType(DeploymentException.class, r::run);
        assertThat(e).as("refused").isNotNull();
        return e.getMessage();
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    private static String filter(String name, String pattern) {
        return "<filter><filter-name>" + name + "</filter-name><filter-class>com.acme." + name + "</filter-class></filter>"
                + "<filter-mapping><filter-name>" + name + "</filter-name><url-pattern>" + pattern
                + "</url-pattern></filter-mapping>";
    }

    private static String param(String name, String value) {
        return "<context-param><param-name>" + name + "</param-name><param-value>" + value + "</param-value></context-param>";
    }

    @Test
    void webXmlWinsAndFragmentsAddInFragmentOrder() throws Exception {
        Path app = app("merge", filter("X", "/*") + param("mode", "xml")
                + "<servlet><servlet-name>s</servlet-name><servlet-class>com.acme.XmlServlet</servlet-class></servlet>");
        jar(app, "a.jar", "<name>a</name><ordering><after><name>b</name></after></ordering>" + filter("A", "/*")
                + param("mode", "a") + param("only-a", "1")
                + "<servlet><servlet-name>s</servlet-name><servlet-class>com.acme.FragServlet</servlet-class></servlet>"
                + "<listener><listener-class>com.acme.L</listener-class></listener>", Map.of());
        jar(app, "b.jar", "<name>b</name>" + filter("B", "/b/*"), Map.of());
        jar(app, "plain.jar", null, Map.of());
        WebXml x = merged(app);
        assertThat(x.filterMappings()).extracting(FilterMappingDecl::filterName).containsExactly("X", "B", "A");
        assertThat(x.contextParams()).containsExactly(Map.entry("mode", "xml"), Map.entry("only-a", "1"));
        assertThat(x.servlets()).singleElement().extracting(ServletDecl::className).isEqualTo("com.acme.XmlServlet");
        assertThat(x.listeners()).containsExactly("com.acme.L");
        assertThat(x.filters()).filteredOn(f -> f.name().equals("A")).singleElement().extracting(FilterDecl::origin)
                .asString().startsWith("WEB-INF/lib/a.jar!/META-INF/web-fragment.xml <filter>");
        assertThat(order(app)).containsExactly("b.jar", "a.jar", "plain.jar");
    }

    @Test
    void aWebXmlFilterMappingReplacesTheFragmentsMappingsOfThatFilter() throws Exception {
        Path app = app("remap", "<filter-mapping><filter-name>A</filter-name><url-pattern>/only</url-pattern>"
                + "</filter-mapping>");
        jar(app, "a.jar", filter("A", "/*"), Map.of());
        WebXml x = merged(app);
        assertThat(x.filterMappings()).singleElement().extracting(FilterMappingDecl::urlPatterns)
                .isEqualTo(List.of("/only"));
    }

    @Test
    void conflictingFragmentsAreRefusedNamingBothUnlessWebXmlSettlesIt() throws Exception {
        Path app = app("conflict", null);
        jar(app, "a.jar", param("mode", "a"), Map.of());
        jar(app, "b.jar", param("mode", "b"), Map.of());
        assertThat(refusal(() -> merged(app))).isEqualTo("WEB-INF/lib/b.jar!/META-INF/web-fragment.xml <context-param>"
                + " \"mode\": conflicts with WEB-INF/lib/a.jar!/META-INF/web-fragment.xml <context-param> \"mode\", and"
                + " WEB-INF/web.xml does not declare it to settle which wins (Servlet 6.1 §8.2.3)");
        TestWars.write(app.resolve("WEB-INF/web.xml"), TestWars.webXml(param("mode", "xml")));
        assertThat(merged(app).contextParams()).containsExactly(Map.entry("mode", "xml"));

        Path servlets = app("servlets", null);
        jar(servlets, "a.jar", "<servlet><servlet-name>s</servlet-name><servlet-class>com.acme.A</servlet-class></servlet>",
                Map.of());
        jar(servlets, "b.jar", "<servlet><servlet-name>s</servlet-name><servlet-class>com.acme.B</servlet-class></servlet>",
                Map.of());
        assertThat(refusal(() -> merged(servlets))).startsWith("WEB-INF/lib/b.jar!/META-INF/web-fragment.xml <servlet>"
                + " \"s\": conflicts with WEB-INF/lib/a.jar!/META-INF/web-fragment.xml <servlet> \"s\"");
        jar(servlets, "b.jar", "<servlet><servlet-name>s</servlet-name><servlet-class>com.acme.A</servlet-class></servlet>",
                Map.of());
        assertThat(merged(servlets).servlets()).hasSize(1);
    }

    @Test
    void relativeOrderingHonoursOthersAndRefusesCyclesAndDuplicateNames() throws Exception {
        Path app = app("relative", null);
        jar(app, "a.jar", "<name>a</name><ordering><after><others/></after></ordering>", Map.of());
        jar(app, "b.jar", "<name>b</name>", Map.of());
        jar(app, "c.jar", "<name>c</name><ordering><before><others/></before></ordering>", Map.of());
        jar(app, "d.jar", "<name>d</name><ordering><before><name>c</name></before></ordering>", Map.of());
        jar(app, "e.jar", null, Map.of());
        assertThat(order(app)).containsExactly("d.jar", "c.jar", "b.jar", "e.jar", "a.jar");

        Path cycle = app("cycle", null);
        jar(cycle, "a.jar", "<name>a</name><ordering><before><name>b</name></before></ordering>", Map.of());
        jar(cycle, "b.jar", "<name>b</name><ordering><before><name>c</name></before></ordering>", Map.of());
        jar(cycle, "c.jar", "<name>c</name><ordering><before><name>a</name></before></ordering>", Map.of());
        jar(cycle, "z.jar", "<name>z</name><ordering><after><name>a</name></after></ordering>", Map.of());
        assertThat(refusal(() -> order(cycle))).isEqualTo("WEB-INF/lib <ordering>: the web fragments' <before> and"
                + " <after> form a cycle: \"a\" (WEB-INF/lib/a.jar) before \"b\" (WEB-INF/lib/b.jar) before \"c\""
                + " (WEB-INF/lib/c.jar) before \"a\" (WEB-INF/lib/a.jar) (Servlet 6.1 §8.2.2)");

        Path twice = app("twice", null);
        jar(twice, "a.jar", "<name>same</name>", Map.of());
        jar(twice, "b.jar", "<name>same</name>", Map.of());
        assertThat(refusal(() -> order(twice))).isEqualTo("WEB-INF/lib/b.jar!/META-INF/web-fragment.xml <name>: \"same\""
                + " is also the name of WEB-INF/lib/a.jar!/META-INF/web-fragment.xml; fragment names must be unique"
                + " (Servlet 6.1 §8.2.2)");
    }

    @Test
    void absoluteOrderingOrdersAndExcludes() throws Exception {
        Path app = app("absolute", "<absolute-ordering><name>b</name><others/><name>a</name></absolute-ordering>");
        jar(app, "a.jar", "<name>a</name><ordering><before><others/></before></ordering>", Map.of());
        jar(app, "b.jar", "<name>b</name>", Map.of());
        jar(app, "c.jar", null, Map.of());
        jar(app, "d.jar", "<name>d</name>", Map.of());
        assertThat(order(app)).containsExactly("b.jar", "c.jar", "d.jar", "a.jar");
        TestWars.write(app.resolve("WEB-INF/web.xml"), TestWars.webXml(
                "<absolute-ordering><name>a</name><name>nobody</name></absolute-ordering>"));
        assertThat(order(app)).containsExactly("a.jar");
    }

    @Test
    void aFragmentElementHawserDoesNotKnowOrEnforceIsRefusedNamingTheFragment() throws Exception {
        Path app = app("unknown", null);
        jar(app, "a.jar", "<absolute-ordering/>", Map.of());
        assertThat(refusal(() -> merged(app))).startsWith("WEB-INF/lib/a.jar!/META-INF/web-fragment.xml"
                + " <absolute-ordering>: not an element of the Servlet 6.1 deployment descriptor");
        jar(app, "a.jar", "<web-app " + NS + "/>", Map.of());
        assertThat(refusal(() -> merged(app))).isEqualTo("WEB-INF/lib/a.jar!/META-INF/web-fragment.xml: the root"
                + " element is <web-app>, not <web-fragment>");
        jar(app, "a.jar", "<filter><filter-name>f</filter-name></filter>", Map.of());
        assertThat(refusal(() -> merged(app))).isEqualTo("WEB-INF/lib/a.jar!/META-INF/web-fragment.xml <filter> \"f\":"
                + " <filter-class> is missing");
    }

    @Test
    void deployedFragmentsRegisterTheirFiltersSetOrderedLibsAndExcludedJarsOfferNoInitializer() throws Exception {
        Path app = app("deployed", "<absolute-ordering><name>kept</name></absolute-ordering>");
        String filter = "package com.acme; public class %s implements jakarta.servlet.Filter { public void doFilter("
                + "jakarta.servlet.ServletRequest q, jakarta.servlet.ServletResponse r, jakarta.servlet.FilterChain c)"
                + " throws java.io.IOException, jakarta.servlet.ServletException { c.doFilter(q, r); } }";
        String sci = "package com.acme; public class %s implements jakarta.servlet.ServletContainerInitializer {"
                + " public void onStartup(java.util.Set<Class<?>> c, jakarta.servlet.ServletContext ctx) {"
                + " ctx.setAttribute(\"%s\", \"ran\"); } }";
        String services = "META-INF/services/jakarta.servlet.ServletContainerInitializer";
        classJar(app, "kept.jar", "<name>kept</name>" + filter("KeptFilter", "/*"), Map.of(
                "com.acme.KeptFilter", filter.formatted("KeptFilter"), "com.acme.KeptInit", sci.formatted("KeptInit",
                        "kept")), Map.of(services, "com.acme.KeptInit\n"));
        classJar(app, "gone.jar", "<name>gone</name>" + filter("GoneFilter", "/*"), Map.of(
                "com.acme.GoneFilter", filter.formatted("GoneFilter"), "com.acme.GoneInit", sci.formatted("GoneInit", "gone")),
                Map.of(services, "com.acme.GoneInit\n"));
        try (DeployedApp d = Deployer.deploy(app, "/x")) {
            ServletContext c = d.webApp().servletContext();
            assertThat(c.getFilterRegistrations()).containsKey("KeptFilter").doesNotContainKey("GoneFilter");
            assertThat(c.getAttribute(ServletContext.ORDERED_LIBS)).isEqualTo(List.of("kept.jar"));
            assertThat(c.getAttribute("kept")).isEqualTo("ran");
            assertThat(c.getAttribute("gone")).isNull();
        }
    }

    @Test
    void metadataCompleteKeepsAnnotationsOutPerFragmentAndFragmentsOutForWebXml() throws Exception {
        String annotated = "package com.acme; @jakarta.servlet.annotation.WebFilter(\"/%s/*\") public class %s"
                + " implements jakarta.servlet.Filter { public void doFilter(jakarta.servlet.ServletRequest q,"
                + " jakarta.servlet.ServletResponse r, jakarta.servlet.FilterChain c) throws java.io.IOException,"
                + " jakarta.servlet.ServletException { c.doFilter(q, r); } }";
        Path app = app("annotations", null);
        classJar(app, "open.jar", "<name>open</name>" + param("from-open", "1"),
                Map.of("com.acme.OpenFilter", annotated.formatted("o", "OpenFilter")), Map.of());
        classJar(app, "closed.jar", "<web-fragment " + NS + " metadata-complete=\"true\">" + param("from-closed", "1")
                + "</web-fragment>", Map.of("com.acme.ClosedFilter", annotated.formatted("c", "ClosedFilter")), Map.of());
        classJar(app, "plain.jar", null, Map.of("com.acme.PlainFilter", annotated.formatted("p", "PlainFilter")), Map.of());
        try (DeployedApp d = Deployer.deploy(app, "/x")) {
            ServletContext c = d.webApp().servletContext();
            assertThat(c.getFilterRegistrations()).containsKeys("com.acme.OpenFilter", "com.acme.PlainFilter")
                    .doesNotContainKey("com.acme.ClosedFilter");
            assertThat(c.getInitParameter("from-closed")).isEqualTo("1");
            assertThat(c.getAttribute(ServletContext.ORDERED_LIBS)).as("no ordering declared").isNull();
        }
        TestWars.write(app.resolve("WEB-INF/web.xml"), TestWars.webXml("<absolute-ordering><name>open</name>"
                + "</absolute-ordering>"));
        try (DeployedApp d = Deployer.deploy(app, "/x")) {
            ServletContext c = d.webApp().servletContext();
            assertThat(c.getFilterRegistrations()).containsKey("com.acme.OpenFilter")
                    .doesNotContainKeys("com.acme.PlainFilter", "com.acme.ClosedFilter");
            assertThat(c.getInitParameter("from-closed")).isNull();
        }
        TestWars.write(app.resolve("WEB-INF/web.xml"), "<web-app " + NS + " metadata-complete=\"true\"/>");
        try (DeployedApp d = Deployer.deploy(app, "/x")) {
            ServletContext c = d.webApp().servletContext();
            assertThat(c.getFilterRegistrations()).isEmpty();
            assertThat(c.getInitParameter("from-open")).isNull();
        }
    }

    @Test
    void aFragmentsRoleLinkMayNameAWebXmlRoleButNotAnUndeclaredOne() throws Exception {
        Path app = app("links", "<security-role><role-name>admin</role-name></security-role>");
        String servlet = "<servlet><servlet-name>s</servlet-name><servlet-class>com.acme.S</servlet-class>"
                + "<security-role-ref><role-name>boss</role-name><role-link>%s</role-link></security-role-ref></servlet>";
        jar(app, "a.jar", servlet.formatted("admin"), Map.of());
        assertThat(merged(app).security().roleRefs()).isEqualTo(Map.of("s", Map.of("boss", "admin")));
        jar(app, "a.jar", servlet.formatted("nobody"), Map.of());
        assertThat(refusal(() -> merged(app))).isEqualTo("WEB-INF/lib/a.jar!/META-INF/web-fragment.xml <servlet> \"s\""
                + " <security-role-ref> \"boss\" <role-link>: \"nobody\" is not declared by a <security-role> of"
                + " web.xml or a web fragment");
    }

    @Test
    void aFragmentsLoginConfigNeedsARealmAndItsConstraintsReachTheApp() throws Exception {
        Path app = app("secured", null);
        jar(app, "sec.jar", "<security-constraint><web-resource-collection><web-resource-name>a</web-resource-name>"
                + "<url-pattern>/admin/*</url-pattern></web-resource-collection><auth-constraint><role-name>admin"
                + "</role-name></auth-constraint></security-constraint><login-config><auth-method>BASIC</auth-method>"
                + "</login-config><security-role><role-name>admin</role-name></security-role>", Map.of());
        assertThat(refusal(() -> Deployer.deploy(app, "/x").close())).startsWith("cannot deploy " + app
                + ": WEB-INF/lib/sec.jar!/META-INF/web-fragment.xml <security-constraint> <auth-constraint>: users must"
                + " sign in, but no realm was given");
        Realm realm = (user, password) -> null;
        try (DeployedApp d = Deployer.deploy(app, "/x", Deployer.class.getClassLoader(), Unenforced.NONE, realm, 0)) {
            assertThat(d.webApp().declaredRoles()).contains("admin");
            assertThat(d.webApp().loginConfig().authMethod()).isEqualTo("BASIC");
            assertThat(d.webApp().securityConstraints()).hasSize(1);
        }
    }
}
