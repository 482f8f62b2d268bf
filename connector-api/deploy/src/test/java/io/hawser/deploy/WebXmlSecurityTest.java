package io.hawser.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hawser.servlet.LoginConfig;
import io.hawser.servlet.SecurityConstraint;
import io.hawser.servlet.WebApp;
import io.hawser.servlet.WebResourceCollection;
import jakarta.servlet.annotation.ServletSecurity.TransportGuarantee;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The security elements of web.xml (Servlet 6.1 §13) as the parser reads them and hands them to the WebApp. */
class WebXmlSecurityTest {
    @TempDir
    Path dir;

    private WebXmlSecurity parse(String body) throws Exception {
        return WebXmlParser.parse(TestWars.write(dir.resolve("WEB-INF/web.xml"), TestWars.webXml(body))).security();
    }

    private String failure(String body) {
        DeploymentException e = catchThrowableOfType(DeploymentException.class, () -> parse(body));
        assertThat(e).as("refused: " + body).isNotNull();
        return e.getMessage();
    }

    private static final String ADMIN = """
            <security-constraint>
              <display-name>admin pages</display-name>
              <web-resource-collection>
                <web-resource-name>admin</web-resource-name><description>d</description>
                <url-pattern>/admin/*</url-pattern><url-pattern>*.do</url-pattern>
                <http-method>GET</http-method><http-method>POST</http-method>
              </web-resource-collection>
              <auth-constraint><description>d</description><role-name>admin</role-name><role-name>ops</role-name>
              </auth-constraint>
              <user-data-constraint><description>d</description><transport-guarantee>CONFIDENTIAL</transport-guarantee>
              </user-data-constraint>
            </security-constraint>
            """;

    @Test
    void readsASecurityConstraintWithEverySubElement() throws Exception {
        WebXmlSecurity s = parse(ADMIN + """
                <security-constraint>
                  <web-resource-collection><url-pattern>/api/*</url-pattern>
                    <http-method-omission>OPTIONS</http-method-omission></web-resource-collection>
                  <auth-constraint/>
                  <user-data-constraint><transport-guarantee>INTEGRAL</transport-guarantee></user-data-constraint>
                </security-constraint>
                <security-constraint>
                  <web-resource-collection><url-pattern>/open</url-pattern></web-resource-collection>
                  <user-data-constraint><transport-guarantee>NONE</transport-guarantee></user-data-constraint>
                </security-constraint>
                """);
        assertThat(s.constraints()).containsExactly(
                new SecurityConstraint(List.of(new WebResourceCollection("admin", List.of("/admin/*", "*.do"),
                        Set.of("GET", "POST"), Set.of())), List.of("admin", "ops"), TransportGuarantee.CONFIDENTIAL),
                new SecurityConstraint(List.of(new WebResourceCollection(null, List.of("/api/*"), Set.of(),
                        Set.of("OPTIONS"))), List.of(), TransportGuarantee.CONFIDENTIAL),
                new SecurityConstraint(List.of(WebResourceCollection.of("/open")), null, TransportGuarantee.NONE));
        assertThat(s.constraints().get(1).deniesAll()).isTrue();
        assertThat(s.realmNeededBy()).isEqualTo("WEB-INF/web.xml <security-constraint> <auth-constraint>");
        assertThat(s.loginConfig()).isNull();
    }

    @Test
    void aConstraintWithoutRolesNeedsNoRealm() throws Exception {
        assertThat(parse("""
                <security-constraint><web-resource-collection><url-pattern>/x</url-pattern></web-resource-collection>
                  <auth-constraint/></security-constraint>
                <security-constraint><web-resource-collection><url-pattern>/y</url-pattern></web-resource-collection>
                  <user-data-constraint><transport-guarantee>CONFIDENTIAL</transport-guarantee></user-data-constraint>
                </security-constraint>""").realmNeededBy()).isNull();
        assertThat(WebXml.NONE.security().realmNeededBy()).isNull();
    }

