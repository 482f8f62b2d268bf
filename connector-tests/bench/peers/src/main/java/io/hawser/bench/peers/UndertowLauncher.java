package io.hawser.bench.peers;

import io.undertow.Undertow;
import io.undertow.Version;
import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.api.DeploymentManager;
import io.undertow.servlet.api.ServletInfo;

/**
 * Undertow 2.3 (Servlet 6.0) servlet deployment with the builder's defaults: IO threads =
 * max(cores, 2), worker threads = 8 per IO thread, one HTTP listener. Usage:
 * {@code UndertowLauncher PORT [WAR]} (see {@link WebApp}).
 */
public final class UndertowLauncher {
    public static void main(String[] args) throws Exception {
        int port = WebApp.port(args);
        WebApp app = WebApp.load(WebApp.war(args));

        DeploymentInfo deployment = Servlets.deployment()
                .setClassLoader(app.loader())
                .setContextPath("/")
                .setDeploymentName("bench");
        for (WebApp.ServletDef d : app.servlets()) {
            ServletInfo info = Servlets.servlet(d.name(), d.type())
                    .addMappings(d.patterns())
                    .setAsyncSupported(d.async());
            if (d.loadOnStartup() >= 0) {
                info.setLoadOnStartup(d.loadOnStartup());
            }
            d.initParams().forEach(info::addInitParam);
            deployment.addServlet(info);
        }
        DeploymentManager manager = Servlets.defaultContainer().addDeployment(deployment);
        manager.deploy();

        Undertow server = Undertow.builder()
                .addHttpListener(port, WebApp.host())
                .setHandler(manager.start())
                .build();
        server.start();
        app.print("undertow " + Version.getVersionString(), WebApp.host(), port);
    }

    private UndertowLauncher() {}
}
