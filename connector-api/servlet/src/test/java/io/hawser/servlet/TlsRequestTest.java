package io.hawser.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.hawser.api.TlsInfo;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.annotation.ServletSecurity.TransportGuarantee;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.security.auth.x500.X500Principal;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a servlet sees of TLS through a fake exchange: scheme, {@code isSecure}, default port 443,
 * request URL and absolute redirects with {@code https}, the {@code jakarta.servlet.request.*}
 * attributes (Servlet 6.1 §3.10), the {@code Secure} session cookie, and a CONFIDENTIAL
 * constraint redirected to the connector's TLS port.
 */
class TlsRequestTest {
    private final WebApp app = WebApp.create("/w", null, null, new FakeClock());
    private final Map<String, Object> seen = new ConcurrentHashMap<>();

    @AfterEach
    void stop() {
        app.stop();
    }

    /** @return the TLS values of a TLS 1.3 connection whose client sent {@code chain} (or none) */
    static TlsInfo tls(X509Certificate... chain) {
        return new TlsInfo("TLSv1.3", "TLS_AES_128_GCM_SHA256", 128, "0a1b2c", chain.length == 0 ? null : chain,
                "example.com", "http/1.1");
    }

    /** @return a certificate (a mock: only its subject is read) whose subject is {@code dn} */
    static X509Certificate certificate(String dn) {
        X509Certificate c = mock(X509Certificate.class);
        when(c.getSubjectX500Principal()).thenReturn(new X500Principal(dn));
        return c;
    }

