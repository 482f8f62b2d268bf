package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.hawser.nio.TestCertificates;
import io.hawser.nio.TestCertificates.Issued;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTTPS through the launcher as a user runs it: {@code --tls-port} with PEM files beside the
 * cleartext port, SNI with {@code --sni-cert}, certificates replaced on disk while serving,
 * client certificates with {@code --client-auth need}, and bad TLS options. Keys are made at test
 * time (test-only).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TlsLauncherTest {
    @TempDir
    Path work;

    /** @return a context trusting exactly {@code trusted}, presenting {@code client} if given */
    private static SSLContext trusting(Issued client, Issued... trusted) throws Exception {
        KeyStore ts = KeyStore.getInstance("PKCS12");
        ts.load(null, null);
        for (Issued t : trusted) {
            ts.setCertificateEntry(t.name(), t.chain()[t.chain().length - 1]);
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ts);
        KeyManagerFactory kmf = null;
        if (client != null) {
            kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(client.asKeyStore(), TestCertificates.PASSWORD);
        }
        SSLContext c = SSLContext.getInstance("TLS");
        c.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return c;
    }

    /** @return the port of a line {@code listening on https://127.0.0.1:PORT/} */
    private static int tlsPort(String line) {
        assertThat(line).matches("listening on https://127\\.0\\.0\\.1:\\d+/");
        return Integer.parseInt(line.substring(line.lastIndexOf(':') + 1, line.length() - 1));
    }

    private static SSLSocket connect(SSLContext context, int port, String sni) throws IOException {
        SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port);
        s.setSoTimeout(10_000);
        if (sni != null) {
            SSLParameters p = s.getSSLParameters();
            p.setServerNames(List.of(new SNIHostName(sni)));
            s.setSSLParameters(p);
        }
        s.startHandshake();
        return s;
    }

    /** @return the response to one keep-alive GET of /plaintext on {@code s} (a 13-byte body) */
    private static String plaintext(SSLSocket s) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write("GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        InputStream in = s.getInputStream();
        StringBuilder r = new StringBuilder();
        while (!r.toString().endsWith("Hello, World!")) {
            int c = in.read();
            if (c < 0) {
                throw new java.io.EOFException("closed after " + r.length() + " bytes");
            }
            r.append((char) c);
        }
        return r.toString();
    }

    private static String subject(SSLSocket s) throws IOException {
        return ((X509Certificate) s.getSession().getPeerCertificates()[0]).getSubjectX500Principal().getName();
    }

    @Test
    void servesHttpsBesideCleartextWithPemFiles() throws Exception {
        TestCertificates certs = TestCertificates.make(work);
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "0", "--tls-port", "0",
                "--tls-cert", certs.chainPem.toString(), "--tls-key", certs.keyPem.toString(),
                SampleWars.war("echo").toString())) {
            int port = LauncherProcess.port(hawser.nextLine());
            int tls = tlsPort(hawser.nextLine());
            assertThat(hawser.nextLine()).isEqualTo("http://127.0.0.1:" + port + "/  " + SampleWars.war("echo"));
            SslContextFactory.Client ssl = new SslContextFactory.Client();
            ssl.setSslContext(certs.context);
            ClientConnector connector = new ClientConnector();
            connector.setSslContextFactory(ssl);
            HttpClient client = new HttpClient(new HttpClientTransportOverHTTP(connector));
            client.start();
            try {
                assertThat(client.GET("https://localhost:" + tls + "/plaintext").getContentAsString()).isEqualTo("Hello, World!");
                assertThat(client.GET("http://127.0.0.1:" + port + "/plaintext").getContentAsString()).isEqualTo("Hello, World!");
            } finally {
                client.stop();
            }
        }
    }

    @Test
    void sniChoosesTheCertificateByHostNameAndTheFirstOneOtherwise() throws Exception {
        Issued main = TestCertificates.selfSigned(work, "main.test", "EC", "-ext", "san=dns:main.test");
        Issued other = TestCertificates.selfSigned(work, "other.test", "EC", "-ext", "san=dns:other.test");
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "-1", "--tls-port", "0",
                "--tls-cert", main.chainPem().toString(), "--tls-key", main.keyPem().toString(),
                "--sni-cert", "other.test=" + other.chainPem() + "," + other.keyPem(),
                SampleWars.war("echo").toString())) {
            int tls = tlsPort(hawser.nextLine());
            // a new client context each time: no session to resume
            try (SSLSocket s = connect(trusting(null, main, other), tls, "other.test")) {
                assertThat(subject(s)).isEqualTo("CN=other.test");
                assertThat(plaintext(s)).startsWith("HTTP/1.1 200 ");
            }
            try (SSLSocket s = connect(trusting(null, main, other), tls, "unknown.test")) {
                assertThat(subject(s)).isEqualTo("CN=main.test");
            }
            try (SSLSocket s = connect(trusting(null, main, other), tls, null)) {
                assertThat(subject(s)).isEqualTo("CN=main.test");
            }
        }
    }

    @Test
    void aReplacedCertificateServesNewHandshakesWhileOpenConnectionsGoOn() throws Exception {
        Issued first = TestCertificates.selfSigned(work, "first", "EC", "-ext", "san=dns:localhost");
        Issued second = TestCertificates.selfSigned(work, "second", "EC", "-ext", "san=dns:localhost");
        Path chain = Files.copy(first.chainPem(), work.resolve("served.crt.pem"));
        Path key = Files.copy(first.keyPem(), work.resolve("served.key.pem"));
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "-1", "--tls-port", "0",
                "--tls-cert", chain.toString(), "--tls-key", key.toString(), "--tls-reload-interval", "200ms",
                SampleWars.war("echo").toString())) {
            int tls = tlsPort(hawser.nextLine());
            SSLContext client = trusting(null, first, second);
            try (SSLSocket old = connect(client, tls, "localhost")) {
                assertThat(subject(old)).isEqualTo("CN=first");
                Files.copy(second.keyPem(), key, StandardCopyOption.REPLACE_EXISTING);
                Files.copy(second.chainPem(), chain, StandardCopyOption.REPLACE_EXISTING);
                await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
                    try (SSLSocket s = connect(client, tls, "localhost")) {
                        assertThat(subject(s)).isEqualTo("CN=second");
                    }
                });
                assertThat(plaintext(old)).as("the connection made before goes on").startsWith("HTTP/1.1 200 ");
            }
        }
    }

    @Test
    void clientAuthNeedRefusesAClientWithoutATrustedCertificate() throws Exception {
        Issued server = TestCertificates.selfSigned(work, "server", "EC", "-ext", "san=dns:localhost");
        Issued ca = TestCertificates.selfSigned(work, "test-ca", "EC", "-ext", "bc:c");
        Issued alice = TestCertificates.signedBy(work, "alice", ca);
        Issued stranger = TestCertificates.selfSigned(work, "stranger", "EC");
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "-1", "--tls-port", "0",
                "--tls-cert", server.chainPem().toString(), "--tls-key", server.keyPem().toString(),
                "--client-auth", "need", "--truststore", ca.chainPem().toString(),
                SampleWars.war("echo").toString())) {
            int tls = tlsPort(hawser.nextLine());
            try (SSLSocket s = connect(trusting(alice, server), tls, "localhost")) {
                assertThat(plaintext(s)).startsWith("HTTP/1.1 200 ");
            }
            for (Issued who : new Issued[] {stranger, null}) {
                assertThatThrownBy(() -> {
                    try (SSLSocket s = connect(trusting(who, server), tls, "localhost")) {
                        plaintext(s); // TLS 1.3: the server's refusal arrives after the client's Finished
                    }
                }).isInstanceOf(IOException.class);
            }
        }
    }

    @Test
    void clientCertLoginAndConfidentialRedirectsThroughTheLauncher() throws Exception {
        Issued server = TestCertificates.selfSigned(work, "server", "EC", "-ext", "san=dns:localhost");
        Issued ca = TestCertificates.selfSigned(work, "test-ca", "EC", "-ext", "bc:c");
        Issued alice = TestCertificates.signedBy(work, "alice", ca);
        Path users = Files.writeString(work.resolve("users"),
                "alice:" + io.hawser.security.PasswordHash.hash("unused".toCharArray(), 1000) + ":user\n");
        Path war = JavaSources.war(work, "certs", JavaSources.webXml("""
                <servlet><servlet-name>who</servlet-name><servlet-class>Who</servlet-class></servlet>
                <servlet-mapping><servlet-name>who</servlet-name><url-pattern>/*</url-pattern></servlet-mapping>
                <security-constraint>
                  <web-resource-collection><web-resource-name>c</web-resource-name><url-pattern>/me</url-pattern></web-resource-collection>
                  <auth-constraint><role-name>user</role-name></auth-constraint>
                  <user-data-constraint><transport-guarantee>CONFIDENTIAL</transport-guarantee></user-data-constraint>
                </security-constraint>
                <login-config><auth-method>CLIENT-CERT</auth-method></login-config>
                <security-role><role-name>user</role-name></security-role>"""),
                java.util.Map.of("Who", """
                        public class Who extends jakarta.servlet.http.HttpServlet {
                            @Override protected void doGet(jakarta.servlet.http.HttpServletRequest req,
                                    jakarta.servlet.http.HttpServletResponse resp) throws java.io.IOException {
                                Object chain = req.getAttribute("jakarta.servlet.request.X509Certificate");
                                resp.getWriter().print(req.getRemoteUser() + " " + req.getAuthType() + " "
                                        + req.getScheme() + " " + (chain != null));
                            }
                        }"""), java.util.Map.of());
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "0", "--tls-port", "0",
                "--tls-cert", server.chainPem().toString(), "--tls-key", server.keyPem().toString(),
                "--client-auth", "want", "--truststore", ca.chainPem().toString(), "--realm", users.toString(),
                "/=" + war)) {
            int port = LauncherProcess.port(hawser.nextLine());
            int tls = tlsPort(hawser.nextLine());
            String cleartext = RawRequest.get(port, "/me");
            assertThat(cleartext).startsWith("HTTP/1.1 302 ").contains("Location: https://127.0.0.1:" + tls + "/me");
            try (SSLSocket s = connect(trusting(alice, server), tls, "localhost")) {
                s.getOutputStream().write("GET /me HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                String r = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                assertThat(r).startsWith("HTTP/1.1 200 ").endsWith("alice CLIENT_CERT https true");
            }
            try (SSLSocket s = connect(trusting(null, server), tls, "localhost")) {
                s.getOutputStream().write("GET /me HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                String r = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                assertThat(r).as("no certificate").startsWith("HTTP/1.1 401 ");
            }
        }
    }

    @Test
    void badTlsOptionsAreRefusedWithOneLine() throws Exception {
        TestCertificates certs = TestCertificates.make(work);
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "0", "--tls-port", "0",
                "--tls-cert", work.resolve("missing.pem").toString(), "--tls-key", certs.keyPem.toString(),
                SampleWars.war("echo").toString())) {
            assertThat(hawser.exitCode()).isEqualTo(1);
            assertThat(hawser.stderr()).contains("missing.pem").doesNotContain("\tat ");
        }
        try (LauncherProcess hawser = new LauncherProcess(work, "--tls-port", "0", SampleWars.war("echo").toString())) {
            assertThat(hawser.exitCode()).isEqualTo(2);
            assertThat(hawser.stderr()).contains("--tls-port").contains("--tls-cert");
        }
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "0", "--tls-port", "0",
                "--tls-cert", certs.chainPem.toString(), "--tls-key", certs.keyPem.toString(),
                "--client-auth", "sometimes", SampleWars.war("echo").toString())) {
            assertThat(hawser.exitCode()).isEqualTo(2);
            assertThat(hawser.stderr()).contains("--client-auth must be none, want or need");
        }
    }

    @Test
    void cleartextHttpToTheTlsPortGetsA400SayingSo() throws Exception {
        TestCertificates certs = TestCertificates.make(work);
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "-1", "--tls-port", "0",
                "--tls-cert", certs.chainPem.toString(), "--tls-key", certs.keyPem.toString(),
                SampleWars.war("echo").toString())) {
            int tls = tlsPort(hawser.nextLine());
            String r = RawRequest.get(tls, "/plaintext");
            assertThat(r).startsWith("HTTP/1.1 400 ").contains("speaks HTTPS");
            assertThatThrownBy(() -> connect(trusting(null), tls, "localhost")).isInstanceOf(SSLException.class);
        }
    }
}
