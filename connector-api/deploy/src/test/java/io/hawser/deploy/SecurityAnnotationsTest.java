package io.hawser.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.servlet.WebApp;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @DeclareRoles}, {@code @RunAs} and the roles of {@code @ServletSecurity}, read from class
 * files and handed to the web app (unless {@code metadata-complete}).
 */
class SecurityAnnotationsTest {
    /** Stand-ins for jakarta.annotation.security (not on the deployer's class path; the scan matches by name). */
    static final Map<String, String> ANNOTATION_TYPES = Map.of(
            "jakarta.annotation.security.DeclareRoles", "package jakarta.annotation.security;"
                    + " @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)"
                    + " public @interface DeclareRoles { String[] value(); }",
            "jakarta.annotation.security.RunAs", "package jakarta.annotation.security;"
                    + " @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)"
                    + " public @interface RunAs { String value(); }");
    @TempDir
    Path dir;

    private Path app(Map<String, String> classes) throws Exception {
        Path app = dir.resolve("app");
        Map<String, String> sources = new HashMap<>(ANNOTATION_TYPES);
        sources.putAll(classes);
        TestWars.compile(app.resolve("WEB-INF/classes"), sources);
        return app;
    }

    private static final Map<String, String> CLASSES = Map.of(
            "com.acme.Report", "package com.acme; import jakarta.annotation.security.*;"
                    + " @jakarta.servlet.annotation.WebServlet(\"/report\") @DeclareRoles({\"admin\", \"auditor\"})"
                    + " @RunAs(\"auditor\") public class Report extends jakarta.servlet.http.HttpServlet {}",
            "com.acme.Audit", "package com.acme; @jakarta.annotation.security.DeclareRoles(\"ops\")"
                    + " public class Audit implements jakarta.servlet.Filter { public void doFilter("
                    + "jakarta.servlet.ServletRequest q, jakarta.servlet.ServletResponse r, jakarta.servlet.FilterChain c)"
                    + " {} }",
            "com.acme.Bean", "package com.acme; @jakarta.annotation.security.DeclareRoles(\"framework-role\")"
                    + " public class Bean {}");

    /** Assembles the app as the deployer does and returns its WebApp, not started. */
    private static WebApp assemble(Path base, WebXml xml) throws Exception {
        WebAppClassLoader loader = new WebAppClassLoader("test", base, SecurityAnnotationsTest.class.getClassLoader());
        WebApp webApp = WebApp.create("/x", base, loader);
        try (AnnotationScan scan = AnnotationScan.of(base)) {
            xml.security().applyTo(webApp);
            new ContextAssembler(webApp, loader).apply(xml, xml.metadataComplete() ? null : scan);
        }
        return webApp;
    }

    @Test
    void declareRolesOnContainerClassesAndRunAsOnServletsReachTheWebApp() throws Exception {
        Path base = app(CLASSES);
        try (AnnotationScan scan = AnnotationScan.of(base)) {
            assertThat(scan.declaredRoles()).containsOnlyKeys("com.acme.Report", "com.acme.Audit");
            assertThat(scan.runAs("com.acme.Report")).isEqualTo("auditor");
            assertThat(scan.runAs("com.acme.Audit")).isNull();
        }
        WebApp webApp = assemble(base, WebXml.NONE);
        assertThat(webApp.declaredRoles()).containsExactlyInAnyOrder("admin", "auditor", "ops");
        assertThat(webApp.servletContext().getServletRegistration("com.acme.Report").getRunAsRole())
                .isEqualTo("auditor");
    }

    @Test
    void webXmlRunAsWinsAndMetadataCompleteIgnoresTheAnnotations() throws Exception {
        Path base = app(CLASSES);
        TestWars.write(base.resolve("WEB-INF/web.xml"), TestWars.webXml("""
                <security-role><role-name>boss</role-name></security-role>
                <servlet><servlet-name>com.acme.Report</servlet-name><servlet-class>com.acme.Report</servlet-class>
                  <run-as><role-name>boss</role-name></run-as></servlet>"""));
        WebApp webApp = assemble(base, WebXmlParser.parse(base.resolve("WEB-INF/web.xml")));
        assertThat(webApp.servletContext().getServletRegistration("com.acme.Report").getRunAsRole()).isEqualTo("boss");
        assertThat(webApp.declaredRoles()).containsExactlyInAnyOrder("boss", "admin", "auditor", "ops");

        TestWars.write(base.resolve("WEB-INF/web.xml"), """
                <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.1" metadata-complete="true">
                <servlet><servlet-name>report</servlet-name><servlet-class>com.acme.Report</servlet-class></servlet>
                </web-app>""");
        WebApp complete = assemble(base, WebXmlParser.parse(base.resolve("WEB-INF/web.xml")));
        assertThat(complete.declaredRoles()).isEmpty();
        assertThat(complete.servletContext().getServletRegistration("report").getRunAsRole()).isNull();
    }

    @Test
    void servletSecurityNamingRolesNeedsARealm() throws Exception {
        Path base = app(Map.of(
                "com.acme.Denied", "package com.acme; import jakarta.servlet.annotation.*;"
                        + " @ServletSecurity(@HttpConstraint(ServletSecurity.EmptyRoleSemantic.DENY))"
                        + " public class Denied extends jakarta.servlet.http.HttpServlet {}",
                "com.acme.Tls", "package com.acme; import jakarta.servlet.annotation.*;"
                        + " @ServletSecurity(@HttpConstraint(transportGuarantee ="
                        + " ServletSecurity.TransportGuarantee.CONFIDENTIAL))"
                        + " public class Tls extends jakarta.servlet.http.HttpServlet {}"));
        try (AnnotationScan scan = AnnotationScan.of(base)) {
            assertThat(scan.realmNeededBy()).isNull();
        }
        Path posts = dir.resolve("posts");
        TestWars.compile(posts.resolve("WEB-INF/classes"), Map.of("com.acme.Posts", "package com.acme;"
                + " import jakarta.servlet.annotation.*; @ServletSecurity(httpMethodConstraints ="
                + " @HttpMethodConstraint(value = \"POST\", rolesAllowed = \"editor\"))"
                + " public class Posts extends jakarta.servlet.http.HttpServlet {}"));
        try (AnnotationScan scan = AnnotationScan.of(posts)) {
            assertThat(scan.realmNeededBy()).isEqualTo("@ServletSecurity on com.acme.Posts (WEB-INF/classes)");
        }
        Path admin = dir.resolve("admin");
        TestWars.compile(admin.resolve("WEB-INF/classes"), Map.of("com.acme.Admin", "package com.acme;"
                + " import jakarta.servlet.annotation.*; @ServletSecurity(@HttpConstraint(rolesAllowed = \"admin\"))"
                + " public class Admin extends jakarta.servlet.http.HttpServlet {}"));
        try (AnnotationScan scan = AnnotationScan.of(admin)) {
            assertThat(scan.realmNeededBy()).isEqualTo("@ServletSecurity on com.acme.Admin (WEB-INF/classes)");
            assertThat(List.copyOf(scan.unsupportedAnnotations())).isEmpty();
        }
    }
}
