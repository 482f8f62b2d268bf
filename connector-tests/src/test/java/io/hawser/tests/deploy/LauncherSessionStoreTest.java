package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hawser.session.jdbc.PostgresServer;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guestbook sample in separate launcher processes ({@code hawser.jar --session-store ...}): a
 * session saved by a completed response survives SIGKILL of the instance that saved it, on H2 across
 * a restart and on PostgreSQL to a second instance running beside it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LauncherSessionStoreTest {
    private static final Pattern TOKEN = Pattern.compile("name=\"csrf\" value=\"([0-9a-f]+)\"");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    @TempDir
    Path dir;

    /** A guestbook visitor: its session cookie and form token. */
    private static final class Visitor {
        String session;
        String token;

        HttpResponse<String> send(int port, HttpRequest.Builder b) throws Exception {
            if (session != null) {
                b.header("Cookie", "JSESSIONID=" + session);
            }
            HttpResponse<String> r = HTTP.send(b.timeout(Duration.ofSeconds(20)).build(),
                    HttpResponse.BodyHandlers.ofString());
            r.headers().allValues("set-cookie").stream().filter(c -> c.startsWith("JSESSIONID=")).findFirst()
                    .ifPresent(c -> session = c.substring("JSESSIONID=".length(), c.indexOf(';')));
            return r;
        }

        String page(int port) throws Exception {
            HttpResponse<String> r = send(port, HttpRequest.newBuilder(URI.create(url(port, "/"))));
            assertThat(r.statusCode()).isEqualTo(200);
            Matcher m = TOKEN.matcher(r.body());
            assertThat(m.find()).isTrue();
            token = m.group(1);
            return r.body();
        }

        void sign(int port, String name) throws Exception {
            String form = "csrf=" + token + "&name=" + URLEncoder.encode(name, StandardCharsets.UTF_8) + "&message=hi";
            HttpResponse<String> r = send(port, HttpRequest.newBuilder(URI.create(url(port, "/sign")))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form)));
            assertThat(r.statusCode()).as(r.body()).isEqualTo(303);
        }

        private static String url(int port, String path) {
            return "http://127.0.0.1:" + port + "/guestbook" + path;
        }
    }

    private LauncherProcess launch(String store) throws Exception {
        return new LauncherProcess(dir, "--port", "0", "--session-store", store,
                "/guestbook=" + SampleWars.war("guestbook"));
    }

    private static int port(LauncherProcess p) throws Exception {
        return LauncherProcess.port(p.nextLine());
    }

    private static void kill(LauncherProcess p) throws InterruptedException {
        p.process.destroyForcibly(); // SIGKILL: no shutdown hook, no drain, no flush
        assertThat(p.process.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(p.process.exitValue()).isEqualTo(137);
    }

    @Test
    void onH2ASessionSurvivesSigkillAndARestart() throws Exception {
        String store = "jdbc:h2:file:" + dir.resolve("sessions");
        Visitor alice = new Visitor();
        try (LauncherProcess first = launch(store)) {
            int port = port(first);
            alice.page(port);
            alice.sign(port, "alice");
            kill(first);
        }
        try (LauncherProcess second = launch(store)) {
            assertThat(alice.page(port(second))).contains("Thanks, alice: you signed 1 time in this session.");
        }
    }

    @Test
    void onPostgresASecondInstanceServesTheSessionsOfAKilledOne() throws Exception {
        assumeTrue(PostgresServer.missing() == null, () -> "PostgreSQL test skipped: " + PostgresServer.missing());
        try (PostgresServer pg = PostgresServer.start();
             LauncherProcess one = launch(pg.url());
             LauncherProcess two = launch(pg.url())) {
            int portOne = port(one);
            int portTwo = port(two);
            Visitor bob = new Visitor();
            bob.page(portOne);
            bob.sign(portOne, "bob");
            assertThat(bob.page(portTwo)).contains("Thanks, bob: you signed 1 time");
            bob.sign(portTwo, "bob");
            kill(one);
            assertThat(bob.page(portTwo)).contains("Thanks, bob: you signed 2 times");
        }
    }
}