    @Test
    void readsLoginConfigRolesRunAsRoleRefsAndDenyUncovered() throws Exception {
        WebXmlSecurity s = parse("""
                <login-config><auth-method>FORM</auth-method><realm-name>shop</realm-name>
                  <form-login-config><form-login-page>/login.html</form-login-page>
                    <form-error-page>/login-error.html</form-error-page></form-login-config></login-config>
                <security-role><description>d</description><role-name>admin</role-name></security-role>
                <security-role><role-name>api</role-name></security-role>
                <deny-uncovered-http-methods/>
                <servlet><servlet-name>report</servlet-name><servlet-class>com.acme.Report</servlet-class>
                  <run-as><description>d</description><role-name>api</role-name></run-as>
                  <security-role-ref><description>d</description><role-name>boss</role-name>
                    <role-link>admin</role-link></security-role-ref>
                  <security-role-ref><role-name>api</role-name></security-role-ref>
                </servlet>
                """ + ADMIN);
        assertThat(s.loginConfig()).isEqualTo(LoginConfig.form("shop", "/login.html", "/login-error.html"));
        assertThat(s.roles()).containsExactly("admin", "api");
        assertThat(s.denyUncovered()).isTrue();
        assertThat(s.runAs()).isEqualTo(Map.of("report", "api"));
        assertThat(s.roleRefs()).isEqualTo(Map.of("report", Map.of("boss", "admin")));
        assertThat(s.realmNeededBy()).isEqualTo("WEB-INF/web.xml <login-config>");

        assertThat(parse("<login-config><realm-name>r</realm-name></login-config>").loginConfig())
                .isEqualTo(LoginConfig.basic("r"));
        assertThat(parse("<login-config><auth-method>BASIC</auth-method></login-config>").loginConfig())
                .isEqualTo(LoginConfig.basic(null));
        assertThat(parse("<login-config><auth-method>FORM</auth-method><realm-name> </realm-name><form-login-config>"
                + "<form-login-page>/in</form-login-page><form-error-page>/again</form-error-page></form-login-config>"
                + "</login-config>").loginConfig()).isEqualTo(LoginConfig.form(null, "/in", "/again"));
        WebXmlSecurity clientCert = parse("<login-config><auth-method>CLIENT-CERT</auth-method><realm-name>pki"
                + "</realm-name></login-config>");
        assertThat(clientCert.loginConfig()).isEqualTo(LoginConfig.clientCert("pki"));
        assertThat(clientCert.realmNeededBy()).isEqualTo("WEB-INF/web.xml <login-config>");
        assertThat(parse("").denyUncovered()).isFalse();
    }

    @Test
    void handsEverythingToTheWebApp() throws Exception {
        WebXmlSecurity s = parse("""
                <login-config><auth-method>BASIC</auth-method><realm-name>shop</realm-name></login-config>
                <security-role><role-name>admin</role-name></security-role>
                <deny-uncovered-http-methods/>
                <servlet><servlet-name>report</servlet-name><servlet-class>com.acme.Report</servlet-class>
                  <security-role-ref><role-name>boss</role-name><role-link>admin</role-link></security-role-ref>
                </servlet>
                """ + ADMIN);
        WebApp app = WebApp.create("/shop", dir, getClass().getClassLoader());
        s.applyTo(app);
        assertThat(app.loginConfig()).isEqualTo(LoginConfig.basic("shop"));
        assertThat(app.securityConstraints()).isEqualTo(s.constraints()).hasSize(1);
        assertThat(app.declaredRoles()).containsExactly("admin");
        assertThat(app.securityRoleRefs("report")).isEqualTo(Map.of("boss", "admin"));
        assertThat(app.denyUncoveredHttpMethods()).isTrue();
    }

