package io.hawser.tests.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The sample WARs exactly as maven-war-plugin built them (copied to {@code target/wars/} by the
 * dependency plugin), and the launcher jar.
 */
final class SampleWars {
    private SampleWars() {
    }

    /** @return the module directory (Surefire's {@code basedir}) */
    static Path moduleDir() {
        return Paths.get(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
    }

    /**
     * @param name {@code hello}, {@code echo}, {@code guestbook}, {@code static}, {@code async} or
     *     {@code secured}
     * @return {@code target/wars/NAME.war}
     * @throws IllegalStateException when it was not built
     */
    static Path war(String name) {
        Path war = moduleDir().resolve("target/wars/" + name + ".war");
        if (!Files.isRegularFile(war)) {
            throw new IllegalStateException(war + " is missing: build with `mvn install -DskipTests` first");
        }
        return war;
    }

    /** @return {@code connector-nio/target/hawser.jar} */
    static Path launcherJar() {
        Path jar = moduleDir().resolveSibling("connector-nio").resolve("target/hawser.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build with `mvn install -DskipTests` first");
        }
        return jar;
    }
}
