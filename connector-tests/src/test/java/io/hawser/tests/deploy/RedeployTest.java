package io.hawser.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.deploy.DeployedApp;
import io.hawser.deploy.Deployer;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Undeploying frees the web app's class loader, and the WAR file can be replaced and redeployed. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RedeployTest {
    @TempDir
    Path work;

    @Test
    void undeployLetsTheClassLoaderBeCollectedAndTheWarBeReplaced() throws Exception {
        Path war = ForeignWars.build(work, "app", "first", false);
        Path v2 = ForeignWars.build(work, "v2", "second", false);
        // Threads the servlet layer shares between apps start on first use and keep the context class
        // loader of whoever started them; let a throwaway app start them, so they cannot pin this one.
        new DeployedServer(Map.of("/warm", ForeignWars.build(work, "warm", "warm", false))).close();

        HttpClient client = new HttpClient();
        client.start();
        try {
            WeakReference<ClassLoader> loader = serveOnceAndUndeploy(war, client, "FIRST! world?");
            Files.copy(v2, war, StandardCopyOption.REPLACE_EXISTING);
            assertThat(collected(loader)).as("the class loader of the undeployed app was collected").isTrue();
            serveOnceAndUndeploy(war, client, "SECOND! world?");
        } finally {
            client.stop();
        }
    }

    private WeakReference<ClassLoader> serveOnceAndUndeploy(Path war, HttpClient client, String expected)
            throws Exception {
        WeakReference<ClassLoader> ref;
        Path unpacked;
        try (DeployedServer server = new DeployedServer(Map.of("/app", war))) {
            assertThat(client.GET(server.base() + "/app/greet").getContentAsString()).isEqualTo(expected);
            DeployedApp app = server.apps.get(0);
            ref = new WeakReference<>(app.classLoader());
            unpacked = app.directory();
            assertThat(Class.forName("com.acme.Greeter", false, app.classLoader()).getClassLoader())
                    .isSameAs(app.classLoader());
        }
        assertThat(Files.exists(unpacked)).as("the unpacked copy is deleted").isFalse();
        return ref;
    }

    /** Asks for collections until the reference clears: at most 40 rounds of 50 ms. */
    private static boolean collected(WeakReference<?> ref) throws InterruptedException {
        List<byte[]> pressure = new ArrayList<>();
        for (int i = 0; i < 40 && ref.get() != null; i++) {
            System.gc();
            pressure.add(new byte[1 << 20]);
            if (pressure.size() > 16) {
                pressure.clear();
            }
            Thread.sleep(50);
        }
        return ref.get() == null;
    }

    @Test
    void theContextPathComesFromTheFileName() {
        assertThat(Deployer.contextPathFor(Path.of("apps/shop.war"))).isEqualTo("/shop");
        assertThat(Deployer.contextPathFor(Path.of("apps/ROOT.war"))).isEqualTo("");
        assertThat(Deployer.contextPathFor(Path.of("apps/ROOT"))).isEqualTo("");
        assertThat(Deployer.contextPathFor(Path.of("apps/shop#admin.war"))).isEqualTo("/shop/admin");
        assertThat(Deployer.contextPathFor(Path.of("apps/exploded"))).isEqualTo("/exploded");
    }
}
