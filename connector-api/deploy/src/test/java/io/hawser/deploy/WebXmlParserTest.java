package io.hawser.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.SessionTrackingMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WebXmlParserTest {
    @TempDir
    Path dir;

    private WebXml parse(String xml) throws Exception {
        return WebXmlParser.parse(TestWars.write(dir.resolve("WEB-INF/web.xml"), xml));
    }

    private DeploymentException failure(String xml) {
        return (DeploymentException) org.assertj.core.api.Assertions.catchThrowable(() -> parse(xml));
    }

    @Test
    void readsEveryElementHawserActsOn() throws Exception {
        WebXml x = parse(TestWars.webXml("""
                <display-name>Shop</display-name>
                <context-param><param-name>greeting</param-name><param-value>hi</param-value></context-param>
                <servlet>
                  <servlet-name>cart</servlet-name>
                  <servlet-class>com.example.Cart</servlet-class>
                  <init-param><param-name>size</param-name><param-value>3</param-value></init-param>
                  <load-on-startup>2</load-on-startup>
                  <async-supported>true</async-supported>
                  <multipart-config>
                    <location>/tmp</location><max-file-size>1024</max-file-size>
                    <max-request-size>4096</max-request-size><file-size-threshold>10</file-size-threshold>
                  </multipart-config>
                </servlet>
                <servlet-mapping><servlet-name>cart</servlet-name>
                  <url-pattern>/cart/*</url-pattern><url-pattern>*.do</url-pattern></servlet-mapping>
                <filter><filter-name>log</filter-name><filter-class>com.example.Log</filter-class>
                  <async-supported>true</async-supported></filter>
                <filter-mapping><filter-name>log</filter-name><url-pattern>/*</url-pattern>
                  <servlet-name>cart</servlet-name><dispatcher>REQUEST</dispatcher><dispatcher>ERROR</dispatcher>
                </filter-mapping>
                <listener><listener-class>com.example.Boot</listener-class></listener>
                <welcome-file-list><welcome-file>home.html</welcome-file><welcome-file>/index.html</welcome-file></welcome-file-list>
                <error-page><error-code>404</error-code><location>/missing.html</location></error-page>
                <error-page><exception-type>java.io.IOException</exception-type><location>/io</location></error-page>
                <session-config><session-timeout>15</session-timeout>
                  <cookie-config><name>SID</name><domain>example.com</domain><path>/shop</path>
                    <comment>ignored</comment><http-only>false</http-only><secure>true</secure><max-age>600</max-age>
                    <attribute><attribute-name>SameSite</attribute-name><attribute-value>Strict</attribute-value></attribute>
                  </cookie-config>
                  <tracking-mode>COOKIE</tracking-mode>
                </session-config>
                <locale-encoding-mapping-list>
                  <locale-encoding-mapping><locale>ja</locale><encoding>Shift_JIS</encoding></locale-encoding-mapping>
                </locale-encoding-mapping-list>
                <mime-mapping><extension>.MD</extension><mime-type>text/markdown</mime-type></mime-mapping>
                <request-character-encoding>UTF-8</request-character-encoding>
                """));
        assertThat(x.version()).isEqualTo("6.1");
        assertThat(x.metadataComplete()).isFalse();
        assertThat(x.displayName()).isEqualTo("Shop");
        assertThat(x.contextParams()).containsExactly(Map.entry("greeting", "hi"));
        ServletDecl cart = x.servlets().get(0);
        assertThat(cart.name()).isEqualTo("cart");
        assertThat(cart.className()).isEqualTo("com.example.Cart");
        assertThat(cart.initParams()).containsExactly(Map.entry("size", "3"));
        assertThat(cart.loadOnStartup()).isEqualTo(2);
        assertThat(cart.asyncSupported()).isTrue();
        assertThat(cart.multipart()).isEqualTo(new MultipartDecl("/tmp", 1024, 4096, 10));
        assertThat(x.servletMappings()).containsExactly(Map.entry("cart", List.of("/cart/*", "*.do")));
        assertThat(x.filters()).extracting(FilterDecl::name, FilterDecl::asyncSupported)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("log", true));
        assertThat(x.filterMappings()).containsExactly(new FilterMappingDecl("log", List.of("/*"), List.of("cart"),
                Set.of(DispatcherType.REQUEST, DispatcherType.ERROR)));
        assertThat(x.listeners()).containsExactly("com.example.Boot");
        assertThat(x.welcomeFiles()).containsExactly("home.html", "index.html");
        assertThat(x.errorPages()).containsExactly(new ErrorPageDecl(404, null, "/missing.html"),
                new ErrorPageDecl(0, "java.io.IOException", "/io"));
        assertThat(x.sessionConfig()).isEqualTo(new SessionConfigDecl(15, "SID", "example.com", "/shop", false, true,
                600, Map.of("SameSite", "Strict"), Set.of(SessionTrackingMode.COOKIE)));
        assertThat(x.localeEncodings()).containsExactly(Map.entry("ja", "Shift_JIS"));
        assertThat(x.unsupported()).isEmpty();
        assertThat(x.mimeMappings()).containsExactly(Map.entry("md", "text/markdown"));
        assertThat(x.requestEncoding()).isEqualTo("UTF-8");
    }

    @Test
    void acceptsVersions50And60AndMetadataComplete() throws Exception {
        for (String v : List.of("5.0", "6.0")) {
            WebXml x = parse("<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"" + v
                    + "\" metadata-complete=\"true\"/>");
            assertThat(x.version()).isEqualTo(v);
            assertThat(x.metadataComplete()).isTrue();
        }
    }

    @Test
    void aFilterMappingWithoutDispatcherAppliesToRequests() throws Exception {
        WebXml x = parse(TestWars.webXml("<filter-mapping><filter-name>f</filter-name>"
                + "<url-pattern>/a</url-pattern></filter-mapping>"));
        assertThat(x.filterMappings().get(0).dispatchers()).containsExactly(DispatcherType.REQUEST);
    }

    @Test
    void rejectsJavaxDescriptorsNamingTheNamespace() {
        DeploymentException e = failure("<web-app xmlns=\"http://xmlns.jcp.org/xml/ns/javaee\" version=\"4.0\"/>");
        assertThat(e.element()).isEqualTo("WEB-INF/web.xml <web-app>");
        assertThat(e.getMessage()).isEqualTo("WEB-INF/web.xml <web-app>: namespace http://xmlns.jcp.org/xml/ns/javaee"
                + " version 4.0 is a javax (Java EE) descriptor. " + FailClosed.JAVAX);
    }

    @Test
    void refusesEntitiesInsteadOfDroppingTheirValues() {
        String app = "<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"6.1\"><display-name>&name;"
                + "</display-name><servlet><servlet-name>hi</servlet-name><servlet-class>t.Hi</servlet-class></servlet>"
                + "<servlet-mapping><servlet-name>hi</servlet-name><url-pattern>&p;</url-pattern></servlet-mapping>"
                + "</web-app>";
        for (String doctype : new String[] {"<!DOCTYPE web-app [<!ENTITY p \"/hi\"><!ENTITY name \"App\">]>",
                "<!DOCTYPE web-app [<!ENTITY p SYSTEM \"file:///etc/hostname\"><!ENTITY name \"x\">]>",
                "<!DOCTYPE web-app [<!ENTITY a \"aaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">"
                        + "<!ENTITY p \"&b;&b;&b;&b;\"><!ENTITY name \"x\">]>"}) {
            DeploymentException e = failure("<?xml version=\"1.0\"?>" + doctype + app);
            assertThat(e.getMessage()).as(doctype).startsWith("WEB-INF/web.xml <!DOCTYPE>: declares entities or other"
                    + " markup (an internal DTD subset): Hawser never expands entity references");
        }
        DeploymentException external = failure("<?xml version=\"1.0\"?><!DOCTYPE web-app SYSTEM \"http://x/web.dtd\">"
                + app);
        assertThat(external.getMessage()).startsWith("WEB-INF/web.xml &name;: an entity reference");
    }

    @Test
    void rejectsAnUnknownVersion() {
        assertThat(failure("<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"7.3\"/>").getMessage())
                .contains("version 7.3 is not supported");
    }

    @Test
    void namesTheLineOfMalformedXml() {
        DeploymentException e = failure(TestWars.webXml("<servlet>\n<servlet-name>x</servlet-name>"));
        assertThat(e.element()).isEqualTo("WEB-INF/web.xml");
        assertThat(e.getMessage()).contains("not well-formed XML at line");
    }

    @Test
    void namesTheServletWhoseClassIsMissing() {
        DeploymentException e = failure(TestWars.webXml("<servlet><servlet-name>cart</servlet-name></servlet>"));
        assertThat(e.getMessage()).isEqualTo("WEB-INF/web.xml <servlet> \"cart\": <servlet-class> is missing");
    }

    @Test
    void namesTheElementOfABadNumber() {
        DeploymentException e = failure(TestWars.webXml("<servlet><servlet-name>cart</servlet-name>"
                + "<servlet-class>C</servlet-class><load-on-startup>soon</load-on-startup></servlet>"));
        assertThat(e.getMessage())
                .isEqualTo("WEB-INF/web.xml <servlet> \"cart\" <load-on-startup>: \"soon\" is not an integer");
    }

    @Test
    void rejectsAnUnknownDispatcherAndABadUrlPattern() {
        assertThat(failure(TestWars.webXml("<filter-mapping><filter-name>f</filter-name><url-pattern>/*</url-pattern>"
                + "<dispatcher>LATER</dispatcher></filter-mapping>")).getMessage())
                .contains("<filter-mapping> \"f\" <dispatcher>").contains("LATER");
        assertThat(failure(TestWars.webXml("<servlet-mapping><servlet-name>s</servlet-name>"
                + "<url-pattern>/a/*/b</url-pattern></servlet-mapping>")).getMessage())
                .contains("<servlet-mapping> \"s\" <url-pattern>").contains("/a/*/b");
    }

    @Test
    void readsJspFileServletsAndJspConfigForAJspEngineAndRejectsDuplicateServletNames() throws Exception {
        WebXml x = parse(TestWars.webXml("<servlet><servlet-name>p</servlet-name><jsp-file>p.jsp</jsp-file></servlet>"
                + "<jsp-config><taglib><taglib-uri>u</taglib-uri><taglib-location>/WEB-INF/u.tld</taglib-location>"
                + "</taglib><jsp-property-group><url-pattern>/a/*</url-pattern><el-ignored>true</el-ignored>"
                + "<include-prelude>/p.jspf</include-prelude></jsp-property-group></jsp-config>"));
        assertThat(x.servlets()).singleElement().satisfies(p -> {
            assertThat(p.className()).isEqualTo(ServletDecl.JSP_FILE);
            assertThat(p.initParams()).containsEntry("jspFile", "/p.jsp");
        });
        assertThat(x.unsupported()).extracting(DeploymentFeatures.Use::where)
                .containsExactly("WEB-INF/web.xml <servlet> <jsp-file>", "WEB-INF/web.xml <jsp-config>");
        assertThat(x.unsupported()).allMatch(u -> DeploymentFeatures.needsJsp(u.feature()));
        assertThat(x.jspConfig().getTaglibs()).singleElement().satisfies(t -> {
            assertThat(t.getTaglibURI()).isEqualTo("u");
            assertThat(t.getTaglibLocation()).isEqualTo("/WEB-INF/u.tld");
        });
        assertThat(x.jspConfig().getJspPropertyGroups()).singleElement().satisfies(g -> {
            assertThat(g.getUrlPatterns()).containsExactly("/a/*");
            assertThat(g.getElIgnored()).isEqualTo("true");
            assertThat(g.getIncludePreludes()).containsExactly("/p.jspf");
            assertThat(g.getIsXml()).isNull();
        });
        String s = "<servlet><servlet-name>a</servlet-name><servlet-class>A</servlet-class></servlet>";
        assertThat(failure(TestWars.webXml(s + s)).getMessage()).contains("<servlet> \"a\"").contains("declared twice");
    }

    @Test
    void neverReadsExternalEntities() throws Exception {
        Path secret = TestWars.write(dir.resolve("secret.txt"), "TOP-SECRET");
        String xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE web-app [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]>\n"
                + "<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"6.1\">"
                + "<context-param><param-name>p</param-name><param-value>&x;</param-value></context-param></web-app>";
        WebXml x;
        try {
            x = parse(xml);
        } catch (DeploymentException e) {
            assertThat(e.getMessage()).doesNotContain("TOP-SECRET");
            return;
        }
        assertThat(x.contextParams().get("p")).doesNotContain("TOP-SECRET");
    }

    @Test
    void listsTheNotSupportedElementsItUsesAndAcceptsDescriptiveOnesSilently() throws Exception {
        WebXml x = parse(TestWars.webXml("""
                <description>d</description><icon><small-icon>/i.png</small-icon></icon><distributable/>
                <module-name>m</module-name><default-context-path>/m</default-context-path><deny-uncovered-http-methods/>
                <security-constraint><web-resource-collection><web-resource-name>all</web-resource-name>
                  <url-pattern>/*</url-pattern></web-resource-collection></security-constraint>
                <login-config><auth-method>BASIC</auth-method></login-config>
                <env-entry><env-entry-name>x</env-entry-name></env-entry>
                <resource-ref><res-ref-name>jdbc/x</res-ref-name></resource-ref>
                <servlet><description>s</description><servlet-name>a</servlet-name><servlet-class>A</servlet-class>
                  <run-as><role-name>admin</role-name></run-as></servlet>
                """));
        assertThat(x.unsupported()).extracting(u -> u.feature().name(), DeploymentFeatures.Use::where).containsExactly(
                org.assertj.core.groups.Tuple.tuple("resource-ref", "WEB-INF/web.xml <resource-ref>"));
    }

    @Test
    void readsEnvEntriesWithTheirTypesAndTargetsAndTheLifecycleCallbacks() throws Exception {
        WebXml x = parse(TestWars.webXml("""
                <env-entry><description>d</description><env-entry-name>java:comp/env/max</env-entry-name>
                  <env-entry-type>java.lang.Integer</env-entry-type><env-entry-value> 5 </env-entry-value>
                  <injection-target><injection-target-class>com.acme.S</injection-target-class>
                    <injection-target-name>max</injection-target-name></injection-target></env-entry>
                <env-entry><env-entry-name>unset</env-entry-name><env-entry-type>java.lang.Boolean</env-entry-type>
                </env-entry>
                <post-construct><lifecycle-callback-class>com.acme.S</lifecycle-callback-class>
                  <lifecycle-callback-method>up</lifecycle-callback-method></post-construct>
                <pre-destroy><lifecycle-callback-class>com.acme.S</lifecycle-callback-class>
                  <lifecycle-callback-method>down</lifecycle-callback-method></pre-destroy>
                """));
        assertThat(x.unsupported()).isEmpty();
        assertThat(x.naming().entries()).extracting(WebXmlNaming.EnvEntry::name, WebXmlNaming.EnvEntry::value)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("max", 5),
                        org.assertj.core.groups.Tuple.tuple("unset", null));
        assertThat(x.naming().entries().get(0).targets()).containsExactly(new String[] {"com.acme.S", "max"});
        assertThat(x.naming().callbacks()).containsExactly(new WebXmlNaming.Callback(true, "com.acme.S", "up"),
                new WebXmlNaming.Callback(false, "com.acme.S", "down"));
    }

    @Test
    void refusesAnEnvEntryOfAnotherTypeOrABadValueOrALookupName() throws Exception {
        assertThat(failure(TestWars.webXml("<env-entry><env-entry-name>db</env-entry-name><env-entry-type>"
                + "javax.sql.DataSource</env-entry-type></env-entry>")).getMessage()).isEqualTo("WEB-INF/web.xml"
                + " <env-entry> \"db\" <env-entry-type>: javax.sql.DataSource is not an env-entry type"
                + " (java.lang.String, Character, Byte, Short, Integer, Long, Boolean, Double, Float)");
        assertThat(failure(TestWars.webXml("<env-entry><env-entry-name>n</env-entry-name><env-entry-type>"
                + "java.lang.Integer</env-entry-type><env-entry-value>many</env-entry-value></env-entry>"))
                .getMessage()).isEqualTo("WEB-INF/web.xml <env-entry> \"n\" <env-entry-value>: \"many\" is not a"
                + " java.lang.Integer");
        assertThat(parse(TestWars.webXml("<env-entry><env-entry-name>n</env-entry-name><lookup-name>java:global/n"
                + "</lookup-name></env-entry>")).unsupported()).extracting(u -> u.feature().name())
                .containsExactly("lookup-name");
    }

    @Test
    void refusesAnElementTheSchemaDoesNotHaveAtAnyDepth() {
        assertThat(failure(TestWars.webXml("<frobnicate/>")).getMessage()).isEqualTo("WEB-INF/web.xml <frobnicate>:"
                + " not an element of the Servlet 6.1 deployment descriptor; Hawser refuses what it cannot classify."
                + " Remove it, or correct its name");
        assertThat(failure(TestWars.webXml("<session-config><cookie-config><same-site>Strict</same-site>"
                + "</cookie-config></session-config>")).getMessage()).isEqualTo("WEB-INF/web.xml <session-config>"
                + " <cookie-config> <same-site>: not an element of the Servlet 6.1 deployment descriptor inside"
                + " <cookie-config>; Hawser refuses what it cannot classify. Remove it, or correct its name");
    }

    @Test
    void refusesUrlAndSslTrackingModes() {
        for (String mode : List.of("URL", "SSL")) {
            assertThat(failure(TestWars.webXml("<session-config><tracking-mode>" + mode + "</tracking-mode>"
                    + "</session-config>")).getMessage()).isEqualTo("WEB-INF/web.xml <session-config> <tracking-mode>: "
                    + mode + " is not supported by Hawser (only COOKIE: session ids are never taken from URLs or TLS"
                    + " sessions). Use COOKIE, or remove the element");
        }
    }

    @Test
    void rejectsAnOldDtdDescriptorAsJavax() {
        DeploymentException e = failure("<?xml version=\"1.0\"?>\n<!DOCTYPE web-app PUBLIC \"-//Sun Microsystems, Inc.//DTD"
                + " Web Application 2.3//EN\" \"http://java.sun.com/dtd/web-app_2_3.dtd\">\n<web-app></web-app>");
        assertThat(e.getMessage()).startsWith("WEB-INF/web.xml <!DOCTYPE>: -//Sun Microsystems, Inc.//DTD Web Application"
                + " 2.3//EN is a javax (J2EE) descriptor. " + FailClosed.JAVAX);
    }

    @Test
    void disabledServletsAreLeftOut() throws Exception {
        WebXml x = parse(TestWars.webXml("<servlet><servlet-name>a</servlet-name><servlet-class>A</servlet-class>"
                + "<enabled>false</enabled></servlet>"));
        assertThat(x.servlets()).isEmpty();
    }

    @Test
    void theMessageOfAFailureNamesTheWarOnceKnown() {
        DeploymentException e = failure(TestWars.webXml("<listener/>")).withSource(Path.of("apps/shop.war"));
        assertThat(e.getMessage()).isEqualTo(
                "cannot deploy apps/shop.war: WEB-INF/web.xml <listener>: <listener-class> is missing or empty");
        assertThatThrownBy(() -> { throw e; }).isInstanceOf(DeploymentException.class);
    }
}
