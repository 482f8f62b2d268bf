package io.hawser.servlet;

import io.hawser.api.BadMessageException;
import io.hawser.api.CanonicalPath;
import io.hawser.api.ForwardedRequest;
import io.hawser.api.HttpExchange;
import io.hawser.api.HttpHandler;
import io.hawser.api.TrustedProxies;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@link HttpHandler} that runs servlet web apps: it canonicalizes the request path (Servlet 6.1
 * §3.5.2; a rejected path gets 400), routes the exchange to the {@link WebApp} with the longest
 * matching context path (404 when none, and for {@code /} without a root context a 404 page
 * linking the deployed context paths; 503 while that app is not started; {@code /ctx} is
 * redirected to {@code /ctx/}), maps it to a servlet (§12.2, welcome files §10.10) and runs the
 * filters and the servlet on the connector's worker thread. A client request for anything under
 * {@code /WEB-INF/} or {@code /META-INF/} gets 404 before any filter runs (Servlet 6.1 §10.5); the
 * app's security constraints are then checked on the canonical context-relative path, also
 * before any filter (§13.8, {@link WebApp#addSecurityConstraint}). {@code TRACE} is answered 405 for every
 * app, as Tomcat's and Jetty's defaults do. Blocking by design (servlet I/O may
 * block), so {@link #isNonBlocking()} is {@code false}.
 */
public final class ServletAdapter implements HttpHandler {
    /** The methods {@code OPTIONS *} and a refused TRACE list (RFC 9110 §10.2.1): TRACE is not among them. */
    private static final String ALLOWED = "GET, HEAD, POST, PUT, DELETE, OPTIONS";
    private final WebApp[] apps;
    /** The context paths listed on the 404 page for {@code /}, in name order; null when an app has the root context. */
    private final List<String> contextIndex;
    private final Options options;

    /**
     * How the adapter treats proxies and redirects; immutable.
     *
     * @param trustedProxies whose forwarded fields are believed ({@link TrustedProxies#NONE}: nobody's)
     * @param forwardedFields which fields are believed ({@link ForwardedRequest.Fields})
     * @param relativeRedirects whether {@code sendRedirect} sends a relative {@code Location}
     *     (RFC 9110 §10.2.2 allows a URI reference): the path resolved against the request URI,
     *     without scheme and authority, as Tomcat's {@code useRelativeRedirects} (its default,
     *     {@code true}) and Jetty's {@code relativeRedirectAllowed}. With {@code false} it is an
     *     absolute URL built from the request's (forwarded) scheme, host and port. A location given
     *     with a scheme or as {@code //authority/path} is sent as given either way.
     */
    public record Options(TrustedProxies trustedProxies, ForwardedRequest.Fields forwardedFields,
            boolean relativeRedirects) {
        /** No trusted proxies, {@code X-Forwarded-*} (unused then), absolute redirects. */
        public static final Options DEFAULT = new Options(TrustedProxies.NONE, ForwardedRequest.Fields.X_FORWARDED, false);

        /** @throws NullPointerException for a null argument */
        public Options {
            java.util.Objects.requireNonNull(trustedProxies, "trustedProxies");
            java.util.Objects.requireNonNull(forwardedFields, "forwardedFields");
        }
    }

    /**
     * An adapter that believes no forwarded field (no trusted proxies).
     *
     * @param apps the web apps to serve, each with its own context path; they are started and stopped
     *     by the caller
     * @throws IllegalArgumentException when two apps share a context path
     */
    public ServletAdapter(List<WebApp> apps) {
        this(apps, Options.DEFAULT);
    }

    /**
     * An adapter behind proxies: when the connection's peer is in {@code trustedProxies}, the
     * forwarded fields it sends decide what {@code getRemoteAddr}, {@code getScheme},
     * {@code isSecure}, {@code getServerName}, {@code getServerPort}, {@code getContextPath},
     * {@code getRequestURL}, redirects and the session cookie's {@code Secure} report (a
     * malformed one is answered 400 before any app sees the request); see {@link ForwardedRequest}.
     *
     * @param apps the web apps to serve, as {@link #ServletAdapter(List)}
     * @param options trusted proxies, which forwarded fields, and relative redirects
     * @throws IllegalArgumentException when two apps share a context path
     */
    public ServletAdapter(List<WebApp> apps, Options options) {
        this.options = java.util.Objects.requireNonNull(options, "options");
        List<WebApp> sorted = new ArrayList<>(apps);
        Set<String> paths = new HashSet<>();
        for (WebApp app : sorted) {
            if (!paths.add(app.contextPath())) {
                throw new IllegalArgumentException("two web apps with context path '" + app.contextPath() + "'");
            }
        }
        sorted.sort(Comparator.comparingInt((WebApp a) -> a.contextPath().length()).reversed());
        this.apps = sorted.toArray(new WebApp[0]);
        this.contextIndex = paths.contains("") ? null : paths.stream().sorted().toList();
    }

    /**
     * Tells every app about the connector serving it, once it has started (and bound its ports):
     * its TLS port becomes each app's {@linkplain WebApp#setTlsPort TLS port}, where a cleartext
     * request needing a CONFIDENTIAL transport is redirected unless the app has its own
     * {@linkplain WebApp#setConfidentialPort confidential port}.
     *
     * @param connector the started connector
     * @throws IllegalStateException when an app logs users in with CLIENT-CERT and the connector
     *     has no TLS listener (a client certificate could never arrive); before the connector started
     */
    public void connectorStarted(io.hawser.api.Connector connector) {
        int tls = connector.tlsPort();
        for (WebApp app : apps) {
            LoginConfig login = app.loginConfig();
            if (tls <= 0 && login != null && login.authMethod().equals(LoginConfig.CLIENT_CERT)) {
                throw new IllegalStateException("web app '" + (app.contextPath().isEmpty() ? "/" : app.contextPath())
                        + "' logs users in with CLIENT-CERT, but the connector has no TLS listener (--tls-port PORT"
                        + " --client-auth want|need; embedding: ConnectorConfig tls and tlsPort)");
            }
        }
        for (WebApp app : apps) {
            app.setTlsPort(tls > 0 ? tls : -1);
        }
    }

    /**
     * Handles one exchange; see the class comment. Application failures are answered (500 or the
     * app's error page) and logged here, so nothing is thrown for them.
     *
     * @param exchange the exchange
     */
    @Override
    public void handle(HttpExchange exchange) {
        String raw = exchange.path();
        if ("TRACE".equals(exchange.method())) {
            // As Tomcat (allowTrace=false) and Jetty (webdefault's TRACE constraint) by default: TRACE
            // echoes the request's fields back, a cross-site tracing aid, so no web app sees it.
            exchange.setStatus(405);
            exchange.responseFields().set("Allow", ALLOWED);
            DefaultErrorPage.write(exchange, 405, "TRACE is disabled on this server");
            return;
        }
        // With no trusted proxy the connection's own values apply; the request makes them when asked.
        ForwardedRequest forwarded = null;
        if (!options.trustedProxies().isEmpty()) {
            try {
                forwarded = ForwardedRequest.of(exchange, options.trustedProxies(), options.forwardedFields());
            } catch (BadMessageException e) {
                plain(exchange, 400, e.getMessage());
                return;
            }
        }
        if ("*".equals(raw)) {
            asterisk(exchange);
            return;
        }
        if (exchange.requestTarget().indexOf('#') >= 0) {
            plain(exchange, 400, "fragment in request-target");
            return;
        }
        String path;
        try {
            path = CanonicalPath.of(raw);
        } catch (BadMessageException e) {
            plain(exchange, e.status(), e.getMessage());
            return;
        }
        WebApp app = route(path);
        if (app == null) {
            if (path.equals("/") && contextIndex != null) {
                DefaultErrorPage.writeContextIndex(exchange, contextIndex);
            } else {
                plain(exchange, 404, null);
            }
            return;
        }
        if (!app.isAvailable()) {
            plain(exchange, 503, null);
            return;
        }
        String context = app.contextPath();
        if (path.length() == context.length()) {
            // The context root without its slash (§3.6): /ctx → /ctx/.
            exchange.setStatus(302);
            exchange.responseFields().set("Location",
                    (forwarded == null ? "" : forwarded.prefix()) + context + "/" + (exchange.query() == null ? "" : "?" + exchange.query()));
            return;
        }
        String inApp = path.substring(context.length());
        if (StaticResource.isPrivatePath(inApp)) {
            // Before any filter or servlet sees it, as Tomcat and Jetty do (Servlet 6.1 §10.5).
            plain(exchange, 404, null);
            return;
        }
        MappedPath mapped = WelcomeFiles.map(app, inApp);
        if (mapped == null) {
            plain(exchange, 404, null);
            return;
        }
        new RequestCycle(app, exchange, forwarded, options.relativeRedirects()).run(mapped, inApp);
    }

    private WebApp route(String path) {
        for (WebApp app : apps) {
            String context = app.contextPath();
            if (path.startsWith(context) && (path.length() == context.length() || path.charAt(context.length()) == '/')) {
                return app;
            }
        }
        return null;
    }

    /** {@code OPTIONS *} (RFC 9110 §9.3.7) asks about the server: 200 with the methods; anything else with {@code *} is 400. */
    private static void asterisk(HttpExchange exchange) {
        if ("OPTIONS".equals(exchange.method())) {
            exchange.responseFields().set("Allow", ALLOWED);
            return;
        }
        plain(exchange, 400, null);
    }

    private static void plain(HttpExchange exchange, int status, String message) {
        exchange.setStatus(status);
        DefaultErrorPage.write(exchange, status, message);
    }
}
