package io.hawser.tests.servlet;

import static io.hawser.tests.servlet.ServletServer.servlet;
import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.TlsConfig;
import io.hawser.nio.ConnectorSeams;
import io.hawser.nio.NioConnector;
import io.hawser.nio.TestCertificates;
import io.hawser.security.PasswordHash;
import io.hawser.security.UsersFileRealm;
import io.hawser.servlet.LoginConfig;
import io.hawser.servlet.SecurityConstraint;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import io.hawser.servlet.WebResourceCollection;
import jakarta.servlet.annotation.ServletSecurity.TransportGuarantee;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutual TLS end to end: a connector with a cleartext and a TLS listener (client auth {@code want},
 * a test CA as trust store, keys made at test time), a CLIENT-CERT web app whose users file knows
 * {@code alice}; a JDK {@link SSLSocket} presenting alice's certificate signed by the CA.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClientCertEndToEndTest {
    @TempDir
    static Path dir;
    private static TestCertificates.Issued server;
    private static TestCertificates.Issued ca;
    private static KeyStore alice;
    private static WebApp app;
    private static NioConnector connector;

    @BeforeAll
    static void start() throws Exception {
        server = TestCertificates.selfSigned(dir, "localhost", "EC", "-ext", "san=dns:localhost,ip:127.0.0.1");
        ca = TestCertificates.selfSigned(dir, "test-ca", "EC", "-ext", "bc:c");
        alice = TestCertificates.signedBy(dir, "alice", ca).asKeyStore();
        Path users = dir.resolve("users.txt");
        Files.writeString(users, "alice:" + PasswordHash.hash("unused-test-only".toCharArray(), 1000) + ":staff\n");
        app = WebApp.create("/pki", null, ClientCertEndToEndTest.class.getClassLoader());
        app.setLoginConfig(LoginConfig.clientCert(null));
        app.setRealm(UsersFileRealm.open(users));
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/s/*"), "staff"));
        app.addSecurityConstraint(new SecurityConstraint(List.of(WebResourceCollection.of("/pay/*")), null,
                TransportGuarantee.CONFIDENTIAL));
        app.servletContext().addServlet("who", servlet((req, res) -> {
            X509Certificate[] chain = (X509Certificate[]) req.getAttribute("jakarta.servlet.request.X509Certificate");
            res.getWriter().print(req.getRemoteUser() + " " + req.getAuthType() + " " + req.getScheme() + " "
                    + req.isUserInRole("staff") + " chain=" + (chain == null ? "none"
                    : chain[0].getSubjectX500Principal().getName() + "<" + chain[1].getSubjectX500Principal().getName())
                    + " suite=" + (req.getAttribute("jakarta.servlet.request.cipher_suite") != null)
                    + " protocol=" + req.getAttribute("jakarta.servlet.request.secure_protocol"));
        })).addMapping("/");
        app.start();
        TlsConfig tls = TlsConfig.builder().certificate(server.chainPem(), server.keyPem())
                .clientAuth(TlsConfig.ClientAuth.WANT).trustStore(ca.chainPem(), null, null).build();
        ServletAdapter adapter = new ServletAdapter(List.of(app));
        connector = new NioConnector(ConnectorConfig.builder().host("127.0.0.1").port(0).tlsPort(0).tls(tls).build(),
                adapter);
        connector.start();
        adapter.connectorStarted(connector);
    }

    @AfterAll
    static void stop() {
        if (connector != null) {
            connector.close();
        }
        if (app != null) {
            app.stop();
        }
    }

    /** @return the whole response to a {@code Connection: close} GET over TLS, the client presenting {@code clientKeys} */
    private static String tlsGet(KeyStore clientKeys, String path) throws Exception {
        SSLSocket socket = (SSLSocket) ConnectorSeams.clientContext(clientKeys).getSocketFactory().createSocket();
        socket.connect(new InetSocketAddress("127.0.0.1", connector.tlsPort()), 5_000);
        return exchange(socket, "localhost:" + connector.tlsPort(), path);
    }

    private static String exchange(Socket socket, String host, String path) throws Exception {
        try (socket) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aServletSeesTheClientsChainAndItsUserFromClientCert() throws Exception {
        String response = tlsGet(alice, "/pki/s/who");
        assertThat(response).startsWith("HTTP/1.1 200 ");
        assertThat(response).endsWith("\r\n\r\nalice CLIENT_CERT https true chain=CN=alice<CN=test-ca suite=true"
                + " protocol=TLSv1.3");
    }

    @Test
    void aClientWithoutACertificateIsServedButNotSignedIn() throws Exception {
        String refused = tlsGet(null, "/pki/s/who");
        assertThat(refused).startsWith("HTTP/1.1 401 ");
        assertThat(refused.toLowerCase(java.util.Locale.ROOT)).doesNotContain("www-authenticate");
        assertThat(tlsGet(null, "/pki/open")).endsWith("\r\n\r\nnull null https false chain=none suite=true"
                + " protocol=TLSv1.3");
    }

    @Test
    void aCleartextRequestForAConfidentialPathIsRedirectedToTheTlsPort() throws Exception {
        Socket plain = new Socket();
        plain.connect(new InetSocketAddress("127.0.0.1", connector.port()), 5_000);
        String response = exchange(plain, "127.0.0.1:" + connector.port(), "/pki/pay/now?x=1");
        assertThat(response).startsWith("HTTP/1.1 302 ").contains("\r\nLocation: https://127.0.0.1:"
                + connector.tlsPort() + "/pki/pay/now?x=1\r\n");
        assertThat(tlsGet(alice, "/pki/pay/now")).startsWith("HTTP/1.1 200 ").contains("alice CLIENT_CERT https");
    }
}
