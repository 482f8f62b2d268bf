package io.hawser.servlet;

import static io.hawser.servlet.TlsRequestTest.certificate;
import static io.hawser.servlet.TlsRequestTest.tls;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.hawser.api.TlsInfo;
import io.hawser.security.AuthenticatedUser;
import io.hawser.security.CertificateRealm;
import jakarta.servlet.ServletException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * CLIENT-CERT login (Servlet 6.1 §13.6.4) through a fake exchange: the user named by the client
 * certificate's CN (or whole subject), roles from the realm, no password; no certificate, an
 * unknown user or a cleartext request is answered 401 without a challenge, as Tomcat's
 * {@code SSLAuthenticator}; a realm that cannot map certificates fails the start.
 */
class ClientCertLoginTest {
    private final WebApp app = WebApp.create("/w", null, null, new FakeClock());
    private final CertificateUsers realm = new CertificateUsers();
    private final Map<String, String> seen = new ConcurrentHashMap<>();

    /** {@link SecurityTestApps#USERS} by name for certificates; passwords as {@link SecurityTestApps.CountingRealm}. */
    static final class CertificateUsers implements CertificateRealm {
        final List<String> asked = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public AuthenticatedUser authenticate(String username, String password) {
            return new SecurityTestApps.CountingRealm().authenticate(username, password);
        }

        @Override
        public AuthenticatedUser authenticateCertificate(String username, X509Certificate[] chain) {
            asked.add(username);
            Set<String> roles = SecurityTestApps.USERS.get(username);
            return roles == null ? null : AuthenticatedUser.of(username, roles);
        }
    }

    @AfterEach
    void stop() {
        app.stop();
    }

    private void start() throws ServletException {
        app.setLoginConfig(LoginConfig.clientCert(null));
        app.setRealm(realm);
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/s/*"), "SALESCLERK"));
        app.servletContext().addServlet("all", TestServlets.servlet((req, res) -> {
            seen.put("user", String.valueOf(req.getRemoteUser()));
            seen.put("type", String.valueOf(req.getAuthType()));
            seen.put("principal", String.valueOf(req.getUserPrincipal()));
            seen.put("clerk", String.valueOf(req.isUserInRole("SALESCLERK")));
            if (req.getParameter("authenticate") != null) {
                seen.put("authenticated", String.valueOf(req.authenticate(res)));
            }
        })).addMapping("/");
        app.start();
    }

    private FakeExchange send(String target, TlsInfo tls) {
        FakeExchange fake = new FakeExchange().method("GET").target(target).header("Host", "example.com").tls(tls);
        new ServletAdapter(List.of(app)).handle(fake.build());
        return fake;
    }

    @Test
    void aClientCertificatesCommonNameIsTheUserWithTheRealmsRoles() throws Exception {
        start();
        FakeExchange ok = send("/w/s/page", tls(certificate("CN=clerk,OU=Sales,O=Example"), certificate("CN=CA")));
        assertThat(ok.status.get()).isEqualTo(200);
        assertThat(seen).containsEntry("user", "clerk").containsEntry("type", "CLIENT_CERT")
                .containsEntry("principal", "clerk").containsEntry("clerk", "true");
        assertThat(realm.asked).containsExactly("clerk");
    }

    @Test
    void anUnconstrainedPathStillKnowsTheCertificatesUser() throws Exception {
        start();
        send("/w/open", tls(certificate("CN=home")));
        assertThat(seen).containsEntry("user", "home").containsEntry("type", "CLIENT_CERT").containsEntry("clerk", "false");
        send("/w/open", tls());
        assertThat(seen).containsEntry("user", "null").containsEntry("type", "null");
    }

    @Test
    void noCertificateAnUnknownUserOrCleartextIs401WithoutAChallenge() throws Exception {
        start();
        for (TlsInfo tls : new TlsInfo[] {tls(), tls(certificate("CN=stranger")), tls(certificate("O=No CN")), null}) {
            FakeExchange refused = send("/w/s/page", tls);
            assertThat(refused.status.get()).as("%s", tls).isEqualTo(401);
            assertThat(refused.responseFields.get("WWW-Authenticate")).isNull();
        }
        assertThat(realm.asked).containsExactly("stranger"); // no CN: the realm is not asked
        FakeExchange wrongRole = send("/w/s/page", tls(certificate("CN=home")));
        assertThat(wrongRole.status.get()).isEqualTo(403);
    }

    @Test
    void authenticateWithoutACertificateAnswers401() throws Exception {
        start();
        FakeExchange fake = send("/w/open?authenticate=1", tls());
        assertThat(seen).containsEntry("authenticated", "false");
        assertThat(fake.status.get()).isEqualTo(401);
        assertThat(fake.responseFields.get("WWW-Authenticate")).isNull();
        send("/w/open?authenticate=1", tls(certificate("CN=clerk")));
        assertThat(seen).containsEntry("authenticated", "true");
    }

    @Test
    void loginWithAPasswordOnAClientCertAppReportsClientCert() throws Exception {
        app.servletContext().addServlet("login", TestServlets.servlet((req, res) -> {
            req.login("clerk", "clerk-pw");
            seen.put("type", String.valueOf(req.getAuthType()));
            seen.put("user", req.getRemoteUser());
        })).addMapping("/login");
        start();
        send("/w/login", tls());
        assertThat(seen).containsEntry("user", "clerk").containsEntry("type", "CLIENT_CERT");
    }

    @Test
    void theWholeSubjectCanNameTheUser() throws Exception {
        app.setCertificateUserName(CertificateUserName.SUBJECT);
        start();
        send("/w/open", tls(certificate("CN=clerk, O=Example")));
        assertThat(realm.asked).containsExactly("CN=clerk,O=Example");
        assertThat(seen).containsEntry("user", "null");
        assertThat(CertificateUserName.COMMON_NAME.of(certificate("CN=outer,OU=x,CN=inner"))).isEqualTo("outer");
    }

    @Test
    void aRealmThatCannotMapCertificatesFailsTheStart() {
        app.setLoginConfig(LoginConfig.clientCert(null));
        app.setRealm(new SecurityTestApps.CountingRealm());
        assertThatThrownBy(app::start).isInstanceOf(ServletException.class).hasMessage("web app '/w': CLIENT-CERT"
                + " login needs a realm that maps client certificates to users (io.hawser.security.CertificateRealm,"
                + " e.g. --realm FILE); io.hawser.servlet.SecurityTestApps$CountingRealm does not");
    }

    @Test
    void aClientCertAppOnAConnectorWithoutTlsIsRefused() throws Exception {
        start();
        io.hawser.api.Connector cleartext = mock(io.hawser.api.Connector.class);
        when(cleartext.tlsPort()).thenReturn(-1);
        assertThatThrownBy(() -> new ServletAdapter(List.of(app)).connectorStarted(cleartext))
                .isInstanceOf(IllegalStateException.class).hasMessage("web app '/w' logs users in with CLIENT-CERT,"
                        + " but the connector has no TLS listener (--tls-port PORT --client-auth want|need;"
                        + " embedding: ConnectorConfig tls and tlsPort)");
    }

    @Test
    void loginConfigTakesClientCertAndStillRefusesDigest() {
        assertThat(LoginConfig.clientCert("r").authMethod()).isEqualTo("CLIENT-CERT");
        assertThatThrownBy(() -> new LoginConfig("DIGEST", null, null, null)).hasMessage("auth-method DIGEST is not"
                + " supported (BASIC, FORM or CLIENT-CERT; DIGEST is not implemented)");
    }
}