    @Test
    void refusesMalformedValuesWithOneLineNamingTheElement() {
        assertThat(failure("<security-constraint><web-resource-collection><url-pattern>/x</url-pattern>"
                + "</web-resource-collection><user-data-constraint><transport-guarantee>SECRET</transport-guarantee>"
                + "</user-data-constraint></security-constraint>")).isEqualTo("WEB-INF/web.xml <security-constraint>"
                + " <user-data-constraint> <transport-guarantee>: \"SECRET\" is not NONE, INTEGRAL or CONFIDENTIAL");
        assertThat(failure("<login-config><auth-method>FORM</auth-method></login-config>")).isEqualTo(
                "WEB-INF/web.xml <login-config> <form-login-config>: FORM needs a <form-login-page> and a"
                        + " <form-error-page>, each a path starting with /");
        assertThat(failure("<login-config><auth-method>FORM</auth-method><form-login-config><form-login-page>"
                + "login.html</form-login-page><form-error-page>/e.html</form-error-page></form-login-config>"
                + "</login-config>")).startsWith("WEB-INF/web.xml <login-config> <form-login-config>: FORM needs");
        assertThat(failure("<login-config><auth-method>DIGEST</auth-method></login-config>")).isEqualTo(
                "WEB-INF/web.xml <login-config> <auth-method>: DIGEST is not implemented; use BASIC or FORM");
        assertThat(failure("<login-config><auth-method>NEGOTIATE</auth-method></login-config>")).isEqualTo(
                "WEB-INF/web.xml <login-config> <auth-method>: \"NEGOTIATE\" is not BASIC, FORM, DIGEST or CLIENT-CERT");
        assertThat(failure("<login-config/><login-config/>")).isEqualTo(
                "WEB-INF/web.xml <login-config>: declared twice (a web app has one)");
        assertThat(failure("<security-role><role-name>admin</role-name></security-role><servlet><servlet-name>r"
                + "</servlet-name><servlet-class>R</servlet-class><security-role-ref><role-name>boss</role-name>"
                + "<role-link>manager</role-link></security-role-ref></servlet>")).isEqualTo("WEB-INF/web.xml"
                + " <servlet> \"r\" <security-role-ref> \"boss\" <role-link>: \"manager\" is not declared by a"
                + " <security-role>");
        assertThat(failure("<security-constraint><web-resource-collection><web-resource-name>admin"
                + "</web-resource-name><url-pattern>admin/*</url-pattern></web-resource-collection>"
                + "</security-constraint>")).isEqualTo("WEB-INF/web.xml <security-constraint> <web-resource-collection>"
                + " \"admin\" <url-pattern>: \"admin/*\" is not a valid url-pattern (/exact, /path/*, *.ext, / or empty)");
        assertThat(failure("<security-constraint><web-resource-collection><url-pattern>/a/*/b</url-pattern>"
                + "</web-resource-collection></security-constraint>")).startsWith("WEB-INF/web.xml"
                + " <security-constraint> <web-resource-collection> <url-pattern>: \"/a/*/b\" is not a valid");
        assertThat(failure("<security-constraint><web-resource-collection><web-resource-name>none"
                + "</web-resource-name></web-resource-collection></security-constraint>")).isEqualTo("WEB-INF/web.xml"
                + " <security-constraint> <web-resource-collection> \"none\": has no <url-pattern>");
        assertThat(failure("<security-constraint><auth-constraint/></security-constraint>")).isEqualTo(
                "WEB-INF/web.xml <security-constraint>: has no <web-resource-collection>");
        assertThat(failure("<security-constraint><web-resource-collection><url-pattern>/x</url-pattern>"
                + "<http-method>GET</http-method><http-method-omission>POST</http-method-omission>"
                + "</web-resource-collection></security-constraint>")).isEqualTo("WEB-INF/web.xml <security-constraint>"
                + " <web-resource-collection>: a web-resource-collection has http-method or http-method-omission, not both");
        assertThat(failure("<security-constraint><web-resource-collection><url-pattern>/x</url-pattern>"
                + "<http-method>GE T</http-method></web-resource-collection></security-constraint>")).isEqualTo(
                "WEB-INF/web.xml <security-constraint> <web-resource-collection>: http-method is not a token: 'GE T'");
        assertThat(failure("<servlet><servlet-name>r</servlet-name><servlet-class>R</servlet-class><run-as>"
                + "<description>d</description></run-as></servlet>")).isEqualTo("WEB-INF/web.xml <servlet> \"r\""
                + " <run-as>: <role-name> is missing or empty");
        assertThat(failure("<security-role/>")).isEqualTo(
                "WEB-INF/web.xml <security-role>: <role-name> is missing or empty");
        assertThat(failure("<security-constraint><web-resource-collection><url-pattern>/x</url-pattern>"
                + "</web-resource-collection><auth-constraint><role-name> </role-name></auth-constraint>"
                + "</security-constraint>")).isEqualTo("WEB-INF/web.xml <security-constraint> <auth-constraint>"
                + " <role-name>: is empty");
    }

    @Test
    void unknownSecurityChildrenAreRefused() {
        assertThat(failure("<login-config><auth-methods>BASIC</auth-methods></login-config>")).isEqualTo(
                "WEB-INF/web.xml <login-config> <auth-methods>: not an element of the Servlet 6.1 deployment"
                        + " descriptor inside <login-config>; Hawser refuses what it cannot classify. Remove it, or"
                        + " correct its name");
    }
}
