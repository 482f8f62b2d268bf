package io.hawser.tests.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Keeps the module graph of docs/architecture.md, package by package (one module each): the SPI
 * ({@code io.hawser.api}, module connector-api/spi) imports only the JDK; the connector core
 * ({@code io.hawser.nio}, {@code io.hawser.http1}) needs the SPI and no {@code jakarta.*}; the
 * servlet adapter knows no NIO; the deployer no connector; the security realms
 * ({@code io.hawser.security}, connector-api/security) need only the JDK and only the servlet
 * adapter, the deployer and the launcher need them; only the launcher sees everything.
 */
class LayeringTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // the modules' own classes, not this module's benchmarks (JMH code in the same packages)
                .withImportOption(location -> !location.contains("/connector-tests/"))
                // nor connector-nio's test classes, on the class path as its test-jar for those benchmarks
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("io.hawser");
    }

    @Test
    void theSpiImportsNothingButTheJdk() {
        classes().that().resideInAPackage("io.hawser.api..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.hawser.api..", "java..")
                .check(classes);
    }

    @Test
    void theCoreNeedsTheSpiOnlyAndNoJakartaType() {
        classes().that().resideInAnyPackage("io.hawser.nio..", "io.hawser.http1..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.hawser.api..", "io.hawser.nio..",
                        "io.hawser.http1..", "java..", "jdk.internal..",
                        // JSSE, JCE and X.500 names, all in java.base: TLS on the loops (SSLEngine) and its keys
                        "javax.net.ssl..", "javax.crypto..", "javax.security.auth.x500..",
                        // observability, in the JDK: JFR events and the connector's JMX MBean
                        "jdk.jfr..", "javax.management..")
                .check(classes);
        noClasses().that().resideInAnyPackage("io.hawser.nio..", "io.hawser.http1..")
                .should().dependOnClassesThat().resideInAnyPackage("jakarta..")
                .check(classes);
    }

    @Test
    void theServletAdapterAndTheDeployerKnowNoNio() {
        noClasses().that().resideInAnyPackage("io.hawser.servlet..", "io.hawser.deploy..")
                .should().dependOnClassesThat().resideInAnyPackage("io.hawser.nio..", "io.hawser.http1..",
                        "io.hawser.launcher..")
                .check(classes);
        noClasses().that().resideInAPackage("io.hawser.servlet..")
                .should().dependOnClassesThat().resideInAnyPackage("io.hawser.deploy..")
                .check(classes);
    }

    @Test
    void theSecurityRealmsNeedTheJdkOnlyAndOnlyTheContainerNeedsThem() {
        // hawser-security has no dependency: Realm, PasswordHash, the users file and JAAS are JDK code
        classes().that().resideInAPackage("io.hawser.security..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.hawser.security..", "java..",
                        "javax.crypto..", "javax.security.auth..")
                .check(classes);
        // the SPI and the connector core never see a realm: security is the servlet container's
        noClasses().that().resideOutsideOfPackages("io.hawser.security..", "io.hawser.servlet..",
                        "io.hawser.deploy..", "io.hawser.launcher..", "io.hawser.tests..")
                .should().dependOnClassesThat().resideInAPackage("io.hawser.security..")
                .check(classes);
    }

    @Test
    void everyModuleLogsThroughSystemLogger() {
        // so a host application's logging (SLF4J, Log4j) receives Hawser's lines through its own bridge;
        // RateLimitedLog only warms java.util.logging's formatter up (it cannot load time-zone data later,
        // out of descriptors)
        noClasses().that().resideInAPackage("io.hawser..")
                .and().doNotHaveFullyQualifiedName("io.hawser.nio.RateLimitedLog")
                .should().dependOnClassesThat().resideInAPackage("java.util.logging..")
                .check(classes);
    }

    @Test
    void http1CodecKnowsNothingOfSockets() {
        noClasses().that().resideInAPackage("io.hawser.http1..")
                .should().dependOnClassesThat().resideInAnyPackage("io.hawser.nio..", "java.nio.channels..")
                .check(classes);
    }
}
