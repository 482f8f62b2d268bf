package io.hawser.servlet;

import io.hawser.api.ForwardedRequest;
import io.hawser.api.HttpExchange;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletConnection;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletMapping;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import jakarta.servlet.http.HttpUpgradeHandler;
import jakarta.servlet.http.Part;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UnsupportedEncodingException;
import java.security.Principal;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Locale;
import java.util.Map;

/**
 * The {@link HttpServletRequest} of one exchange: a view over it, not a copy. Header methods read
 * the connector's field section directly; the body is the connector's request body; paths come
 * from the canonical path and the servlet mapping of the REQUEST dispatch (Servlet 6.1 §3.6).
 * Parameters, cookies, locales, parts and the Host authority are parsed on first use.
 *
 * <p>The security methods ({@code getRemoteUser}, {@code isUserInRole}, {@code login} ...) are
 * answered by {@link RequestAuth} (Servlet 6.1 §13.3, §13.10); a FORM login's replayed request
 * reports the saved method, parameters and body ({@link FormLogin}).
 *
 * <p>Scheme, {@code isSecure}, server name and port, the remote address and port, and a path
 * prefix on {@code getContextPath}/{@code getRequestURI} come from the {@link ForwardedRequest}
 * the adapter computed once for the request: a trusted proxy's forwarded values, else the
 * connection's ({@code https} and the default port 443 when {@link HttpExchange#isSecure()}) and
 * the {@code Host} field. On a TLS request the {@code jakarta.servlet.request.*} attributes of
 * Servlet 6.1 §3.10 are there ({@link RequestAttributes}).
 *
 * <p>Not supported (see the package notes): URL-rewritten session ids.
 */
final class ServletRequestView implements HttpServletRequest {
    private final RequestCycle cycle;
    private final HttpExchange exchange;
    private final MappedPath mapping;
    // The helpers below are made on first use, so a request that never asks for headers, attributes,
    // parameters, a session, the body or its user allocates none of them (each is per request and
    // only reachable through this request, never recycled).
    private RequestHeaders values;
    private RequestSessions sessions;
    private RequestParameters parameters;
    private RequestAttributes attributes;
    private RequestInput input;
    private RequestAuth auth;
    private MultipartParts parts;
    /** The servlet of the dispatch in progress (its multipart config applies). */
    private ServletHolder servlet;
    private boolean asyncSupported;
    /** The method a FORM login replays, or {@code null} for the exchange's. */
    private String replayedMethod;

    /**
     * @param cycle the request's cycle
     * @param mapping the REQUEST dispatch's mapping
     */
    ServletRequestView(RequestCycle cycle, MappedPath mapping) {
        this.cycle = cycle;
        this.exchange = cycle.exchange();
        this.mapping = mapping;
        this.servlet = mapping.servlet();
    }

    /** @return the typed views of the request's field section, made on first use */
    private RequestHeaders values() {
        return values != null ? values : (values = new RequestHeaders(exchange.requestFields()));
    }

    /** @return the request's attributes, made on first use */
    private RequestAttributes attributes() {
        return attributes != null ? attributes
                : (attributes = new RequestAttributes(this, cycle.app().listeners(), exchange.tlsInfo()));
    }

    /** @return the request's user and the security methods */
    RequestAuth auth() {
        return auth != null ? auth : (auth = new RequestAuth(cycle));
    }

    /** @param method the method {@code getMethod} reports from now on: a FORM login's saved one (§13.6.3.1) */
    void replayMethod(String method) {
        replayedMethod = method;
    }

    /** @return the request parameters (a FORM login presets the saved ones) */
    RequestParameters parameters() {
        return parameters != null ? parameters : (parameters = new RequestParameters(this));
    }

    WebApp app() {
        return cycle.app();
    }

    HttpExchange exchange() {
        return exchange;
    }

    RequestSessions sessions() {
        return sessions != null ? sessions : (sessions = new RequestSessions(cycle));
    }

    /** @return whether the request looked at its session (else there is nothing to end) */
    boolean usedSessions() {
        return sessions != null;
    }

    /**
     * Enters a dispatch: its servlet becomes current and async support narrows to its chain's.
     * The caller keeps {@link #currentServlet()} and {@link #isAsyncSupported()} from before, for
     * {@link #leave}.
     */
    void enter(ServletHolder target, boolean chainAsyncSupported, boolean fresh) {
        servlet = target;
        asyncSupported = fresh ? chainAsyncSupported : asyncSupported && chainAsyncSupported;
    }

    /** Leaves a dispatch: the servlet and async support from before {@link #enter} are current again. */
    void leave(ServletHolder previousServlet, boolean previousAsyncSupported) {
        servlet = previousServlet;
        asyncSupported = previousAsyncSupported;
    }

    /** @return the servlet of the dispatch in progress */
    ServletHolder currentServlet() {
        return servlet;
    }

