package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher refuses a WAR that asks for what Hawser does not enforce: exit code 1, one line on
 * standard error naming the file, the element and what to do, and the port never opened; with
 * {@code --accept-unenforced} it serves it and says once what it is not enforcing.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FailClosedLauncherTest {
    private static final String PROTECTED = JavaSources.webXml("""
            <security-constraint>
              <web-resource-collection><web-resource-name>all</web-resource-name><url-pattern>/*</url-pattern>
              </web-resource-collection>
              <auth-constraint><role-name>admin</role-name></auth-constraint>
            </security-constraint>
            <login-config><auth-method>BASIC</auth-method></login-config>
            <security-role><role-name>admin</role-name></security-role>""");
    private static final String SESSIONS = "package com.acme; public class S extends jakarta.servlet.http.HttpServlet {"
            + " protected void doGet(jakarta.servlet.http.HttpServletRequest q, jakarta.servlet.http.HttpServletResponse r)"
            + " throws java.io.IOException { q.getSession(); r.getWriter().print(\"ok\"); } }";
    @TempDir
    Path work;

    /** Runs the launcher, which must refuse: returns its standard error after checking exit 1 and a closed port. */
    private String refused(String... args) throws Exception {
        int port = LauncherProcess.freePort();
        String[] all = new String[args.length + 2];
        all[0] = "--port";
        all[1] = String.valueOf(port);
        System.arraycopy(args, 0, all, 2, args.length);
        try (LauncherProcess hawser = new LauncherProcess(work, all)) {
            assertThat(hawser.exitCode()).as(hawser.stderr()).isEqualTo(1);
            assertThat(hawser.remainingLines()).isEmpty();
            assertThat(LauncherProcess.canConnect(port)).as("port " + port + " was never opened").isFalse();
            return hawser.stderr();
        }
    }

    @Test
    void aWarWhoseUsersMustSignInIsNeverServedWithoutARealm() throws Exception {
        Path war = JavaSources.war(work, "jmx", PROTECTED, Map.of(), Map.of());
        assertThat(refused(war.toString())).isEqualTo("hawser: cannot deploy " + war + ": WEB-INF/web.xml"
                + " <security-constraint> <auth-constraint>: users must sign in, but no realm was given to check them"
                + " against. Start hawser with --realm FILE (a users file) or --jaas-config FILE --jaas-entry NAME;"
                + " embedding, pass a Realm to Deployer.deploy\n");
        try (LauncherProcess hawser = new LauncherProcess(work, "--accept-unenforced", "security-constraint",
                war.toString())) {
            assertThat(hawser.exitCode()).isEqualTo(2);
            assertThat(hawser.stderr()).startsWith("hawser: --accept-unenforced: \"security-constraint\" is not a"
                    + " feature Hawser leaves unenforced");
        }
    }

    @Test
    void aJavaxAppIsRefusedWithOrWithoutWebXml() throws Exception {
        Path api = work.resolve("javax-api");
        JavaSources.compile(api, JavaSources.servletApiJar(), Map.of("javax.servlet.http.HttpServlet",
                "package javax.servlet.http; public abstract class HttpServlet {}"));
        String tail = ": com.acme.Old (WEB-INF/classes) extends javax.servlet.http.HttpServlet: a javax (Java EE)"
                + " application. Hawser runs Jakarta Servlet 5.0+ applications (package jakarta.servlet, namespace"
                + " https://jakarta.ee/xml/ns/jakartaee, version 5.0, 6.0 or 6.1). Migrate the app to Jakarta, for"
                + " example with the Apache Tomcat migration tool for Jakarta EE\n";
        for (String webXml : new String[] {null, JavaSources.webXml("")}) {
            String name = webXml == null ? "old" : "old-xml";
            Path app = work.resolve(name + "-app");
            JavaSources.compile(app.resolve("WEB-INF/classes"), api.toString(), Map.of("com.acme.Old",
                    "package com.acme; @SuppressWarnings(\"serial\") public class Old extends"
                            + " javax.servlet.http.HttpServlet {}"));
            if (webXml != null) {
                JavaSources.write(app.resolve("WEB-INF/web.xml"), webXml);
            }
            Path war = JavaSources.zip(app, work.resolve(name + ".war"));
            assertThat(refused(war.toString())).isEqualTo("hawser: cannot deploy " + war + tail);
        }
    }

    @Test
    void aWebFragmentsUnsupportedElementAnUnknownElementAndUrlTrackingAreRefused() throws Exception {
        Path lib = work.resolve("shiro-lib");
        JavaSources.write(lib.resolve("META-INF/web-fragment.xml"), "<web-fragment xmlns=\"https://jakarta.ee/xml/ns/"
                + "jakartaee\" version=\"6.1\"><resource-ref><res-ref-name>jdbc/x</res-ref-name></resource-ref>"
                + "</web-fragment>");
        Path app = work.resolve("shiro-app");
        JavaSources.write(app.resolve("WEB-INF/web.xml"), JavaSources.webXml(""));
        JavaSources.zip(lib, app.resolve("WEB-INF/lib/shiro-web.jar"));
        Path fragment = JavaSources.zip(app, work.resolve("shiro.war"));
        assertThat(refused(fragment.toString())).isEqualTo("hawser: cannot deploy " + fragment
                + ": WEB-INF/lib/shiro-web.jar!/META-INF/web-fragment.xml <resource-ref>: not enforced by Hawser (JNDI"
                + " resources other than env-entry are not provided yet (a --resource option may come later)): its"
                + " lookups and injections would fail or find nothing. Remove it, or accept the risk with"
                + " --accept-unenforced resource-ref.\n");

        Path typo = JavaSources.war(work, "typo", JavaSources.webXml("<servlet><servlet-nam>x</servlet-nam></servlet>"),
                Map.of(), Map.of());
        assertThat(refused(typo.toString())).isEqualTo("hawser: cannot deploy " + typo + ": WEB-INF/web.xml <servlet>"
                + " <servlet-nam>: not an element of the Servlet 6.1 deployment descriptor inside <servlet>; Hawser"
                + " refuses what it cannot classify. Remove it, or correct its name\n");

        Path url = JavaSources.war(work, "url", JavaSources.webXml("<session-config><tracking-mode>URL</tracking-mode>"
                + "</session-config>"), Map.of(), Map.of());
        assertThat(refused(url.toString())).isEqualTo("hawser: cannot deploy " + url + ": WEB-INF/web.xml"
                + " <session-config> <tracking-mode>: URL is not supported by Hawser (only COOKIE: session ids are never"
                + " taken from URLs or TLS sessions). Use COOKIE, or remove the element\n");
    }

    @Test
    void jspPagesRunThroughTheJspEngineAndAreNeverServedAsText() throws Exception {
        Path war = JavaSources.war(work, "pages", JavaSources.webXml("<welcome-file-list><welcome-file>index.jsp"
                + "</welcome-file></welcome-file-list>"), Map.of(), Map.of("index.jsp", "<% secret(); %>",
                "WEB-INF/views/Home.JSP", "<% secret(); %>", "ok.jsp", "<%= 6 * 7 %>"));
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "0", war.toString())) {
            int port = LauncherProcess.port(hawser.nextLine());
            assertThat(hawser.nextLine()).isEqualTo("http://127.0.0.1:" + port + "/  " + war);
            String ok = RawRequest.get(port, "/ok.jsp");
            assertThat(RawRequest.status(ok)).isEqualTo(200);
            assertThat(ok).contains("42").doesNotContain("6 * 7");
            for (String path : List.of("/index.jsp", "/")) {
                String response = RawRequest.get(port, path);
                assertThat(RawRequest.status(response)).as(path + ": does not compile").isEqualTo(500);
                assertThat(response).as(path).doesNotContain("secret");
            }
            for (String path : List.of("/INDEX.JSP", "/index.jsp.", "/WEB-INF/views/Home.JSP")) {
                String response = RawRequest.get(port, path);
                assertThat(RawRequest.status(response)).as(path).isEqualTo(404);
                assertThat(response).as(path).doesNotContain("secret");
            }
        }
    }

    @Test
    void anUnknownFeatureNameIsABadCommandLine() throws Exception {
        try (LauncherProcess hawser = new LauncherProcess(work, "--accept-unenforced", "jsp,everything", "x.war")) {
            assertThat(hawser.exitCode()).isEqualTo(2);
            String err = hawser.stderr();
            assertThat(err).startsWith("hawser: --accept-unenforced: \"everything\" is not a feature Hawser leaves"
                    + " unenforced (one of administered-object, ").endsWith(", service-ref, tag-handler-injection, websocket)\n");
            assertThat(err.lines()).hasSize(1);
        }
    }

    @Test
    void cookieConfigAttributesAppearOnTheSetCookieLine() throws Exception {
        Path war = JavaSources.war(work, "cookies", JavaSources.webXml("""
                <servlet><servlet-name>s</servlet-name><servlet-class>com.acme.S</servlet-class></servlet>
                <servlet-mapping><servlet-name>s</servlet-name><url-pattern>/s</url-pattern></servlet-mapping>
                <session-config>
                  <cookie-config>
                    <name>SHOPSESSION</name><domain>shop.example</domain><path>/cart</path><comment>old</comment>
                    <http-only>true</http-only><secure>true</secure><max-age>3600</max-age>
                    <attribute><attribute-name>SameSite</attribute-name><attribute-value>Strict</attribute-value></attribute>
                  </cookie-config>
                  <tracking-mode>COOKIE</tracking-mode>
                </session-config>"""), Map.of("com.acme.S", SESSIONS), Map.of());
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "0", war.toString())) {
            int port = LauncherProcess.port(hawser.nextLine());
            String response = RawRequest.get(port, "/s");
            assertThat(RawRequest.status(response)).isEqualTo(200);
            List<String> cookies = response.lines().filter(l -> l.regionMatches(true, 0, "Set-Cookie:", 0, 11)).toList();
            assertThat(cookies).hasSize(1);
            assertThat(cookies.get(0)).matches("Set-Cookie: SHOPSESSION=[A-Za-z0-9_-]+; Domain=shop\\.example;"
                    + " HttpOnly; Max-Age=3600; Expires=\\w{3}, \\d{2} \\w{3} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT;"
                    + " Path=/cart; SameSite=Strict; Secure");
        }
    }
}
