package io.hawser.servlet.naming;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.naming.spi.NamingManager;
import org.junit.jupiter.api.Test;

/** In a JVM where something else installed the initial context factory builder, env-entries are refused. */
class ForeignBuilderTest {
    /** Installs a builder of its own, then asks for a java:comp/env; prints what happened. */
    public static void main(String[] args) throws Exception {
        NamingManager.setInitialContextFactoryBuilder(env -> e -> null);
        try {
            CompEnv.bind(ForeignBuilderTest.class.getClassLoader(), Map.of("x", "y"));
            System.out.print("bound");
        } catch (IllegalStateException e) {
            System.out.print(e.getMessage());
        }
    }

    @Test
    void bindingRefusesWithOneLine() throws Exception {
        Process p = new ProcessBuilder(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
                "-cp", System.getProperty("java.class.path"), ForeignBuilderTest.class.getName())
                .redirectErrorStream(true).start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("another JNDI"
                + " InitialContextFactoryBuilder is already installed in this JVM, so Hawser cannot provide"
                + " java:comp/env for <env-entry> and @Resource");
    }
}
