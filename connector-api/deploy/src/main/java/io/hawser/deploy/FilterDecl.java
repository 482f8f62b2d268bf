package io.hawser.deploy;

import java.util.Map;

/**
 * A filter as declared by a {@code <filter>} element or a {@code @WebFilter} annotation
 * (Servlet 6.1 §6.2.4, §8.1.2).
 *
 * @param name the filter-name, unique in the web app
 * @param className the fully qualified filter class
 * @param initParams init-param names to values, in declaration order
 * @param asyncSupported whether the filter supports asynchronous processing
 * @param mapping the annotation's mapping, or {@code null} for a web.xml declaration
 * @param origin where it was declared, for error messages
 */
record FilterDecl(String name, String className, Map<String, String> initParams, boolean asyncSupported,
        FilterMappingDecl mapping, String origin) {
}
