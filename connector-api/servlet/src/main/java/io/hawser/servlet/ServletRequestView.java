package io.hawser.servlet;

import io.hawser.api.ForwardedRequest;
import io.hawser.api.HttpExchange;
import io.hawser.api.HttpFields;
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
    private final HttpFields headers;
    private final RequestHeaders values;
    private final WebApp app;
    private final RequestSessions sessions;
    private final RequestParameters parameters = new RequestParameters(this);
    private final MappedPath mapping;
    private final RequestAttributes attributes;
    private final RequestInput input;
    private MultipartParts parts;
    /** The servlet of the dispatch in progress (its multipart config applies). */
    private ServletHolder servlet;
    private boolean asyncSupported;
    private final RequestAuth auth;
    /** The original request as trusted proxies describe it, or the connection's own values. */
    private final ForwardedRequest forwarded;
    /** The method a FORM login replays, or {@code null} for the exchange's. */
    private String replayedMethod;

    /**
     * @param cycle the request's cycle
     * @param mapping the REQUEST dispatch's mapping
     */
    ServletRequestView(RequestCycle cycle, MappedPath mapping) {
        this.cycle = cycle;
        this.exchange = cycle.exchange();
        this.headers = exchange.requestFields();
        this.values = new RequestHeaders(headers);
        this.app = cycle.app();
        this.sessions = new RequestSessions(cycle);
        this.input = new RequestInput(cycle);
        this.attributes = new RequestAttributes(this, app.listeners(), exchange.tlsInfo());
        this.mapping = mapping;
        this.servlet = mapping.servlet();
        this.auth = new RequestAuth(cycle);
        this.forwarded = cycle.forwarded();
    }

    /** @return the request's user and the security methods */
    RequestAuth auth() {
        return auth;
    }

    /** @param method the method {@code getMethod} reports from now on: a FORM login's saved one (§13.6.3.1) */
    void replayMethod(String method) {
        replayedMethod = method;
    }

    /** @return the request parameters (a FORM login presets the saved ones) */
    RequestParameters parameters() {
        return parameters;
    }

    WebApp app() {
        return app;
    }

    HttpExchange exchange() {
        return exchange;
    }

    RequestSessions sessions() {
        return sessions;
    }

    /**
     * Enters a dispatch: its servlet becomes current and async support narrows to its chain's.
     *
     * @return the previous state, for {@link #leave}
     */
    Object[] enter(ServletHolder target, boolean chainAsyncSupported, boolean fresh) {
        Object[] previous = {servlet, asyncSupported};
        servlet = target;
        asyncSupported = fresh ? chainAsyncSupported : asyncSupported && chainAsyncSupported;
        return previous;
    }

    void leave(Object[] previous) {
        servlet = (ServletHolder) previous[0];
        asyncSupported = (Boolean) previous[1];
    }

    /** @return the body side: encoding, stream or reader */
    RequestInput input() {
        return input;
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
        return attributes.get(name);
    }

    @Override
    public Enumeration<String> getAttributeNames() {
        return attributes.names();
    }

    @Override
    public void setAttribute(String name, Object o) {
        attributes.set(name, o);
    }

    @Override
    public void removeAttribute(String name) {
        attributes.remove(name);
    }

    @Override
    public String getCharacterEncoding() {
        return input.characterEncoding();
    }

    @Override
    public void setCharacterEncoding(String env) throws UnsupportedEncodingException {
        input.setCharacterEncoding(env);
    }

    @Override
    public int getContentLength() {
        long length = getContentLengthLong();
        return length > Integer.MAX_VALUE ? -1 : (int) length;
    }

    @Override
    public long getContentLengthLong() {
        return input.isReplaced() || headers.contains("Content-Length") ? input.body().contentLength() : -1;
    }

    @Override
    public String getContentType() {
        return input.contentType(headers.get("Content-Type"));
    }

    @Override
    public ServletInputStream getInputStream() {
        return input.inputStream();
    }

    @Override
    public BufferedReader getReader() throws IOException {
        return input.reader();
    }

    @Override
    public String getParameter(String name) {
        String[] values = parameters.map().get(name);
        return values == null ? null : values[0];
    }

    @Override
    public Enumeration<String> getParameterNames() {
        return Collections.enumeration(parameters.map().keySet());
    }

    @Override
    public String[] getParameterValues(String name) {
        String[] values = parameters.map().get(name);
        return values == null ? null : values.clone();
    }

    @Override
    public Map<String, String[]> getParameterMap() {
        return parameters.map();
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
        return forwarded.scheme();
    }

    /** @return whether the request arrived over TLS (a secure listener), or a trusted proxy forwarded {@code https} */
    @Override
    public boolean isSecure() {
        return forwarded.isSecure();
    }

    @Override
    public String getServerName() {
        String host = forwarded.host();
        return host != null ? host : RequestAddresses.serverName(values.authority(exchange.requestTarget()), exchange);
    }

    @Override
    public int getServerPort() {
        int port = forwarded.port();
        return port >= 0 ? port
                : RequestAddresses.serverPort(values.authority(exchange.requestTarget()), exchange, forwarded.scheme());
    }

    /** @return the client's address: the connection's peer, or the one a trusted proxy forwarded */
    @Override
    public String getRemoteAddr() {
        return forwarded.remoteAddress();
    }

    /** No reverse DNS lookup (as Tomcat's {@code enableLookups=false}): the address. */
    @Override
    public String getRemoteHost() {
        return getRemoteAddr();
    }

    @Override
    public int getRemotePort() {
        return forwarded.remotePort();
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
        return forwarded.prefix().isEmpty() ? exchange.path() : forwarded.prefix() + exchange.path();
    }

    @Override
    public StringBuffer getRequestURL() {
        return RequestAddresses.requestUrl(this, getRequestURI());
    }

    @Override
    public String getContextPath() {
        return forwarded.prefix().isEmpty() ? app.contextPath() : forwarded.prefix() + app.contextPath();
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
        return getPathInfo() == null ? null : app.context().getRealPath(getPathInfo());
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
        return AppDispatcher.relative(app, this, path);
    }

    @Override
    public ServletContext getServletContext() {
        return app.context();
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
        return headers.get(name);
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
        return values.values(name);
    }

    @Override
    public Enumeration<String> getHeaderNames() {
        return values.names();
    }

    @Override
    public int getIntHeader(String name) {
        return values.intValue(name);
    }

    @Override
    public long getDateHeader(String name) {
        return values.dateValue(name);
    }

    @Override
    public Cookie[] getCookies() {
        return values.cookies();
    }

    @Override
    public Locale getLocale() {
        return values.locale();
    }

    @Override
    public Enumeration<Locale> getLocales() {
        return values.locales();
    }

    @Override
    public Map<String, String> getTrailerFields() {
        if (!isTrailerFieldsReady()) {
            throw new IllegalStateException("trailer fields are not ready (read the body first)");
        }
        return RequestAddresses.toMap(input.body().trailerFields());
    }

    @Override
    public boolean isTrailerFieldsReady() {
        return input.body().contentLength() >= 0 || input.body().isFinished();
    }

    @Override
    public HttpSession getSession(boolean create) {
        return sessions.get(create);
    }

    @Override
    public HttpSession getSession() {
        return sessions.get(true);
    }

    @Override
    public String changeSessionId() {
        return sessions.changeId();
    }

    @Override
    public String getRequestedSessionId() {
        return sessions.requestedId();
    }

    @Override
    public boolean isRequestedSessionIdValid() {
        return sessions.isRequestedIdValid();
    }

    @Override
    public boolean isRequestedSessionIdFromCookie() {
        return sessions.isRequestedIdFromCookie();
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
        return auth.authType();
    }

    @Override
    public String getRemoteUser() {
        return auth.remoteUser();
    }

    @Override
    public boolean isUserInRole(String role) {
        return auth.isUserInRole(role, servlet == null ? null : servlet.getName());
    }

    @Override
    public Principal getUserPrincipal() {
        return auth.principal();
    }

    @Override
    public boolean authenticate(HttpServletResponse response) throws IOException, ServletException {
        return auth.authenticate(response);
    }

    @Override
    public void login(String username, String password) throws ServletException {
        auth.login(username, password);
    }

    @Override
    public void logout() {
        auth.logout();
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