    /** @return the body the application reads (the exchange's, or a FORM login's saved one), without making {@link #input()} */
    private io.hawser.api.RequestBody body() {
        return input == null ? exchange.requestBody() : input.body();
    }

    /** @return the body side: encoding, stream or reader */
    RequestInput input() {
        return input != null ? input : (input = new RequestInput(cycle));
    }

    /** @return the current servlet's multipart config, or {@code null} */
    MultipartConfigElement multipartConfig() {
        return servlet == null ? null : servlet.multipartConfig();
    }

    /** @return the parts, parsed on first use (§3.2) */
    MultipartParts multipart() throws IOException, ServletException {
        if (parts == null) {
            parts = MultipartParts.of(this, servlet, cycle);
        }
        return parts;
    }

    @Override
    public Object getAttribute(String name) {
        return attributes().get(name);
    }

    @Override
    public Enumeration<String> getAttributeNames() {
        return attributes().names();
    }

    @Override
    public void setAttribute(String name, Object o) {
        attributes().set(name, o);
    }

    @Override
    public void removeAttribute(String name) {
        attributes().remove(name);
    }

    @Override
    public String getCharacterEncoding() {
        return input().characterEncoding();
    }

    @Override
    public void setCharacterEncoding(String env) throws UnsupportedEncodingException {
        input().setCharacterEncoding(env);
    }

    @Override
    public int getContentLength() {
        long length = getContentLengthLong();
        return length > Integer.MAX_VALUE ? -1 : (int) length;
    }

    @Override
    public long getContentLengthLong() {
        return input != null && input.isReplaced() || exchange.requestFields().contains("Content-Length")
                ? body().contentLength() : -1;
    }

    @Override
    public String getContentType() {
        String type = exchange.requestFields().get("Content-Type");
        return input == null ? type : input.contentType(type);
    }

    @Override
    public ServletInputStream getInputStream() {
        return input().inputStream();
    }

    @Override
    public BufferedReader getReader() throws IOException {
        return input().reader();
    }

    @Override
    public String getParameter(String name) {
        String[] values = parameters().map().get(name);
        return values == null ? null : values[0];
    }

    @Override
    public Enumeration<String> getParameterNames() {
        return Collections.enumeration(parameters().map().keySet());
    }

    @Override
    public String[] getParameterValues(String name) {
        String[] values = parameters().map().get(name);
        return values == null ? null : values.clone();
    }

    @Override
    public Map<String, String[]> getParameterMap() {
        return parameters().map();
    }

    @Override
    public Collection<Part> getParts() throws IOException, ServletException {
        return multipart().all();
    }

    @Override
    public Part getPart(String name) throws IOException, ServletException {
        return multipart().get(name);
    }

    @Override
    public String getProtocol() {
        return exchange.protocol();
    }

    /** @return {@code https} over TLS, else {@code http}; a trusted proxy's forwarded proto wins ({@link ForwardedRequest}) */
    @Override
    public String getScheme() {
        return cycle.forwarded().scheme();
    }

    /** @return whether the request arrived over TLS (a secure listener), or a trusted proxy forwarded {@code https} */
    @Override
    public boolean isSecure() {
        return cycle.forwarded().isSecure();
    }

    @Override
    public String getServerName() {
        String host = cycle.forwarded().host();
        return host != null ? host : RequestAddresses.serverName(values().authority(exchange.requestTarget()), exchange);
    }

    @Override
    public int getServerPort() {
        int port = cycle.forwarded().port();
        return port >= 0 ? port
                : RequestAddresses.serverPort(values().authority(exchange.requestTarget()), exchange, cycle.forwarded().scheme());
    }

    /** @return the client's address: the connection's peer, or the one a trusted proxy forwarded */
    @Override
    public String getRemoteAddr() {
        return cycle.forwarded().remoteAddress();
    }

    /** No reverse DNS lookup (as Tomcat's {@code enableLookups=false}): the address. */
    @Override
    public String getRemoteHost() {
        return getRemoteAddr();
    }

    @Override
    public int getRemotePort() {
        return cycle.forwarded().remotePort();
    }

    @Override
    public String getLocalName() {
        return getLocalAddr();
    }

    @Override
    public String getLocalAddr() {
        return RequestAddresses.literal(exchange.localAddress());
    }

    @Override
    public int getLocalPort() {
        return exchange.localAddress().getPort();
    }

    @Override
    public String getMethod() {
        return replayedMethod != null ? replayedMethod : exchange.method();
    }

    @Override
    public String getRequestURI() {
        String prefix = cycle.forwardedPrefix();
        return prefix.isEmpty() ? exchange.path() : prefix + exchange.path();
    }

    @Override
    public StringBuffer getRequestURL() {
        return RequestAddresses.requestUrl(this, getRequestURI());
    }

