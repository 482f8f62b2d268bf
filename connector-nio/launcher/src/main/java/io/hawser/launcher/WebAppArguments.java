package io.hawser.launcher;

import io.hawser.deploy.Deployer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the launcher's {@code WAR_OR_DIR} arguments into web apps and their context paths:
 * <ul>
 *   <li>a file is a WAR; a directory with {@code WEB-INF/} is an exploded WAR; any other directory
 *       holds web apps, as Tomcat's {@code webapps/} ({@link Deployer#webAppsIn});</li>
 *   <li>the context path comes from the name ({@link Deployer#contextPathFor}: {@code shop.war} →
 *       {@code /shop}, {@code ROOT} → the root context), or is given as {@code /path=WAR_OR_DIR}
 *       ({@code /=app.war} for the root context);</li>
 *   <li>when only one web app is named and its path is not given, it is served at the root
 *       context, so {@code hawser echo.war} answers {@code /echo} rather than {@code /echo/echo}.</li>
 * </ul>
 */
final class WebAppArguments {
    /**
     * One web app to deploy.
     *
     * @param source the WAR file or exploded directory
     * @param contextPath {@code ""} or {@code /name}
     */
    record App(Path source, String contextPath) {
    }

    private WebAppArguments() {
    }

    /**
     * @param args the positional arguments
     * @return the web apps, in argument order (a webapps directory's in name order)
     * @throws IllegalArgumentException for a context path given to a directory of WARs, a webapps
     *     directory with nothing in it, or two web apps at the same context path
     */
    static List<App> resolve(List<String> args) {
        List<App> apps = new ArrayList<>();
        List<Boolean> explicit = new ArrayList<>();
        for (String arg : args) {
            String context = null;
            String file = arg;
            int eq = arg.indexOf('=');
            if (arg.startsWith("/") && eq > 0 && !Files.exists(Paths.get(arg))) {
                context = arg.substring(0, eq).equals("/") ? "" : arg.substring(0, eq);
                file = arg.substring(eq + 1);
            }
            Path path = Paths.get(file);
            if (Files.isDirectory(path) && !Deployer.isExplodedWar(path)) {
                if (context != null) {
                    throw new IllegalArgumentException(arg + ": a context path can be given to one web app, not to"
                            + " a directory of web apps");
                }
                List<Path> inside = list(path);
                if (inside.isEmpty()) {
                    throw new IllegalArgumentException(file + ": neither a web app (no WEB-INF/) nor a directory"
                            + " holding .war files or web app directories");
                }
                for (Path p : inside) {
                    apps.add(new App(p, Deployer.contextPathFor(p)));
                    explicit.add(false);
                }
            } else {
                apps.add(new App(path, context != null ? context : Deployer.contextPathFor(path)));
                explicit.add(context != null);
            }
        }
        if (apps.size() == 1 && !explicit.get(0)) {
            apps.set(0, new App(apps.get(0).source(), ""));
        }
        Map<String, Path> seen = new HashMap<>();
        for (App a : apps) {
            Path other = seen.putIfAbsent(a.contextPath(), a.source());
            if (other != null) {
                throw new IllegalArgumentException("two web apps at context path \"" + a.contextPath() + "\": "
                        + other + " and " + a.source() + " (give one a path: /name=" + a.source() + ")");
            }
        }
        return apps;
    }

    private static List<Path> list(Path dir) {
        try {
            return Deployer.webAppsIn(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }
}
