package io.hawser.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.TlsConfig;
import io.hawser.security.AuthenticatedUser;
import io.hawser.security.CertificateRealm;
import io.hawser.security.Realm;
import io.hawser.servlet.LoginConfig;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CLIENT-CERT web app deploys only for a connector with a TLS listener that asks for client
 * certificates, and with a realm that maps them to users; the connector's fixed TLS port is the
 * app's default confidential port.
 */
class ClientCertDeployTest {
    private static final CertificateRealm REALM = new CertificateRealm() {
        @Override
        public AuthenticatedUser authenticate(String username, String password) {
            return null;
        }

        @Override
        public AuthenticatedUser authenticateCertificate(String username, X509Certificate[] chain) {
            return AuthenticatedUser.of(username, Set.of("user"));
        }
    };
    private static final String ADVICE = ": start hawser with --tls-port PORT and --client-auth want|need (and a"
            + " trust store); embedding, a ConnectorConfig with tls(...clientAuth(WANT or NEED)) and a TLS listener";
    @TempDir
    Path dir;

    private Path app() throws Exception {
        Path app = dir.resolve("pki");
        TestWars.write(app.resolve("WEB-INF/web.xml"), TestWars.webXml("""
                <security-constraint>
                  <web-resource-collection><web-resource-name>all</web-resource-name>
                    <url-pattern>/*</url-pattern></web-resource-collection>
                  <auth-constraint><role-name>user</role-name></auth-constraint>
                </security-constraint>
                <login-config><auth-method>CLIENT-CERT</auth-method></login-config>
                <security-role><role-name>user</role-name></security-role>
                """));
        return app;
    }

    private static ConnectorConfig connector(int tlsPort, TlsConfig.ClientAuth auth) {
        ConnectorConfig.Builder b = ConnectorConfig.builder().port(8080).tlsPort(tlsPort);
        if (tlsPort >= 0) {
            b.tls(TlsConfig.builder().certificate(Path.of("chain.pem"), Path.of("key.pem")).clientAuth(auth).build());
        }
        return b.build();
    }

    private String refusal(Path app, Realm realm, ConnectorConfig connector) {
        DeploymentException e = catchThrowableOfType(DeploymentException.class, () -> Deployer.deploy(app, "/pki",
                Deployer.class.getClassLoader(), Unenforced.NONE, realm, 0, connector).close());
        assertThat(e).isNotNull();
        return e.getMessage();
    }

    @Test
    void aClientCertAppDeploysForATlsListenerAskingForCertificates() throws Exception {
        try (DeployedApp d = Deployer.deploy(app(), "/pki", Deployer.class.getClassLoader(), Unenforced.NONE, REALM, 0,
                connector(8443, TlsConfig.ClientAuth.WANT))) {
            assertThat(d.webApp().loginConfig()).isEqualTo(LoginConfig.clientCert(null));
            assertThat(d.webApp().tlsPort()).isEqualTo(8443);
            assertThat(d.webApp().confidentialPort()).isEqualTo(8443);
        }
        try (DeployedApp d = Deployer.deploy(app(), "/pki", Deployer.class.getClassLoader(), Unenforced.NONE, REALM, 0,
                connector(0, TlsConfig.ClientAuth.NEED))) {
            assertThat(d.webApp().tlsPort()).isEqualTo(-1); // a free port: told by ServletAdapter.connectorStarted
        }
    }

    @Test
    void aClientCertAppIsRefusedWithoutATlsListenerAskingForCertificates() throws Exception {
        Path app = app();
        String where = "cannot deploy " + app + ": WEB-INF/web.xml <login-config> <auth-method>: CLIENT-CERT needs a"
                + " TLS listener that asks clients for a certificate";
        assertThat(refusal(app, REALM, connector(-1, null))).isEqualTo(where + " (the connector has no TLS listener)"
                + ADVICE);
        assertThat(refusal(app, REALM, connector(8443, TlsConfig.ClientAuth.NONE))).isEqualTo(where
                + " (client auth is none)" + ADVICE);
        assertThat(refusal(app, REALM, null)).isEqualTo(where + " (no connector configuration was given to"
                + " Deployer.deploy)" + ADVICE);
    }

    @Test
    void aClientCertAppIsRefusedWithARealmThatCannotMapCertificates() throws Exception {
        Realm passwordsOnly = (name, password) -> null;
        assertThat(refusal(app(), passwordsOnly, connector(8443, TlsConfig.ClientAuth.WANT))).contains(
                "starting the web app", "CLIENT-CERT login needs a realm that maps client certificates to users");
    }
}
