package io.hawser.deploy;

import java.util.List;
import java.util.Map;

/**
 * A servlet as declared by a {@code <servlet>} element or a {@code @WebServlet} annotation
 * (Servlet 6.1 §8.1.1, §14.4).
 *
 * @param name the servlet-name, unique in the web app
 * @param className the fully qualified servlet class
 * @param initParams init-param names to values, in declaration order
 * @param loadOnStartup the load-on-startup order, or {@code null} when loaded on first request
 * @param asyncSupported whether the servlet supports asynchronous processing
 * @param multipart the multipart-config, or {@code null}
 * @param urlPatterns url-patterns from the annotation (web.xml mappings are separate)
 * @param origin where it was declared, for error messages (e.g. {@code web.xml <servlet> "hello"})
 */
record ServletDecl(String name, String className, Map<String, String> initParams, Integer loadOnStartup,
        boolean asyncSupported, MultipartDecl multipart, List<String> urlPatterns, String origin) {
    /** The class name of a servlet declared with {@code <jsp-file>}: the {@link JspSupport}'s servlet runs it. */
    static final String JSP_FILE = "<jsp-file>";
}
