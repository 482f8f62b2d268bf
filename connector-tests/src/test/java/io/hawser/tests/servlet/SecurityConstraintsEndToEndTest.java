package io.hawser.tests.servlet;

import static io.hawser.tests.servlet.ServletServer.servlet;
import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.servlet.SecurityConstraint;
import io.hawser.servlet.WebResourceCollection;
import jakarta.servlet.ServletException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.http.HttpHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Constraints through the real connector: uncovered methods under deny-uncovered-http-methods,
 * CONFIDENTIAL redirected to the confidential port, a filter that never sees a refused request,
 * and {@code login()} with {@code isUserInRole} through a security-role-ref.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SecurityConstraintsEndToEndTest {
    private static ServletServer server;
    private static final List<String> filtered = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        server = ServletServer.start("/c", app -> {
            app.setRealm(ServletSecurityEndToEndTest::check);
            app.setDenyUncoveredHttpMethods(true);
            app.setConfidentialPort(8443);
            app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/api/*")
                    .withMethods(List.of("GET")), "SALESCLERK"));
            app.addSecurityConstraint(SecurityConstraint.confidential(WebResourceCollection.of("/pay/*")));
            app.addSecurityRoleRef("roles", "seller", "SALESCLERK");
            app.servletContext().addFilter("watch", ServletServer.filter((req, res, chain) -> {
                filtered.add(req.getMethod() + " " + req.getRequestURI());
                chain.doFilter(req, res);
            })).addMappingForUrlPatterns(null, false, "/*");
            app.servletContext().addServlet("roles", servlet((req, res) -> {
                try {
                    req.login(req.getParameter("u"), req.getParameter("p"));
                } catch (ServletException e) {
                    res.sendError(403, "login failed");
                    return;
                }
                res.getWriter().print(req.getRemoteUser() + " seller=" + req.isUserInRole("seller") + " SALESCLERK="
                        + req.isUserInRole("SALESCLERK"));
            })).addMapping("/roles");
            app.servletContext().addServlet("all", servlet((req, res) -> res.getWriter().print("ok"))).addMapping("/");
        });
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @Test
    void anUncoveredMethodIs403AndNoFilterSeesIt() throws Exception {
        filtered.clear();
        ContentResponse delete = server.client.newRequest(server.base + "/api/x").method("DELETE")
                .timeout(20, TimeUnit.SECONDS).send();
        assertThat(delete.getStatus()).isEqualTo(403);
        assertThat(server.get("/api/x").getStatus()).isEqualTo(401);
        assertThat(filtered).isEmpty();
        assertThat(server.get("/elsewhere").getStatus()).isEqualTo(200);
        assertThat(filtered).containsExactly("GET /c/elsewhere");
    }

    @Test
    void confidentialIsRedirectedToTheConfidentialPort() throws Exception {
        ContentResponse r = server.get("/pay/card?id=7");
        if (ServletServer.TLS) {
            assertThat(r.getStatus()).as("a request over TLS is already confidential").isEqualTo(200);
            return;
        }
        assertThat(r.getStatus()).isEqualTo(302);
        assertThat(r.getHeaders().get(HttpHeader.LOCATION)).isEqualTo("https://127.0.0.1:8443/c/pay/card?id=7");
    }

    @Test
    void loginAndIsUserInRoleThroughARoleRef() throws Exception {
        assertThat(server.get("/roles?u=clerk&p=clerk-pw").getContentAsString())
                .isEqualTo("clerk seller=true SALESCLERK=true");
        assertThat(server.get("/roles?u=home&p=home-pw").getContentAsString())
                .isEqualTo("home seller=false SALESCLERK=false");
        assertThat(server.get("/roles?u=home&p=wrong").getStatus()).isEqualTo(403);
    }
}
