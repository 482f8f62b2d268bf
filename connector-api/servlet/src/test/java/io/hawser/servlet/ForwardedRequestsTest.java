package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.ForwardedRequest;
import io.hawser.api.TrustedProxies;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What a servlet sees behind a trusted proxy, and that an untrusted peer's forwarded fields change nothing. */
class ForwardedRequestsTest {
    private final WebApp app = WebApp.create("/shop", null, null);
    private final List<Object> seen = new ArrayList<>();
    private ServletAdapter adapter = adapter(false);

    private ServletAdapter adapter(boolean relativeRedirects) {
        return new ServletAdapter(List.of(app), new ServletAdapter.Options(TrustedProxies.parse("10.0.0.0/8, ::1"),
                ForwardedRequest.Fields.X_FORWARDED, relativeRedirects));
    }

    @AfterEach
    void stop() throws Exception {
        app.stop();
    }

    private FakeExchange run(FakeExchange fake) throws Exception {
        if (!app.isAvailable()) {
            app.servletContext().addServlet("s", TestServlets.servlet((req, res) -> {
                seen.add(req.getRemoteAddr());
                seen.add(req.getRemoteHost());
                seen.add(req.getScheme());
                seen.add(req.isSecure());
                seen.add(req.getServerName());
                seen.add(req.getServerPort());
                seen.add(req.getContextPath());
                seen.add(req.getRequestURL().toString());
                req.getSession(true);
                res.sendRedirect("next");
            })).addMapping("/s");
            app.start();
        }
        adapter.handle(fake.build());
        return fake;
    }

    private static FakeExchange spoofed() {
        return FakeExchange.get("/shop/s").header("X-Forwarded-For", "198.51.100.7")
                .header("X-Forwarded-Proto", "https").header("X-Forwarded-Host", "shop.example")
                .header("X-Forwarded-Prefix", "/api");
    }

    @Test
    void behindATrustedProxyTheServletSeesTheOriginalRequest() throws Exception {
        FakeExchange fake = run(spoofed().remote("10.0.0.2", 41000));
        assertThat(seen).containsExactly("198.51.100.7", "198.51.100.7", "https", true, "shop.example", 443,
                "/api/shop", "https://shop.example/api/shop/s");
        assertThat(fake.responseFields.get("Location")).isEqualTo("https://shop.example/api/shop/next");
        assertThat(fake.responseFields.get("Set-Cookie")).contains("; Secure").contains("Path=/shop");
    }

    @Test
    void aSpoofedXForwardedForFromAnUntrustedPeerChangesNothing() throws Exception {
        FakeExchange fake = run(spoofed().remote("203.0.113.5", 41000));
        assertThat(seen).containsExactly("203.0.113.5", "203.0.113.5", "http", false, "example.com", 8080, "/shop",
                "http://example.com:8080/shop/s");
        assertThat(fake.responseFields.get("Location")).isEqualTo("http://example.com:8080/shop/next");
        assertThat(fake.responseFields.get("Set-Cookie")).doesNotContain("Secure");
    }

    @Test
    void aMalformedValueFromATrustedProxyIs400AndNoServletRuns() throws Exception {
        FakeExchange fake = run(FakeExchange.get("/shop/s").remote("::1", 41000).header("X-Forwarded-For", "198.51.100.7")
                .header("X-Forwarded-Port", "99999"));
        assertThat(fake.status.get()).isEqualTo(400);
        assertThat(seen).isEmpty();
    }

    @Test
    void relativeRedirectsLeaveOutSchemeAndAuthority() throws Exception {
        adapter = adapter(true);
        FakeExchange fake = run(spoofed().remote("10.0.0.2", 41000));
        assertThat(fake.responseFields.get("Location")).isEqualTo("/api/shop/next");
    }

    @Test
    void theContextRootRedirectKeepsThePrefix() throws Exception {
        FakeExchange fake = run(FakeExchange.get("/shop").remote("10.0.0.2", 41000).header("X-Forwarded-Prefix", "/api"));
        assertThat(fake.status.get()).isEqualTo(302);
        assertThat(fake.responseFields.get("Location")).isEqualTo("/api/shop/");
    }
}
