package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.ServletContext;
import java.io.File;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSP engine is set up for the apps that have JSP content only (its start is a good part of a
 * small WAR's): an app without any gets no {@code jsp} servlet, and a request for a page it does not
 * have is 404 as before; a precompiled page alone, or a tag library descriptor alone, is JSP content.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JspUseTest {
    private static final String SERVLET = """
            package com.acme;
            @jakarta.servlet.annotation.WebServlet("/hello")
            public class Hello extends jakarta.servlet.http.HttpServlet {
                @Override protected void doGet(jakarta.servlet.http.HttpServletRequest q, jakarta.servlet.http.HttpServletResponse r)
                        throws java.io.IOException { r.getWriter().print("hello"); }
            }
            """;

    @TempDir
    Path work;

    private static ServletContext context(DeployedServer server) {
        return server.apps.get(0).webApp().servletContext();
    }

    @Test
    void anAppWithoutJspContentGetsNoJspServletAndAPageItLacksIs404() throws Exception {
        Path war = JavaSources.war(work, "plain", null, Map.of("com.acme.Hello", SERVLET), Map.of());
        try (DeployedServer server = new DeployedServer(Map.of("/plain", war))) {
            assertThat(context(server).getServletRegistration("jsp")).isNull();
            assertThat(RawRequest.status(RawRequest.get(server.port(), "/plain/hello"))).isEqualTo(200);
            assertThat(RawRequest.status(RawRequest.get(server.port(), "/plain/missing.jsp"))).isEqualTo(404);
        }
    }

    @Test
    void aPrecompiledPageAloneGetsTheEngine() throws Exception {
        Path app = work.resolve("pre");
        String cp = JavaSources.servletApiJar() + File.pathSeparator + JspWars.location(jakarta.servlet.jsp.JspPage.class)
                + File.pathSeparator + JspWars.location(org.apache.jasper.runtime.HttpJspBase.class);
        JavaSources.compile(app.resolve("WEB-INF/classes"), cp, Map.of("com.acme.pre_jsp", """
                package com.acme;
                public final class pre_jsp extends org.apache.jasper.runtime.HttpJspBase {
                    @Override public void _jspService(jakarta.servlet.http.HttpServletRequest req,
                            jakarta.servlet.http.HttpServletResponse resp) throws java.io.IOException {
                        resp.getWriter().print("JSP " + jakarta.servlet.jsp.JspFactory.getDefaultFactory()
                                .getEngineInfo().getSpecificationVersion());
                    }
                }"""));
        JavaSources.write(app.resolve("WEB-INF/web.xml"), JavaSources.webXml("""
                <servlet><servlet-name>pre</servlet-name><servlet-class>com.acme.pre_jsp</servlet-class></servlet>
                <servlet-mapping><servlet-name>pre</servlet-name><url-pattern>/pre</url-pattern></servlet-mapping>"""));
        try (DeployedServer server = new DeployedServer(Map.of("/pre", JavaSources.zip(app, work.resolve("pre.war"))))) {
            assertThat(context(server).getServletRegistration("jsp")).isNotNull();
            String response = RawRequest.get(server.port(), "/pre/pre");
            assertThat(RawRequest.status(response)).isEqualTo(200);
            assertThat(response).endsWith("JSP 4.0");
        }
    }

    @Test
    void aTagLibraryDescriptorInAJarAloneGetsTheEngine() throws Exception {
        Path app = work.resolve("jartld");
        JavaSources.compile(app.resolve("WEB-INF/classes"), JavaSources.servletApiJar(), Map.of("com.acme.Hello", SERVLET));
        Path lib = work.resolve("taglib");
        JavaSources.write(lib.resolve("META-INF/x.tld"), "<taglib xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"3.0\">"
                + "<tlib-version>1.0</tlib-version><short-name>x</short-name><uri>https://acme.example/x</uri></taglib>");
        JavaSources.zip(lib, app.resolve("WEB-INF/lib/taglib.jar"));
        try (DeployedServer server = new DeployedServer(Map.of("/jartld", JavaSources.zip(app, work.resolve("jartld.war"))))) {
            assertThat(context(server).getServletRegistration("jsp")).isNotNull();
        }
    }

    @Test
    void aTagLibraryDescriptorAloneGetsTheEngine() throws Exception {
        Path war = JavaSources.war(work, "tld", null, Map.of("com.acme.Hello", SERVLET), Map.of("WEB-INF/tlds/x.tld",
                "<taglib xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"3.0\"><tlib-version>1.0</tlib-version>"
                        + "<short-name>x</short-name><uri>https://acme.example/x</uri></taglib>"));
        try (DeployedServer server = new DeployedServer(Map.of("/tld", war))) {
            assertThat(context(server).getServletRegistration("jsp")).isNotNull();
        }
    }
}
