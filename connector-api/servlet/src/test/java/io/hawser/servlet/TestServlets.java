package io.hawser.servlet;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Servlets and filters from lambdas, for tests. */
final class TestServlets {
    private TestServlets() {
    }

    @FunctionalInterface
    interface Body {
        void handle(HttpServletRequest request, HttpServletResponse response) throws IOException, ServletException;
    }

    @FunctionalInterface
    interface FilterBody {
        void filter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws IOException, ServletException;
    }

    static HttpServlet servlet(Body body) {
        return new HttpServlet() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException, ServletException {
                body.handle(req, resp);
            }
        };
    }

    static Filter filter(FilterBody body) {
        return new Filter() {
            @Override
            public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
                    throws IOException, ServletException {
                body.filter((HttpServletRequest) request, (HttpServletResponse) response, chain);
            }
        };
    }
}
