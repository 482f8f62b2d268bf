package io.hawser.websocket;

import jakarta.servlet.ServletContext;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * Limits and checks of the WebSocket endpoints of one web app. Each has a context parameter a WAR
 * sets in its {@code web.xml} ({@link #fromContext}); docs/websocket.md lists them.
 *
 * @param maxFrameSize the largest frame accepted, payload bytes; a larger one closes with 1009
 *     (RFC 6455 §7.4.1, Message Too Big). Default 1 MiB. Context parameter {@value #MAX_FRAME_SIZE}
 * @param maxMessageSize the largest whole text or binary message an endpoint receives, bytes (the
 *     container's default buffer sizes, Jakarta WebSocket 2.2 §2.1.5); larger closes with 1009. An
 *     endpoint's own {@code @OnMessage(maxMessageSize)} wins. Default 1 MiB. Context parameter
 *     {@value #MAX_MESSAGE_SIZE}
 * @param idleTimeout a session with no message either way for this long is closed (1001); zero:
 *     none (then the connector's {@code upgradedIdleTimeout} applies). Default zero. Context
 *     parameter {@value #IDLE_TIMEOUT} (a duration: {@code 30s}, {@code 5m})
 * @param allowedOrigins the {@code Origin}s (RFC 6454: {@code https://example.com:8443}) a browser's
 *     handshake may come from, compared exactly (case-insensitively); any other is refused with 403
 *     (RFC 6455 §4.2.2, 10.2). Empty: every origin, as Tomcat and Jetty by default. A handshake with
 *     no {@code Origin} (not a browser) is let through. Context parameter {@value #ALLOWED_ORIGINS}
 *     (comma-separated)
 */
public record WebSocketOptions(int maxFrameSize, int maxMessageSize, Duration idleTimeout, Set<String> allowedOrigins) {
    /** Context parameter of {@link #maxFrameSize()}. */
    public static final String MAX_FRAME_SIZE = "io.hawser.websocket.max-frame-size";
    /** Context parameter of {@link #maxMessageSize()}. */
    public static final String MAX_MESSAGE_SIZE = "io.hawser.websocket.max-message-size";
    /** Context parameter of {@link #idleTimeout()}. */
    public static final String IDLE_TIMEOUT = "io.hawser.websocket.idle-timeout";
    /** Context parameter of {@link #allowedOrigins()}. */
    public static final String ALLOWED_ORIGINS = "io.hawser.websocket.allowed-origins";
    private static final int MIB = 1024 * 1024;

    /**
     * @throws IllegalArgumentException for a size below 1, a negative timeout, or an origin that is
     *     not {@code scheme://host[:port]}
     */
    public WebSocketOptions {
        if (maxFrameSize < 1 || maxMessageSize < 1) {
            throw new IllegalArgumentException("maxFrameSize and maxMessageSize must be at least 1");
        }
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        if (idleTimeout.isNegative()) {
            throw new IllegalArgumentException("idleTimeout must not be negative: " + idleTimeout);
        }
        Set<String> origins = new LinkedHashSet<>();
        for (String o : allowedOrigins) {
            if (!o.matches("(?i)[a-z][a-z0-9+.-]*://[^/?#\\s]+")) {
                throw new IllegalArgumentException("not an origin (scheme://host[:port]): " + o);
            }
            origins.add(o.toLowerCase(java.util.Locale.ROOT));
        }
        allowedOrigins = Set.copyOf(origins);
    }

    /** @return every default: 1 MiB frames and messages, no idle timeout, every origin */
    public static WebSocketOptions defaults() {
        return new WebSocketOptions(MIB, MIB, Duration.ZERO, Set.of());
    }

    /**
     * @param context a web app's context
     * @return the defaults, with what its context parameters set
     * @throws IllegalArgumentException for a parameter that is not a number, duration or origin list
     */
    public static WebSocketOptions fromContext(ServletContext context) {
        WebSocketOptions d = defaults();
        String frame = context.getInitParameter(MAX_FRAME_SIZE);
        String message = context.getInitParameter(MAX_MESSAGE_SIZE);
        String idle = context.getInitParameter(IDLE_TIMEOUT);
        String origins = context.getInitParameter(ALLOWED_ORIGINS);
        return new WebSocketOptions(frame == null ? d.maxFrameSize : Integer.parseInt(frame.trim()),
                message == null ? d.maxMessageSize : Integer.parseInt(message.trim()),
                idle == null ? d.idleTimeout : io.hawser.api.DurationText.parse(idle.trim()),
                origins == null ? d.allowedOrigins : Set.of(origins.trim().split("\\s*,\\s*")));
    }
}
