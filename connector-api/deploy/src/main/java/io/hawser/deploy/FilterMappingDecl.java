package io.hawser.deploy;

import jakarta.servlet.DispatcherType;
import java.util.List;
import java.util.Set;

/**
 * A {@code <filter-mapping>} (Servlet 6.1 §6.2.4): URL patterns and servlet names a filter applies
 * to, for the given dispatcher types ({@code REQUEST} when none is given).
 *
 * @param filterName the filter it maps
 * @param urlPatterns url-patterns, possibly empty
 * @param servletNames servlet-names, possibly empty ({@code *} means every servlet)
 * @param dispatchers the dispatcher types, never empty
 */
record FilterMappingDecl(String filterName, List<String> urlPatterns, List<String> servletNames,
        Set<DispatcherType> dispatchers) {
}
