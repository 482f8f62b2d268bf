package io.hawser.bench.tools;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * WebSocket load with the JDK's client. Two modes:
 * <ul>
 *   <li>{@code WsLoad echo URI CONNECTIONS SECONDS BYTES}: every connection keeps one text message of
 *       BYTES in flight (the next goes when the echo arrives); after SECONDS prints
 *       {@code messages N seconds S}.</li>
 *   <li>{@code WsLoad idle URI CONNECTIONS}: opens CONNECTIONS sessions, prints {@code open N}, and
 *       holds them until standard input closes.</li>
 * </ul>
 */
public final class WsLoad {
    public static void main(String[] args) throws Exception {
        URI uri = URI.create(args[1]);
        int connections = Integer.parseInt(args[2]);
        HttpClient http = HttpClient.newHttpClient();
        if (args[0].equals("idle")) {
            List<WebSocket> open = connect(http, uri, connections, new WebSocket.Listener() { });
            System.out.println("open " + open.size());
            System.in.read();
            return;
        }
        int seconds = Integer.parseInt(args[3]);
        String message = "x".repeat(Integer.parseInt(args[4]));
        LongAdder messages = new LongAdder();
        AtomicBoolean running = new AtomicBoolean(true);
        WebSocket.Listener echo = new WebSocket.Listener() {
            private final StringBuilder partial = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                partial.append(data);
                if (last) {
                    partial.setLength(0);
                    messages.increment();
                    if (running.get()) {
                        ws.sendText(message, true);
                    }
                }
                ws.request(1);
                return null;
            }
        };
        List<WebSocket> open = connect(http, uri, connections, echo);
        long start = System.nanoTime();
        for (WebSocket ws : open) {
            ws.sendText(message, true);
        }
        TimeUnit.SECONDS.sleep(seconds); // a load generator's measuring window, not a test wait
        running.set(false);
        double elapsed = (System.nanoTime() - start) / 1e9;
        System.out.println("messages " + messages.sum() + " seconds " + String.format("%.3f", elapsed));
        for (WebSocket ws : open) {
            ws.abort();
        }
    }

    private static List<WebSocket> connect(HttpClient http, URI uri, int n, WebSocket.Listener listener) {
        List<CompletableFuture<WebSocket>> pending = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            pending.add(http.newWebSocketBuilder().buildAsync(uri, listener));
        }
        List<WebSocket> open = new ArrayList<>();
        for (CompletableFuture<WebSocket> f : pending) {
            open.add(f.join());
        }
        return open;
    }

    private WsLoad() {}
}
