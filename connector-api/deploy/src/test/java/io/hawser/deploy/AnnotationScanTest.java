package io.hawser.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.Servlet;
import jakarta.servlet.annotation.WebServlet;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnnotationScanTest {
    @TempDir
    Path dir;

    @Test
    void readsTheServletAnnotationsFromClassesAndJarsWithoutLoadingThem() throws Exception {
        Path app = dir.resolve("app");
        TestWars.compile(app.resolve("WEB-INF/classes"), Map.of(
                "com.example.Hello", """
                        package com.example;
                        import jakarta.servlet.annotation.*;
                        @WebServlet(name = "hi", urlPatterns = {"/hi", "*.hi"}, loadOnStartup = 3, asyncSupported = true,
                            initParams = @WebInitParam(name = "greeting", value = "hello"))
                        @MultipartConfig(maxFileSize = 1000, fileSizeThreshold = 5)
                        public class Hello extends jakarta.servlet.http.HttpServlet {
                            static { if (true) throw new IllegalStateException("must not be loaded by the scan"); }
                        }
                        """,
                "com.example.Plain", """
                        package com.example;
                        @jakarta.servlet.annotation.WebServlet("/plain")
                        public class Plain extends jakarta.servlet.http.HttpServlet {}
                        """,
                "com.example.Boot", """
                        package com.example;
                        @jakarta.servlet.annotation.WebListener
                        public class Boot implements jakarta.servlet.ServletContextListener {}
                        """));
        Path lib = dir.resolve("lib");
        TestWars.compile(lib, Map.of("org.lib.Audit", """
                package org.lib;
                import jakarta.servlet.*;
                import jakarta.servlet.annotation.*;
                @WebFilter(filterName = "audit", urlPatterns = "/*", servletNames = "hi",
                    dispatcherTypes = {DispatcherType.REQUEST, DispatcherType.ASYNC})
                public class Audit implements Filter {
                    public void doFilter(ServletRequest q, ServletResponse r, FilterChain c) {}
                }
                """));
        TestWars.zip(lib, app.resolve("WEB-INF/lib/audit.jar"));

        try (AnnotationScan scan = AnnotationScan.of(app)) {
            assertThat(scan.servlets()).containsExactlyInAnyOrder(
                    new ServletDecl("hi", "com.example.Hello", Map.of("greeting", "hello"), 3, true,
                            new MultipartDecl("", 1000, -1, 5), List.of("/hi", "*.hi"),
                            "@WebServlet on com.example.Hello (WEB-INF/classes)"),
                    new ServletDecl("com.example.Plain", "com.example.Plain", Map.of(), null, false, null,
                            List.of("/plain"), "@WebServlet on com.example.Plain (WEB-INF/classes)"));
            assertThat(scan.filters()).containsExactly(new FilterDecl("audit", "org.lib.Audit", Map.of(), false,
                    new FilterMappingDecl("audit", List.of("/*"), List.of("hi"),
                            Set.of(DispatcherType.REQUEST, DispatcherType.ASYNC)),
                    "@WebFilter on org.lib.Audit (WEB-INF/lib/audit.jar)"));
            assertThat(scan.listeners()).containsExactly("com.example.Boot");
        }
    }

    @Test
    void findsWhatHandlesTypesAsksForThroughClassesOutsideTheApp() throws Exception {
        Path app = dir.resolve("app");
        TestWars.compile(app.resolve("WEB-INF/classes"), Map.of(
                "com.example.A", "package com.example; public class A extends jakarta.servlet.http.HttpServlet {}",
                "com.example.B", "package com.example; public class B extends A {}",
                "com.example.F", "package com.example; public abstract class F implements jakarta.servlet.Filter {}",
                "com.example.N", "package com.example; @jakarta.servlet.annotation.WebServlet(\"/n\")"
                        + " public class N extends jakarta.servlet.GenericServlet {"
                        + " public void service(jakarta.servlet.ServletRequest q, jakarta.servlet.ServletResponse r) {} }",
                "com.example.Other", "package com.example; public class Other {}"));
        try (AnnotationScan scan = AnnotationScan.of(app)) {
            ClassLoader loader = getClass().getClassLoader();
            assertThat(scan.handledBy(Servlet.class, loader))
                    .containsExactlyInAnyOrder("com.example.A", "com.example.B", "com.example.N");
            assertThat(scan.handledBy(Filter.class, loader)).containsExactly("com.example.F");
            assertThat(scan.handledBy(WebServlet.class, loader)).containsExactly("com.example.N");
        }
    }

    @Test
    void anAppWithoutClassesHasNoAnnotations() throws Exception {
        try (AnnotationScan scan = AnnotationScan.of(dir)) {
            assertThat(scan.servlets()).isEmpty();
            assertThat(scan.listeners()).isEmpty();
            assertThat(scan.handledBy(Servlet.class, getClass().getClassLoader())).isEmpty();
        }
    }
}
