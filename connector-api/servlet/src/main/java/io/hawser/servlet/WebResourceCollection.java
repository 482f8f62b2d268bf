package io.hawser.servlet;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A {@code <web-resource-collection>} (Servlet 6.1 §13.8): URL patterns and the HTTP methods they
 * cover. With no methods and no omissions it covers every method; with {@code httpMethods} only
 * those; with {@code httpMethodOmissions} every method but those. Immutable.
 *
 * @param name the {@code web-resource-name}, or {@code null} (descriptive only)
 * @param urlPatterns the URL patterns (§12.2 syntax: {@code /path/*}, {@code *.ext}, {@code /},
 *     {@code ""} or an exact path); at least one
 * @param httpMethods methods covered ({@code http-method}); empty for all
 * @param httpMethodOmissions methods not covered ({@code http-method-omission}); empty for none
 */
public record WebResourceCollection(String name, List<String> urlPatterns, Set<String> httpMethods,
                                    Set<String> httpMethodOmissions) {
    /**
     * @throws IllegalArgumentException for no URL pattern, a method that is not a token, or both
     *     methods and omissions (the schema allows one or the other)
     */
    public WebResourceCollection {
        urlPatterns = List.copyOf(urlPatterns);
        httpMethods = Set.copyOf(httpMethods);
        httpMethodOmissions = Set.copyOf(httpMethodOmissions);
        if (urlPatterns.isEmpty()) {
            throw new IllegalArgumentException("a web-resource-collection needs at least one url-pattern");
        }
        if (!httpMethods.isEmpty() && !httpMethodOmissions.isEmpty()) {
            throw new IllegalArgumentException("a web-resource-collection has http-method or http-method-omission, not both");
        }
        for (String m : httpMethods) {
            checkMethod(m);
        }
        for (String m : httpMethodOmissions) {
            checkMethod(m);
        }
    }

    /**
     * @param urlPatterns the URL patterns
     * @return a collection covering every HTTP method of those patterns
     */
    public static WebResourceCollection of(String... urlPatterns) {
        return new WebResourceCollection(null, List.of(urlPatterns), Set.of(), Set.of());
    }

    /**
     * @param methods methods covered
     * @return this collection covering only {@code methods}
     */
    public WebResourceCollection withMethods(Collection<String> methods) {
        return new WebResourceCollection(name, urlPatterns, Set.copyOf(methods), Set.of());
    }

    /**
     * @param omissions methods not covered
     * @return this collection covering every method but {@code omissions}
     */
    public WebResourceCollection withMethodOmissions(Collection<String> omissions) {
        return new WebResourceCollection(name, urlPatterns, Set.of(), Set.copyOf(omissions));
    }

    /**
     * @param method an HTTP method
     * @return whether this collection covers it
     */
    public boolean covers(String method) {
        if (!httpMethods.isEmpty()) {
            return httpMethods.contains(method);
        }
        return !httpMethodOmissions.contains(method);
    }

    private static void checkMethod(String m) {
        Objects.requireNonNull(m, "http-method");
        if (!io.hawser.api.Tokens.isToken(m)) {
            throw new IllegalArgumentException("http-method is not a token: '" + m + "'");
        }
    }
}
