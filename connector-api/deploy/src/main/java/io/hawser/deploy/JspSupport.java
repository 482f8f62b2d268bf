package io.hawser.deploy;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceLoader;

/**
 * A JSP engine for deployed web apps (JSP 4.0), found with {@link ServiceLoader} on the server's class
 * path: the {@code io.hawser:hawser-jsp} module provides one (Apache Jasper). Without one, a web app
 * with JSP pages, a {@code <jsp-config>} or a {@code <servlet><jsp-file>} is refused (fail closed).
 *
 * <p>The deployer calls {@link #install} once per web app, after web.xml and the annotations are
 * registered and before the app's own {@code ServletContainerInitializer}s run, while the context can
 * still take servlets and listeners; the app's loader is the thread's context class loader.
 */
public interface JspSupport {
    /**
     * @return the servlet class that runs JSP pages: mapped to {@code *.jsp} and {@code *.jspx} by
     *     {@link #install}, and the class of every {@code <servlet>} declared with a {@code <jsp-file>},
     *     which gets the page as its init-param {@code jspFile}
     */
    String servletClass();

    /**
     * @return package prefixes ({@code "jakarta.el."}) whose classes, and whose
     *     {@code META-INF/services} files, the web app's loader takes from the server first, as it does
     *     {@code jakarta.servlet.}: the JSP and EL APIs and the engine's runtime classes, which pages
     *     compiled inside the app refer to
     */
    List<String> containerPackages();

    /**
     * Sets the engine up for one web app: its context attributes, tag library scan, and the JSP
     * servlet, named {@code jsp}, mapped to {@code *.jsp}, {@code *.jspx} and the url-patterns of the
     * {@code <jsp-property-group>}s, each unless the app maps it itself.
     *
     * @param context the web app's context, not yet started
     * @throws ServletException when the engine cannot start for this app (a broken TLD ...)
     */
    void install(ServletContext context) throws ServletException;

    /**
     * @param server the server's class loader
     * @return the first JSP engine on its class path, or {@code null} when there is none
     */
    static JspSupport find(ClassLoader server) {
        Iterator<JspSupport> it = ServiceLoader.load(JspSupport.class, server).iterator();
        return it.hasNext() ? it.next() : null;
    }
}
