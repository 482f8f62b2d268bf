package io.hawser.bench.peers;

import io.undertow.Undertow;
import io.undertow.Version;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.PathHandler;
import io.undertow.server.handlers.resource.PathResourceManager;
import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.api.DeploymentManager;
import io.undertow.servlet.api.ServletInfo;
import java.nio.file.Path;
import org.xnio.Options;
import org.xnio.Sequence;

/**
 * Undertow 2.3 (Servlet 6.0) servlet deployment with the builder's defaults: IO threads =
 * max(cores, 2), worker threads = 8 per IO thread, one HTTP listener. Usage:
 * {@code UndertowLauncher PORT [WAR]} (see {@link WebApp}).
 *
 * <p>With {@code -Dbench.tls.port} (see {@link Tls}) the builder adds an HTTPS listener
 * ({@code addHttpsListener} with a JSSE {@code SSLContext} from the PKCS#12 keystore; HTTP/2 stays off,
 * so no ALPN) and the XNIO options {@code SSL_ENABLED_PROTOCOLS} and {@code SSL_ENABLED_CIPHER_SUITES}
 * set to the JDK's defaults.
 *
 * <p>With {@code -Dbench.static.dir} (see {@link StaticFiles}) a second deployment at
 * {@code /static} has no servlets and a {@code PathResourceManager} on that folder: Undertow's own
 * default servlet serves it, with its defaults.
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

        HttpHandler handler = manager.start();
        Path staticDir = StaticFiles.dir();
        if (staticDir != null) {
            DeploymentInfo files = Servlets.deployment()
                    .setClassLoader(UndertowLauncher.class.getClassLoader())
                    .setContextPath(StaticFiles.CONTEXT_PATH)
                    .setDeploymentName("static")
                    .setResourceManager(new PathResourceManager(staticDir));
            DeploymentManager filesManager = Servlets.defaultContainer().addDeployment(files);
            filesManager.deploy();
            handler = new PathHandler(handler).addPrefixPath(StaticFiles.CONTEXT_PATH, filesManager.start());
        }
        Undertow.Builder builder = Undertow.builder()
                .addHttpListener(port, WebApp.host())
                .setHandler(handler);
        Tls tls = Tls.fromSystemProperties();
        if (tls != null) {
            builder.addHttpsListener(tls.port(), WebApp.host(), tls.context())
                    .setSocketOption(Options.SSL_ENABLED_PROTOCOLS, Sequence.of(Tls.protocols()))
                    .setSocketOption(Options.SSL_ENABLED_CIPHER_SUITES, Sequence.of(Tls.cipherSuites()));
        }
        Undertow server = builder.build();
        server.start();
        if (staticDir != null) {
            StaticFiles.print("undertow", staticDir, "the deployment's default servlet over a PathResourceManager, defaults");
        }
        app.print("undertow " + Version.getVersionString(), WebApp.host(), port);
        if (tls != null) {
            tls.print("undertow " + Version.getVersionString(), WebApp.host());
        }
    }

    private UndertowLauncher() {}
}
