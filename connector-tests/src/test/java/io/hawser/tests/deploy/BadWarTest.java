package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hawser.deploy.Deployer;
import io.hawser.deploy.DeploymentException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each kind of bad WAR fails with a message naming the file and the element at fault, and leaves
 * nothing behind: no thread of its own, no unpacked copy, no temporary directory.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BadWarTest {
    private static final String GOOD_SERVLET = "package com.acme; public class Ok extends jakarta.servlet.http.HttpServlet {}";
    @TempDir
    Path work;

    /** Deploys at /NAME, expects failure, checks nothing is left, and returns the message. */
    private String failure(String name, Path war) throws Exception {
        Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
        DeploymentException e = catchThrowableOfType(DeploymentException.class, () -> Deployer.deploy(war, "/" + name));
        assertThat(e).as("deploying " + war + " fails").isNotNull();
        assertThat(e.source()).isEqualTo(war);
        assertThat(e.getMessage()).startsWith("cannot deploy " + war + ": ");
        assertThat(leftoverThreads(before)).as("threads left by " + name).isEmpty();
        assertThat(leftoverDirectories(name)).as("temporary directories left by " + name).isEmpty();
        return e.getMessage();
    }

    /** Threads started since {@code before}, other than the servlet layer's shared ones; waits up to 2 s. */
    private static List<String> leftoverThreads(Set<Thread> before) throws InterruptedException {
        List<String> left = List.of();
        for (int i = 0; i < 40; i++) {
            left = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> !before.contains(t) && t.isAlive())
                    .map(Thread::getName)
                    .filter(n -> !n.startsWith("hawser-servlet-timer") && !n.startsWith("hawser-async"))
                    .collect(Collectors.toList());
            if (left.isEmpty()) {
                break;
            }
            Thread.sleep(50);
        }
        return left;
    }

    private static List<Path> leftoverDirectories(String name) throws IOException {
        try (Stream<Path> tmp = Files.list(Paths.get(System.getProperty("java.io.tmpdir")))) {
            return tmp.filter(p -> p.getFileName().toString().startsWith("hawser-" + name + "-"))
                    .collect(Collectors.toList());
        }
    }

    private Path war(String name, String webXml, Map<String, String> classes, Map<String, String> files)
            throws Exception {
        return JavaSources.war(work, name, webXml, classes, files);
    }

    @Test
    void aMissingFile() throws Exception {
        assertThat(failure("missing", work.resolve("missing.war"))).endsWith("missing.war: no such file or directory");
    }

    @Test
    void aFileThatIsNotAWar() throws Exception {
        Path war = JavaSources.write(work.resolve("text.war"), "just text");
        assertThat(failure("text", war)).contains("not a WAR (zip) file");
    }

    @Test
    void anEntryThatWouldLandOutsideTheApp() throws Exception {
        Path war = work.resolve("slip.war");
        try (OutputStream o = Files.newOutputStream(war); ZipOutputStream zip = new ZipOutputStream(o)) {
            zip.putNextEntry(new ZipEntry("../../slipped.txt"));
            zip.write("x".getBytes(StandardCharsets.US_ASCII));
            zip.closeEntry();
        }
        assertThat(failure("slip", war)).endsWith("entry \"../../slipped.txt\": unsafe name: it would be written"
                + " outside the web app");
    }

    @Test
    void aBrokenWebXml() throws Exception {
        Path war = war("broken", JavaSources.webXml("<servlet><servlet-name>x</servlet-name>"), Map.of(), Map.of());
        assertThat(failure("broken", war)).contains("broken.war: WEB-INF/web.xml: not well-formed XML at line");
    }

    @Test
    void aJavaxDescriptor() throws Exception {
        Path war = war("javax", "<web-app xmlns=\"http://xmlns.jcp.org/xml/ns/javaee\" version=\"4.0\"/>", Map.of(),
                Map.of());
        assertThat(failure("javax", war)).contains("javax.war: WEB-INF/web.xml <web-app>: namespace")
                .contains("Jakarta Servlet 5.0+");
    }

    @Test
    void aServletClassThatIsNotThere() throws Exception {
        Path war = war("ghost", JavaSources.webXml("<servlet><servlet-name>ghost</servlet-name>"
                + "<servlet-class>com.acme.Ghost</servlet-class></servlet>"), Map.of(), Map.of());
        assertThat(failure("ghost", war)).endsWith("ghost.war: WEB-INF/web.xml <servlet> \"ghost\" <servlet-class>:"
                + " class com.acme.Ghost is not in WEB-INF/classes or WEB-INF/lib");
    }

    @Test
    void aListenerClassThatIsNotThere() throws Exception {
        Path war = war("nolistener", JavaSources.webXml("<listener><listener-class>com.acme.Gone</listener-class>"
                + "</listener>"), Map.of(), Map.of());
        assertThat(failure("nolistener", war)).endsWith("WEB-INF/web.xml <listener> <listener-class>: class"
                + " com.acme.Gone is not in WEB-INF/classes or WEB-INF/lib");
    }

    @Test
    void aMappingOfAnUndeclaredServlet() throws Exception {
        Path war = war("nomapping", JavaSources.webXml("<servlet-mapping><servlet-name>nobody</servlet-name>"
                + "<url-pattern>/x</url-pattern></servlet-mapping>"), Map.of(), Map.of());
        assertThat(failure("nomapping", war)).endsWith("WEB-INF/web.xml <servlet-mapping> \"nobody\": no servlet of"
                + " that name is declared");
    }

    @Test
    void anAnnotationWithAnInvalidUrlPattern() throws Exception {
        Path war = war("badpattern", null, Map.of("com.acme.Bad", "package com.acme;"
                + " @jakarta.servlet.annotation.WebServlet(\"no-slash\")"
                + " public class Bad extends jakarta.servlet.http.HttpServlet {}"), Map.of());
        assertThat(failure("badpattern", war)).contains("@WebServlet on com.acme.Bad (WEB-INF/classes)")
                .contains("\"no-slash\" is not a valid url-pattern");
    }

    @Test
    void aDefaultServletWithABadCacheSetting() throws Exception {
        Path war = war("badcache", JavaSources.webXml("<servlet><servlet-name>default</servlet-name>"
                + "<servlet-class>io.hawser.servlet.DefaultServlet</servlet-class>"
                + "<init-param><param-name>maxCachedFiles</param-name><param-value>lots</param-value></init-param>"
                + "<load-on-startup>1</load-on-startup></servlet>"), Map.of(), Map.of());
        assertThat(failure("badcache", war)).contains("badcache.war: starting the web app:")
                .contains("init-param maxCachedFiles must be a number of paths").contains("not 'lots'");
    }

    @Test
    void aServletWhoseInitThrows() throws Exception {
        Path war = war("initfails", JavaSources.webXml("<servlet><servlet-name>exploding</servlet-name>"
                + "<servlet-class>com.acme.Exploding</servlet-class><load-on-startup>1</load-on-startup></servlet>"),
                Map.of("com.acme.Exploding", "package com.acme; public class Exploding extends"
                        + " jakarta.servlet.http.HttpServlet { public void init() throws jakarta.servlet.ServletException {"
                        + " throw new jakarta.servlet.ServletException(\"boom in init\"); } }",
                        "com.acme.Ok", GOOD_SERVLET), Map.of());
        assertThat(failure("initfails", war)).contains("initfails.war: starting the web app:")
                .contains("exploding").contains("boom in init");
    }

    @Test
    void aListenerThatThrows() throws Exception {
        Path war = war("listenerfails", null, Map.of("com.acme.Boot", "package com.acme;"
                + " @jakarta.servlet.annotation.WebListener public class Boot implements"
                + " jakarta.servlet.ServletContextListener { public void contextInitialized("
                + "jakarta.servlet.ServletContextEvent e) { throw new IllegalStateException(\"no database\"); } }"),
                Map.of());
        assertThat(failure("listenerfails", war)).contains("listenerfails.war: starting the web app:")
                .contains("com.acme.Boot").contains("no database");
    }

    @Test
    void anInitializerThatThrows() throws Exception {
        Path war = war("scifails", null, Map.of("com.acme.Init", "package com.acme; public class Init implements"
                + " jakarta.servlet.ServletContainerInitializer { public void onStartup(java.util.Set<Class<?>> c,"
                + " jakarta.servlet.ServletContext x) { throw new IllegalStateException(\"cannot init\"); } }"),
                Map.of("WEB-INF/classes/META-INF/services/jakarta.servlet.ServletContainerInitializer", "com.acme.Init"));
        assertThat(failure("scifails", war)).contains("scifails.war: ServletContainerInitializer com.acme.Init:"
                + " onStartup failed: java.lang.IllegalStateException: cannot init");
    }
}
