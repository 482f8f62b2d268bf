package io.hawser.tests.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.hawser.websocket.WebSocketOptions;
import io.hawser.websocket.WebSockets;
import jakarta.websocket.CloseReason;
import jakarta.websocket.OnClose;
import jakarta.websocket.OnMessage;
import jakarta.websocket.server.ServerEndpoint;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;
import org.eclipse.jetty.websocket.client.WebSocketClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A graceful stop of the connector closes every WebSocket session with 1001, Going Away (RFC 6455
 * §7.4.1): the client and the endpoint both see it, and the stop ends once the clients answered the
 * close frame, long before its deadline. Over TLS in the {@code servlet-over-tls} run.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WebSocketGracefulStopTest {
    static final CompletableFuture<Integer> endpointClosed = new CompletableFuture<>();

    /** Echoes text; records the close code it is told. */
    @ServerEndpoint("/echo")
    public static final class Echo {
        @OnMessage
        public String text(String message) {
            return message;
        }

        @OnClose
        public void closed(CloseReason reason) {
            endpointClosed.complete(reason.getCloseCode().getCode());
        }
    }

    /** Records the close code the client receives. */
    public static final class Client implements Session.Listener.AutoDemanding {
        final CompletableFuture<String> echoed = new CompletableFuture<>();
        final CompletableFuture<Integer> closed = new CompletableFuture<>();

        @Override
        public void onWebSocketText(String message) {
            echoed.complete(message);
        }

        @Override
        public void onWebSocketClose(int statusCode, String reason) {
            closed.complete(statusCode);
        }
    }

    @Test
    void aGracefulStopClosesSessionsWith1001ThenTheConnections() throws Exception {
        try (ServletServer server = ServletServer.start("/ws",
                app -> WebSockets.install(app, WebSocketOptions.defaults(), Echo.class))) {
            WebSocketClient ws = new WebSocketClient(server.client);
            ws.start();
            try {
                Client client = new Client();
                URI uri = URI.create(server.origin().replaceFirst("^http", "ws") + "/ws/echo");
                Session session = ws.connect(client, uri).get(20, TimeUnit.SECONDS);
                session.sendText("before the stop", Callback.NOOP);
                assertThat(client.echoed.get(10, TimeUnit.SECONDS)).isEqualTo("before the stop");
                assertThat(server.connector.stats().upgraded()).isEqualTo(1);

                long started = System.nanoTime();
                server.connector.stop(Duration.ofSeconds(30));
                assertThat(Duration.ofNanos(System.nanoTime() - started)).as("ended by the close handshake, not the deadline")
                        .isLessThan(Duration.ofSeconds(20));

                assertThat(client.closed.get(10, TimeUnit.SECONDS)).isEqualTo(1001);
                assertThat(endpointClosed.get(10, TimeUnit.SECONDS)).isEqualTo(1001);
            } finally {
                ws.stop();
            }
        }
    }
}
