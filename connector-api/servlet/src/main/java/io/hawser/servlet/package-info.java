/**
 * The servlet adapter: Jakarta Servlet 6.1 web apps on any {@link io.hawser.api.HttpHandler}
 * connector, with no NIO here.
 *
 * <p>Public types: {@link io.hawser.servlet.WebApp} (one servlet context, configured
 * programmatically or by the deployer, then started and stopped) and
 * {@link io.hawser.servlet.ServletAdapter} (the handler that canonicalizes the path, routes to the
 * app with the longest context path and runs its filters and servlet). {@code DefaultServlet}
 * (static files) lives here too. Everything else is package-private.
 *
 * <p>Thin by design: the request is a view over the exchange (headers read in place from its
 * field section, body from its {@link io.hawser.api.RequestBody}); the response writes its status
 * and fields straight into the exchange and its body into the connector's
 * {@link io.hawser.api.ResponseBody}, whose buffer is the response buffer. A request's way through
 * dispatches, errors and async is {@code RequestCycle} with {@code AsyncState}; mapping is
 * {@code ServletMapping} (§12.2) after {@link io.hawser.api.CanonicalPath} (§3.5.2); sessions are
 * {@code SessionStore} with intrusive {@code SessionList}s ordered by last access.
 *
 * <p>Security (Servlet 6.1 §13): {@code AppSecurity}, compiled at start from the app's
 * {@link io.hawser.servlet.SecurityConstraint}s and each servlet's {@code setServletSecurity},
 * checks the REQUEST dispatch on the canonical context-relative path before any filter
 * ({@code ConstraintMap}: best-matching pattern, §13.8.1 combination in {@code AccessRule});
 * users come from the app's {@link io.hawser.security.Realm} through BASIC
 * ({@code BasicCredentials}, RFC 7617), FORM ({@code FormLogin}) or CLIENT-CERT (the TLS client
 * certificate's subject, {@link io.hawser.servlet.CertificateUserName}, looked up in a
 * {@link io.hawser.security.CertificateRealm}), with failed logins throttled
 * per client address ({@code LoginThrottle}); {@code RequestAuth} answers the request's
 * {@code getRemoteUser}, {@code isUserInRole}, {@code login} and the rest.
 *
 * <p>TLS: a request on a TLS listener is secure ({@code isSecure}, scheme {@code https}, default
 * port 443, {@code Secure} session cookie) and carries the {@code jakarta.servlet.request.*} TLS
 * attributes (§3.10); a CONFIDENTIAL or INTEGRAL constraint redirects a cleartext request to the
 * app's confidential port, by default the connector's TLS port
 * ({@link io.hawser.servlet.ServletAdapter#connectorStarted}).
 *
 * <p>Instances (Servlet 6.1 §15.5): the servlets, filters and listeners the container makes from
 * a class go through {@link io.hawser.servlet.InstanceLifecycle}: {@code @Resource} of env-entry
 * types and {@code <injection-target>}s are injected, then {@code @PostConstruct} runs; after
 * {@code destroy} (listeners: at stop) {@code @PreDestroy}. Instances the app hands over are left
 * alone. Each app's read-only {@code java:comp/env} is {@link io.hawser.servlet.naming.CompEnv}.
 *
 * <p>Threads: the REQUEST dispatch runs on the connector's worker inside {@code handle}; async
 * dispatches, {@code AsyncContext.start} tasks and async timeouts run on {@code ContainerThreads}
 * (virtual threads on Java 21+); ReadListener/WriteListener callbacks run on the connector's
 * workers, never while a dispatch of the same request is running and never two at once.
 *
 * <p>Deliberately left out, and why:
 * <ul>
 *   <li>Security beyond BASIC, FORM and CLIENT-CERT: {@code DIGEST} is refused by
 *       {@link io.hawser.servlet.LoginConfig}; {@code run-as} is recorded but, with no EJB
 *       container, changes nothing a caller sees; a FORM login saves a POST body of at most
 *       4 KiB (a larger one is refused 413, as Tomcat's {@code maxSavePostSize}).</li>
 *   <li>Proxies: {@code X-Forwarded-*}/{@code Forwarded} are believed only from the trusted
 *       proxies given to {@link io.hawser.servlet.ServletAdapter} (none by default); the PROXY
 *       protocol is not read.</li>
 *   <li>JSP: this module has no JSP engine; the {@code io.hawser:hawser-jsp} module brings one
 *       for deployed WARs. Without it {@code addJspFile} throws {@link UnsupportedOperationException}.</li>
 *   <li>URL-rewritten session ids: cookies only ({@code encodeURL} returns its argument), as ids
 *       in URLs leak through logs and {@code Referer}.</li>
 *   <li>Distributable and persistent sessions: sessions live in memory and end with the app.</li>
 *   <li>Cross-context access: {@code getContext} returns this context only, and async dispatch to
 *       another context is unsupported.</li>
 *   <li>Locale-encoding mappings: {@code setLocale} sets {@code Content-Language} but never a
 *       charset (web.xml {@code locale-encoding-mapping-list} has no setter in the WebApp API).</li>
 * </ul>
 */
package io.hawser.servlet;
