package io.hawser.servlet;

import io.hawser.api.ByteRanges;
import io.hawser.api.ConditionalRequest;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The default servlet: serves a web app's static files (Servlet 6.1 §12.2, the servlet mapped to
 * {@code /}). The deployer registers it when the app maps nothing to {@code /}; an app may also
 * declare it in web.xml by this class name. Serving the app's own directory, it also serves the
 * {@code META-INF/resources} of the jars in {@code WEB-INF/lib} (§4.6), after the app's own files
 * (the app's file of the same path wins), with the same validators, ranges and protections; a jar
 * entry is streamed (there is no file to send zero-copy).
 *
 * <ul>
 *   <li>GET and HEAD (OPTIONS answers {@code Allow}; other methods 405 on an existing resource,
 *       404 on a missing one). As an error page (an
 *       ERROR dispatch) or the target of a forward, any method gets the file, without validators
 *       or ranges (as Tomcat's and Jetty's default servlets serve a forwarded POST).</li>
 *   <li>{@code Content-Type} from {@link jakarta.servlet.ServletContext#getMimeType} (the web.xml
 *       mime-mappings, then the context's built-in table), else {@code application/octet-stream}.</li>
 *   <li>A strong {@code ETag} (length and modification time) and {@code Last-Modified};
 *       {@code If-None-Match} / {@code If-Modified-Since} → 304, {@code If-Match} /
 *       {@code If-Unmodified-Since} → 412 (RFC 9110 §13).</li>
 *   <li>{@code Range} on GET: one range → 206, several → 206 {@code multipart/byteranges}, none
 *       satisfiable → 416 with {@code Content-Range: bytes *}{@code /LENGTH}; honoured only when
 *       {@code If-Range} matches (RFC 9110 §14).</li>
 *   <li>Precompressed siblings ({@link PrecompressedFiles}): {@code file.br} or {@code file.gz}
 *       when the request accepts that coding and the sibling is no older than the file, with
 *       {@code Content-Encoding}, the sibling's length, entity-tag and ranges, and
 *       {@code Vary: Accept-Encoding}; on by default, init-param {@code precompressed=false} turns
 *       it off (Tomcat's and Jetty's {@code precompressed}, off by default there).</li>
 *   <li>A directory: without a trailing slash → 302 to the same path with one; with it → the
 *       first welcome file that exists, else a welcome file mapped to a servlet (forwarded), else
 *       404. There are no directory listings.</li>
 *   <li>{@code WEB-INF/} and {@code META-INF/} → 404 for requests from clients (a forward, include
 *       or error page may use them); anything outside the app's directory → 404; dot segments,
 *       backslashes and NUL in the path → 400.</li>
 *   <li>JSP pages ({@link #isJspFile}) → 404 always, also as welcome files: every container maps
 *       them to a JSP servlet, so their source is never content.</li>
 *   <li>What each path resolves to is cached ({@link StaticCache}, with the bytes of small files),
 *       and resolved on disk again after {@code cacheValidationTime} milliseconds (default 5000):
 *       a file changed, added or deleted on disk is answered as it now is within that time.
 *       Init-params (Jetty's names): {@code cacheValidationTime} (0: no cache, -1: never
 *       revalidated), {@code maxCachedFiles} (paths, default 2048; 0: no cache),
 *       {@code maxCachedFileSize} (bytes of the largest file held in memory, default 16384) and
 *       {@code maxCacheSize} (bytes of content and paths held in all, default 10 MiB); a bad
 *       value fails {@link #init}.</li>
 * </ul>
 */
public class DefaultServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    /** Welcome files when none are configured, as Tomcat's default web.xml has them (minus JSP). */
    public static final List<String> DEFAULT_WELCOME_FILES = List.of("index.html", "index.htm");
    private static final String ALLOW = "GET, HEAD, OPTIONS";
    private static final String[] JSP_EXTENSIONS = {".jsp", ".jspx", ".jspf", ".tag", ".tagx"};

    private transient Path root;
    /** {@code root}, then the jars' {@code META-INF/resources} when {@code root} is the app's directory. */
    private transient List<Path> roots = List.of();
    private final transient List<String> welcomeFiles = new ArrayList<>();
    /** Whether precompressed siblings ({@code .br}, {@code .gz}) are sent; init-param {@code precompressed}. */
    private boolean precompressed = true;
    /** What paths resolve to; {@code null} when there is no root. */
    private transient StaticCache cache;

    /**
     * For declaration in web.xml: the directory is {@code getServletContext().getRealPath("/")}; the
     * init-param {@code welcomeFiles} (comma-separated) replaces {@link #DEFAULT_WELCOME_FILES}.
     */
    public DefaultServlet() {
    }

    /**
     * @param base the web app's directory (an exploded WAR), or {@code null} to serve nothing
     * @param welcomeFiles file names tried in a directory, in order (web.xml {@code welcome-file-list})
     */
    public DefaultServlet(Path base, List<String> welcomeFiles) {
        this.root = base;
        this.welcomeFiles.addAll(welcomeFiles);
    }

    @Override
    public void init() throws ServletException {
        if (root == null) {
            String real = getServletContext().getRealPath("/");
            root = real == null ? null : Paths.get(real);
        }
        String pre = getInitParameter("precompressed");
        if (pre != null) {
            if (!pre.equals("true") && !pre.equals("false")) {
                throw new ServletException("default servlet: init-param precompressed must be true or false, not '"
                        + pre + "'");
            }
            precompressed = Boolean.parseBoolean(pre);
        }
        StaticCache.Settings settings;
        try {
            settings = StaticCache.Settings.from(this::getInitParameter);
        } catch (IllegalArgumentException e) {
            throw new ServletException(e.getMessage(), e);
        }
        if (welcomeFiles.isEmpty()) {
            String param = getInitParameter("welcomeFiles");
            if (param != null) {
                for (String w : param.split(",")) {
                    if (!w.isBlank()) {
                        welcomeFiles.add(w.trim());
                    }
                }
            } else {
                welcomeFiles.addAll(DEFAULT_WELCOME_FILES);
            }
        }
        if (root != null) {
            try {
                root = root.toRealPath();
            } catch (IOException e) {
                throw new ServletException("default servlet: cannot read " + root + ": " + e.getMessage(), e);
            }
            List<Path> all = new ArrayList<>(List.of(root));
            if (getServletContext() instanceof AppContext ctx && ctx.app().resources().isBase(root)) {
                List<Path> own = ctx.app().resources().roots();
                all.addAll(own.subList(1, own.size()));
            }
            roots = List.copyOf(all);
            SessionClock clock = getServletContext() instanceof AppContext ctx ? ctx.app().sessions().clock()
                    : SessionClock.SYSTEM;
            cache = new StaticCache(roots, precompressed, getServletContext()::getMimeType, clock, settings);
        }
    }

    /** @return what paths resolve to, {@code null} without a directory to serve (for tests) */
    StaticCache cache() {
        return cache;
    }

    /** Drops the cache. */
    @Override
    public void destroy() {
        if (cache != null) {
            cache.clear();
        }
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
        DispatcherType type = req.getDispatcherType();
        if (type == DispatcherType.ERROR || type == DispatcherType.FORWARD && !"GET".equals(req.getMethod())
                && !"HEAD".equals(req.getMethod())) {
            // An error page (Servlet 6.1 §10.9.1), or a page a servlet forwards a POST to (the FORM
            // login's error page after j_security_check, §13.6.3.1): whatever the request's method,
            // send the page as the content, with no validators, ranges or conditional answers that
            // would replace the status.
            serve(req, resp, !"HEAD".equals(req.getMethod()));
            return;
        }
        switch (req.getMethod()) {
            case "GET":
                serve(req, resp, true);
                break;
            case "HEAD":
                serve(req, resp, false);
                break;
            case "OPTIONS":
                resp.setHeader("Allow", ALLOW);
                resp.setContentLength(0);
                break;
            default:
                if (!exists(req)) {
                    // Nothing there for any method (RFC 9110 §15.5.5): 404, not 405.
                    resp.sendError(HttpServletResponse.SC_NOT_FOUND);
                    return;
                }
                resp.setHeader("Allow", ALLOW);
                resp.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
        }
    }

    /**
     * Whether a file is a JSP page, document, fragment or tag file (JSP 4.0 §1.1, §8): its name ends
     * in {@code .jsp}, {@code .jspx}, {@code .jspf}, {@code .tag} or {@code .tagx}, in any case, also
     * followed by dots or spaces (which Windows file systems drop).
     *
     * @param fileName a file name or path
     * @return whether it names a JSP page; such files are never served as content
     */
    public static boolean isJspFile(String fileName) {
        int end = fileName.length();
        while (end > 0 && (fileName.charAt(end - 1) == '.' || fileName.charAt(end - 1) == ' ')) {
            end--;
        }
        for (String ext : JSP_EXTENSIONS) {
            if (end >= ext.length() && fileName.regionMatches(true, end - ext.length(), ext, 0, ext.length())) {
                return true;
            }
        }
        return false;
    }

    /** @return whether the request names a file or directory this servlet would serve */
    private boolean exists(HttpServletRequest req) {
        String path = relativePath(req);
        if (root == null || path.isEmpty()) {
            return root != null;
        }
        if (isJspFile(path)) {
            return false;
        }
        StaticResource.Kind kind = cache.lookup(path, false).resource.kind;
        return kind == StaticResource.Kind.FILE || kind == StaticResource.Kind.DIRECTORY;
    }

    private void serve(HttpServletRequest req, HttpServletResponse resp, boolean body)
            throws ServletException, IOException {
        String path = relativePath(req);
        if (root == null) {
            resp.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        if (path.isEmpty()) {
            redirectToDirectory(req, resp);
            return;
        }
        StaticCache.Entry entry = cache.lookup(path, req.getDispatcherType() != DispatcherType.REQUEST);
        switch (entry.resource.kind) {
            case FILE:
                if (path.endsWith("/") || isJspFile(path)) {
                    resp.sendError(HttpServletResponse.SC_NOT_FOUND);
                } else {
                    send(req, resp, entry, body);
                }
                break;
            case DIRECTORY:
                if (!path.endsWith("/")) {
                    redirectToDirectory(req, resp);
                } else {
                    welcome(req, resp, path, body);
                }
                break;
            case BAD:
                resp.sendError(HttpServletResponse.SC_BAD_REQUEST);
                break;
            default:
                resp.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
    }

    /** @return the path within the app this request names (the included one for an include) */
    private static String relativePath(HttpServletRequest req) {
        String servletPath;
        String pathInfo;
        if (req.getAttribute(RequestDispatcher.INCLUDE_REQUEST_URI) != null) {
            servletPath = (String) req.getAttribute(RequestDispatcher.INCLUDE_SERVLET_PATH);
            pathInfo = (String) req.getAttribute(RequestDispatcher.INCLUDE_PATH_INFO);
        } else {
            servletPath = req.getServletPath();
            pathInfo = req.getPathInfo();
        }
        if (pathInfo == null && servletPath != null) {
            return servletPath; // the default servlet's own mapping, /: no concatenation
        }
        return (servletPath == null ? "" : servletPath) + (pathInfo == null ? "" : pathInfo);
    }

    private static void redirectToDirectory(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String query = req.getQueryString();
        resp.sendRedirect(req.getRequestURI() + "/" + (query == null ? "" : "?" + query));
    }

    private void welcome(HttpServletRequest req, HttpServletResponse resp, String path, boolean body)
            throws ServletException, IOException {
        for (String w : welcomeFiles) {
            if (!isJspFile(w)) {
                StaticCache.Entry entry = cache.lookup(path + w, false);
                if (entry.resource.kind == StaticResource.Kind.FILE) {
                    send(req, resp, entry, body);
                    return;
                }
            }
        }
        for (String w : welcomeFiles) {
            if (isMappedToServlet(path + w)) {
                req.getRequestDispatcher(path + w).forward(req, resp);
                return;
            }
        }
        resp.sendError(HttpServletResponse.SC_NOT_FOUND);
    }

    private boolean isMappedToServlet(String path) {
        for (ServletRegistration reg : getServletContext().getServletRegistrations().values()) {
            for (String pattern : reg.getMappings()) {
                if (pattern.equals(path) || pattern.startsWith("*.") && path.endsWith(pattern.substring(1))) {
                    return true;
                }
            }
        }
        return false;
    }

    private void send(HttpServletRequest req, HttpServletResponse resp, StaticCache.Entry entry, boolean body)
            throws IOException {
        StaticResource r = entry.resource;
        String type = entry.contentType();
        if (req.getDispatcherType() == DispatcherType.ERROR) {
            resp.setContentType(type);
            StaticBody.whole(resp, r, body);
            return;
        }
        if (!entry.siblings.isEmpty()) {
            resp.addHeader("Vary", "Accept-Encoding");
            PrecompressedFiles.Variant variant = PrecompressedFiles.choose(entry.siblings,
                    java.util.Collections.list(req.getHeaders("Accept-Encoding")));
            if (variant != null) {
                resp.setHeader("Content-Encoding", variant.coding());
                r = variant.resource();
            }
        }
        String etag = r.etag();
        resp.setHeader("ETag", etag);
        resp.setHeader("Last-Modified", r.lastModifiedText());
        ConditionalRequest conditions = new ConditionalRequest(req.getMethod(), req.getHeader("If-Match"),
                req.getHeader("If-Unmodified-Since"), req.getHeader("If-None-Match"),
                req.getHeader("If-Modified-Since"), req.getHeader("Range"), req.getHeader("If-Range"));
        ConditionalRequest.Outcome outcome = conditions.evaluate(etag, r.lastModified);
        switch (outcome) {
            case NOT_MODIFIED:
                resp.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
                return;
            case PRECONDITION_FAILED:
                resp.sendError(HttpServletResponse.SC_PRECONDITION_FAILED);
                return;
            default:
                break;
        }
        resp.setHeader("Accept-Ranges", "bytes");
        if (outcome == ConditionalRequest.Outcome.PERFORM_RANGE) {
            List<ByteRanges.Range> spans = ByteRanges.parse(conditions.range(), r.length);
            if (spans != null && spans.isEmpty()) {
                resp.setHeader("Content-Range", ByteRanges.unsatisfiedRange(r.length));
                resp.sendError(HttpServletResponse.SC_REQUESTED_RANGE_NOT_SATISFIABLE);
                return;
            }
            if (spans != null && spans.size() == 1) {
                resp.setContentType(type);
                StaticBody.single(resp, r, spans.get(0));
                return;
            }
            if (spans != null) {
                StaticBody.multiple(resp, r, spans, entry.mediaType);
                return;
            }
        }
        resp.setContentType(type);
        StaticBody.whole(resp, r, body);
    }
}
