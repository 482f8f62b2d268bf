package io.hawser.tests.deploy;

import io.hawser.api.Connector;
import io.hawser.api.ConnectorConfig;
import io.hawser.deploy.DeployedApp;
import io.hawser.deploy.Deployer;
import io.hawser.nio.NioConnector;
import io.hawser.servlet.ServletAdapter;
import io.hawser.servlet.WebApp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Web apps deployed from WARs and served on 127.0.0.1 at a free port, as the launcher does it. */
final class DeployedServer implements AutoCloseable {
    final List<DeployedApp> apps = new ArrayList<>();
    final Connector connector;

    /**
     * @param wars context path to WAR file or directory, in deployment order
     */
    DeployedServer(Map<String, Path> wars) throws Exception {
        this(wars, null);
    }

    /**
     * @param wars context path to WAR file or directory, in deployment order
     * @param realm the realm every app checks users against, or {@code null} for none
     */
    DeployedServer(Map<String, Path> wars, io.hawser.security.Realm realm) throws Exception {
        try {
            for (Map.Entry<String, Path> w : wars.entrySet()) {
                apps.add(Deployer.deploy(w.getValue(), w.getKey(), Deployer.class.getClassLoader(),
                        io.hawser.deploy.Unenforced.NONE, realm, 0));
            }
            List<WebApp> webApps = new ArrayList<>();
            apps.forEach(a -> webApps.add(a.webApp()));
            connector = new NioConnector(ConnectorConfig.builder().host("127.0.0.1").port(0).build(),
                    new ServletAdapter(webApps));
            connector.start();
        } catch (Exception | Error e) {
            apps.forEach(DeployedApp::close);
            throw e;
        }
    }

    /** @return {@code http://127.0.0.1:PORT} */
    String base() {
        return "http://127.0.0.1:" + connector.port();
    }

    int port() {
        return connector.port();
    }

    @Override
    public void close() throws InterruptedException {
        connector.stop(Duration.ofSeconds(2));
        for (int i = apps.size() - 1; i >= 0; i--) {
            apps.get(i).close();
        }
    }
}
