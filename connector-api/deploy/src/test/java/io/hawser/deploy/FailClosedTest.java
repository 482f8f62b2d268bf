package io.hawser.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A web app that asks for something Hawser does not enforce is refused with one message naming the
 * file, the element and what to do; accepted features are served and named in one warning.
 */
class FailClosedTest {
    private static final String SERVLET = "package com.acme; public class Ok extends jakarta.servlet.http.HttpServlet {}";
    /** Stand-ins for the jakarta.annotation and javax.servlet types (the scan matches them by name). */
    private static final Map<String, String> FOREIGN_TYPES = Map.of(
            "jakarta.annotation.Resource", "package jakarta.annotation; @java.lang.annotation.Retention("
                    + "java.lang.annotation.RetentionPolicy.RUNTIME) public @interface Resource {}",
            "jakarta.annotation.PostConstruct", "package jakarta.annotation; @java.lang.annotation.Retention("
                    + "java.lang.annotation.RetentionPolicy.RUNTIME) public @interface PostConstruct {}",
            "javax.servlet.http.HttpServlet", "package javax.servlet.http; public abstract class HttpServlet {}",
            "javax.servlet.annotation.WebFilter", "package javax.servlet.annotation; @java.lang.annotation.Retention("
                    + "java.lang.annotation.RetentionPolicy.RUNTIME) public @interface WebFilter { String[] value(); }");

    /** Held, so the handler stays on the logger the deployer writes to. */
    private static final Logger LOG = Logger.getLogger(Deployer.class.getName());
    @TempDir
    Path dir;
    private final List<String> warnings = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            warnings.add(new java.util.logging.SimpleFormatter().formatMessage(r));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void listen() {
        LOG.addHandler(handler);
    }

    @AfterEach
    void unlisten() {
        LOG.removeHandler(handler);
    }

    /** An exploded app with the given web.xml body (null: none), classes and files. */
    private Path app(String name, String webXml, Map<String, String> classes, Map<String, String> files)
            throws Exception {
        Path app = dir.resolve(name);
        if (webXml != null) {
            TestWars.write(app.resolve("WEB-INF/web.xml"), webXml.startsWith("<web-app") ? webXml
                    : TestWars.webXml(webXml));
        }
        Map<String, String> sources = new HashMap<>(classes);
        sources.put("com.acme.Ok", SERVLET);
        TestWars.compile(app.resolve("WEB-INF/classes"), sources);
        for (Map.Entry<String, String> f : files.entrySet()) {
            TestWars.write(app.resolve(f.getKey()), f.getValue());
        }
        return app;
    }

    private static String refusal(Path app, Unenforced accepted) {
        DeploymentException e = catchThrowableOfType(DeploymentException.class,
                () -> Deployer.deploy(app, "/x", Deployer.class.getClassLoader(), accepted).close());
        assertThat(e).as("deploying " + app + " is refused").isNotNull();
        return e.getMessage();
    }

    private void deploys(Path app, Unenforced accepted) throws DeploymentException {
        Deployer.deploy(app, "/x", Deployer.class.getClassLoader(), accepted).close();
    }

