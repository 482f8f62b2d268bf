package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.OperationNotSupportedException;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Injection and lifecycle callbacks of what the container instantiates (Servlet 6.1 §15.5). */
class InstanceLifecycleTest {
    static final List<String> events = new CopyOnWriteArrayList<>();
    private final URLClassLoader loader = new URLClassLoader(new URL[0], getClass().getClassLoader());
    private final WebApp app = WebApp.create("/l", null, loader);

    @AfterEach
    void stop() throws IOException {
        app.stop();
        loader.close();
        events.clear();
    }

    private FakeExchange get(String path) {
        FakeExchange fake = FakeExchange.get("/l" + path);
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    /** A base with a private callback of its own. */
    public static class Base extends HttpServlet {
        @PostConstruct
        private void baseUp() {
            events.add("base post-construct");
        }

        @PreDestroy
        private void baseDown() {
            events.add("base pre-destroy");
        }
    }

    /** Records the order of its callbacks, init and destroy. */
    public static class Ordered extends Base {
        @PostConstruct
        void up() {
            events.add("post-construct");
        }

        @Override
        public void init() {
            events.add("init");
        }

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
            res.getWriter().print(String.join(",", events));
        }

        @Override
        public void destroy() {
            events.add("destroy");
        }

        @PreDestroy
        void down() {
            events.add("pre-destroy");
        }
    }

    @Test
    void postConstructRunsSuperclassFirstBeforeInitAndPreDestroyAfterDestroy() throws Exception {
        app.servletContext().addServlet("o", Ordered.class).addMapping("/o");
        app.start();
        assertThat(get("/o").body()).isEqualTo("base post-construct,post-construct,init");
        app.stop();
        assertThat(events).containsExactly("base post-construct", "post-construct", "init", "destroy",
                "base pre-destroy", "pre-destroy");
    }

    /** A filter with a web.xml-style callback and no annotation. */
    public static class PlainFilter implements Filter {
        void setUp() {
            events.add("filter setUp");
        }

        @Override
        public void init(FilterConfig config) {
            events.add("filter init");
        }

        @Override
        public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
                throws IOException, ServletException {
            chain.doFilter(req, res);
        }

        void tearDown() {
            events.add("filter tearDown");
        }
    }

    /** A listener with callbacks. */
    public static class Listener implements ServletContextListener {
        @PostConstruct
        void up() {
            events.add("listener post-construct");
        }

        @Override
        public void contextInitialized(ServletContextEvent sce) {
            events.add("contextInitialized");
        }

        @Override
        public void contextDestroyed(ServletContextEvent sce) {
            events.add("contextDestroyed");
        }

        @PreDestroy
        void down() {
            events.add("listener pre-destroy");
        }
    }

    @Test
    void descriptorCallbacksOnAFilterAndAnnotatedOnesOnAListener() throws Exception {
        app.lifecycle().addLifecycleCallback(true, PlainFilter.class.getName(), "setUp");
        app.lifecycle().addLifecycleCallback(false, PlainFilter.class.getName(), "tearDown");
        app.servletContext().addFilter("f", PlainFilter.class).addMappingForUrlPatterns(null, true, "/*");
        app.servletContext().addListener(Listener.class);
        app.start();
        app.stop();
        assertThat(events).containsExactly("listener post-construct", "contextInitialized", "filter setUp",
                "filter init", "filter tearDown", "contextDestroyed", "listener pre-destroy");
    }

    /** Its post-construct throws. */
    public static class Failing extends HttpServlet {
        @PostConstruct
        void up() {
            throw new IllegalStateException("no database");
        }
    }

    @Test
    void aFailingPostConstructMakesTheServletUnavailable() throws Exception {
        app.servletContext().addServlet("bad", Failing.class).addMapping("/bad");
        app.start();
        FakeExchange bad = get("/bad");
        assertThat(bad.status.get()).isEqualTo(503);
    }

    /** A filter whose post-construct throws. */
    public static class FailingFilter extends PlainFilter {
        @PostConstruct
        void up() {
            throw new IllegalStateException("no config");
        }
    }

    @Test
    void aFailingPostConstructOfAFilterFailsTheStart() {
        app.servletContext().addFilter("bad", FailingFilter.class).addMappingForUrlPatterns(null, true, "/*");
        assertThatThrownBy(app::start).isInstanceOf(ServletException.class)
                .hasMessageContaining("filter 'bad'")
                .hasMessageContaining("@PostConstruct method " + FailingFilter.class.getName() + ".up() failed")
                .hasMessageContaining("no config");
    }

    /** A framework's filter: the framework calls its callbacks, never the container. */
    public static class FrameworkFilter extends PlainFilter {
        @PostConstruct
        void up() {
            events.add("container called @PostConstruct");
        }
    }

    @Test
    void anInstanceTheAppAddsIsNotPostConstructed() throws Exception {
        app.servletContext().addFilter("spring", new FrameworkFilter()).addMappingForUrlPatterns(null, true, "/*");
        app.start();
        app.stop();
        assertThat(events).containsExactly("filter init");
    }

    /** Sees its environment by injection and by lookup. */
    public static class EnvServlet extends HttpServlet {
        @Resource(name = "greeting")
        private String greeting;
        @Resource
        private int count;
        private long limit;
        private Boolean flag;
        @Resource(lookup = "java:comp/env/greeting")
        private String looked;

        @Resource(name = "limit")
        void setLimit(long limit) {
            this.limit = limit;
        }

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
            try {
                Context env = (Context) new InitialContext().lookup("java:comp/env");
                String readOnly;
                try {
                    env.bind("x", "y");
                    readOnly = "bound";
                } catch (OperationNotSupportedException e) {
                    readOnly = "read-only";
                }
                res.getWriter().print(greeting + " " + count + " " + limit + " " + flag + " " + looked + " "
                        + new InitialContext().lookup("java:comp/env/greeting") + " " + env.lookup("limit") + " "
                        + readOnly);
            } catch (javax.naming.NamingException e) {
                throw new IOException(e);
            }
        }
    }

    @Test
    void envEntriesAreInjectedAndLookedUp() throws Exception {
        app.lifecycle().addEnvEntry("greeting", "hello");
        app.lifecycle().addEnvEntry(EnvServlet.class.getName() + "/count", 3);
        app.lifecycle().addEnvEntry("limit", 42L);
        app.lifecycle().addEnvEntry("flagEntry", true);
        app.lifecycle().addEnvEntry("unset", null);
        app.lifecycle().addInjectionTarget("flagEntry", EnvServlet.class.getName(), "flag");
        app.servletContext().addServlet("env", EnvServlet.class).addMapping("/env");
        app.start();
        assertThat(get("/env").body()).isEqualTo("hello 3 42 true hello hello 42 read-only");
    }

    /** Asks for a resource Hawser does not provide. */
    public static class WantsDataSource extends HttpServlet {
        @Resource
        private DataSource db;
    }

    @Test
    void aResourceOfAnotherTypeMakesTheServletUnavailable() throws Exception {
        app.servletContext().addServlet("db", WantsDataSource.class).addMapping("/db");
        app.start();
        assertThat(get("/db").status.get()).isEqualTo(503);
        assertThatThrownBy(() -> app.lifecycle().create(WantsDataSource.class))
                .hasMessageContaining("javax.sql.DataSource resources are not provided by Hawser");
    }

    @Test
    void withoutAnEnvEntryTheThreadHasNoJavaCompEnv() {
        assertThatThrownBy(() -> new InitialContext().lookup("java:comp/env/greeting"))
                .isInstanceOf(javax.naming.NamingException.class);
    }
}
