package io.hawser.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.ForwardedRequest;
import io.hawser.api.TrustedProxies;
import io.hawser.nio.NioConnector;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Over the wire: behind a trusted proxy the servlet and the access log see the forwarded client;
 * from an untrusted peer a spoofed {@code X-Forwarded-For} changes neither.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AccessLogForwardedTest {
    @TempDir
    Path dir;

    private String[] serve(String trusted, String extraFields) throws Exception {
        WebApp app = WebApp.create("", null, AccessLogForwardedTest.class.getClassLoader());
        app.servletContext().addServlet("who", new HttpServlet() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
                res.getWriter().print(req.getRemoteAddr() + " " + req.getRequestURL() + " " + req.isSecure());
            }
        }).addMapping("/");
        app.start();
        Path file = dir.resolve("access.log");
        TrustedProxies proxies = TrustedProxies.parse(trusted);
        ForwardedRequest.Fields fields = ForwardedRequest.Fields.X_FORWARDED;
        AccessLog log = AccessLog.open(file.toString(), AccessLogFormat.of("%h %v %s \"%r\""));
        NioConnector connector = new NioConnector(ConnectorConfig.builder().host("127.0.0.1").port(0).build(),
                new AccessLogHandler(new ServletAdapter(List.of(app), new ServletAdapter.Options(proxies, fields, false)),
                        log, proxies, fields));
        connector.start();
        try {
            String response = get(connector.port(), extraFields);
            await().atMost(Duration.ofSeconds(10)).until(() -> Files.readAllLines(file).size() == 1);
            return new String[] {response, Files.readAllLines(file).get(0)};
        } finally {
            connector.close();
            log.close();
            app.stop();
        }
    }

    private static final String SPOOF = "X-Forwarded-For: 198.51.100.7\r\nX-Forwarded-Proto: https\r\n"
            + "X-Forwarded-Host: shop.example\r\n";

    @Test
    void aTrustedProxysClientReachesTheServletAndTheLog() throws Exception {
        String[] seen = serve("127.0.0.0/8", SPOOF);
        assertThat(seen[0]).endsWith("\r\n\r\n198.51.100.7 https://shop.example/a true");
        assertThat(seen[1]).isEqualTo("198.51.100.7 shop.example 200 \"GET /a HTTP/1.1\"");
    }

    @Test
    void aSpoofedXForwardedForFromAnUntrustedPeerChangesNothing() throws Exception {
        String[] seen = serve("10.0.0.0/8", SPOOF);
        assertThat(seen[0]).endsWith("\r\n\r\n127.0.0.1 http://127.0.0.1/a false");
        assertThat(seen[1]).isEqualTo("127.0.0.1 127.0.0.1 200 \"GET /a HTTP/1.1\"");
    }

    @Test
    void aMalformedValueFromATrustedProxyIs400() throws Exception {
        String[] seen = serve("127.0.0.1", "X-Forwarded-For: 198.51.100.7, not-an-address\r\n");
        assertThat(seen[0]).startsWith("HTTP/1.1 400 ");
        assertThat(seen[1]).isEqualTo("127.0.0.1 127.0.0.1 400 \"GET /a HTTP/1.1\"");
    }

    private static String get(int port, String extraFields) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(5_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET /a HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extraFields + "Connection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
