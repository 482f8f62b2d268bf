package io.hawser.bench.peers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.eclipse.jetty.ee11.webapp.WebAppContext;
import org.eclipse.jetty.security.HashLoginService;
import org.eclipse.jetty.security.UserStore;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandlerCollection;
import org.eclipse.jetty.util.security.Credential;

/**
 * Jetty 12.1 embedded deploying several WARs, as the {@code startup} workload's {@code jetty-all}: what
 * {@link JettyWebAppLauncher} does for one WAR (an ee11 {@link WebAppContext} with Jetty's default
 * configurations, {@code @WebServlet} scanning included), once per WAR in a {@link ContextHandlerCollection},
 * each at the context path Hawser gives it ({@code /echo} for {@code echo.war}). Its class path
 * ({@code target/lib/jetty-all}) adds what the sample WARs need, so that Jetty's own configurations
 * and initializers for them join every context: the Jakarta WebSocket server, {@code apache-jsp} and
 * JSTL. As Jetty's {@code ee11-deploy} module does, the JSTL jar of the container is scanned for its TLDs
 * ({@code ContainerIncludeJarPattern}). One login service for the whole server, as Hawser's
 * {@code --realm}, set on every context's security handler: the users of the realm file (see
 * {@link SampleUsers}) in a {@link HashLoginService}'s {@link UserStore}, each with a credential that
 * checks the file's PBKDF2 hash.
 * Usage: {@code JettyAllWarsLauncher PORT USERS WAR...}.
 */
public final class JettyAllWarsLauncher {
    /** jetty-home's ee11-deploy default for {@code jetty.deploy.containerScanJarPattern}. */
    static final String CONTAINER_JARS = ".*/jakarta.servlet-api-[^/]*\\.jar$|.*jakarta.servlet.jsp.jstl-.*\\.jar$";

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: JettyAllWarsLauncher PORT USERS WAR...");
        }
        int port = WebApp.port(args);
        Server server = new Server();
        ServerConnector connector = JettyWebAppLauncher.connector(server, port);

        UserStore users = new UserStore();
        for (SampleUsers u : SampleUsers.read(Path.of(args[1]))) {
            users.addUser(u.name(), new Pbkdf2(u), u.roles().toArray(String[]::new));
        }
        HashLoginService login = new HashLoginService(Path.of(args[1]).getFileName().toString());
        login.setUserStore(users);

        ContextHandlerCollection contexts = new ContextHandlerCollection();
        List<WebAppContext> deployed = new ArrayList<>();
        for (String war : Arrays.asList(args).subList(2, args.length)) {
            Path p = Path.of(war).toAbsolutePath();
            WebAppContext context = new WebAppContext();
            context.setContextPath(WebApp.contextPath(p));
            context.setWar(p.toString());
            context.setAttribute("org.eclipse.jetty.server.webapp.ContainerIncludeJarPattern", CONTAINER_JARS);
            context.getSecurityHandler().setLoginService(login);   // the same one for every context
            contexts.addHandler(context);
            deployed.add(context);
        }
        server.setHandler(contexts);
        server.start();
        for (WebAppContext c : deployed) {
            System.out.println("jetty context " + c.getContextPath() + " " + (c.isAvailable() ? "available" : "UNAVAILABLE")
                    + " " + c.getWar() + (c.getUnavailableException() != null ? " " + c.getUnavailableException() : "")
                    + " configurations " + c.getConfigurations().stream().map(x -> x.getClass().getSimpleName()).toList());
        }
        System.out.println("jetty " + Server.getVersion() + " " + deployed.size() + " WebAppContexts listening on http://"
                + WebApp.host() + ":" + connector.getLocalPort() + "/ (login service " + login.getName() + ")");
        System.out.flush();
        server.join();
    }

    /** A credential that checks a password against a realm file's PBKDF2WithHmacSHA256 hash. */
    private static final class Pbkdf2 extends Credential {
        private static final long serialVersionUID = 1L;
        private final transient SampleUsers user;

        Pbkdf2(SampleUsers user) {
            this.user = user;
        }

        @Override
        public boolean check(Object credentials) {
            if (credentials instanceof char[] chars) {
                return user.matches(new String(chars));
            }
            return credentials instanceof String s && user.matches(s);
        }
    }

    private JettyAllWarsLauncher() {}
}
