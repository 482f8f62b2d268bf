package io.hawser.tests.servlet;

import static io.hawser.tests.servlet.ServletServer.servlet;
import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpSession;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpSessionListener;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.http.HttpHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A session across requests, kept by jetty-client's cookie store. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServletSessionEndToEndTest {
    private static final List<String> events = new CopyOnWriteArrayList<>();
    private static ServletServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ServletServer.start("/app", app -> {
            ServletContext ctx = app.servletContext();
            app.setSessionTimeoutMinutes(10);
            ctx.addListener(new HttpSessionListener() {
                @Override
                public void sessionCreated(HttpSessionEvent se) {
                    events.add("created");
                }

                @Override
                public void sessionDestroyed(HttpSessionEvent se) {
                    events.add("destroyed " + se.getSession().getAttribute("count"));
                }
            });
            ctx.addServlet("count", servlet((req, res) -> {
                HttpSession session = req.getSession();
                Integer count = (Integer) session.getAttribute("count");
                count = count == null ? 1 : count + 1;
                session.setAttribute("count", count);
                res.getWriter().print(count + " new=" + session.isNew() + " timeout=" + session.getMaxInactiveInterval());
            })).addMapping("/count");
            ctx.addServlet("rotate", servlet((req, res) -> {
                String before = req.getSession().getId();
                String after = req.changeSessionId();
                res.getWriter().print(!before.equals(after) && after.equals(req.getSession().getId()));
            })).addMapping("/rotate");
            ctx.addServlet("logout", servlet((req, res) -> {
                HttpSession session = req.getSession(false);
                if (session != null) {
                    session.invalidate();
                }
                res.getWriter().print("valid=" + req.isRequestedSessionIdValid());
            })).addMapping("/logout");
            ctx.addServlet("peek", servlet((req, res) -> res.getWriter().print(req.getSession(false) == null
                    ? "none" : "has " + req.getRequestedSessionId().length()))).addMapping("/peek");
        });
    }

    @BeforeEach
    void forgetCookies() {
        server.client.getHttpCookieStore().clear();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        assertThat(events).contains("created");
    }

    @Test
    void aSessionCarriesStateAcrossRequests() throws Exception {
        ContentResponse first = server.get("/count");
        assertThat(first.getContentAsString()).isEqualTo("1 new=true timeout=600");
        String cookie = first.getHeaders().get(HttpHeader.SET_COOKIE);
        // Secure exactly when the request came over TLS (Servlet 6.1 §7.1.1)
        assertThat(cookie).matches("JSESSIONID=[A-Za-z0-9_-]{24}; HttpOnly; Path=/app" + (ServletServer.TLS ? "; Secure" : ""));
        assertThat(server.get("/count").getContentAsString()).isEqualTo("2 new=false timeout=600");
        assertThat(server.get("/count").getContentAsString()).isEqualTo("3 new=false timeout=600");
        assertThat(server.get("/peek").getContentAsString()).isEqualTo("has 24");
    }

    @Test
    void changeSessionIdKeepsTheSessionAndSendsTheNewId() throws Exception {
        server.get("/count");
        ContentResponse rotated = server.get("/rotate");
        assertThat(rotated.getContentAsString()).isEqualTo("true");
        assertThat(rotated.getHeaders().getValuesList(HttpHeader.SET_COOKIE)).hasSize(1);
        assertThat(server.get("/count").getContentAsString()).isEqualTo("2 new=false timeout=600");
    }

    @Test
    void invalidateEndsTheSessionAndTellsListeners() throws Exception {
        server.get("/count");
        server.get("/count");
        events.clear();
        assertThat(server.get("/logout").getContentAsString()).isEqualTo("valid=false");
        assertThat(events).containsExactly("destroyed 2");
        assertThat(server.get("/count").getContentAsString()).isEqualTo("1 new=true timeout=600");
    }

    @Test
    void noSessionIsCreatedUnlessAsked() throws Exception {
        ContentResponse r = server.get("/peek");
        assertThat(r.getContentAsString()).isEqualTo("none");
        assertThat(r.getHeaders().get(HttpHeader.SET_COOKIE)).isNull();
    }
}
