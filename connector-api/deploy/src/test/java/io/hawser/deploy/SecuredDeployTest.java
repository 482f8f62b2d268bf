package io.hawser.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.security.AuthenticatedUser;
import io.hawser.security.Realm;
import io.hawser.servlet.LoginConfig;
import io.hawser.servlet.SecurityConstraint;
import io.hawser.servlet.WebResourceCollection;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A protected web app deployed with a realm starts, and its WebApp carries what web.xml and the
 * annotations declare (needs the servlet layer's enforcement: WebApp.start and setServletSecurity
 * refuse security until then).
 */
class SecuredDeployTest {
    private static final Realm REALM = (name, password) -> name.equals("admin") && password.equals("secret")
            ? AuthenticatedUser.of("admin", Set.of("admin")) : null;
    @TempDir
    Path dir;

    @Test
    void aProtectedAppDeploysWithARealmAndCarriesItsSecurity() throws Exception {
        Path app = dir.resolve("shop");
        TestWars.write(app.resolve("WEB-INF/web.xml"), TestWars.webXml("""
                <security-constraint>
                  <web-resource-collection><web-resource-name>admin</web-resource-name>
                    <url-pattern>/admin/*</url-pattern></web-resource-collection>
                  <auth-constraint><role-name>admin</role-name></auth-constraint>
                </security-constraint>
                <login-config><auth-method>FORM</auth-method><form-login-config>
                  <form-login-page>/login.html</form-login-page><form-error-page>/error.html</form-error-page>
                </form-login-config></login-config>
                <security-role><role-name>admin</role-name></security-role>
                <deny-uncovered-http-methods/>
                <servlet><servlet-name>report</servlet-name><servlet-class>com.acme.Report</servlet-class>
                  <run-as><role-name>admin</role-name></run-as>
                  <security-role-ref><role-name>boss</role-name><role-link>admin</role-link></security-role-ref>
                </servlet>
                <servlet-mapping><servlet-name>report</servlet-name><url-pattern>/report</url-pattern></servlet-mapping>
                """));
        Map<String, String> classes = new HashMap<>(SecurityAnnotationsTest.ANNOTATION_TYPES);
        classes.put("com.acme.Report", "package com.acme; import jakarta.servlet.annotation.*;"
                + " @ServletSecurity(@HttpConstraint(rolesAllowed = \"admin\"))"
                + " public class Report extends jakarta.servlet.http.HttpServlet {}");
        classes.put("com.acme.Ops", "package com.acme; import jakarta.servlet.annotation.*;"
                + " @WebServlet(\"/ops\") @jakarta.annotation.security.DeclareRoles(\"ops\")"
                + " @ServletSecurity(httpMethodConstraints = @HttpMethodConstraint(value = \"POST\","
                + " rolesAllowed = \"ops\")) public class Ops extends jakarta.servlet.http.HttpServlet {}");
        TestWars.compile(app.resolve("WEB-INF/classes"), classes);
        try (DeployedApp d = Deployer.deploy(app, "/shop", Deployer.class.getClassLoader(), Unenforced.NONE, REALM, 0)) {
            assertThat(d.webApp().realm()).isSameAs(REALM);
            assertThat(d.webApp().loginConfig()).isEqualTo(LoginConfig.form(null, "/login.html", "/error.html"));
            assertThat(d.webApp().securityConstraints()).contains(SecurityConstraint.rolesAllowed(
                    new WebResourceCollection("admin", java.util.List.of("/admin/*"), Set.of(), Set.of()), "admin"));
            assertThat(d.webApp().declaredRoles()).contains("admin", "ops");
            assertThat(d.webApp().securityRoleRefs("report")).isEqualTo(Map.of("boss", "admin"));
            assertThat(d.webApp().denyUncoveredHttpMethods()).isTrue();
            assertThat(d.webApp().servletContext().getServletRegistration("report").getRunAsRole()).isEqualTo("admin");
        }
    }
}
