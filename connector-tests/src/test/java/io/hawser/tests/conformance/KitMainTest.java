package io.hawser.tests.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.conformance.Kit;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The kit's command ({@link Kit}, the main class of {@code hawser-conformance.jar}: in-process, and
 * the shaded jar itself as a process) against the echo WAR deployed at {@code /} on an in-process
 * Hawser: its exit status, its JUnit XML and its HTML report, both parsed, with every case it ran.
 */
class KitMainTest {
    private static EchoWarServer server;
    private static String base;

    @BeforeAll
    static void deployEcho() throws Exception {
        server = new EchoWarServer();
        base = "http://127.0.0.1:" + server.port() + "/";
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** The command's exit status and what it printed. */
    private record Run(int status, String out, String err) {
    }

    private static Run kit(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Kit.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(status, out.toString(), err.toString());
    }

    /** @return the case ids {@code --list} prints for the given groups */
    private static List<String> listed(String... groups) {
        List<String> ids = new ArrayList<>();
        for (String line : kit("--list").out().split("\n")) {
            String id = line.strip().split("\\s+")[0];
            for (String g : groups) {
                if (line.startsWith("  ") && id.startsWith(g + "/")) {
                    ids.add(id);
                }
            }
        }
        return ids;
    }

    private static Document parse(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(file.toFile());
    }

    private static List<Element> elements(Document d, String tag) {
        NodeList n = d.getElementsByTagName(tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < n.getLength(); i++) {
            out.add((Element) n.item(i));
        }
        return out;
    }

    @Test
    void passingRunExitsZeroAndWritesBothReportsWithEveryCase(@TempDir Path dir) throws Exception {
        List<String> ids = listed("framing", "client");
        assertThat(ids).hasSizeGreaterThan(50).contains("framing/chunked-basic", "client/response-trailers");

        Run run = kit("--base-url", base, "--groups", "framing,client", "--report", dir.toString());

        assertThat(run.status()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("PASS framing/chunked-basic", "PASS client/big-10mib-chunked",
                base + ": " + ids.size() + " passed, 0 failed");
        Document xml = parse(dir.resolve("TEST-hawser-conformance.xml"));
        assertThat(elements(xml, "testsuite")).extracting(e -> e.getAttribute("name")).containsExactly("framing", "client");
        assertThat(elements(xml, "testcase")).extracting(e -> e.getAttribute("name")).containsExactlyElementsOf(ids);
        assertThat(elements(xml, "failure")).isEmpty();
        Document html = parse(dir.resolve("report.html"));
        List<Element> sections = elements(html, "section");
        assertThat(sections).extracting(e -> e.getAttribute("id")).containsExactlyElementsOf(ids);
        Element chunked = sections.stream().filter(e -> e.getAttribute("id").equals("framing/chunked-basic")).findFirst().orElseThrow();
        assertThat(chunked.getTextContent()).contains("PASS", "RFC 9112 §7.1", "POST /echo HTTP/1.1\\r\\n",
                "HTTP/1.1 200");
    }

    @Test
    void theShadedJarRunsAsACommand(@TempDir Path dir) throws Exception {
        Path jar = Paths.get("kit/target/hawser-conformance.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar.toAbsolutePath() + " is missing: the kit module's package phase builds it");
        }
        List<String> ids = listed("response");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                jar.toString(), "--base-url", base, "--groups", "response", "--report", dir.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(out).isTrue();

        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains(base + ": " + ids.size() + " passed, 0 failed").doesNotContain("SLF4J");
        assertThat(elements(parse(dir.resolve("TEST-hawser-conformance.xml")), "testcase"))
                .extracting(e -> e.getAttribute("name")).containsExactlyElementsOf(ids);
        assertThat(elements(parse(dir.resolve("report.html")), "section")).hasSize(ids.size());
    }

    @Test
    void failingCasesExitOneUnlessEveryOneIsAnExpectedDeviation(@TempDir Path dir) throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        String nowhere = "http://127.0.0.1:" + closed + "/";
        List<String> ids = listed("response");

        Run failing = kit("--base-url", nowhere, "--groups", "response", "--report", dir.toString());
        assertThat(failing.status()).isEqualTo(1);
        assertThat(failing.out()).contains("FAIL response/", "cannot connect to 127.0.0.1:" + closed);
        assertThat(elements(parse(dir.resolve("TEST-hawser-conformance.xml")), "failure")).hasSize(ids.size());

        Path deviations = dir.resolve("deviations.txt");
        StringBuilder lines = new StringBuilder("# this server is down\n");
        ids.forEach(id -> lines.append(id).append("  no server listens here\n"));
        Files.writeString(deviations, lines, StandardCharsets.UTF_8);
        Run expected = kit("--base-url", nowhere, "--groups", "response", "--expect-deviations", deviations.toString());
        assertThat(expected.status()).as(expected.out()).isZero();
        assertThat(expected.out()).contains("DEVIATION response/", "expected deviation: no server listens here",
                "0 failed, 0 skipped, " + ids.size() + " expected deviations");
    }

    @Test
    void refusesWhatItCannotHonourWithOneLineAndStatusTwo(@TempDir Path dir) throws Exception {
        Run remote = kit("--base-url", "http://192.0.2.1:8080/", "--groups", "host");
        assertThat(remote.status()).isEqualTo(2);
        assertThat(remote.err()).contains("192.0.2.1 is not a loopback address: add --allow-remote");

        Run context = kit("--base-url", base + "echo/", "--groups", "host");
        assertThat(context.status()).isEqualTo(2);
        assertThat(context.err()).contains("the raw-socket corpus needs the echo WAR at /");

        Run missing = kit("--groups", "host");
        assertThat(missing.status()).isEqualTo(2);
        assertThat(missing.err()).contains("--base-url is required");

        Run insecure = kit("--base-url", base, "--insecure");
        assertThat(insecure.status()).isEqualTo(2);
        assertThat(insecure.err()).contains("--insecure and --truststore are for https targets");

        Run absent = kit("--base-url", base, "--groups", "host", "--expect-deviations", dir.resolve("absent.txt").toString());
        assertThat(absent.status()).isEqualTo(2);
        assertThat(absent.err()).contains("hawser-conformance: NoSuchFileException: ").contains("absent.txt");

        Path unknown = dir.resolve("deviations.txt");
        Files.writeString(unknown, "framing/no-such-case  typo\n", StandardCharsets.UTF_8);
        Run typo = kit("--base-url", base, "--groups", "host", "--expect-deviations", unknown.toString());
        assertThat(typo.status()).isEqualTo(2);
        assertThat(typo.err()).contains("no case framing/no-such-case in this kit");
    }

    @Test
    void helpWarnsAboutMalformedAndSlowTraffic() {
        Run help = kit("--help");
        assertThat(help.status()).isZero();
        assertThat(help.out()).contains("malformed requests", "slow", "--allow-remote", "--headers-timeout",
                "--expect-deviations", "--insecure", "--truststore");
    }
}
