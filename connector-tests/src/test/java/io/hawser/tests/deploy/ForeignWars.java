package io.hawser.tests.deploy;

import java.nio.file.Path;
import java.util.Map;

/**
 * A web app written outside this project: compiled at test time with javax.tools against the
 * servlet API jar alone, packed by hand into a {@code .war}. It exercises web.xml (context-param,
 * a filter), annotations in {@code WEB-INF/classes} and in a {@code WEB-INF/lib} jar, and a
 * {@code ServletContainerInitializer} with {@code @HandlesTypes}.
 */
final class ForeignWars {
    private ForeignWars() {
    }

    /**
     * @param work a scratch directory
     * @param name the WAR's file name without {@code .war}
     * @param greeting what the greeter servlet says (to tell versions apart)
     * @param metadataComplete the web.xml {@code metadata-complete} attribute
     * @return the WAR file
     */
    static Path build(Path work, String name, String greeting, boolean metadataComplete) throws Exception {
        String api = JavaSources.servletApiJar();
        Path lib = work.resolve(name + "-lib");
        JavaSources.compile(lib, api, Map.of(
                "com.acme.util.Words", "package com.acme.util; public final class Words {"
                        + " public static String shout(String s) { return s.toUpperCase(java.util.Locale.ROOT) + \"!\"; } }",
                "com.acme.util.Registrar", """
                        package com.acme.util;
                        import jakarta.servlet.*;
                        import jakarta.servlet.annotation.HandlesTypes;
                        import jakarta.servlet.http.*;
                        import java.util.*;
                        @HandlesTypes(HttpServlet.class)
                        public class Registrar implements ServletContainerInitializer {
                            public void onStartup(Set<Class<?>> found, ServletContext ctx) {
                                TreeSet<String> names = new TreeSet<>();
                                if (found != null) { for (Class<?> c : found) { names.add(c.getName()); } }
                                ctx.addServlet("registered", new HttpServlet() {
                                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                                        r.setContentType("text/plain"); r.getWriter().print("handles " + names);
                                    }
                                }).addMapping("/registered");
                            }
                        }
                        """));
        JavaSources.write(lib.resolve("META-INF/services/jakarta.servlet.ServletContainerInitializer"),
                "com.acme.util.Registrar\n");
        Path app = work.resolve(name + "-app");
        JavaSources.zip(lib, app.resolve("WEB-INF/lib/acme-util.jar"));
        JavaSources.compile(app.resolve("WEB-INF/classes"), api + java.io.File.pathSeparator
                + app.resolve("WEB-INF/lib/acme-util.jar"), Map.of(
                "com.acme.Greeter", """
                        package com.acme;
                        import jakarta.servlet.annotation.*;
                        import jakarta.servlet.http.*;
                        @WebServlet(urlPatterns = "/greet", initParams = @WebInitParam(name = "punctuation", value = "?"))
                        public class Greeter extends HttpServlet {
                            protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                                r.setContentType("text/plain");
                                r.getWriter().print(com.acme.util.Words.shout("GREETING") + " "
                                    + getServletContext().getInitParameter("who") + getInitParameter("punctuation"));
                            }
                        }
                        """.replace("GREETING", greeting),
                "com.acme.Declared", """
                        package com.acme;
                        import jakarta.servlet.http.*;
                        public class Declared extends HttpServlet {
                            protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                                r.setContentType("text/plain"); r.getWriter().print("declared in web.xml");
                            }
                        }
                        """,
                "com.acme.Stamp", """
                        package com.acme;
                        import jakarta.servlet.*;
                        public class Stamp implements Filter {
                            public void doFilter(ServletRequest q, ServletResponse r, FilterChain c)
                                    throws java.io.IOException, ServletException {
                                ((jakarta.servlet.http.HttpServletResponse) r).setHeader("X-Stamp", "acme");
                                c.doFilter(q, r);
                            }
                        }
                        """));
        JavaSources.write(app.resolve("WEB-INF/web.xml"), "<?xml version=\"1.0\"?>\n"
                + "<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"6.0\" metadata-complete=\""
                + metadataComplete + "\">\n"
                + "<context-param><param-name>who</param-name><param-value>world</param-value></context-param>\n"
                + "<servlet><servlet-name>declared</servlet-name><servlet-class>com.acme.Declared</servlet-class>"
                + "</servlet>\n"
                + "<servlet-mapping><servlet-name>declared</servlet-name><url-pattern>/declared</url-pattern>"
                + "</servlet-mapping>\n"
                + "<filter><filter-name>stamp</filter-name><filter-class>com.acme.Stamp</filter-class></filter>\n"
                + "<filter-mapping><filter-name>stamp</filter-name><url-pattern>/*</url-pattern></filter-mapping>\n"
                + "</web-app>\n");
        JavaSources.write(app.resolve("index.html"), "<p>acme</p>");
        return JavaSources.zip(app, work.resolve(name + ".war"));
    }
}
