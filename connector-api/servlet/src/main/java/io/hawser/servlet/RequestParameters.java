package io.hawser.servlet;

import io.hawser.api.BadMessageException;
import io.hawser.api.ContentType;
import io.hawser.api.RequestBody;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The request parameters (Servlet 6.1 §3.1), parsed on first use: the query string (decoded as
 * UTF-8, as Tomcat's and Jetty's defaults), then, for a POST, an
 * {@code application/x-www-form-urlencoded} body (decoded with the request character encoding,
 * ISO-8859-1 when none, §3.12) unless the application already took the input stream or reader, or
 * the form fields of a {@code multipart/form-data} body when the servlet has a multipart config.
 * Query values come before body values of the same name.
 *
 * <p>Limits ({@link RequestLimits}): a form body over {@code maxFormContentSize} → 413, more than
 * {@code maxFormKeys} parameters or a malformed escape → 400, thrown as {@link BadRequestException}.
 */
final class RequestParameters {
    private final ServletRequestView request;
    private Map<String, String[]> map;

    /** @param request the request whose parameters these are */
    RequestParameters(ServletRequestView request) {
        this.request = request;
    }

    /**
     * @return name → values, in order of first appearance; unmodifiable
     * @throws BadRequestException (400, 413) for a malformed or oversized form
     */
    /**
     * Replaces the parameters with saved ones (a FORM login replaying the original request,
     * Servlet 6.1 §13.6.3); the body is then not parsed.
     *
     * @param saved name → values
     */
    void preset(Map<String, String[]> saved) {
        map = Collections.unmodifiableMap(new LinkedHashMap<>(saved));
    }

    Map<String, String[]> map() {
        if (map == null) {
            map = parse();
        }
        return map;
    }

    private Map<String, String[]> parse() {
        RequestLimits limits = request.app().limits();
        Map<String, List<String>> params = new LinkedHashMap<>();
        String query = request.getQueryString();
        if (query != null) {
            byte[] q = query.getBytes(StandardCharsets.ISO_8859_1);
            UrlEncodedForm.decode(q, 0, q.length, StandardCharsets.UTF_8, params, limits.maxFormKeys());
        }
        if ("POST".equals(request.getMethod())) {
            String type = ContentType.mediaType(request.getContentType());
            if ("application/x-www-form-urlencoded".equalsIgnoreCase(type) && request.input().isUnused()) {
                byte[] body = readForm(limits.maxFormContentSize());
                UrlEncodedForm.decode(body, 0, body.length, request.input().bodyCharset(), params, limits.maxFormKeys());
            } else if ("multipart/form-data".equalsIgnoreCase(type) && request.multipartConfig() != null) {
                try {
                    request.multipart().addFormFields(params, request.input().bodyCharset());
                } catch (IOException | jakarta.servlet.ServletException e) {
                    throw new BadRequestException(400, "malformed multipart body");
                }
            }
        }
        Map<String, String[]> result = new LinkedHashMap<>(params.size() * 2);
        params.forEach((name, values) -> result.put(name, values.toArray(new String[0])));
        return Collections.unmodifiableMap(result);
    }

    private byte[] readForm(long max) {
        request.input().lockEncoding();
        RequestBody body = request.input().body();
        long declared = body.contentLength();
        if (declared > max) {
            throw new BadRequestException(413, "form body larger than " + max + " bytes");
        }
        int capacity = (int) Math.min(declared >= 0 ? declared : 8192, max);
        byte[] data = new byte[Math.max(capacity, 16)];
        int n = 0;
        try {
            while (true) {
                if (n == data.length) {
                    if (n >= max) {
                        if (body.read() < 0) {
                            break;
                        }
                        throw new BadRequestException(413, "form body larger than " + max + " bytes");
                    }
                    data = java.util.Arrays.copyOf(data, (int) Math.min(max, data.length * 2L));
                }
                int r = body.read(data, n, data.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        } catch (BadMessageException e) {
            throw new BadRequestException(e.status(), e.getMessage());
        } catch (IOException e) {
            throw new BadRequestException(400, "form body could not be read");
        }
        return n == data.length ? data : java.util.Arrays.copyOf(data, n);
    }

    /** @return the parameter values of a query string alone (for a dispatcher's query), UTF-8 */
    static Map<String, List<String>> ofQuery(String query, int maxKeys) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        if (query != null) {
            byte[] q = query.getBytes(StandardCharsets.ISO_8859_1);
            UrlEncodedForm.decode(q, 0, q.length, StandardCharsets.UTF_8, params, maxKeys);
        }
        return params;
    }

    /**
     * @param first values that take precedence (a dispatcher's query, §9.1.1)
     * @param rest the existing parameters
     * @return both merged: for each name, the first values then the rest
     */
    static Map<String, String[]> merge(Map<String, List<String>> first, Map<String, String[]> rest) {
        Map<String, String[]> merged = new LinkedHashMap<>();
        first.forEach((name, values) -> merged.put(name, values.toArray(new String[0])));
        rest.forEach((name, values) -> {
            String[] before = merged.get(name);
            if (before == null) {
                merged.put(name, values);
            } else {
                List<String> all = new ArrayList<>(List.of(before));
                Collections.addAll(all, values);
                merged.put(name, all.toArray(new String[0]));
            }
        });
        return Collections.unmodifiableMap(merged);
    }
}
