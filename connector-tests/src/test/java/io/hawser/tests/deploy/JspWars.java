package io.hawser.tests.deploy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A WAR with JSP pages, built at test time: scriptlets, EL, JSTL, a tag file, a TLD in a
 * {@code WEB-INF/lib} jar, a {@code <jsp-config>} taglib and property group, a {@code <jsp-file>}
 * servlet, a page compiled ahead of time into {@code WEB-INF/classes}, and a page that does not compile.
 */
final class JspWars {
    private JspWars() {
    }

    /** The tag handler of the lib jar's TLD (and of the jsp-config taglib). */
    private static final String HELLO_TAG = """
            package com.acme.tags;
            public class HelloTag extends jakarta.servlet.jsp.tagext.SimpleTagSupport {
                private String who;
                public void setWho(String who) { this.who = who; }
                @Override public void doTag() throws java.io.IOException {
                    getJspContext().getOut().write("hello " + who);
                }
            }""";

    private static String tld(String uri) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <taglib xmlns="https://jakarta.ee/xml/ns/jakartaee" version="3.0">
                  <tlib-version>1.0</tlib-version><short-name>acme</short-name><uri>%s</uri>
                  <tag><name>hello</name><tag-class>com.acme.tags.HelloTag</tag-class><body-content>empty</body-content>
                    <attribute><name>who</name><required>true</required><rtexprvalue>true</rtexprvalue></attribute></tag>
                </taglib>
                """.formatted(uri);
    }

    /** @return the jar or directory a class was loaded from, as a path */
    static String location(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /**
     * @param work a scratch directory
     * @return {@code work/pages.war}
     */
    static Path build(Path work) throws Exception {
        Path app = work.resolve("pages");
        String cp = JavaSources.servletApiJar() + File.pathSeparator + location(jakarta.servlet.jsp.JspPage.class)
                + File.pathSeparator + location(org.apache.jasper.runtime.HttpJspBase.class);
        Path lib = work.resolve("lib");
        JavaSources.compile(lib, cp, Map.of("com.acme.tags.HelloTag", HELLO_TAG));
        JavaSources.write(lib.resolve("META-INF/acme.tld"), tld("https://acme.example/lib"));
        Files.createDirectories(app.resolve("WEB-INF/lib"));
        JavaSources.zip(lib, app.resolve("WEB-INF/lib/acme-tags.jar"));
        JavaSources.compile(app.resolve("WEB-INF/classes"), cp, Map.of(
                "com.acme.pre_jsp", """
                        package com.acme;
                        /** What Jasper's JspC would generate for a page, compiled ahead of time. */
                        public final class pre_jsp extends org.apache.jasper.runtime.HttpJspBase {
                            @Override public void _jspService(jakarta.servlet.http.HttpServletRequest req,
                                    jakarta.servlet.http.HttpServletResponse resp) throws java.io.IOException {
                                resp.setContentType("text/plain");
                                resp.getWriter().print("precompiled, JSP " + jakarta.servlet.jsp.JspFactory
                                        .getDefaultFactory().getEngineInfo().getSpecificationVersion());
                            }
                        }""",
                "com.acme.Init", """
                        package com.acme;
                        public final class Init implements jakarta.servlet.ServletContainerInitializer {
                            @Override public void onStartup(java.util.Set<Class<?>> c, jakarta.servlet.ServletContext ctx) {
                                ctx.addJspFile("added", "WEB-INF/views/hidden.jsp").addMapping("/added");
                            }
                        }""",
                "com.acme.Forward", """
                        package com.acme;
                        public final class Forward extends jakarta.servlet.http.HttpServlet {
                            @Override protected void doGet(jakarta.servlet.http.HttpServletRequest req,
                                    jakarta.servlet.http.HttpServletResponse resp)
                                    throws jakarta.servlet.ServletException, java.io.IOException {
                                req.setAttribute("via", "forward");
                                req.getRequestDispatcher("/WEB-INF/views/hidden.jsp").forward(req, resp);
                            }
                        }"""));
        JavaSources.write(app.resolve("WEB-INF/web.xml"), JavaSources.webXml("""
                <servlet><servlet-name>page</servlet-name><jsp-file>/WEB-INF/views/hidden.jsp</jsp-file></servlet>
                <servlet-mapping><servlet-name>page</servlet-name><url-pattern>/page</url-pattern></servlet-mapping>
                <servlet><servlet-name>pre</servlet-name><servlet-class>com.acme.pre_jsp</servlet-class></servlet>
                <servlet-mapping><servlet-name>pre</servlet-name><url-pattern>/pre.jsp</url-pattern></servlet-mapping>
                <servlet><servlet-name>fwd</servlet-name><servlet-class>com.acme.Forward</servlet-class></servlet>
                <servlet-mapping><servlet-name>fwd</servlet-name><url-pattern>/fwd</url-pattern></servlet-mapping>
                <welcome-file-list><welcome-file>index.jsp</welcome-file></welcome-file-list>
                <jsp-config>
                  <taglib><taglib-uri>https://acme.example/cfg</taglib-uri>
                    <taglib-location>/WEB-INF/tlds/cfg.tld</taglib-location></taglib>
                  <jsp-property-group><url-pattern>/group/*</url-pattern>
                    <include-prelude>/WEB-INF/prelude.jspf</include-prelude></jsp-property-group>
                </jsp-config>"""));
        JavaSources.write(app.resolve("WEB-INF/tlds/cfg.tld"), tld("https://acme.example/cfg-declared"));
        JavaSources.write(app.resolve("WEB-INF/prelude.jspf"), "[prelude]");
        JavaSources.write(app.resolve("WEB-INF/tags/shout.tag"), """
                <%@ tag body-content="empty" %><%@ attribute name="text" required="true" %>\
                ${text.toUpperCase()}!""");
        JavaSources.write(app.resolve("index.jsp"), """
                <%@ page contentType="text/html;charset=UTF-8" trimDirectiveWhitespaces="true" %>
                <%@ taglib prefix="c" uri="jakarta.tags.core" %>
                <%@ taglib prefix="fmt" uri="jakarta.tags.fmt" %>
                <%@ taglib prefix="t" tagdir="/WEB-INF/tags" %>
                <%@ taglib prefix="lib" uri="https://acme.example/lib" %>
                <%@ taglib prefix="cfg" uri="https://acme.example/cfg" %>
                <% request.setAttribute("items", java.util.List.of("a", "b", "c")); %>
                <p>sum=<%= 1 + 2 %></p>
                <p>name=${param.name}</p>
                <ul><c:forEach var="i" items="${items}"><li>${i}</li></c:forEach></ul>
                <p><fmt:formatNumber value="1234.5" pattern="#,##0.00"/></p>
                <p><t:shout text="hi"/></p>
                <p><lib:hello who="lib"/>, <cfg:hello who="cfg"/></p>
                """);
        JavaSources.write(app.resolve("WEB-INF/classes/META-INF/services/jakarta.servlet.ServletContainerInitializer"),
                "com.acme.Init");
        JavaSources.write(app.resolve("group/b.html"), "<%@ page trimDirectiveWhitespaces=\"true\" %><%= 6 * 7 %>");
        JavaSources.write(app.resolve("group/a.jsp"), "<%@ page trimDirectiveWhitespaces=\"true\" %>in group");
        JavaSources.write(app.resolve("WEB-INF/views/hidden.jsp"),
                "<%@ page trimDirectiveWhitespaces=\"true\" %>hidden via=${empty via ? 'none' : via}");
        JavaSources.write(app.resolve("broken.jsp"), "<%@ taglib prefix=\"c\" uri=\"jakarta.tags.core\" %>"
                + "<c:forEach items=\"${x}\" var=\"i\">never closed");
        return JavaSources.zip(app, work.resolve("pages.war"));
    }
}