    @Override
    public String getContextPath() {
        String prefix = cycle.forwardedPrefix();
        return prefix.isEmpty() ? cycle.app().contextPath() : prefix + cycle.app().contextPath();
    }

    @Override
    public String getServletPath() {
        return mapping.servletPath();
    }

    @Override
    public String getPathInfo() {
        return mapping.pathInfo();
    }

    @Override
    public String getPathTranslated() {
        return getPathInfo() == null ? null : cycle.app().context().getRealPath(getPathInfo());
    }

    @Override
    public String getQueryString() {
        return exchange.query();
    }

    @Override
    public HttpServletMapping getHttpServletMapping() {
        return mapping;
    }

    @Override
    public RequestDispatcher getRequestDispatcher(String path) {
        return AppDispatcher.relative(cycle.app(), this, path);
    }

    @Override
    public ServletContext getServletContext() {
        return cycle.app().context();
    }

    @Override
    public DispatcherType getDispatcherType() {
        return DispatcherType.REQUEST;
    }

    @Override
    public String getRequestId() {
        return cycle.requestId();
    }

    @Override
    public String getProtocolRequestId() {
        return "";
    }

    @Override
    public ServletConnection getServletConnection() {
        return RequestAddresses.connection(exchange);
    }

    @Override
    public String getHeader(String name) {
        return exchange.requestFields().get(name);
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
        return values().values(name);
    }

    @Override
    public Enumeration<String> getHeaderNames() {
        return values().names();
    }

    @Override
    public int getIntHeader(String name) {
        return values().intValue(name);
    }

    @Override
    public long getDateHeader(String name) {
        return values().dateValue(name);
    }

    @Override
    public Cookie[] getCookies() {
        return values().cookies();
    }

    @Override
    public Locale getLocale() {
        return values().locale();
    }

    @Override
    public Enumeration<Locale> getLocales() {
        return values().locales();
    }

    @Override
    public Map<String, String> getTrailerFields() {
        if (!isTrailerFieldsReady()) {
            throw new IllegalStateException("trailer fields are not ready (read the body first)");
        }
        return RequestAddresses.toMap(body().trailerFields());
    }

    @Override
    public boolean isTrailerFieldsReady() {
        io.hawser.api.RequestBody body = body();
        return body.contentLength() >= 0 || body.isFinished();
    }

    @Override
    public HttpSession getSession(boolean create) {
        return sessions().get(create);
    }

    @Override
    public HttpSession getSession() {
        return sessions().get(true);
    }

    @Override
    public String changeSessionId() {
        return sessions().changeId();
    }

    @Override
    public String getRequestedSessionId() {
        return sessions().requestedId();
    }

    @Override
    public boolean isRequestedSessionIdValid() {
        return sessions().isRequestedIdValid();
    }

    @Override
    public boolean isRequestedSessionIdFromCookie() {
        return sessions().isRequestedIdFromCookie();
    }

    @Override
    public boolean isRequestedSessionIdFromURL() {
        return false;
    }

    @Override
    public AsyncContext startAsync() {
        return cycle.startAsync(this, cycle.response(), true);
    }

    @Override
    public AsyncContext startAsync(ServletRequest servletRequest, ServletResponse servletResponse) {
        return cycle.startAsync(servletRequest, servletResponse,
                servletRequest == this && servletResponse == cycle.response());
    }

    @Override
    public boolean isAsyncStarted() {
        return cycle.isAsyncStarted();
    }

    @Override
    public boolean isAsyncSupported() {
        return asyncSupported;
    }

    @Override
    public AsyncContext getAsyncContext() {
        return cycle.asyncContext();
    }

    @Override
    public String getAuthType() {
        return auth().authType();
    }

    @Override
    public String getRemoteUser() {
        return auth().remoteUser();
    }

    @Override
    public boolean isUserInRole(String role) {
        return auth().isUserInRole(role, servlet == null ? null : servlet.getName());
    }

    @Override
    public Principal getUserPrincipal() {
        return auth().principal();
    }

    @Override
    public boolean authenticate(HttpServletResponse response) throws IOException, ServletException {
        return auth().authenticate(response);
    }

    @Override
    public void login(String username, String password) throws ServletException {
        auth().login(username, password);
    }

    @Override
    public void logout() {
        auth().logout();
    }

    @Override
    /**
     * Upgrades the connection (Servlet 6.1 §2.3.3.5): see {@link ServletUpgrade}.
     *
     * @throws IllegalStateException when the response is committed, or the request is no HTTP/1.1
     *     upgrade request ({@code Upgrade} with {@code Connection: upgrade}, no body)
     */
    public <T extends HttpUpgradeHandler> T upgrade(Class<T> handlerClass) throws ServletException {
        return ServletUpgrade.start(cycle, handlerClass);
    }
}
