package io.hawser.jsp;

import io.hawser.deploy.JspSupport;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.descriptor.JspConfigDescriptor;
import jakarta.servlet.descriptor.JspPropertyGroupDescriptor;
import java.util.ArrayList;
import java.util.List;
import org.apache.jasper.servlet.JasperInitializer;
import org.apache.tomcat.InstanceManager;
import org.apache.tomcat.JarScanner;
import org.apache.tomcat.SimpleInstanceManager;

/**
 * JSP 4.0 pages with Apache Jasper (Jetty's repackaging, {@code org.mortbay.jasper}, which needs no
 * Tomcat core) and JSTL 3.0 (GlassFish's implementation). The deployer finds it through
 * {@code META-INF/services/io.hawser.deploy.JspSupport}.
 *
 * <p>For each web app it gives Jasper what Tomcat's context would: an {@link InstanceManager}
 * (Jasper creates tag handlers and page instances through it), a {@link JarScanner} that shows the
 * tag libraries of {@code WEB-INF/lib} and of the server's JSTL ({@link TldJarScanner}), runs
 * {@link JasperInitializer} (TLD scan, listeners declared in TLDs, the {@code JspFactory}), and maps
 * Jasper's {@code JspServlet} as {@code jsp} to {@code *.jsp} and {@code *.jspx} unless the app maps
 * either itself, and to the url-patterns of every {@code <jsp-property-group>} the app does not map (as
 * Tomcat and Jetty do: those files are JSP pages, so their source must never be served as content).
 * Pages compile with the Eclipse compiler into the app's {@code ServletContext.TEMPDIR}.
 */
public final class JasperSupport implements JspSupport {
    /** Jasper's servlet, which runs every page and every {@code <jsp-file>} servlet. */
    static final String JSP_SERVLET = "org.apache.jasper.servlet.JspServlet";

    /** For {@link java.util.ServiceLoader}. */
    public JasperSupport() {
    }

    @Override
    public String servletClass() {
        return JSP_SERVLET;
    }

    /**
     * @return the JSP and EL APIs, JSTL's API and implementation, Jasper, its EL and the Tomcat
     *     interfaces compiled pages use ({@code org.apache.tomcat.InstanceManager})
     */
    @Override
    public List<String> containerPackages() {
        return List.of("jakarta.el.", "jakarta.servlet.jsp.", "org.apache.jasper.", "org.apache.el.",
                "org.apache.tomcat.", "org.apache.taglibs.standard.");
    }

    @Override
    public void install(ServletContext context) throws ServletException {
        context.setAttribute(InstanceManager.class.getName(), new SimpleInstanceManager());
        context.setAttribute(JarScanner.class.getName(), new TldJarScanner());
        new JasperInitializer().onStartup(null, context);
        List<String> patterns = new ArrayList<>(List.of("*.jsp", "*.jspx"));
        JspConfigDescriptor config = context.getJspConfigDescriptor();
        if (config != null) {
            for (JspPropertyGroupDescriptor group : config.getJspPropertyGroups()) {
                patterns.addAll(group.getUrlPatterns());
            }
        }
        List<String> unmapped = new ArrayList<>();
        for (String pattern : patterns) {
            if (!mapped(context, pattern) && !unmapped.contains(pattern)) {
                unmapped.add(pattern);
            }
        }
        if (unmapped.isEmpty() || context.getServletRegistration("jsp") != null) {
            return;
        }
        ServletRegistration.Dynamic jsp = context.addServlet("jsp", JSP_SERVLET);
        jsp.setInitParameter("xpoweredBy", "false");
        jsp.setLoadOnStartup(3);
        jsp.addMapping(unmapped.toArray(new String[0]));
    }

    private static boolean mapped(ServletContext context, String pattern) {
        for (ServletRegistration reg : context.getServletRegistrations().values()) {
            if (reg.getMappings().contains(pattern)) {
                return true;
            }
        }
        return false;
    }
}
