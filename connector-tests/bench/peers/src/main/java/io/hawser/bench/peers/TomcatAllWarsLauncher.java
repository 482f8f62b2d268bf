package io.hawser.bench.peers;

import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.security.Principal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.realm.GenericPrincipal;
import org.apache.catalina.realm.RealmBase;
import org.apache.catalina.realm.SecretKeyCredentialHandler;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.util.ServerInfo;

/**
 * Tomcat 11 embedded deploying several WARs, as the {@code startup} workload's {@code tomcat-all}: what
 * {@link TomcatWebAppLauncher} does for one WAR ({@link Tomcat#addWebapp(String, String)} with Tomcat's
 * web app defaults), once per WAR at the context path Hawser gives it ({@code /echo} for
 * {@code echo.war}), but with Jasper kept: its class path ({@code target/lib/tomcat-all}) holds
 * {@code tomcat-embed-jasper} (and JSTL), so the defaults' JSP servlet stays, and
 * {@code tomcat-embed-websocket}, whose initializer joins every context. One realm for the engine, as
 * Hawser's {@code --realm}: the users of the realm file (see {@link SampleUsers}) with their PBKDF2 hashes,
 * checked by Tomcat's {@link SecretKeyCredentialHandler} ({@code PBKDF2WithHmacSHA256}).
 * Usage: {@code TomcatAllWarsLauncher PORT USERS WAR...}.
 */
public final class TomcatAllWarsLauncher {
    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: TomcatAllWarsLauncher PORT USERS WAR...");
        }
        int port = WebApp.port(args);
        Tomcat tomcat = TomcatWebAppLauncher.tomcat(WebApp.tempDirectory("hawser-bench-tomcat-all"), port);
        Connector connector = tomcat.getConnector();
        tomcat.getEngine().setRealm(new FileRealm(SampleUsers.read(Path.of(args[1]))));
        List<Context> deployed = new ArrayList<>();
        for (String war : Arrays.asList(args).subList(2, args.length)) {
            Path p = Path.of(war).toAbsolutePath();
            deployed.add(tomcat.addWebapp(WebApp.contextPath(p), p.toString()));
        }
        tomcat.start();
        for (Context c : deployed) {
            System.out.println("tomcat context " + c.getPath() + " " + c.getState() + " " + c.getDocBase()
                    + " jsp servlet " + (c.findChild("jsp") != null ? "present" : "absent"));
        }
        System.out.println(ServerInfo.getServerInfo() + " " + deployed.size() + " addWebapp contexts listening on http://"
                + WebApp.host() + ":" + connector.getLocalPort() + "/");
        System.out.flush();
        tomcat.getServer().await();
    }

    /** The realm file's users in memory; their stored credentials in SecretKeyCredentialHandler's form. */
    private static final class FileRealm extends RealmBase {
        private final Map<String, SampleUsers> users = new LinkedHashMap<>();

        FileRealm(List<SampleUsers> list) throws NoSuchAlgorithmException {
            for (SampleUsers u : list) {
                users.put(u.name(), u);
            }
            SecretKeyCredentialHandler handler = new SecretKeyCredentialHandler();
            handler.setAlgorithm(SampleUsers.ALGORITHM);
            setCredentialHandler(handler);
        }

        @Override
        protected String getPassword(String username) {
            SampleUsers u = users.get(username);
            return u == null ? null : u.tomcatStored();
        }

        @Override
        protected Principal getPrincipal(String username) {
            SampleUsers u = users.get(username);
            return u == null ? null : new GenericPrincipal(username, u.roles());
        }
    }

    private TomcatAllWarsLauncher() {}
}
