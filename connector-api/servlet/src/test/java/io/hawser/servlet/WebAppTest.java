package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.GenericServlet;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpSessionListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mockito.InOrder;

/** Start and stop of a web app (Servlet 6.1 §2.3, §4.4, §11.2). */
class WebAppTest {
    private final WebApp app = WebApp.create("/w", null, null);
    private final ServletContext ctx = app.servletContext();
    static final List<String> order = new ArrayList<>();

    /** Records its init order; a class so it can be registered by name. */
    public static class Recording extends GenericServlet {
        private static final long serialVersionUID = 1L;

        @Override
        public void init() {
            order.add(getServletName() + ":" + getInitParameter("p"));
        }

        @Override
        public void service(ServletRequest req, ServletResponse res) {
        }
    }

    @Test
    void startRunsListenersThenFiltersThenLoadOnStartupServletsInOrder() throws Exception {
        order.clear();
        ServletContextListener listener = mock(ServletContextListener.class);
        org.mockito.Mockito.doAnswer(inv -> order.add("listener")).when(listener).contextInitialized(any());
        Filter filter = mock(Filter.class);
        org.mockito.Mockito.doAnswer(inv -> order.add("filter")).when(filter).init(any(FilterConfig.class));
        ctx.addListener(listener);
        ctx.addFilter("f", filter).addMappingForUrlPatterns(null, true, "/*");
        var second = ctx.addServlet("second", Recording.class.getName());
        second.setLoadOnStartup(2);
        second.setInitParameter("p", "b");
        var first = ctx.addServlet("first", Recording.class);
        first.setLoadOnStartup(1);
        first.setInitParameter("p", "a");
        ctx.addServlet("lazy", Recording.class).addMapping("/lazy");
        app.start();
        assertThat(order).containsExactly("listener", "filter", "first:a", "second:b");
        assertThat(app.isAvailable()).isTrue();
        app.stop();
    }

