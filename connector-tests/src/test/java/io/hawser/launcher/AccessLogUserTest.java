package io.hawser.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hawser.api.ConnectorConfig;
import io.hawser.nio.NioConnector;
import io.hawser.security.AuthenticatedUser;
import io.hawser.servlet.SecurityConstraint;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import io.hawser.servlet.WebResourceCollection;
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
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The access log's {@code %u} is the user the servlet layer authenticated, escaped, or {@code -}. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AccessLogUserTest {
    @TempDir
    Path dir;

    @Test
    void percentUIsTheAuthenticatedUser() throws Exception {
        WebApp app = WebApp.create("/log", null, AccessLogUserTest.class.getClassLoader());
        app.setRealm((user, password) -> password.equals("pw") ? AuthenticatedUser.of(user, Set.of("r")) : null);
        app.addSecurityConstraint(SecurityConstraint.rolesAllowed(WebResourceCollection.of("/s/*"), "r"));
        app.servletContext().addServlet("ok", new HttpServlet() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
                res.getWriter().print("ok");
            }
        }).addMapping("/");
        app.start();
        Path file = dir.resolve("access.log");
        AccessLog log = AccessLog.open(file.toString(), AccessLogFormat.of("common"));
        NioConnector connector = new NioConnector(ConnectorConfig.builder().host("127.0.0.1").port(0).build(),
                new AccessLogHandler(new ServletAdapter(List.of(app)), log));
        connector.start();
        try {
            assertThat(get(connector.port(), "/log/s/a", "clerk")).isEqualTo("HTTP/1.1 200 OK");
            assertThat(get(connector.port(), "/log/s/b", "j\u00fcrgen \"x\"")).isEqualTo("HTTP/1.1 200 OK");
            assertThat(get(connector.port(), "/log/s/c", null)).isEqualTo("HTTP/1.1 401 Unauthorized");
            await().atMost(Duration.ofSeconds(10)).until(() -> Files.readAllLines(file).size() == 3);
            List<String> lines = Files.readAllLines(file);
            assertThat(lines.get(0)).startsWith("127.0.0.1 - clerk [").contains("\"GET /log/s/a HTTP/1.1\" 200 2");
            assertThat(lines.get(1)).startsWith("127.0.0.1 - j\\xc3\\xbcrgen\\x20\\x22x\\x22 [");
            assertThat(lines.get(2)).startsWith("127.0.0.1 - - [").contains("\"GET /log/s/c HTTP/1.1\" 401");
        } finally {
            connector.close();
            log.close();
            app.stop();
        }
    }

    private static String get(int port, String path, String user) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(5_000);
            String auth = user == null ? "" : "Authorization: Basic " + Base64.getEncoder()
                    .encodeToString((user + ":pw").getBytes(StandardCharsets.UTF_8)) + "\r\n";
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth + "Connection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            InputStream in = s.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c; (c = in.read()) >= 0 && c != '\r'; ) {
                line.append((char) c);
            }
            in.readAllBytes();
            return line.toString();
        }
    }
}
