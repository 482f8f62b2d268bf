package io.hawser.conformance;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.io.ClientConnector;

/**
 * One scenario's run: a started jetty-client {@link HttpClient} (TLS as the target needs), the
 * target's base URL, a transcript of what was sent and received, and the checks. Not thread-safe
 * except {@link #noteSent} and {@link #noteReceived}, which concurrent requests may call.
 */
final class ScenarioRun implements AutoCloseable {
    /** Seconds a scenario's request waits for its whole response. */
    static final long REQUEST_SECONDS = 30;
    /** How many bytes of a body the transcript shows. */
    static final int BODY_SHOWN = 200;

    private final HttpClient client;
    private final URI base;
    private final String contextPath;
    private final ByteArrayOutputStream sent = new ByteArrayOutputStream();
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();

    private ScenarioRun(HttpClient client, URI base, String contextPath) {
        this.client = client;
        this.base = base;
        this.contextPath = contextPath;
    }

    /** A check that did not hold. */
    static final class CheckFailed extends Exception {
        private static final long serialVersionUID = 1L;

        CheckFailed(String message) {
            super(message);
        }
    }

    /** @return a run with a started client for the target */
    static ScenarioRun start(KitConfig config) throws Exception {
        ClientConnector connector = new ClientConnector();
        if (config.tls() != null) {
            connector.setSslContextFactory(config.tls().jetty());
        }
        HttpClient client = new HttpClient(new org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP(connector));
        client.setMaxConnectionsPerDestination(250);
        client.setIdleTimeout(30_000);
        client.setConnectTimeout(5_000);
        client.setFollowRedirects(false);
        client.start();
        return new ScenarioRun(client, config.baseUrl(), config.contextPath());
    }

    /** @return the echo WAR's context path, {@code /} or {@code /ctx/} */
    String contextPath() {
        return contextPath;
    }

    /** @return a request for {@code path} (relative to the context, no leading {@code /}), with the request timeout */
    Request request(String path) {
        return client.newRequest(base.resolve(path)).timeout(REQUEST_SECONDS, TimeUnit.SECONDS);
    }

    /** Sends and records the exchange: the request head and body size, the response head and body start. */
    ContentResponse send(Request request, long bodyBytes) throws Exception {
        ContentResponse r = request.send();
        noteSent(request, bodyBytes);
        noteReceived(r, r.getContent());
        return r;
    }

    /** Records a request that was sent: its line, fields and body size. */
    synchronized void noteSent(Request r, long bodyBytes) {
        StringBuilder s = new StringBuilder(r.getMethod()).append(' ').append(r.getURI().getRawPath());
        if (r.getURI().getRawQuery() != null) {
            s.append('?').append(r.getURI().getRawQuery());
        }
        s.append(' ').append(r.getVersion()).append("\r\n");
        appendFields(s, r.getHeaders());
        s.append("\r\n");
        if (bodyBytes > 0) {
            s.append("[").append(bodyBytes).append(" bytes of content]\r\n");
        }
        sent.writeBytes(s.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Records a response: its status line, fields, the start of its content and its trailers. */
    synchronized void noteReceived(Response r, byte[] content) {
        StringBuilder s = new StringBuilder(String.valueOf(r.getVersion())).append(' ').append(r.getStatus())
                .append(' ').append(Objects.toString(r.getReason(), "")).append("\r\n");
        appendFields(s, r.getHeaders());
        s.append("\r\n");
        if (content != null && content.length > 0) {
            int shown = Math.min(BODY_SHOWN, content.length);
            s.append(new String(content, 0, shown, StandardCharsets.ISO_8859_1));
            if (shown < content.length) {
                s.append("[... ").append(content.length).append(" bytes of content in all]");
            }
            s.append("\r\n");
        }
        if (r.getTrailers() != null && r.getTrailers().size() > 0) {
            s.append("[trailers]\r\n");
            appendFields(s, r.getTrailers());
        }
        received.writeBytes(s.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Records that an exchange ended without a complete response. */
    synchronized void noteFailure(Throwable t) {
        received.writeBytes(("[no complete response: " + t + "]\r\n").getBytes(StandardCharsets.ISO_8859_1));
    }

    private static void appendFields(StringBuilder s, HttpFields fields) {
        for (HttpField f : fields) {
            s.append(f.getName()).append(": ").append(f.getValue()).append("\r\n");
        }
    }

    /** @throws CheckFailed with {@code what: expected E, got A} unless they are equal */
    static void expectEqual(String what, Object expected, Object actual) throws CheckFailed {
        if (!Objects.equals(expected, actual)) {
            throw new CheckFailed(what + ": expected " + show(expected) + ", got " + show(actual));
        }
    }

    /** @throws CheckFailed with {@code message} unless {@code condition} */
    static void expect(boolean condition, String message) throws CheckFailed {
        if (!condition) {
            throw new CheckFailed(message);
        }
    }

    private static String show(Object o) {
        return o instanceof String s ? Escapes.show(s) : String.valueOf(o);
    }

    /** @return {@code size} bytes of {@code new Random(seed).nextBytes}, as the echo WAR's {@code /big} makes (seed 42) */
    static byte[] pattern(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** @return the transcript of what was sent */
    synchronized byte[] sent() {
        return sent.toByteArray();
    }

    /** @return the transcript of what was received */
    synchronized byte[] received() {
        return received.toByteArray();
    }

    /** Stops the client. */
    @Override
    public void close() {
        try {
            client.stop();
        } catch (Exception ignored) {
            // the scenario's verdict stands
        }
    }
}
