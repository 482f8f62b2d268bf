package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.api.ConnectorConfig;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.CompletableResponseListener;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The {@code hawser} launcher as a user runs it: {@code java -jar connector-nio/target/hawser.jar ...}. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LauncherTest {
    private static HttpClient client;
    @TempDir
    Path work;

    @BeforeAll
    static void startClient() throws Exception {
        client = new HttpClient();
        client.start();
    }

    @AfterAll
    static void stopClient() throws Exception {
        client.stop();
    }

    @Test
    void servesSeveralWarsLogsAccessesAndDrainsOnSigterm() throws Exception {
        Path log = work.resolve("access.log");
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "0", "--access-log", log.toString(),
                "--access-log-format", "combined", "--headers-timeout", "5s", "--max-connections", "50",
                SampleWars.war("hello").toString(), SampleWars.war("async").toString())) {
            int port = LauncherProcess.port(hawser.nextLine());
            String base = "http://127.0.0.1:" + port;
            assertThat(hawser.nextLine()).isEqualTo(base + "/hello/  " + SampleWars.war("hello"));
            assertThat(hawser.nextLine()).isEqualTo(base + "/async/  " + SampleWars.war("async"));

            ContentResponse hello = client.newRequest(base + "/hello/").headers(h -> h.put("Referer", "http://x/"))
                    .agent("launcher-test").send();
            assertThat(hello.getContentAsString()).contains("Hello, World!");
            assertThat(client.newRequest(base + "/hello/").method("HEAD").send().getStatus()).isEqualTo(200);

            ContentResponse index = client.GET(base + "/");
            assertThat(index.getStatus()).as("no app at /: the 404 page lists the deployed ones").isEqualTo(404);
            assertThat(index.getContentAsString()).contains("<a href=\"/hello/\">/hello/</a>",
                    "<a href=\"/async/\">/async/</a>");
            assertThat(client.GET(base + "/nothing-here").getContentAsString()).doesNotContain("/hello/");

            Request slow = client.newRequest(base + "/async/events?count=5&interval=200").timeout(30, TimeUnit.SECONDS);
            CompletableFuture<ContentResponse> inFlight = new CompletableResponseListener(slow).send();
            Thread.sleep(300);
            // SIGTERM through the handle: Process.destroy() would also close our end of its standard output.
            hawser.process.toHandle().destroy();
            ContentResponse drained = inFlight.get(30, TimeUnit.SECONDS);
            assertThat(drained.getContentAsString()).as("the request in flight finished").contains("event: done");
            assertThat(hawser.exitCode()).isEqualTo(143);
            assertThat(hawser.nextLine()).matches("hawser: stopping: draining [1-9]\\d* connections? for at most 10s");

            List<String> lines = Files.readAllLines(log);
            assertThat(lines).anySatisfy(l -> assertThat(l).matches("127\\.0\\.0\\.1 - - \\[\\d{2}/\\w{3}/\\d{4}:\\d{2}:"
                    + "\\d{2}:\\d{2} [+-]\\d{4}] \"GET /hello/ HTTP/1\\.1\" 200 \\d+ \"http://x/\" \"launcher-test\""));
            assertThat(lines).anySatisfy(l -> assertThat(l)
                    .contains("\"GET /async/events?count=5&interval=200 HTTP/1.1\" 200 "));
            assertThat(lines).as("%b is - for HEAD, as documented").anySatisfy(l -> assertThat(l)
                    .contains("\"HEAD /hello/ HTTP/1.1\" 200 - "));
        }
    }

    @Test
    void aSingleWarIsServedAtTheRootContext() throws Exception {
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "0", SampleWars.war("echo").toString())) {
            int port = LauncherProcess.port(hawser.nextLine());
            assertThat(hawser.nextLine()).isEqualTo("http://127.0.0.1:" + port + "/  " + SampleWars.war("echo"));
            assertThat(client.GET("http://127.0.0.1:" + port + "/plaintext").getContentAsString())
                    .isEqualTo("Hello, World!");
        }
    }

    @Test
    void aDirectoryOfWarsWorksLikeWebapps() throws Exception {
        Path webapps = Files.createDirectories(work.resolve("webapps"));
        Files.copy(SampleWars.war("hello"), webapps.resolve("ROOT.war"));
        Files.copy(SampleWars.war("static"), webapps.resolve("site.war"));
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "0", "webapps", "/greeting=" + SampleWars.war("hello"))) {
            String base = "http://127.0.0.1:" + LauncherProcess.port(hawser.nextLine());
            assertThat(List.of(hawser.nextLine(), hawser.nextLine(), hawser.nextLine())).containsExactly(
                    base + "/  " + Path.of("webapps", "ROOT.war"), base + "/site/  " + Path.of("webapps", "site.war"),
                    base + "/greeting/  " + SampleWars.war("hello"));
            assertThat(client.GET(base + "/").getContentAsString()).contains("Hello, World!");
            assertThat(client.GET(base + "/site/data/alphabet.txt").getContentAsString()).startsWith("abc");
            assertThat(client.GET(base + "/greeting/hello").getContentAsString()).contains("\"/greeting\"");
        }
    }

    @Test
    void aBadWarExitsWith1AndNothingIsEverListening() throws Exception {
        int port = LauncherProcess.freePort();
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", String.valueOf(port),
                SampleWars.war("hello").toString(), "missing.war")) {
            assertThat(hawser.exitCode()).isEqualTo(1);
            assertThat(hawser.stderr()).contains("hawser: cannot deploy missing.war: no such file or directory");
            assertThat(hawser.remainingLines()).isEmpty();
        }
        assertThat(LauncherProcess.canConnect(port)).as("port " + port + " was never opened").isFalse();
    }

    @Test
    void aPortInUseExitsWith3() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            try (LauncherProcess hawser = new LauncherProcess(work, "--port", String.valueOf(taken.getLocalPort()),
                    SampleWars.war("hello").toString())) {
                assertThat(hawser.exitCode()).isEqualTo(3);
                assertThat(hawser.stderr()).contains("hawser: cannot bind 127.0.0.1:" + taken.getLocalPort());
            }
        }
        try (LauncherProcess hawser = new LauncherProcess(work, "--host", "no-such-host.invalid", "--port", "0",
                SampleWars.war("hello").toString())) {
            assertThat(hawser.exitCode()).isEqualTo(3);
            assertThat(hawser.stderr()).contains("hawser: cannot bind no-such-host.invalid:0");
        }
    }

    @Test
    void zeroWorkerThreadsWithoutVirtualThreadsIsABadCommandLine() throws Exception {
        try (LauncherProcess hawser = new LauncherProcess(work,
                new String[] {"--worker-threads", "0", "--virtual-threads", "false", "x.war"})) {
            assertThat(hawser.exitCode()).isEqualTo(2);
            assertThat(hawser.stderr()).contains("hawser: --worker-threads 0 runs every request on a virtual thread")
                    .doesNotContain("Exception");
        }
    }

    @Test
    void aBadCommandLineExitsWith2() throws Exception {
        for (String[] args : new String[][] {{"--port", "eighty", "x.war"}, {"--headers-timeout", "20 parsecs", "x.war"},
                {}, {"--max-connections", "0", "x.war"}}) {
            try (LauncherProcess hawser = new LauncherProcess(work, args)) {
                assertThat(hawser.exitCode()).as(String.join(" ", args)).isEqualTo(2);
            }
        }
    }

    @Test
    void aBadOptionGetsOneLineNamingItWithAHint() throws Exception {
        try (LauncherProcess hawser = new LauncherProcess(work, "--prot", "80", "x.war")) {
            assertThat(hawser.exitCode()).isEqualTo(2);
            assertThat(hawser.stderr()).isEqualTo(
                    "hawser: Unknown option: '--prot' (did you mean --port?); hawser --help lists the options\n");
        }
        try (LauncherProcess hawser = new LauncherProcess(work, "--port", "99999", "x.war")) {
            assertThat(hawser.exitCode()).isEqualTo(2);
            assertThat(hawser.stderr()).isEqualTo("hawser: --port must be in -1..65535: 99999; hawser --help lists the"
                    + " options\n");
        }
        try (LauncherProcess hawser = new LauncherProcess(work, "--accept-unenforced", "JPS", "x.war")) {
            assertThat(hawser.exitCode()).isEqualTo(2);
            assertThat(hawser.stderr()).isEqualTo("hawser: --accept-unenforced: \"jps\" is not a feature Hawser leaves"
                    + " unenforced (did you mean jsp?)\n");
        }
        try (LauncherProcess hawser = new LauncherProcess(work, "--headers-timeout", "20 parsecs", "x.war")) {
            assertThat(hawser.exitCode()).isEqualTo(2);
            assertThat(hawser.stderr()).isEqualTo("hawser: Invalid value for option '--headers-timeout': not a duration"
                    + " (e.g. 500ms, 20s, 5m): 20 parsecs; hawser --help lists the options\n");
        }
    }

    @Test
    void helpNamesAnOptionForEveryConnectorConfigFieldAndTheExitCodes() throws Exception {
        String help;
        try (LauncherProcess hawser = new LauncherProcess(work, "--help")) {
            assertThat(hawser.exitCode()).isEqualTo(0);
            help = String.join("\n", hawser.remainingLines());
            assertThat(hawser.stderr()).as("no picocli warning about a description").isEmpty();
        }
        assertThat(help).contains("(%h %l %u %t \"%r\"");
        for (Method m : ConnectorConfig.class.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 0
                    && m.getReturnType() != ConnectorConfig.Builder.class && !m.getName().equals("toString")
                    && !m.getName().equals("hashCode")) {
                String option = switch (m.getName()) {
                    case "tls" -> "--tls-cert"; // TlsConfig: --tls-cert, --keystore, --client-auth...
                    case "listeners" -> "--listen";
                    default -> "--" + m.getName().replaceAll("([A-Z])", "-$1").toLowerCase(java.util.Locale.ROOT);
                };
                assertThat(help).as("ConnectorConfig." + m.getName()).contains(option);
            }
        }
        assertThat(help).contains("--access-log", "--stop-timeout", "Exit codes:", "143");
        try (LauncherProcess hawser = new LauncherProcess(work, "--version")) {
            assertThat(hawser.exitCode()).isEqualTo(0);
            assertThat(hawser.remainingLines().get(0)).startsWith("hawser 0.");
        }
    }
}