    private FakeExchange send(String host, TlsInfo tls, String target) {
        FakeExchange fake = new FakeExchange().method("GET").target(target).header("Host", host).tls(tls);
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    private void startRecording() throws Exception {
        app.servletContext().addServlet("see", TestServlets.servlet((req, res) -> {
            seen.put("scheme", req.getScheme());
            seen.put("secure", req.isSecure());
            seen.put("port", req.getServerPort());
            seen.put("url", req.getRequestURL().toString());
            seen.put("connectionSecure", req.getServletConnection().isSecure());
            seen.put("names", Collections.list(req.getAttributeNames()));
            for (String name : List.of(RequestAttributes.CERTIFICATES, RequestAttributes.CIPHER_SUITE,
                    RequestAttributes.KEY_SIZE, RequestAttributes.SESSION_ID, RequestAttributes.PROTOCOL)) {
                Object value = req.getAttribute(name);
                seen.put(name, value == null ? "absent" : value);
            }
            if (req.getParameter("redirect") != null) {
                res.sendRedirect(req.getParameter("redirect"));
            }
            if (req.getParameter("session") != null) {
                req.getSession();
            }
        })).addMapping("/");
        app.start();
    }

    @Test
    void aTlsRequestIsHttpsOnPort443UnlessTheHostNamesAPort() throws Exception {
        startRecording();
        send("example.com", tls(), "/w/a?x=1");
        assertThat(seen).containsEntry("scheme", "https").containsEntry("secure", true).containsEntry("port", 443)
                .containsEntry("url", "https://example.com/w/a").containsEntry("connectionSecure", true);
        send("example.com:8443", tls(), "/w/a");
        assertThat(seen).containsEntry("port", 8443).containsEntry("url", "https://example.com:8443/w/a");
        send("example.com:443", tls(), "/w/a");
        assertThat(seen).containsEntry("url", "https://example.com/w/a");
        send("example.com:80", tls(), "/w/a");
        assertThat(seen).containsEntry("url", "https://example.com:80/w/a");

        send("example.com", null, "/w/a");
        assertThat(seen).containsEntry("scheme", "http").containsEntry("secure", false).containsEntry("port", 80)
                .containsEntry("url", "http://example.com/w/a").containsEntry("connectionSecure", false);
    }

    @Test
    void redirectsOfATlsRequestAreAbsoluteHttps() throws Exception {
        startRecording();
        assertThat(send("example.com", tls(), "/w/d/a?redirect=b").responseFields.get("Location"))
                .isEqualTo("https://example.com/w/d/b");
        assertThat(send("example.com:8443", tls(), "/w/d/a?redirect=/top").responseFields.get("Location"))
                .isEqualTo("https://example.com:8443/top");
        assertThat(send("example.com", tls(), "/w/a?redirect=//other.test/p").responseFields.get("Location"))
                .isEqualTo("https://other.test/p");
        assertThat(send("example.com", null, "/w/d/a?redirect=b").responseFields.get("Location"))
                .isEqualTo("http://example.com/w/d/b");
    }

    @Test
    void aTlsRequestCarriesTheContainerAttributesAndListsThem() throws Exception {
        startRecording();
        X509Certificate leaf = certificate("CN=alice,O=Example");
        X509Certificate ca = certificate("CN=Test CA");
        send("example.com", tls(leaf, ca), "/w/a");
        assertThat((X509Certificate[]) seen.get(RequestAttributes.CERTIFICATES)).containsExactly(leaf, ca);
        assertThat(seen).containsEntry("jakarta.servlet.request.cipher_suite", "TLS_AES_128_GCM_SHA256")
                .containsEntry("jakarta.servlet.request.key_size", 128)
                .containsEntry("jakarta.servlet.request.ssl_session_id", "0a1b2c")
                .containsEntry("jakarta.servlet.request.secure_protocol", "TLSv1.3");
        @SuppressWarnings("unchecked")
        List<String> names = (List<String>) seen.get("names");
        assertThat(names).containsExactlyInAnyOrder("jakarta.servlet.request.X509Certificate",
                "jakarta.servlet.request.cipher_suite", "jakarta.servlet.request.key_size",
                "jakarta.servlet.request.ssl_session_id", "jakarta.servlet.request.secure_protocol");

        send("example.com", tls(), "/w/a"); // no client certificate: no chain attribute
        assertThat(seen).containsEntry(RequestAttributes.CERTIFICATES, "absent")
                .containsEntry(RequestAttributes.CIPHER_SUITE, "TLS_AES_128_GCM_SHA256");
        assertThat((List<?>) seen.get("names")).hasSize(4);

        send("example.com", null, "/w/a");
        assertThat(seen).containsEntry(RequestAttributes.CERTIFICATES, "absent")
                .containsEntry(RequestAttributes.CIPHER_SUITE, "absent").containsEntry(RequestAttributes.KEY_SIZE, "absent")
                .containsEntry(RequestAttributes.SESSION_ID, "absent").containsEntry(RequestAttributes.PROTOCOL, "absent");
        assertThat((List<?>) seen.get("names")).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theTlsAttributesCanBeReplacedAndRemovedLikeAnyOther() throws Exception {
        app.servletContext().addServlet("change", TestServlets.servlet((req, res) -> {
            ServletRequest r = req;
            r.setAttribute(RequestAttributes.CIPHER_SUITE, "mine");
            r.removeAttribute(RequestAttributes.SESSION_ID);
            seen.put("suite", r.getAttribute(RequestAttributes.CIPHER_SUITE));
            seen.put("names", Collections.list(r.getAttributeNames()));
        })).addMapping("/");
        app.start();
        send("example.com", tls(), "/w/a");
        assertThat(seen).containsEntry("suite", "mine");
        assertThat((List<Object>) seen.get("names")).containsExactlyInAnyOrder(RequestAttributes.CIPHER_SUITE,
                RequestAttributes.KEY_SIZE, RequestAttributes.PROTOCOL);
    }

    @Test
    void theSessionCookieIsSecureOnHttpsOnly() throws Exception {
        startRecording();
        assertThat(send("example.com", tls(), "/w/a?session=1").responseFields.get("Set-Cookie"))
                .matches("JSESSIONID=[A-Za-z0-9_-]{24}; HttpOnly; Path=/w; Secure");
        assertThat(send("example.com", null, "/w/a?session=1").responseFields.get("Set-Cookie"))
                .matches("JSESSIONID=[A-Za-z0-9_-]{24}; HttpOnly; Path=/w");
    }

    private void startConfidential() throws Exception {
        app.addSecurityConstraint(new SecurityConstraint(List.of(WebResourceCollection.of("/pay/*")), null,
                TransportGuarantee.CONFIDENTIAL));
        startRecording();
    }

    @Test
    void confidentialRedirectsACleartextRequestToTheConnectorsTlsPort() throws Exception {
        startConfidential();
        io.hawser.api.Connector connector = mock(io.hawser.api.Connector.class);
        when(connector.tlsPort()).thenReturn(9443);
        new ServletAdapter(List.of(app)).connectorStarted(connector);
        assertThat(app.tlsPort()).isEqualTo(9443);
        FakeExchange cleartext = send("example.com:8080", null, "/w/pay/now?amount=3");
        assertThat(cleartext.status.get()).isEqualTo(302);
        assertThat(cleartext.responseFields.get("Location")).isEqualTo("https://example.com:9443/w/pay/now?amount=3");
        FakeExchange secure = send("example.com:9443", tls(), "/w/pay/now");
        assertThat(secure.status.get()).isEqualTo(200);
        assertThat(seen).containsEntry("url", "https://example.com:9443/w/pay/now");

        app.setTlsPort(443);
        assertThat(send("example.com", null, "/w/pay/now").responseFields.get("Location"))
                .isEqualTo("https://example.com/w/pay/now");
    }

    @Test
    void anExplicitConfidentialPortWinsOverTheTlsPortAndNoneIs403() throws Exception {
        app.setConfidentialPort(8443);
        startConfidential();
        app.setTlsPort(9443);
        assertThat(send("example.com:8080", null, "/w/pay/x").responseFields.get("Location"))
                .isEqualTo("https://example.com:8443/w/pay/x");

        WebApp plain = WebApp.create("/p", null, null, new FakeClock());
        plain.addSecurityConstraint(new SecurityConstraint(List.of(WebResourceCollection.of("/*")), null,
                TransportGuarantee.CONFIDENTIAL));
        plain.start();
        try {
            io.hawser.api.Connector cleartextOnly = mock(io.hawser.api.Connector.class);
            when(cleartextOnly.tlsPort()).thenReturn(-1);
            new ServletAdapter(List.of(plain)).connectorStarted(cleartextOnly);
            FakeExchange fake = new FakeExchange().method("GET").target("/p/x").header("Host", "example.com");
            new ServletAdapter(List.of(plain)).handle(fake.build());
            assertThat(fake.status.get()).isEqualTo(403);
            assertThat(fake.responseFields.get("Location")).isNull();
        } finally {
            plain.stop();
        }
    }
}
