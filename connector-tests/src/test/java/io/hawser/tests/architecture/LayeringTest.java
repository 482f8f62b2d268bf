package io.hawser.tests.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Keeps the layers of docs/architecture.md: the API knows nothing of NIO, and the wire knows nothing
 * of servlets.
 */
class LayeringTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.hawser");
    }

    @Test
    void apiDoesNotDependOnTheNioConnector() {
        noClasses().that().resideInAnyPackage("io.hawser.api..", "io.hawser.servlet..")
                .should().dependOnClassesThat().resideInAnyPackage("io.hawser.nio..", "io.hawser.http1..")
                .check(classes);
    }

    @Test
    void nioAndHttp1DoNotImportServletTypes() {
        noClasses().that().resideInAnyPackage("io.hawser.nio..", "io.hawser.http1..")
                .should().dependOnClassesThat().resideInAnyPackage("jakarta.servlet..")
                .check(classes);
    }

    @Test
    void http1CodecKnowsNothingOfSockets() {
        noClasses().that().resideInAPackage("io.hawser.http1..")
                .should().dependOnClassesThat().resideInAnyPackage("io.hawser.nio..", "java.nio.channels..")
                .check(classes);
    }
}
