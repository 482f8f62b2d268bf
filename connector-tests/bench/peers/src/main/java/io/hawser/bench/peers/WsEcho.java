package io.hawser.bench.peers;

import jakarta.websocket.OnMessage;
import jakarta.websocket.server.ServerEndpoint;

/**
 * The WebSocket echo both servers run in {@code websocket-echo.sh}: each text message back as it
 * came. Hawser serves it from an exploded WAR (the script copies this class into
 * {@code WEB-INF/classes}), Jetty from {@link JettyWebSocketLauncher}.
 */
@ServerEndpoint("/echo")
public class WsEcho {
    /** @return {@code message}, sent back */
    @OnMessage
    public String echo(String message) {
        return message;
    }
}
