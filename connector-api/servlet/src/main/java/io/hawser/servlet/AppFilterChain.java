package io.hawser.servlet;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.util.List;

/**
 * The filter chain of one dispatch (Servlet 6.1 §6.2.3): each {@link #doFilter} runs the next filter,
 * and after the last one the target servlet's {@code service}.
 */
final class AppFilterChain implements FilterChain {
    private final List<FilterHolder> filters;
    private final ServletHolder servlet;
    private int next;

    /**
     * @param filters the filters, in order
     * @param servlet the target servlet
     */
    AppFilterChain(List<FilterHolder> filters, ServletHolder servlet) {
        this.filters = filters;
        this.servlet = servlet;
    }

    /** @return whether every filter and the servlet support async (§2.3.3.3) */
    boolean isAsyncSupported() {
        for (FilterHolder f : filters) {
            if (!f.isAsyncSupported()) {
                return false;
            }
        }
        return servlet.isAsyncSupported();
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response) throws IOException, ServletException {
        if (next < filters.size()) {
            filters.get(next++).filter().doFilter(request, response, this);
            return;
        }
        servlet.servlet().service(request, response);
    }
}
