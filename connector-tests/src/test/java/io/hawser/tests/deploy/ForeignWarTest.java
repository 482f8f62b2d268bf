package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A WAR built outside the project, against the servlet API alone, deploys and runs. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ForeignWarTest {
    @TempDir
    Path work;
    private HttpClient client;

    @BeforeEach
    void startClient() throws Exception {
        client = new HttpClient();
        client.start();
    }

    @AfterEach
    void stopClient() throws Exception {
        client.stop();
    }

    @Test
    void servesAnnotationsWebXmlLibJarsAndInitializers() throws Exception {
        Path war = ForeignWars.build(work, "acme", "hello", false);
        try (DeployedServer server = new DeployedServer(Map.of("/acme", war))) {
            ContentResponse greet = client.GET(server.base() + "/acme/greet");
            assertThat(greet.getStatus()).isEqualTo(200);
            assertThat(greet.getContentAsString()).isEqualTo("HELLO! world?");
            assertThat(greet.getHeaders().get("X-Stamp")).isEqualTo("acme");
            assertThat(client.GET(server.base() + "/acme/declared").getContentAsString()).isEqualTo("declared in web.xml");
            assertThat(client.GET(server.base() + "/acme/registered").getContentAsString())
                    .isEqualTo("handles [com.acme.Declared, com.acme.Greeter, com.acme.util.Registrar$1]");
            ContentResponse index = client.GET(server.base() + "/acme/");
            assertThat(index.getContentAsString()).isEqualTo("<p>acme</p>");
            assertThat(index.getHeaders().get("X-Stamp")).isEqualTo("acme");
        }
    }

    @Test
    void metadataCompleteLeavesAnnotationsOut() throws Exception {
        Path war = ForeignWars.build(work, "complete", "hello", true);
        try (DeployedServer server = new DeployedServer(Map.of("", war))) {
            assertThat(client.GET(server.base() + "/greet").getStatus()).isEqualTo(404);
            assertThat(client.GET(server.base() + "/declared").getContentAsString()).isEqualTo("declared in web.xml");
            assertThat(client.GET(server.base() + "/registered").getContentAsString())
                    .as("initializers still run with metadata-complete").startsWith("handles [");
        }
    }

    @Test
    void anExplodedWarDirectoryDeploysLikeTheWarFile() throws Exception {
        ForeignWars.build(work, "exploded", "hi", false);
        try (DeployedServer server = new DeployedServer(Map.of("/x", work.resolve("exploded-app")))) {
            assertThat(client.GET(server.base() + "/x/greet").getContentAsString()).isEqualTo("HI! world?");
        }
    }
}
