package io.hawser.nio;

import io.hawser.api.ConnectorConfig;
import io.hawser.api.HttpHandler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** A started connector on 127.0.0.1 and a one-request client for it (Connection: close, read to the end). */
final class LoopClient {
    private LoopClient() {
    }

    static NioConnector start(int loops, HttpHandler handler) throws IOException {
        NioConnector c = new NioConnector(ConnectorConfig.builder().host("127.0.0.1").port(0).selectorLoops(loops).build(),
                handler);
        c.start();
        return c;
    }

    static HttpHandler hello() {
        return exchange -> exchange.responseBody().write("hello".getBytes(StandardCharsets.US_ASCII));
    }

    /** @return the whole response to one GET, or what came before the connection ended */
    static String get(int port) throws IOException {
        try (Socket s = new Socket()) {
            s.setSoTimeout(10_000);
            s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            s.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            in.transferTo(got);
            return got.toString(StandardCharsets.ISO_8859_1);
        }
    }
}
