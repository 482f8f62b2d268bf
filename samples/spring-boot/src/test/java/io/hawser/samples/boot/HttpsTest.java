package io.hawser.samples.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The sample over HTTPS: {@code server.ssl.key-store} with a PKCS#12 key store made by the JDK's
 * keytool at test time (nothing committed); {@code server.port} is then the HTTPS port.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class HttpsTest {
    private static final String PASSWORD = "test-only";
    private static Path keyStore;

    @LocalServerPort
    private int port;

    @DynamicPropertySource
    static void ssl(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("sample-https");
        dir.toFile().deleteOnExit();
        keyStore = dir.resolve("localhost.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "localhost", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=localhost", "-ext", "san=dns:localhost,ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12",
                "-keystore", keyStore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD)
                .redirectErrorStream(true).start();
        keytool.getInputStream().readAllBytes();
        assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).isZero();
        keyStore.toFile().deleteOnExit();
        registry.add("server.ssl.key-store", keyStore::toString);
        registry.add("server.ssl.key-store-password", () -> PASSWORD);
        registry.add("server.ssl.key-alias", () -> "localhost");
    }

    private static HttpClient trustingClient() throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            store.load(in, PASSWORD.toCharArray());
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return HttpClient.newBuilder().sslContext(context).build();
    }

    @Test
    void theApiAndActuatorAnswerOverHttpsOnServerPort() throws Exception {
        HttpClient client = trustingClient();
        Map<String, String> expected = Map.of("/api/greeting?name=Ada", "\"message\":\"Hello, Ada!\"",
                "/actuator/health", "\"status\":\"UP\"");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port
                    + e.getKey())).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(e.getKey()).isEqualTo(200);
            assertThat(r.body()).contains(e.getValue());
        }
    }
}
