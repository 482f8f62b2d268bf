package io.hawser.servlet;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletMapping;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The request as the target of a dispatch sees it (Servlet 6.1 §9.3, §9.4, §10.9.2, §2.3.3.3):
 * for FORWARD, ERROR and ASYNC the target's request URI, servlet path, path info and mapping; for
 * INCLUDE and named dispatches the caller's. The dispatch attributes
 * ({@code jakarta.servlet.forward.*}, {@code include.*}, {@code async.*}) are computed here and
 * shadow the wrapped request's; a dispatcher query's parameters come before the existing ones.
 */
final class DispatchedRequest extends HttpServletRequestWrapper {
    private static final String[] NAMES = {"request_uri", "context_path", "servlet_path", "path_info", "query_string", "mapping"};

    private final DispatcherType type;
    private final AppDispatcher dispatcher;
    private final boolean changesPaths;
    private final String requestUri;
    private final Map<String, Object> dispatchAttributes = new HashMap<>();
    private Map<String, String[]> parameters;

    private DispatchedRequest(DispatcherType type, HttpServletRequest request, AppDispatcher dispatcher) {
        super(request);
        this.type = type;
        this.dispatcher = dispatcher;
        this.changesPaths = dispatcher.target() != null && type != DispatcherType.INCLUDE;
        this.requestUri = dispatcher.target() == null ? null : request.getContextPath() + dispatcher.uriPath();
    }

    /**
     * @param type FORWARD, INCLUDE, ERROR or ASYNC
     * @param request the request passed to the dispatcher
     * @param dispatcher the dispatcher
     * @return the request the target sees
     */
    static DispatchedRequest of(DispatcherType type, HttpServletRequest request, AppDispatcher dispatcher) {
        DispatchedRequest d = new DispatchedRequest(type, request, dispatcher);
        MappedPath target = dispatcher.target();
        if (target == null) {
            return d;
        }
        switch (type) {
            case FORWARD:
                // §9.4.2: the values of the first servlet of the chain, so a nested forward keeps them.
                if (request.getAttribute(RequestDispatcher.FORWARD_REQUEST_URI) == null) {
                    d.putOriginal("jakarta.servlet.forward.", request);
                }
                break;
            case ASYNC:
                d.putOriginal("jakarta.servlet.async.", request);
                break;
            case INCLUDE:
                d.put("jakarta.servlet.include.", d.requestUri, request.getContextPath(), target.servletPath(),
                        target.pathInfo(), dispatcher.query(), target);
                break;
            default:
                break;
        }
        return d;
    }

    private void putOriginal(String prefix, HttpServletRequest r) {
        put(prefix, r.getRequestURI(), r.getContextPath(), r.getServletPath(), r.getPathInfo(), r.getQueryString(),
                r.getHttpServletMapping());
    }

    private void put(String prefix, Object... values) {
        for (int i = 0; i < NAMES.length; i++) {
            dispatchAttributes.put(prefix + NAMES[i], values[i]);
        }
    }

    @Override
    public DispatcherType getDispatcherType() {
        return type;
    }

    @Override
    public Object getAttribute(String name) {
        if (dispatchAttributes.containsKey(name)) {
            return dispatchAttributes.get(name);
        }
        return super.getAttribute(name);
    }

    @Override
    public Enumeration<String> getAttributeNames() {
        List<String> names = new ArrayList<>();
        for (Enumeration<String> e = super.getAttributeNames(); e.hasMoreElements(); ) {
            String name = e.nextElement();
            if (!dispatchAttributes.containsKey(name)) {
                names.add(name);
            }
        }
        dispatchAttributes.forEach((name, value) -> {
            if (value != null) {
                names.add(name);
            }
        });
        return Collections.enumeration(names);
    }

    @Override
    public String getRequestURI() {
        return changesPaths ? requestUri : super.getRequestURI();
    }

    @Override
    public StringBuffer getRequestURL() {
        return changesPaths ? RequestAddresses.requestUrl(this, requestUri) : super.getRequestURL();
    }

    @Override
    public String getServletPath() {
        return changesPaths ? dispatcher.target().servletPath() : super.getServletPath();
    }

    @Override
    public String getPathInfo() {
        return changesPaths ? dispatcher.target().pathInfo() : super.getPathInfo();
    }

    @Override
    public String getPathTranslated() {
        if (!changesPaths) {
            return super.getPathTranslated();
        }
        String info = getPathInfo();
        return info == null ? null : getServletContext().getRealPath(info);
    }

    @Override
    public String getQueryString() {
        return changesPaths && dispatcher.query() != null ? dispatcher.query() : super.getQueryString();
    }

    @Override
    public HttpServletMapping getHttpServletMapping() {
        return changesPaths ? dispatcher.target() : super.getHttpServletMapping();
    }

    @Override
    public RequestDispatcher getRequestDispatcher(String path) {
        return AppDispatcher.relative(dispatcher.app(), this, path);
    }

    private Map<String, String[]> parameters() {
        if (parameters == null) {
            parameters = dispatcher.query() == null ? super.getParameterMap()
                    : RequestParameters.merge(RequestParameters.ofQuery(dispatcher.query(),
                            dispatcher.app().limits().maxFormKeys()), super.getParameterMap());
        }
        return parameters;
    }

    @Override
    public String getParameter(String name) {
        String[] values = parameters().get(name);
        return values == null ? null : values[0];
    }

    @Override
    public Map<String, String[]> getParameterMap() {
        return parameters();
    }

    @Override
    public Enumeration<String> getParameterNames() {
        return Collections.enumeration(parameters().keySet());
    }

    @Override
    public String[] getParameterValues(String name) {
        String[] values = parameters().get(name);
        return values == null ? null : values.clone();
    }
}
