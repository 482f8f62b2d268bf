package io.hawser.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kit's clients over TLS: raw-socket corpus cases through an {@code SSLSocket} and a jetty-client
 * scenario, against Jetty's own server over TLS with a certificate made for this run (keytool, in a
 * temporary folder; no key is committed), trusted by a trust store, by {@code --insecure}, or not at all.
 */
class TlsTargetTest {
    private static final char[] PASSWORD = "kit-test".toCharArray();
    @TempDir
    static Path dir;
    private static Server server;
    private static URI base;
    private static Path truststore;

    @BeforeAll
    static void startJettyOverTls() throws Exception {
        Path keystore = dir.resolve("server.p12");
        truststore = dir.resolve("trust.p12");
        Path cert = dir.resolve("server.cer");
        keytool("-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-keystore", keystore.toString(),
                "-storetype", "PKCS12", "-storepass", new String(PASSWORD));
        keytool("-exportcert", "-alias", "server", "-keystore", keystore.toString(), "-storepass", new String(PASSWORD),
                "-file", cert.toString());
        keytool("-importcert", "-noprompt", "-alias", "server", "-file", cert.toString(), "-keystore",
                truststore.toString(), "-storetype", "PKCS12", "-storepass", new String(PASSWORD));

        server = new Server();
        SslContextFactory.Server tls = new SslContextFactory.Server();
        tls.setKeyStorePath(keystore.toString());
        tls.setKeyStorePassword(new String(PASSWORD));
        HttpConfiguration http = new HttpConfiguration();
        ServerConnector connector = new ServerConnector(server, new SslConnectionFactory(tls, "http/1.1"),
                new HttpConnectionFactory(http));
        connector.setHost("127.0.0.1");
        server.addConnector(connector);
        server.setHandler(new EchoHandler());
        server.start();
        base = URI.create("https://127.0.0.1:" + connector.getLocalPort() + "/");
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.stop();
        }
    }

    private static void keytool(String... args) throws Exception {
        String exe = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        List<String> cmd = new java.util.ArrayList<>(List.of(exe));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("keytool %s: %s", args[0], out).isZero();
    }

    /** {@code /plaintext} and the echo output of {@code /echo}, the two routes the cases below use. */
    private static final class EchoHandler extends Handler.Abstract {
        @Override
        public boolean handle(Request request, Response response, Callback callback) throws Exception {
            String path = Request.getPathInContext(request);
            response.getHeaders().put("Content-Type", "text/plain");
            if (path.equals("/plaintext")) {
                Content.Sink.write(response, true, "Hello, World!", callback);
                return true;
            }
            byte[] body;
            try (InputStream in = Request.asInputStream(request)) {
                body = in.readAllBytes();
            }
            StringBuilder s = new StringBuilder("method: ").append(request.getMethod()).append('\n')
                    .append("target: ").append(request.getHttpURI().getPathQuery()).append('\n')
                    .append("protocol: ").append(request.getConnectionMetaData().getProtocol()).append('\n');
            for (HttpField f : request.getHeaders()) {
                s.append("header: ").append(f.getName()).append(": ").append(f.getValue()).append('\n');
            }
            s.append("body-length: ").append(body.length).append('\n')
                    .append("body-sha256: ").append(EchoCheck.sha256(body)).append('\n');
            response.write(true, ByteBuffer.wrap(s.toString().getBytes(StandardCharsets.ISO_8859_1)), callback);
            return true;
        }
    }

    private static KitCase kitCase(String id) throws Exception {
        return Suite.all().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private static KitConfig config(Tls tls) {
        return new KitConfig(base, tls, Map.of(), false, RunSettings.DEFAULT_TIMEOUT_SECONDS,
                RunSettings.DEFAULT_GRACE_SECONDS);
    }

    @Test
    void rawCasesAndScenariosPassOverTlsWithTheTrustStore() throws Exception {
        KitConfig config = config(Tls.trusting(truststore, PASSWORD));
        for (String id : List.of("framing/chunked-basic", "framing/content-length-body", "split-delivery/bytewise-get",
                "client/plaintext-with-length-and-date")) {
            CaseReport r = kitCase(id).run(config);
            assertThat(r.verdict()).as(r.line()).isEqualTo(CaseReport.Verdict.PASS);
            assertThat(r.received()).as(id).isNotEmpty();
        }
        CaseReport chunked = kitCase("framing/chunked-basic").run(config);
        assertThat(new String(chunked.received(), StandardCharsets.ISO_8859_1)).startsWith("HTTP/1.1 200")
                .contains("body-length: 5");
    }

    @Test
    void insecureAcceptsTheUntrustedCertificate() throws Exception {
        CaseReport r = kitCase("framing/chunked-basic").run(config(Tls.insecure()));
        assertThat(r.verdict()).as(r.line()).isEqualTo(CaseReport.Verdict.PASS);
    }

    @Test
    void theCommandRefusesAnUntrustedCertificateByDefault() {
        StringWriter out = new StringWriter();
        int status = Kit.execute(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true),
                "--base-url", base.toString(), "--groups", "response");
        assertThat(status).isEqualTo(1);
        assertThat(out.toString()).contains("FAIL response/", "cannot connect to 127.0.0.1:" + base.getPort())
                .containsIgnoringCase("certification path");
    }

    @Test
    void theCommandPassesWithTheTrustStore() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Kit.execute(new PrintWriter(out, true), new PrintWriter(err, true),
                "--base-url", base.toString(), "--truststore", truststore.toString(),
                "--truststore-password", new String(PASSWORD), "--groups", "split-delivery");
        assertThat(err.toString()).isEmpty();
        assertThat(status).as(out.toString()).isZero();
        assertThat(out.toString()).contains("PASS split-delivery/bytewise-get", "PASS split-delivery/bytewise-cl-and-te",
                base + ": 12 passed, 0 failed");
    }
}
