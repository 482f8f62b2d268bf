package io.hawser.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hawser.nio.TestCertificates;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.ssl.JksSslBundleProperties;
import org.springframework.boot.autoconfigure.ssl.PemSslBundleProperties;
import org.springframework.boot.autoconfigure.ssl.SslProperties;
import org.springframework.boot.web.server.Ssl;
import org.springframework.boot.web.server.WebServerException;
import org.springframework.boot.web.servlet.ServletContextInitializer;

/**
 * {@code server.ssl.*} and SSL bundles on the Hawser factory: real HTTPS requests with keys made at
 * test time ({@link TestCertificates}), and the settings refused naming the property.
 */
class HawserSslTest extends WebServerTestBase {
    @TempDir
    Path dir;

    /** A servlet at /tls answering the scheme, isSecure and the client certificate's subject. */
    private static final ServletContextInitializer TLS_SERVLET = context -> context.addServlet("tls", new HttpServlet() {
        @Override
        protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
            X509Certificate[] client = (X509Certificate[]) req.getAttribute("jakarta.servlet.request.X509Certificate");
            res.getWriter().print(req.getScheme() + " " + req.isSecure() + " " + req.getServerPort() + " "
                    + (client == null ? "-" : client[0].getSubjectX500Principal().getName()));
        }
    }).addMapping("/tls");

    private int start(Ssl ssl) {
        factory.setAddress(InetAddress.getLoopbackAddress());
        factory.setSsl(ssl);
        server = factory.getWebServer(TLS_SERVLET);
        server.start();
        return server.getPort();
    }

    private static Ssl ssl() {
        Ssl ssl = new Ssl();
        ssl.setEnabled(true);
        return ssl;
    }

    @Test
    void pemCertificateAndKeyServeHttpsOnServerPortAndNoCleartextListener() throws Exception {
        TestCertificates certs = TestCertificates.make(dir);
        Ssl ssl = ssl();
        ssl.setCertificate(certs.chainPem.toString());
        ssl.setCertificatePrivateKey("file:" + certs.keyPem);
        int port = start(ssl);
        HttpResponse<String> r = TestHttp.getTls(certs.context, port, "/tls");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("https true " + port + " -");
        assertThat(((HawserWebServer) server).getConnector().tlsPort()).isEqualTo(port);
        assertThat(factory.getConnectorConfig().listeners()).singleElement()
                .satisfies(l -> assertThat(l.secure()).isTrue());
        assertThat(TestHttp.raw(port, "GET /tls HTTP/1.1\r\nHost: x\r\n\r\n")).startsWith("HTTP/1.1 400 ");
    }

    @Test
    void aPkcs12KeyStoreWithAliasAndPasswordsServesHttps() throws Exception {
        TestCertificates certs = TestCertificates.make(dir);
        Ssl ssl = ssl();
        ssl.setKeyStore(certs.keyStore.toUri().toString());
        ssl.setKeyStoreType("PKCS12");
        ssl.setKeyStorePassword(new String(TestCertificates.PASSWORD));
        ssl.setKeyPassword(new String(TestCertificates.PASSWORD));
        ssl.setKeyAlias("localhost");
        ssl.setEnabledProtocols(new String[] {"TLSv1.2"});
        int port = start(ssl);
        assertThat(TestHttp.getTls(certs.context, port, "/tls").body()).startsWith("https true ");
        assertThat(factory.getConnectorConfig().tls().protocols()).containsExactly("TLSv1.2");
    }

    @Test
    void clientAuthNeedServesAClientWithACertificateTheTrustCertificateSignedAndNoOtherClient() throws Exception {
        TestCertificates certs = TestCertificates.make(dir);
        TestCertificates.Issued ca = TestCertificates.selfSigned(dir, "ca", "EC", "-ext", "bc:c");
        TestCertificates.Issued client = TestCertificates.signedBy(dir, "client", ca);
        Ssl ssl = ssl();
        ssl.setCertificate(certs.chainPem.toString());
        ssl.setCertificatePrivateKey(certs.keyPem.toString());
        ssl.setTrustCertificate(ca.chainPem().toString());
        ssl.setClientAuth(Ssl.ClientAuth.NEED);
        int port = start(ssl);
        SSLContext withCertificate = context(client.asKeyStore(), certs.chainPem);
        assertThat(TestHttp.getTls(withCertificate, port, "/tls").body()).endsWith(" CN=client");
        assertThatThrownBy(() -> TestHttp.getTls(certs.context, port, "/tls")).isInstanceOf(IOException.class);
    }

    @Test
    void anOlderProtocolIsRefusedNamingIt() throws Exception {
        TestCertificates certs = TestCertificates.make(dir);
        Ssl ssl = ssl();
        ssl.setCertificate(certs.chainPem.toString());
        ssl.setCertificatePrivateKey(certs.keyPem.toString());
        ssl.setEnabledProtocols(new String[] {"TLSv1.3", "TLSv1.1"});
        factory.setSsl(ssl);
        assertThatThrownBy(() -> factory.getWebServer()).isInstanceOf(WebServerException.class)
                .hasMessageContaining("server.ssl.enabled-protocols").hasMessageContaining("TLSv1.1");
    }

    @Test
    void unsupportedSettingsAreRefusedNamingTheProperty() throws Exception {
        TestCertificates certs = TestCertificates.make(dir);
        Ssl ssl = ssl();
        factory.setSsl(ssl);
        assertThatThrownBy(() -> factory.getWebServer()).hasMessageContaining("server.ssl.certificate")
                .hasMessageContaining("server.ssl.key-store");
        ssl.setKeyStore(certs.keyStore.toString());
        ssl.setKeyStorePassword("a");
        ssl.setKeyPassword("b");
        assertThatThrownBy(() -> factory.getWebServer())
                .hasMessage("Hawser does not support server.ssl.key-password differing from the key store's password yet");
        ssl.setKeyPassword(null);
        ssl.setKeyStoreProvider("SUN");
        assertThatThrownBy(() -> factory.getWebServer()).hasMessage("Hawser does not support server.ssl.key-store-provider yet");
        ssl.setKeyStoreProvider(null);
        ssl.setKeyStoreType("PKCS11");
        assertThatThrownBy(() -> factory.getWebServer()).hasMessageContaining("server.ssl.key-store-type")
                .hasMessageContaining("PKCS11");
        ssl.setKeyStoreType(null);
        ssl.setKeyStore(dir.resolve("missing.p12").toString());
        assertThatThrownBy(() -> factory.getWebServer()).hasMessageContaining("server.ssl.key-store")
                .hasMessageContaining("missing.p12").hasMessageContaining("does not exist");
        factory.setSsl(Ssl.forBundle("web"));
        assertThatThrownBy(() -> factory.getWebServer()).hasMessage(
                "Hawser: no SSL bundle named 'web' (spring.ssl.bundle.pem.web or spring.ssl.bundle.jks.web)");
        factory.getSsl().setKeyStore(certs.keyStore.toString());
        assertThatThrownBy(() -> factory.getWebServer()).hasMessageContaining("together with server.ssl.bundle");
    }

    @Test
    void sniServerNameBundlesServeEachNamesCertificateAndTheDefaultBundleOtherwise() throws Exception {
        TestCertificates.Issued a = TestCertificates.selfSigned(dir, "a.test", "EC", "-ext", "san=dns:a.test");
        TestCertificates.Issued b = TestCertificates.selfSigned(dir, "b.test", "EC", "-ext", "san=dns:b.test");
        SslProperties.Bundles bundles = new SslProperties.Bundles();
        bundles.getPem().put("a", pemBundle(a));
        JksSslBundleProperties jks = new JksSslBundleProperties();
        jks.getKeystore().setLocation(b.keyStore().toString());
        jks.getKeystore().setPassword(new String(TestCertificates.PASSWORD));
        bundles.getJks().put("b", jks);
        factory.setSslBundleProperties(bundles);
        Ssl ssl = Ssl.forBundle("a");
        ssl.setServerNameBundles(List.of(new Ssl.ServerNameSslBundle("b.test", "b")));
        int port = start(ssl);
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("a", a.certificate());
        trusted.setCertificateEntry("b", b.certificate());
        // a context (so a session cache) per connection: a resumed session keeps its first certificate
        assertThat(servedTo(context(null, trusted), port, "b.test")).isEqualTo("CN=b.test");
        assertThat(servedTo(context(null, trusted), port, "a.test")).isEqualTo("CN=a.test");
        assertThat(servedTo(context(null, trusted), port, "other.test")).isEqualTo("CN=a.test");
    }

    @Test
    void aServerNameBundleBesideServerSslPropertiesServesItsName() throws Exception {
        TestCertificates certs = TestCertificates.make(dir);
        TestCertificates.Issued b = TestCertificates.selfSigned(dir, "b.test", "EC", "-ext", "san=dns:b.test");
        SslProperties.Bundles bundles = new SslProperties.Bundles();
        bundles.getPem().put("b", pemBundle(b));
        factory.setSslBundleProperties(bundles);
        Ssl ssl = ssl();
        ssl.setCertificate(certs.chainPem.toString());
        ssl.setCertificatePrivateKey(certs.keyPem.toString());
        ssl.setServerNameBundles(List.of(new Ssl.ServerNameSslBundle("b.test", "b")));
        int port = start(ssl);
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("b", b.certificate());
        assertThat(servedTo(context(null, trusted), port, "b.test")).isEqualTo("CN=b.test");
        assertThat(TestHttp.getTls(certs.context, port, "/tls").body()).startsWith("https true ");
    }

    @Test
    void aClasspathResourceInsideAJarIsCopiedToAPrivateFileDeletedOnStop() throws Exception {
        TestCertificates certs = TestCertificates.make(dir);
        Path jar = dir.resolve("keys.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new ZipEntry("tls/key.pem"));
            Files.copy(certs.keyPem, out);
            out.closeEntry();
        }
        ClassLoader original = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, original)) {
            Thread.currentThread().setContextClassLoader(loader);
            Ssl ssl = ssl();
            ssl.setCertificate(Files.readString(certs.chainPem)); // PEM text is copied too
            ssl.setCertificatePrivateKey("classpath:tls/key.pem");
            int port = start(ssl);
            assertThat(TestHttp.getTls(certs.context, port, "/tls").body()).startsWith("https true ");
            List<Path> copies = ((HawserWebServer) server).tlsFiles().copies();
            assertThat(copies).hasSize(2).allSatisfy(p -> assertThat(p).exists().satisfies(q -> assertThat(q.startsWith(dir)).isFalse()));
            server.stop();
            assertThat(copies).allSatisfy(p -> assertThat(p).doesNotExist());
        } finally {
            Thread.currentThread().setContextClassLoader(original);
        }
    }

    /** @return {@code spring.ssl.bundle.pem.NAME.keystore.certificate} and {@code .private-key} of {@code issued} */
    private static PemSslBundleProperties pemBundle(TestCertificates.Issued issued) {
        PemSslBundleProperties pem = new PemSslBundleProperties();
        pem.getKeystore().setCertificate(issued.chainPem().toString());
        pem.getKeystore().setPrivateKey(issued.keyPem().toString());
        return pem;
    }

    /** @return the subject of the certificate the server presents for the SNI name {@code host} */
    private static String servedTo(SSLContext client, int port, String host) throws IOException {
        try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket("127.0.0.1", port)) {
            SSLParameters params = socket.getSSLParameters();
            params.setServerNames(List.of(new SNIHostName(host)));
            socket.setSSLParameters(params);
            socket.startHandshake();
            OutputStream out = socket.getOutputStream();
            out.write("GET /tls HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes());
            out.flush();
            assertThat(new String(socket.getInputStream().readAllBytes())).startsWith("HTTP/1.1 200 ");
            return ((X509Certificate) socket.getSession().getPeerCertificates()[0]).getSubjectX500Principal().getName();
        }
    }

    private static SSLContext context(KeyStore clientKeys, Path trustedPem) throws Exception {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        try (var in = Files.newInputStream(trustedPem)) {
            trusted.setCertificateEntry("server", java.security.cert.CertificateFactory.getInstance("X.509")
                    .generateCertificate(in));
        }
        return context(clientKeys, trusted);
    }

    private static SSLContext context(KeyStore clientKeys, KeyStore trusted) throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trusted);
        KeyManagerFactory kmf = null;
        if (clientKeys != null) {
            kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(clientKeys, TestCertificates.PASSWORD);
        }
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return context;
    }
}
