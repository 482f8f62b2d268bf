package io.hawser.servlet;

import io.hawser.api.ContentType;
import io.hawser.api.HttpDate;
import io.hawser.api.HttpExchange;
import io.hawser.api.MutableHttpFields;
import io.hawser.api.ResponseBody;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UnsupportedEncodingException;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The {@link HttpServletResponse} of one exchange: a view that writes through to the exchange.
 * Status and fields are the exchange's own ({@code Content-Type} and {@code Content-Length} are kept
 * in the response fields as they change, so the connector frames by the declared length); the body
 * goes into the exchange's {@link ResponseBody}, whose buffer is the response buffer
 * ({@code setBufferSize}, {@code resetBuffer}, {@code flushBuffer} map onto it; Servlet 6.1 §5.1).
 *
 * <p>Character encoding precedence (§5.6): {@code setCharacterEncoding} and a charset in
 * {@code setContentType} override each other, last wins; {@code setLocale} sets the one the web.xml
 * {@code locale-encoding-mapping-list} maps its locale to, unless one of those set one; nothing
 * changes it after {@code getWriter}; the default is the context's response encoding, else ISO-8859-1.
 *
 * <p>{@code sendError} and {@code sendRedirect} suspend the response: it reports committed and
 * output is dropped until the container writes the error page (§10.9).
 */
final class ServletResponseView implements HttpServletResponse {
    // Which of getOutputStream/getWriter the application chose (§5.3: one or the other), in a byte
    // rather than an enum reference: with the exchange and its fields read through the cycle, this
    // keeps the per-request object at 64 bytes.
    private static final byte NONE = 0;
    private static final byte STREAM = 1;
    private static final byte WRITER = 2;

    private final RequestCycle cycle;
    private byte output = NONE;
    private ServletOutput stream;
    private PrintWriter writer;
    private String mediaType;
    private String charset;
    private String localeCharset;
    private Locale locale;
    private long declaredLength = -1;
    private boolean suspended;
    /** {@code request.upgrade} was called: the connector writes the 101 when the request ends. */
    private boolean upgrading;
    private int errorStatus;
    private String errorMessage;
    private Supplier<Map<String, String>> trailers;

    /** @param cycle the request this response belongs to */
    ServletResponseView(RequestCycle cycle) {
        this.cycle = cycle;
    }

    private HttpExchange exchange() {
        return cycle.exchange();
    }

    private MutableHttpFields fields() {
        return cycle.exchange().responseFields();
    }

    RequestCycle cycle() {
        return cycle;
    }

    /** @return whether output is being dropped after sendError/sendRedirect */
    boolean isSuspended() {
        return suspended;
    }

    /** @return the Content-Length the application declared, or -1 */
    long declaredLength() {
        return declaredLength;
    }

    /** @return the status of a pending {@code sendError}, or 0 */
    int errorStatus() {
        return errorStatus;
    }

    /** @return the message of a pending {@code sendError}, or {@code null} */
    String errorMessage() {
        return errorMessage;
    }

    /**
     * Readies the response for an error page (§10.9.2): the buffer, the output choice and any
     * declared length are cleared, other fields are kept, the status is set, output flows again.
     *
     * @param status the error status
     */
    void prepareErrorPage(int status) {
        exchange().responseBody().resetBuffer();
        suspended = false;
        errorStatus = 0;
        errorMessage = null;
        output = NONE;
        stream = null;
        writer = null;
        declaredLength = -1;
        fields().remove("Content-Length");
        exchange().setStatus(status);
    }

    /** After a forward (§9.4): the response is committed, sent and closed, unless an error is pending. */
    void closeAfterForward() throws IOException {
        if (!suspended) {
            output().close();
        }
    }

    private ServletOutput output() {
        if (stream == null) {
            stream = new ServletOutput(exchange().responseBody(), this);
        }
        return stream;
    }

    // ------------------------------------------------------------------ body

