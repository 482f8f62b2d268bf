package io.hawser.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WarExpanderTest {
    @TempDir
    Path dir;

    @Test
    void unpacksIntoAFreshDirectoryKeepingTimes() throws Exception {
        Path src = dir.resolve("src");
        TestWars.write(src.resolve("index.html"), "<h1>hi</h1>");
        TestWars.write(src.resolve("WEB-INF/web.xml"), TestWars.webXml(""));
        Files.setLastModifiedTime(src.resolve("index.html"), FileTime.fromMillis(1_600_000_000_000L));
        Path war = TestWars.zip(src, dir.resolve("app.war"));
        Path out = WarExpander.expand(war, "app");
        try {
            assertThat(out.getFileName().toString()).startsWith("hawser-app-");
            assertThat(Files.readString(out.resolve("index.html"))).isEqualTo("<h1>hi</h1>");
            assertThat(Files.isRegularFile(out.resolve("WEB-INF/web.xml"))).isTrue();
            assertThat(Files.getLastModifiedTime(out.resolve("index.html")).toMillis() / 2000)
                    .isEqualTo(1_600_000_000_000L / 2000);
        } finally {
            WarExpander.delete(out);
        }
        assertThat(Files.exists(out)).isFalse();
    }

    @Test
    void makesANewOwnerOnlyDirectoryEachTime() throws Exception {
        Path a = io.hawser.servlet.WorkDirectories.create("hawser-test-");
        Path b = io.hawser.servlet.WorkDirectories.create("hawser-test-");
        try {
            assertThat(a).isNotEqualTo(b);
            assertThat(a.getParent()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
            assertThat(a.getFileName().toString()).startsWith("hawser-test-");
            assertThat(Files.isDirectory(a)).isTrue();
            assertThat(Files.isDirectory(b)).isTrue();
            if (a.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(a))).isEqualTo("rwx------");
            }
        } finally {
            WarExpander.delete(a);
            WarExpander.delete(b);
        }
    }

    @Test
    void rejectsAnEntryThatEscapesTheDirectory() throws Exception {
        Path war = TestWars.zipWithEntry(dir.resolve("evil.war"), "../../evil.txt", "gotcha");
        DeploymentException e = catchThrowableOfType(DeploymentException.class, () -> WarExpander.expand(war, "evil"));
        assertThat(e.getMessage()).isEqualTo("entry \"../../evil.txt\": unsafe name: it would be written outside the web app");
        assertThat(Files.exists(dir.resolve("evil.txt"))).isFalse();
    }

    @Test
    void rejectsAFileThatIsNotAZip() throws Exception {
        Path war = TestWars.write(dir.resolve("text.war"), "this is not a zip file");
        DeploymentException e = catchThrowableOfType(DeploymentException.class, () -> WarExpander.expand(war, "text"));
        assertThat(e.getMessage()).contains("not a WAR (zip) file");
    }
}