    @Test
    void anAppWhoseUsersMustSignInIsRefusedWithoutARealm() throws Exception {
        String advice = ": users must sign in, but no realm was given to check them against. Start hawser with"
                + " --realm FILE (a users file) or --jaas-config FILE --jaas-entry NAME; embedding, pass a Realm to"
                + " Deployer.deploy";
        Path app = app("sec", "<security-constraint><web-resource-collection><web-resource-name>all"
                + "</web-resource-name><url-pattern>/*</url-pattern></web-resource-collection><auth-constraint>"
                + "<role-name>admin</role-name></auth-constraint></security-constraint>"
                + "<login-config><auth-method>BASIC</auth-method></login-config>", Map.of(), Map.of());
        assertThat(refusal(app, Unenforced.NONE)).isEqualTo("cannot deploy " + app
                + ": WEB-INF/web.xml <security-constraint> <auth-constraint>" + advice);
        Path loginFirst = app("sec2", "<login-config><auth-method>BASIC</auth-method></login-config>"
                + "<security-role><role-name>admin</role-name></security-role>", Map.of(), Map.of());
        assertThat(refusal(loginFirst, Unenforced.NONE)).isEqualTo("cannot deploy " + loginFirst
                + ": WEB-INF/web.xml <login-config>" + advice);
        Path annotated = app("sec3", null, Map.of("com.acme.Admin", "package com.acme; import"
                + " jakarta.servlet.annotation.*; @WebServlet(\"/admin\") @ServletSecurity(@HttpConstraint("
                + "rolesAllowed = \"admin\")) public class Admin extends jakarta.servlet.http.HttpServlet {}"),
                Map.of());
        assertThat(refusal(annotated, Unenforced.NONE)).isEqualTo("cannot deploy " + annotated
                + ": @ServletSecurity on com.acme.Admin (WEB-INF/classes)" + advice);
        // Security is enforced now, so there is nothing to accept.
        assertThatThrownBy(() -> Unenforced.of("security-constraint")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("\"security-constraint\" is not a feature Hawser leaves unenforced");
    }

    @Test
    void constraintsThatNeedNoUserDeployWithoutARealmAndMetadataCompleteIgnoresServletSecurity() throws Exception {
        Path app = app("deny", "<security-role><role-name>admin</role-name></security-role>"
                + "<deny-uncovered-http-methods/>", Map.of("com.acme.Admin", "package com.acme; import"
                + " jakarta.servlet.annotation.*; @ServletSecurity(@HttpConstraint(rolesAllowed = \"admin\"))"
                + " public class Admin extends jakarta.servlet.http.HttpServlet {}"), Map.of());
        TestWars.write(app.resolve("WEB-INF/web.xml"), "<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\""
                + " version=\"6.1\" metadata-complete=\"true\"><security-role><role-name>admin</role-name>"
                + "</security-role><deny-uncovered-http-methods/></web-app>");
        try (DeployedApp d = Deployer.deploy(app, "/x")) {
            assertThat(d.webApp().declaredRoles()).containsExactly("admin");
            assertThat(d.webApp().denyUncoveredHttpMethods()).isTrue();
            assertThat(d.webApp().securityConstraints()).isEmpty();
        }
        assertThat(warnings).isEmpty();
    }

    @Test
    void anAcceptableElementIsRefusedUntilAcceptedThenNamedInOneWarning() throws Exception {
        Path app = app("env", "<resource-ref><res-ref-name>jdbc/db</res-ref-name></resource-ref>"
                + "<resource-ref><res-ref-name>jdbc/other</res-ref-name></resource-ref>"
                + "<ejb-ref><ejb-ref-name>ejb/cart</ejb-ref-name></ejb-ref>", Map.of(), Map.of());
        String jndi = "not enforced by Hawser (JNDI resources other than env-entry are not provided yet (a --resource"
                + " option may come later)): its lookups and injections would fail or find nothing. Remove it, or"
                + " accept the risk with --accept-unenforced ";
        assertThat(refusal(app, Unenforced.NONE)).isEqualTo("cannot deploy " + app + ": WEB-INF/web.xml <resource-ref>: "
                + jndi + "resource-ref. Also not enforced in this app: ejb-ref.");
        assertThat(refusal(app, Unenforced.of("resource-ref"))).endsWith("WEB-INF/web.xml <ejb-ref>: " + jndi
                + "ejb-ref.");
        assertThat(warnings).isEmpty();
        deploys(app, Unenforced.of("resource-ref", "ejb-ref"));
        assertThat(warnings).containsExactly(app + ": served without enforcing (accepted as unenforced): resource-ref"
                + " (WEB-INF/web.xml <resource-ref> and 1 more), ejb-ref (WEB-INF/web.xml <ejb-ref>)");
    }

    @Test
    void distributableIsActedOnSessionAttributesMustBeSerializable() throws Exception {
        Path dist = app("dist", "<distributable/>", Map.of(), Map.of());
        try (DeployedApp d = Deployer.deploy(dist, "/d", Deployer.class.getClassLoader(), Unenforced.NONE)) {
            assertThat(d.webApp().isDistributable()).isTrue();
        }
        try (DeployedApp d = Deployer.deploy(app("plain", "", Map.of(), Map.of()), "/p",
                Deployer.class.getClassLoader(), Unenforced.NONE)) {
            assertThat(d.webApp().isDistributable()).isFalse();
        }
    }

    @Test
    void descriptiveElementsDeploySilently() throws Exception {
        deploys(app("descr", "<description>shop</description><distributable/><module-name>shop</module-name>"
                + "<default-context-path>/shop</default-context-path><deny-uncovered-http-methods/>"
                + "<servlet><description>s</description><display-name>S</display-name><servlet-name>ok</servlet-name>"
                + "<servlet-class>com.acme.Ok</servlet-class></servlet>", Map.of(), Map.of()), Unenforced.NONE);
        assertThat(warnings).isEmpty();
    }

    @Test
    void aFragmentsNotSupportedElementIsRefusedNamingTheFragmentUnlessMetadataCompleteOrAccepted() throws Exception {
        Path lib = dir.resolve("lib");
        TestWars.write(lib.resolve("META-INF/web-fragment.xml"), "<web-fragment xmlns=\"https://jakarta.ee/xml/ns/"
                + "jakartaee\" version=\"6.1\"><name>shiro</name><resource-ref><res-ref-name>jdbc/x</res-ref-name>"
                + "</resource-ref></web-fragment>");
        Path app = app("frag", null, Map.of(), Map.of());
        TestWars.zip(lib, app.resolve("WEB-INF/lib/shiro-web.jar"));
        assertThat(refusal(app, Unenforced.NONE)).isEqualTo("cannot deploy " + app + ": WEB-INF/lib/shiro-web.jar"
                + "!/META-INF/web-fragment.xml <resource-ref>: not enforced by Hawser (JNDI resources other than"
                + " env-entry are not provided yet (a --resource option may come later)): its lookups and injections"
                + " would fail or find nothing. Remove it, or accept the risk with --accept-unenforced resource-ref.");
        deploys(app, Unenforced.of("resource-ref"));
        TestWars.write(app.resolve("WEB-INF/web.xml"),
                "<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"6.1\" metadata-complete=\"true\"/>");
        deploys(app, Unenforced.NONE);
    }

    @Test
    void withoutTheJspModuleJspPagesAreRefusedUnlessAccepted() throws Exception {
        assertThat(JspSupport.find(Deployer.class.getClassLoader())).as("hawser-jsp is not on this class path").isNull();
        Path app = app("jsp", null, Map.of(), Map.of("index.jsp", "<%= 1 %>", "WEB-INF/tags/t.TAG", "x"));
        assertThat(refusal(app, Unenforced.NONE)).isEqualTo("cannot deploy " + app + ": WEB-INF/tags/t.TAG: not enforced"
                + " by Hawser (JSP needs the hawser-jsp module on the class path): the pages would answer 404. Remove"
                + " it, or accept the risk with --accept-unenforced jsp.");
        deploys(app, Unenforced.of("jsp"));
        assertThat(warnings).containsExactly(app + ": served without enforcing (accepted as unenforced): jsp"
                + " (WEB-INF/tags/t.TAG and 1 more)");
    }

    @Test
    void withoutTheWebSocketModuleEndpointsAreRefusedUnlessAccepted() throws Exception {
        assertThat(WebSocketSupport.find(Deployer.class.getClassLoader())).as("hawser-websocket is not on this class path")
                .isNull();
        Path app = app("ws", null, Map.of(
                "jakarta.websocket.server.ServerEndpoint", "package jakarta.websocket.server; @java.lang.annotation.Retention("
                        + "java.lang.annotation.RetentionPolicy.RUNTIME) public @interface ServerEndpoint { String value(); }",
                "com.acme.Chat", "package com.acme; @jakarta.websocket.server.ServerEndpoint(\"/chat\") public class Chat {}"),
                Map.of());
        assertThat(refusal(app, Unenforced.NONE)).isEqualTo("cannot deploy " + app + ": com.acme.Chat (WEB-INF/classes):"
                + " not enforced by Hawser (Jakarta WebSocket needs the hawser-websocket module on the class path): its"
                + " endpoints would not be deployed (their handshakes answer 404). Remove it, or accept the risk with"
                + " --accept-unenforced websocket.");
        deploys(app, Unenforced.of("websocket"));
        assertThat(warnings).containsExactly(app + ": served without enforcing (accepted as unenforced): websocket"
                + " (com.acme.Chat (WEB-INF/classes))");
    }

    @Test
    void jspPagesInAJarsMetaInfResourcesAreRefusedToo() throws Exception {
        Path app = app("jarjsp", null, Map.of(), Map.of());
        java.nio.file.Files.createDirectories(app.resolve("WEB-INF/lib"));
        TestWars.zipWithEntry(app.resolve("WEB-INF/lib/widgets.jar"), "META-INF/resources/widgets/w.jsp", "<%= 1 %>");
        assertThat(refusal(app, Unenforced.NONE)).isEqualTo("cannot deploy " + app + ": WEB-INF/lib/widgets.jar"
                + " META-INF/resources/widgets/w.jsp: not enforced by Hawser (JSP needs the hawser-jsp module on the"
                + " class path): the pages would answer 404. Remove it, or accept the risk with --accept-unenforced jsp.");
    }

    @Test
    void withoutTheJspModuleAJspFileServletCannotBeAccepted() throws Exception {
        Path app = app("jspfile", "<servlet><servlet-name>p</servlet-name><jsp-file>/p.jsp</jsp-file></servlet>",
                Map.of(), Map.of());
        assertThat(refusal(app, Unenforced.NONE)).endsWith("WEB-INF/web.xml <servlet> <jsp-file>: not enforced by"
                + " Hawser (JSP needs the hawser-jsp module on the class path): the servlet cannot run. Put hawser-jsp"
                + " on the class path, or compile the JSP page into a servlet class and name it in <servlet-class>.");
        assertThatThrownBy(() -> Unenforced.of("jsp-file")).isInstanceOf(IllegalArgumentException.class);
        assertThat(refusal(app, Unenforced.of("jsp", "jsp-config"))).contains("<jsp-file>");
    }

    @Test
    void withoutTheJspModuleAJspConfigIsRefusedUnlessAccepted() throws Exception {
        Path app = app("jspconfig", "<jsp-config><taglib><taglib-uri>u</taglib-uri><taglib-location>/WEB-INF/u.tld"
                + "</taglib-location></taglib></jsp-config>", Map.of(), Map.of());
        assertThat(refusal(app, Unenforced.NONE)).isEqualTo("cannot deploy " + app + ": WEB-INF/web.xml <jsp-config>:"
                + " not enforced by Hawser (JSP needs the hawser-jsp module on the class path): its JSP pages and tag"
                + " libraries would not work. Remove it, or accept the risk with --accept-unenforced jsp-config.");
        deploys(app, Unenforced.of("jsp-config"));
    }

    @Test
    void resourcesOfOtherThanEnvEntryTypesAreRefusedOnContainerManagedClassesOnly() throws Exception {
        Map<String, String> classes = new HashMap<>(FOREIGN_TYPES);
        classes.remove("javax.servlet.http.HttpServlet");
        classes.remove("javax.servlet.annotation.WebFilter");
        classes.put("com.acme.Bean", "package com.acme; public class Bean { @jakarta.annotation.Resource private"
                + " Object ds; @jakarta.annotation.PostConstruct void init() {} }");
        deploys(app("bean", null, classes, Map.of()), Unenforced.NONE);

        classes.put("com.acme.Cart", "package com.acme; public class Cart extends jakarta.servlet.http.HttpServlet {"
                + " @jakarta.annotation.Resource private String greeting; @jakarta.annotation.Resource private"
                + " javax.sql.DataSource ds; }");
        Path servlet = app("inject", null, classes, Map.of());
        assertThat(refusal(servlet, Unenforced.NONE)).isEqualTo("cannot deploy " + servlet + ": @Resource on"
                + " com.acme.Cart.ds (javax.sql.DataSource, WEB-INF/classes): not enforced by Hawser (JNDI resources"
                + " other than env-entry are not provided yet (a --resource option may come later)): its lookups and"
                + " injections would fail or find nothing. Remove it, or accept the risk with --accept-unenforced"
                + " resource-ref.");
        classes.put("com.acme.Cart", "package com.acme; public class Cart extends jakarta.servlet.http.HttpServlet {"
                + " @jakarta.annotation.Resource private String greeting; @jakarta.annotation.Resource void setLimit(int"
                + " limit) {} }");
        classes.put("com.acme.Boot", "package com.acme; public class Boot implements jakarta.servlet.ServletContextListener"
                + " { @jakarta.annotation.PostConstruct void init() {} @jakarta.annotation.PreDestroy void end() {} }");
        deploys(app("lifecycle", null, classes, Map.of()), Unenforced.NONE);
    }

    @Test
    void aJavaxApplicationIsRefusedWithOrWithoutWebXml() throws Exception {
        String javax = "a javax (Java EE) application. " + FailClosed.JAVAX;
        Map<String, String> old = new HashMap<>(FOREIGN_TYPES);
        old.put("com.acme.Old", "package com.acme; public class Old extends javax.servlet.http.HttpServlet {}");
        Path noXml = app("javax1", null, old, Map.of());
        assertThat(refusal(noXml, Unenforced.NONE)).isEqualTo("cannot deploy " + noXml + ": com.acme.Old"
                + " (WEB-INF/classes) extends javax.servlet.http.HttpServlet: " + javax);
        Path withXml = app("javax2", "", old, Map.of());
        assertThat(refusal(withXml, Unenforced.NONE)).endsWith(": com.acme.Old (WEB-INF/classes) extends"
                + " javax.servlet.http.HttpServlet: " + javax);

        Path lib = dir.resolve("javaxlib");
        TestWars.compile(lib, Map.of("javax.servlet.annotation.WebFilter", FOREIGN_TYPES.get(
                "javax.servlet.annotation.WebFilter"), "org.lib.Audit", "package org.lib;"
                + " @javax.servlet.annotation.WebFilter(\"/*\") public class Audit {}"));
        Path annotated = app("javax3", null, Map.of(), Map.of());
        TestWars.zip(lib, annotated.resolve("WEB-INF/lib/audit.jar"));
        assertThat(refusal(annotated, Unenforced.NONE)).isEqualTo("cannot deploy " + annotated
                + ": @javax.servlet.annotation.WebFilter on org.lib.Audit (WEB-INF/lib/audit.jar): " + javax);

        Path sci = app("javax4", null, Map.of(), Map.of(
                "WEB-INF/classes/META-INF/services/javax.servlet.ServletContainerInitializer", "com.acme.Init"));
        assertThat(refusal(sci, Unenforced.NONE)).isEqualTo("cannot deploy " + sci + ": META-INF/services/"
                + "javax.servlet.ServletContainerInitializer (WEB-INF/classes): " + javax);
        TestWars.write(sci.resolve("WEB-INF/classes/META-INF/services/jakarta.servlet.ServletContainerInitializer"), "");
        deploys(sci, Unenforced.NONE);
    }

    @Test
    void aListenerWhoseDependencyIsMissingIsRefusedNamingTheMissingClass() throws Exception {
        Path app = app("nodep", "<listener><listener-class>com.acme.L</listener-class></listener>", Map.of(
                "com.acme.Dep", "package com.acme; public class Dep { public static void hello() { } }",
                "com.acme.L", "package com.acme; public class L implements jakarta.servlet.ServletContextListener {"
                        + " public L() { Dep.hello(); } }"), Map.of());
        java.nio.file.Files.delete(app.resolve("WEB-INF/classes/com/acme/Dep.class")); // as a jar left out of WEB-INF/lib
        assertThat(refusal(app, Unenforced.NONE)).isEqualTo("cannot deploy " + app + ": WEB-INF/web.xml <listener>"
                + " <listener-class>: cannot load com.acme.L: class com.acme.Dep is missing (not in WEB-INF/lib or"
                + " WEB-INF/classes)");
    }

    @Test
    void injectionIntoATagHandlerIsRefusedUnlessAccepted() throws Exception {
        // the JSP API's JspTag stands in here (the deploy module has no JSP API)
        Path app = app("tag", null, Map.of(
                "jakarta.servlet.jsp.tagext.JspTag", "package jakarta.servlet.jsp.tagext; public interface JspTag { }",
                "com.acme.GreetTag", "package com.acme; public class GreetTag implements jakarta.servlet.jsp.tagext.JspTag {"
                        + " @jakarta.annotation.Resource(name = \"greeting\") private String greeting; }"), Map.of());
        assertThat(refusal(app, Unenforced.NONE)).isEqualTo("cannot deploy " + app + ": @Resource on tag handler"
                + " com.acme.GreetTag (WEB-INF/classes): not enforced by Hawser (injection and lifecycle callbacks of JSP"
                + " tag handlers are not provided yet): its @Resource fields would stay unset and its @PostConstruct and"
                + " @PreDestroy methods would never run. Remove it, or accept the risk with --accept-unenforced"
                + " tag-handler-injection.");
        deploys(app, Unenforced.of("tag-handler-injection"));
    }

    @Test
    void unknownNamesCannotBeAccepted() {
        assertThatThrownBy(() -> Unenforced.of("everything")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("\"everything\" is not a feature Hawser leaves unenforced (one of"
                        + " administered-object, connection-factory, context-service, data-source,");
        assertThat(Unenforced.acceptable()).contains("jsp", "resource-ref", "lookup-name", "tag-handler-injection")
                .doesNotContain("env-entry", "post-construct", "pre-destroy", "security-constraint", "login-config",
                        "security-role", "run-as", "security-role-ref", "jsp-file", "description", "web-fragment",
                        "absolute-ordering");
    }

    @Test
    void cookieConfigAndTrackingModeConfigureTheSessionCookie() throws Exception {
        Path app = app("cookie", "<session-config><cookie-config><name>SID</name><path>/</path><secure>true</secure>"
                + "<attribute><attribute-name>SameSite</attribute-name><attribute-value>Lax</attribute-value>"
                + "</attribute></cookie-config><tracking-mode>COOKIE</tracking-mode></session-config>", Map.of(),
                Map.of());
        try (DeployedApp d = Deployer.deploy(app, "/x")) {
            jakarta.servlet.SessionCookieConfig c = d.webApp().servletContext().getSessionCookieConfig();
            assertThat(c.getName()).isEqualTo("SID");
            assertThat(c.getPath()).isEqualTo("/");
            assertThat(c.isSecure()).isTrue();
            assertThat(c.isHttpOnly()).isTrue();
            assertThat(c.getAttribute("SameSite")).isEqualTo("Lax");
        }
        Path bad = app("badcookie", "<session-config><cookie-config><name>S ID</name></cookie-config></session-config>",
                Map.of(), Map.of());
        assertThat(refusal(bad, Unenforced.NONE)).isEqualTo("cannot deploy " + bad + ": WEB-INF/web.xml <session-config>"
                + " <cookie-config>: invalid cookie name: S ID");
    }
}