    @Test
    void theTempDirIsANewOwnerOnlyDirectoryDeletedAtStop() throws Exception {
        app.start();
        java.io.File dir = (java.io.File) ctx.getAttribute(ServletContext.TEMPDIR);
        java.nio.file.Path path = dir.toPath();
        assertThat(path.getParent()).isEqualTo(java.nio.file.Path.of(System.getProperty("java.io.tmpdir")));
        assertThat(path.getFileName().toString()).startsWith("hawser-w-");
        assertThat(dir).isDirectory();
        if (path.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(
                    java.nio.file.Files.getPosixFilePermissions(path))).isEqualTo("rwx------");
        }
        app.stop();
        assertThat(dir).doesNotExist();
    }

    @Test
    void stopEndsSessionsDestroysServletsAndFiltersThenContextListenersInReverse() throws Exception {
        ServletContextListener a = mock(ServletContextListener.class);
        ServletContextListener b = mock(ServletContextListener.class);
        HttpSessionListener sessions = mock(HttpSessionListener.class);
        Servlet servlet = mock(Servlet.class);
        Filter filter = mock(Filter.class);
        ctx.addListener(a);
        ctx.addListener(b);
        ctx.addListener(sessions);
        ctx.addServlet("s", servlet).setLoadOnStartup(0);
        ctx.addFilter("f", filter);
        app.start();
        app.sessions().create();
        app.stop();
        InOrder inOrder = inOrder(sessions, servlet, filter, b, a);
        inOrder.verify(sessions).sessionDestroyed(any());
        inOrder.verify(servlet).destroy();
        inOrder.verify(filter).destroy();
        inOrder.verify(b).contextDestroyed(any(ServletContextEvent.class));
        inOrder.verify(a).contextDestroyed(any(ServletContextEvent.class));
        assertThat(app.isAvailable()).isFalse();
        app.stop();
    }

    @Test
    void aFailingServletInitFailsStartWithItsNameAndUndoesWhatStarted() throws Exception {
        ServletContextListener listener = mock(ServletContextListener.class);
        ctx.addListener(listener);
        Servlet broken = mock(Servlet.class);
        doThrow(new ServletException("db down")).when(broken).init(any(ServletConfig.class));
        ctx.addServlet("reports", broken).setLoadOnStartup(1);
        assertThatThrownBy(app::start).isInstanceOf(ServletException.class)
                .hasMessageContaining("servlet 'reports'").hasMessageContaining("db down");
        verify(listener).contextDestroyed(any());
        assertThat(app.isAvailable()).isFalse();
    }

    @Test
    void aFailingFilterOrListenerIsNamedToo() {
        Filter filter = mock(Filter.class);
        try {
            doThrow(new ServletException("bad config")).when(filter).init(any());
        } catch (ServletException e) {
            throw new AssertionError(e);
        }
        ctx.addFilter("auth", filter);
        assertThatThrownBy(app::start).hasMessageContaining("filter 'auth'").hasMessageContaining("bad config");

        WebApp other = WebApp.create("", null, null);
        ServletContextListener listener = mock(ServletContextListener.class);
        doThrow(new IllegalStateException("no config")).when(listener).contextInitialized(any());
        other.servletContext().addListener(listener);
        assertThatThrownBy(other::start).hasMessageContaining("listener").hasMessageContaining("contextInitialized")
                .hasMessageContaining("no config");
    }

    @Test
    void aMissingServletClassNamesTheClass() {
        ctx.addServlet("ghost", "com.example.Missing").setLoadOnStartup(1);
        assertThatThrownBy(app::start).hasMessageContaining("servlet 'ghost'").hasMessageContaining("com.example.Missing");
    }

    @Test
    void configurationIsClosedOnceStarted() throws Exception {
        app.start();
        assertThatThrownBy(() -> ctx.addServlet("late", Recording.class)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ctx.addFilter("late", mock(Filter.class))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ctx.addListener(mock(ServletContextListener.class))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ctx.setInitParameter("a", "b")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> app.addWelcomeFile("x.html")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(app::start).isInstanceOf(IllegalStateException.class);
        app.stop();
    }

    @Test
    void listenersMayConfigureDuringStartAndTheDefault404IsAddedOnlyWhenSlashIsFree() throws Exception {
        ctx.addListener(new ServletContextListener() {
            @Override
            public void contextInitialized(ServletContextEvent sce) {
                sce.getServletContext().addServlet("fromListener", Recording.class).addMapping("/x");
            }
        });
        app.start();
        assertThat(ctx.getServletRegistration("fromListener").getMappings()).containsExactly("/x");
        assertThat(app.mapping().map("/other").getServletName()).isEqualTo(NotFoundServlet.NAME);
        app.stop();

        WebApp withDefault = WebApp.create("", null, null);
        withDefault.servletContext().addServlet("mine", Recording.class).addMapping("/");
        withDefault.start();
        assertThat(withDefault.mapping().map("/other").getServletName()).isEqualTo("mine");
        assertThat(withDefault.servletContext().getServletRegistration(NotFoundServlet.NAME)).isNull();
        withDefault.stop();
    }

    @Test
    void registrationRulesOfServletContext() {
        assertThat(ctx.addServlet("s", Recording.class)).isNotNull();
        assertThat(ctx.addServlet("s", Recording.class)).isNull();
        ctx.getServletRegistration("s").addMapping("/a");
        assertThat(ctx.addServlet("t", Recording.class).addMapping("/a", "/b")).containsExactly("/a");
        assertThat(ctx.getServletRegistration("t").getMappings()).isEmpty();
        assertThatThrownBy(() -> ctx.addServlet("", Recording.class)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ctx.getServletRegistration("s").addMapping("bad")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ctx.addListener(new java.util.EventListener() { })).isInstanceOf(IllegalArgumentException.class);
        assertThat(ctx.getServletRegistration("s").setInitParameter("k", "v")).isTrue();
        assertThat(ctx.getServletRegistration("s").setInitParameter("k", "w")).isFalse();
        assertThatThrownBy(() -> WebApp.create("/bad/", null, null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sessionTimeoutComesFromSessionConfig() {
        app.setSessionTimeoutMinutes(5);
        assertThat(ctx.getSessionTimeout()).isEqualTo(5);
        assertThat(app.sessions().defaultInterval()).isEqualTo(300);
        HttpSessionListener never = mock(HttpSessionListener.class);
        ctx.addListener(never);
        verify(never, never()).sessionCreated(any());
    }
}
