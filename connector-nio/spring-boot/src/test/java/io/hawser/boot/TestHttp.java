package io.hawser.boot;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLContext;

/** A real HTTP client for the tests: JDK HttpClient requests (cleartext and HTTPS) and raw request bytes. */
final class TestHttp {
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private TestHttp() {
    }

    static HttpResponse<String> get(int port, String path, String... headers) throws IOException, InterruptedException {
        return CLIENT.send(request(port, path, headers), HttpResponse.BodyHandlers.ofString());
    }

    /** @return the response to a GET with {@code headers} (name, value, ...), its body as sent (no decoding) */
    static HttpResponse<byte[]> getBytes(int port, String path, String... headers) throws IOException, InterruptedException {
        return CLIENT.send(request(port, path, headers), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static HttpRequest request(int port, String path, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return request.build();
    }

    /**
     * @param tls trusts the server's certificate (and may present a client certificate)
     * @return the response to a GET of {@code https://localhost:port/path}
     */
    static HttpResponse<String> getTls(SSLContext tls, int port, String path) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().sslContext(tls).build();
        return client.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** @return the whole response as text, read until the server closes the connection */
    static String raw(int port, String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
