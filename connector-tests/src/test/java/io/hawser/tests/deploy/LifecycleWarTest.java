package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hawser.deploy.Deployer;
import io.hawser.deploy.DeploymentException;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A WAR built at test time (against the servlet and annotation APIs alone) gets its env-entries,
 * {@code @Resource} injection and lifecycle callbacks through the real connector (Servlet 6.1 §15.5).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LifecycleWarTest {
    /** Where the app records what happened, in order; read by the /events servlet and after undeploy. */
    private static final String EVENTS = "package com.acme; public final class Events {"
            + " public static final java.util.List<String> LIST = new java.util.concurrent.CopyOnWriteArrayList<>(); }";
    private static final String BASE = "package com.acme; public abstract class Base extends"
            + " jakarta.servlet.http.HttpServlet { @jakarta.annotation.PostConstruct private void baseUp() {"
            + " Events.LIST.add(\"base post-construct\"); } }";
    private static final String ORDERED = "package com.acme; import jakarta.annotation.*; import java.io.IOException;"
            + " import jakarta.servlet.http.*; @jakarta.servlet.annotation.WebServlet(\"/events\") public class Ordered"
            + " extends Base { @Resource(name = \"greeting\") private String greeting; private int limit;"
            + " @Resource(name = \"limit\") void setLimit(int limit) { this.limit = limit; }"
            + " @PostConstruct void up() { Events.LIST.add(\"post-construct \" + greeting + \" \" + limit); }"
            + " @Override public void init() { Events.LIST.add(\"init\"); }"
            + " @Override protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {"
            + " res.getWriter().print(String.join(\",\", Events.LIST)); }"
            + " @Override public void destroy() { Events.LIST.add(\"destroy\"); }"
            + " @PreDestroy void down() { Events.LIST.add(\"pre-destroy\"); } }";
    private static final String LOOKUP = "package com.acme; import javax.naming.*; import java.io.IOException;"
            + " import jakarta.servlet.http.*; @jakarta.servlet.annotation.WebServlet(\"/lookup\") public class Lookup"
            + " extends HttpServlet { private Integer max; private String state = \"new\";"
            + " void ready() { state = \"ready (max \" + max + \")\"; }"
            + " @Override protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {"
            + " try { Context env = (Context) new InitialContext().lookup(\"java:comp/env\"); String ro;"
            + " try { env.bind(\"x\", \"y\"); ro = \"bound\"; } catch (OperationNotSupportedException e) { ro = \"read-only\"; }"
            + " res.getWriter().print(new InitialContext().lookup(\"java:comp/env/greeting\") + \" \""
            + " + env.lookup(\"limit\") + \" \" + max + \" \" + ro + \" \" + state);"
            + " } catch (NamingException e) { throw new IOException(e); } } }";
    private static final String FRAMEWORK_FILTER = "package com.acme; import jakarta.servlet.*; import java.io.IOException;"
            + " public class FrameworkFilter extends jakarta.servlet.http.HttpFilter {"
            + " @jakarta.annotation.PostConstruct void up() { Events.LIST.add(\"container called the framework's\"); }"
            + " @Override protected void doFilter(jakarta.servlet.http.HttpServletRequest req,"
            + " jakarta.servlet.http.HttpServletResponse res, FilterChain chain) throws IOException, ServletException {"
            + " res.setHeader(\"X-Framework\", \"yes\"); chain.doFilter(req, res); } }";
    private static final String BOOT = "package com.acme; import jakarta.servlet.*;"
            + " @jakarta.servlet.annotation.WebListener public class Boot implements ServletContextListener {"
            + " @jakarta.annotation.PostConstruct void up() { Events.LIST.add(\"listener post-construct\"); }"
            + " @Override public void contextInitialized(ServletContextEvent e) { e.getServletContext()"
            + ".addFilter(\"framework\", new FrameworkFilter()).addMappingForUrlPatterns(null, true, \"/*\"); }"
            + " @Override public void contextDestroyed(ServletContextEvent e) { Events.LIST.add(\"contextDestroyed\"); }"
            + " @jakarta.annotation.PreDestroy void down() { Events.LIST.add(\"listener pre-destroy\"); } }";
    private static final String FAILING = "package com.acme; @jakarta.servlet.annotation.WebServlet(\"/failing\")"
            + " public class Failing extends jakarta.servlet.http.HttpServlet { @jakarta.annotation.PostConstruct void up()"
            + " { throw new IllegalStateException(\"no database\"); } }";
    private static final String WEB_XML = JavaSources.webXml("""
            <env-entry><env-entry-name>greeting</env-entry-name><env-entry-type>java.lang.String</env-entry-type>
              <env-entry-value>hello</env-entry-value></env-entry>
            <env-entry><env-entry-name>limit</env-entry-name><env-entry-type>java.lang.Integer</env-entry-type>
              <env-entry-value>42</env-entry-value></env-entry>
            <env-entry><env-entry-name>max</env-entry-name><env-entry-type>java.lang.Integer</env-entry-type>
              <env-entry-value>7</env-entry-value>
              <injection-target><injection-target-class>com.acme.Lookup</injection-target-class>
                <injection-target-name>max</injection-target-name></injection-target></env-entry>
            <post-construct><lifecycle-callback-class>com.acme.Lookup</lifecycle-callback-class>
              <lifecycle-callback-method>ready</lifecycle-callback-method></post-construct>
            """);

    @TempDir
    Path work;
    private HttpClient client;

    @BeforeEach
    void startClient() throws Exception {
        client = new HttpClient();
        client.start();
    }

    @AfterEach
    void stopClient() throws Exception {
        client.stop();
    }

    /** A WAR of these classes (compiled against the servlet and annotation API jars) and web.xml. */
    private Path war(String name, String webXml, Map<String, String> classes) throws Exception {
        Path app = work.resolve(name);
        JavaSources.write(app.resolve("WEB-INF/web.xml"), webXml);
        String apis = JavaSources.servletApiJar() + File.pathSeparator + Path.of(jakarta.annotation.PostConstruct.class
                .getProtectionDomain().getCodeSource().getLocation().toURI());
        if (!classes.isEmpty()) {
            JavaSources.compile(app.resolve("WEB-INF/classes"), apis, classes);
        }
        return JavaSources.zip(app, work.resolve(name + ".war"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void callbacksRunInOrderAndEnvEntriesAreInjectedAndLookedUp() throws Exception {
        Path war = war("life", WEB_XML, Map.of("com.acme.Events", EVENTS, "com.acme.Base", BASE, "com.acme.Ordered",
                ORDERED, "com.acme.Lookup", LOOKUP, "com.acme.FrameworkFilter", FRAMEWORK_FILTER, "com.acme.Boot", BOOT,
                "com.acme.Failing", FAILING));
        List<String> events;
        try (DeployedServer server = new DeployedServer(Map.of("/life", war))) {
            events = (List<String>) server.apps.get(0).webApp().servletContext().getClassLoader()
                    .loadClass("com.acme.Events").getField("LIST").get(null);
            ContentResponse first = client.GET(server.base() + "/life/events");
            assertThat(first.getStatus()).isEqualTo(200);
            assertThat(first.getHeaders().get("X-Framework")).as("the framework's filter runs").isEqualTo("yes");
            assertThat(first.getContentAsString()).isEqualTo("listener post-construct,base post-construct,"
                    + "post-construct hello 42,init");
            assertThat(client.GET(server.base() + "/life/lookup").getContentAsString())
                    .isEqualTo("hello 42 7 read-only ready (max 7)");
            ContentResponse failing = client.GET(server.base() + "/life/failing");
            assertThat(failing.getStatus()).isEqualTo(503);
        }
        assertThat(events).containsExactly("listener post-construct", "base post-construct", "post-construct hello 42",
                "init", "destroy", "pre-destroy", "contextDestroyed", "listener pre-destroy");
    }

    @Test
    void aWarWithoutEnvEntriesStillHasAnEmptyReadOnlyJavaCompEnv() throws Exception {
        Path war = war("noenv", JavaSources.webXml(""), Map.of("com.acme.Look", "package com.acme; import javax.naming.*;"
                + " import java.io.IOException; import jakarta.servlet.http.*;"
                + " @jakarta.servlet.annotation.WebServlet(\"/look\") public class Look extends HttpServlet {"
                + " @Override protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {"
                + " try { Context env = (Context) new InitialContext().lookup(\"java:comp/env\");"
                + " String listed = env.list(\"\").hasMore() ? \"entries\" : \"empty\";"
                + " try { env.lookup(\"greeting\"); res.getWriter().print(\"found\"); }"
                + " catch (NameNotFoundException e) { res.getWriter().print(listed + \" | \" + e.getMessage()); } }"
                + " catch (NamingException e) { res.getWriter().print(e); } } }"));
        try (DeployedServer server = new DeployedServer(Map.of("/noenv", war))) {
            assertThat(client.GET(server.base() + "/noenv/look").getContentAsString()).startsWith("empty | ")
                    .contains("java:comp/env/greeting");
        }
    }

    @Test
    void aFailingPostConstructOfAFilterRefusesTheStart() throws Exception {
        Path war = war("badfilter", JavaSources.webXml(""), Map.of("com.acme.Bad", "package com.acme;"
                + " @jakarta.servlet.annotation.WebFilter(\"/*\") public class Bad extends jakarta.servlet.http.HttpFilter"
                + " { @jakarta.annotation.PostConstruct void up() { throw new IllegalStateException(\"no config\"); } }"));
        DeploymentException e = catchThrowableOfType(DeploymentException.class, () -> Deployer.deploy(war, "/bad"));
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).startsWith("cannot deploy " + war + ": starting the web app: filter 'com.acme.Bad'")
                .contains("@PostConstruct method com.acme.Bad.up() failed: java.lang.IllegalStateException: no config")
                .doesNotContain("\n");
    }

    @Test
    void aDataSourceIsRefusedWithItsLine() throws Exception {
        Path xml = war("db", JavaSources.webXml("<resource-ref><res-ref-name>jdbc/shop</res-ref-name>"
                + "<res-type>javax.sql.DataSource</res-type></resource-ref>"), Map.of());
        DeploymentException e = catchThrowableOfType(DeploymentException.class, () -> Deployer.deploy(xml, "/db"));
        assertThat(e.getMessage()).isEqualTo("cannot deploy " + xml + ": WEB-INF/web.xml <resource-ref>: not enforced by"
                + " Hawser (JNDI resources other than env-entry are not provided yet (a --resource option may come"
                + " later)): its lookups and injections would fail or find nothing. Remove it, or accept the risk with"
                + " --accept-unenforced resource-ref.");
        Path annotated = war("dbfield", JavaSources.webXml(""), Map.of("com.acme.Shop", "package com.acme;"
                + " @jakarta.servlet.annotation.WebServlet(\"/shop\") public class Shop extends"
                + " jakarta.servlet.http.HttpServlet { @jakarta.annotation.Resource private javax.sql.DataSource db; }"));
        e = catchThrowableOfType(DeploymentException.class, () -> Deployer.deploy(annotated, "/dbfield"));
        assertThat(e.getMessage()).startsWith("cannot deploy " + annotated + ": @Resource on com.acme.Shop.db"
                + " (javax.sql.DataSource, WEB-INF/classes): not enforced by Hawser");
    }
}