    @Override
    public ServletOutputStream getOutputStream() {
        if (output == WRITER) {
            throw new IllegalStateException("getWriter() has already been called (Servlet 6.1 §5.3)");
        }
        output = STREAM;
        return output();
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        if (output == STREAM) {
            throw new IllegalStateException("getOutputStream() has already been called (Servlet 6.1 §5.3)");
        }
        if (writer == null) {
            String name = getCharacterEncoding();
            Charset cs;
            try {
                cs = Charset.forName(name);
            } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
                throw new UnsupportedEncodingException(name);
            }
            charset = name;
            output = WRITER;
            updateContentType();
            writer = new PrintWriter(new ResponseWriter(output(), cs), false);
        }
        return writer;
    }

    @Override
    public void setBufferSize(int size) {
        if (isCommitted()) {
            throw new IllegalStateException("response committed");
        }
        exchange().responseBody().setBufferSize(size);
    }

    @Override
    public int getBufferSize() {
        return exchange().responseBody().bufferSize();
    }

    /** The request is being upgraded: a 101 status is the connector's to send, and nothing commits before. */
    void upgrading() {
        upgrading = true;
    }

    @Override
    public void flushBuffer() throws IOException {
        if (!upgrading && !suspended && (stream == null || !stream.isClosed())) {
            exchange().responseBody().flush();
        }
    }

    @Override
    public void resetBuffer() {
        if (isCommitted()) {
            throw new IllegalStateException("response committed");
        }
        exchange().responseBody().resetBuffer();
    }

    @Override
    public boolean isCommitted() {
        return suspended || exchange().isCommitted();
    }

    @Override
    public void reset() {
        if (isCommitted()) {
            throw new IllegalStateException("response committed");
        }
        exchange().responseBody().resetBuffer();
        exchange().setStatus(200);
        fields().clear();
        output = NONE;
        stream = null;
        writer = null;
        mediaType = null;
        charset = null;
        localeCharset = null;
        locale = null;
        declaredLength = -1;
        trailers = null;
        exchange().setTrailerFields(null);
    }

    @Override
    public void setContentLength(int len) {
        setContentLengthLong(len);
    }

    @Override
    public void setContentLengthLong(long len) {
        if (isCommitted()) {
            return;
        }
        if (len < 0) {
            declaredLength = -1;
            fields().remove("Content-Length");
        } else {
            declaredLength = len;
            fields().set("Content-Length", Decimal.toString(len));
        }
    }

    // ------------------------------------------------------------------ content type (§5.6)

    @Override
    public void setContentType(String type) {
        if (isCommitted()) {
            return;
        }
        if (type == null) {
            mediaType = null;
        } else {
            String cs = ContentType.charset(type);
            mediaType = ContentType.withoutCharset(type);
            if (cs != null && output != WRITER) {
                charset = cs;
            }
        }
        updateContentType();
    }

    @Override
    public String getContentType() {
        if (mediaType == null) {
            return null;
        }
        String cs = charset != null ? charset : localeCharset != null ? localeCharset
                : cycle.app().context().getResponseCharacterEncoding();
        return cs == null ? mediaType : mediaType + ";charset=" + cs;
    }

    @Override
    public void setCharacterEncoding(String encoding) {
        if (isCommitted() || output == WRITER) {
            return;
        }
        charset = encoding;
        updateContentType();
    }

    @Override
    public String getCharacterEncoding() {
        if (charset != null) {
            return charset;
        }
        if (localeCharset != null) {
            return localeCharset;
        }
        String fallback = cycle.app().context().getResponseCharacterEncoding();
        return fallback != null ? fallback : "ISO-8859-1";
    }

    private void updateContentType() {
        fields().set("Content-Type", getContentType());
    }

    @Override
    public void setLocale(Locale loc) {
        if (isCommitted() || loc == null) {
            return;
        }
        locale = loc;
        fields().set("Content-Language", loc.toLanguageTag());
        if (output != WRITER) {
            String mapped = cycle.app().localeEncodings().of(loc);
            if (mapped != null) {
                localeCharset = mapped;
                if (mediaType != null) {
                    updateContentType();
                }
            }
        }
    }

    @Override
    public Locale getLocale() {
        return locale != null ? locale : Locale.getDefault();
    }

    // ------------------------------------------------------------------ status and fields

    @Override
    public void setStatus(int sc) {
        if (upgrading && sc == SC_SWITCHING_PROTOCOLS) {
            return; // the connector answers 101 once the request ends (ServletUpgrade)
        }
        if (!isCommitted()) {
            exchange().setStatus(sc);
        }
    }

    @Override
    public int getStatus() {
        return exchange().status();
    }

    @Override
    public void sendError(int sc, String msg) throws IOException {
        if (isCommitted()) {
            throw new IllegalStateException("response committed");
        }
        exchange().setStatus(sc);
        exchange().responseBody().resetBuffer();
        errorStatus = sc;
        errorMessage = msg;
        suspended = true;
    }

    @Override
    public void sendError(int sc) throws IOException {
        sendError(sc, null);
    }

    @Override
    public void sendRedirect(String location, int sc, boolean clearBuffer) throws IOException {
        if (location == null) {
            throw new IllegalArgumentException("null location");
        }
        if (isCommitted()) {
            throw new IllegalStateException("response committed");
        }
        if (clearBuffer) {
            exchange().responseBody().resetBuffer();
        }
        exchange().setStatus(sc);
        fields().set("Location", Redirects.location(cycle.request(), location, cycle.relativeRedirects()));
        suspended = true;
    }

    @Override
    public void addCookie(Cookie cookie) {
        if (!isCommitted()) {
            fields().add("Set-Cookie", SetCookieHeader.format(cookie, System.currentTimeMillis()));
        }
    }

    /** Adds a Set-Cookie even after sendError (the session cookie must survive an error page). */
    void addCookieAlways(Cookie cookie) {
        if (!exchange().isCommitted()) {
            fields().add("Set-Cookie", SetCookieHeader.format(cookie, System.currentTimeMillis()));
        }
    }

    @Override
    public boolean containsHeader(String name) {
        return fields().contains(name);
    }

    @Override
    public void setHeader(String name, String value) {
        if (name == null || isCommitted()) {
            return;
        }
        if (name.equalsIgnoreCase("Content-Type")) {
            setContentType(value);
        } else if (name.equalsIgnoreCase("Content-Length")) {
            setContentLengthLong(value == null ? -1 : parseLength(value));
        } else {
            fields().set(name, value);
        }
    }

    /** @return the value as a length, or -1 (the field is then dropped) when it is not digits only */
    private static long parseLength(String value) {
        String v = value.trim();
        if (v.isEmpty() || v.length() > 18 || !v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        return Long.parseLong(v);
    }

    @Override
    public void addHeader(String name, String value) {
        if (name == null || value == null || isCommitted()) {
            return;
        }
        if (name.equalsIgnoreCase("Content-Type") || name.equalsIgnoreCase("Content-Length")) {
            setHeader(name, value);
        } else {
            fields().add(name, value);
        }
    }

    @Override
    public void setDateHeader(String name, long date) {
        setHeader(name, HttpDate.format(date));
    }

    @Override
    public void addDateHeader(String name, long date) {
        addHeader(name, HttpDate.format(date));
    }

    @Override
    public void setIntHeader(String name, int value) {
        setHeader(name, Integer.toString(value));
    }

    @Override
    public void addIntHeader(String name, int value) {
        addHeader(name, Integer.toString(value));
    }

    @Override
    public String getHeader(String name) {
        return fields().get(name);
    }

    @Override
    public Collection<String> getHeaders(String name) {
        return fields().getAll(name);
    }

    @Override
    public Collection<String> getHeaderNames() {
        return RequestAddresses.distinctNames(fields());
    }

    @Override
    public void setTrailerFields(Supplier<Map<String, String>> supplier) {
        if (isCommitted()) {
            throw new IllegalStateException("response committed");
        }
        if ("HTTP/1.0".equals(exchange().protocol())) {
            throw new IllegalStateException("trailer fields need HTTP/1.1 chunked framing");
        }
        trailers = supplier;
        exchange().setTrailerFields(supplier == null ? null : () -> {
            MutableHttpFields out = new MutableHttpFields();
            Map<String, String> map = supplier.get();
            if (map != null) {
                map.forEach(out::add);
            }
            return out;
        });
    }

    @Override
    public Supplier<Map<String, String>> getTrailerFields() {
        return trailers;
    }

    /** URL rewriting is not supported (cookie sessions only): the URL is returned unchanged. */
    @Override
    public String encodeURL(String url) {
        return url;
    }

    /** URL rewriting is not supported (cookie sessions only): the URL is returned unchanged. */
    @Override
    public String encodeRedirectURL(String url) {
        return url;
    }
}
