package io.hawser.bench.peers;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.Container;
import org.apache.catalina.Context;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.util.ServerInfo;

/**
 * Tomcat 11 embedded deploying a WAR the way a Tomcat user does: one default {@code HTTP/1.1}
 * connector and {@link Tomcat#addWebapp(String, String)} on the WAR at context path {@code ""}
 * (Tomcat's web app defaults: its default servlet, welcome files and MIME types; {@code @WebServlet}
 * scanning by {@code ContextConfig}). One change: those defaults also declare the JSP servlet by class
 * name, and Jasper is not on this class path, so it is removed before the context starts (Tomcat would
 * otherwise log its {@code ClassNotFoundException} at every start). Tomcat unpacks the
 * WAR under a fresh temporary base folder, removed when the JVM exits. Unlike {@link TomcatLauncher}
 * nothing is installed by hand and no connector setting is changed: this is what the {@code startup}
 * workload times from JVM start to the first {@code 200}. Usage: {@code TomcatWebAppLauncher PORT WAR}.
 */
public final class TomcatWebAppLauncher {
    public static void main(String[] args) throws Exception {
        int port = WebApp.port(args);
        String war = WebApp.war(args);
        if (war == null) {
            throw new IllegalArgumentException("usage: TomcatWebAppLauncher PORT WAR");
        }
        Tomcat tomcat = tomcat(WebApp.tempDirectory("hawser-bench-tomcat-webapp"), port);
        Connector connector = tomcat.getConnector();
        Context context = tomcat.addWebapp("", Path.of(war).toAbsolutePath().toString());
        context.addLifecycleListener(event -> {   // after Tomcat's defaults listener has added "jsp"
            Container jsp = context.findChild("jsp");
            if (Lifecycle.BEFORE_START_EVENT.equals(event.getType()) && jsp != null) {
                context.removeChild(jsp);
                context.removeServletMapping("*.jsp");
                context.removeServletMapping("*.jspx");
            }
        });
        tomcat.start();
        System.out.println(ServerInfo.getServerInfo() + " addWebapp listening on http://" + WebApp.host() + ":"
                + connector.getLocalPort() + "/ " + war);
        System.out.flush();
        tomcat.getServer().await();
    }

    /**
     * @return a Tomcat with its base folder {@code base} (apps unpacked under {@code base/webapps})
     *     and one default HTTP/1.1 connector on {@link WebApp#host()}:{@code port}
     */
    static Tomcat tomcat(Path base, int port) throws java.io.IOException {
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(port);
        connector.setProperty("address", WebApp.host());
        tomcat.setConnector(connector);
        tomcat.getHost().setAppBase(Files.createDirectories(base.resolve("webapps")).toString());
        return tomcat;
    }

    private TomcatWebAppLauncher() {}
}
